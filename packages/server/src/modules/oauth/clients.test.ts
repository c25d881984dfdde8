import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signInStaff, startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: string, body?: unknown) =>
  jsonCaller(server)(method, url, auth, body);
const BASE = '/_api/merx/v1/oauth-clients';

describe('OAuth clients', () => {
  it('keeps the built-in storefront and back-office clients and their redirect URIs: they gain, never lose', async () => {
    const owner = await signInStaff(server, { role: 'owner' });
    for (const kind of ['storefront', 'backoffice'] as const) {
      const client = await server.services.clients.firstOfKind(kind);
      const res = await call('DELETE', `${BASE}/${client?.id}`, owner.token);
      expect(res.status).toBe(400);
      expect(res.body.details.applicationError.code).toBe('OAUTH_CLIENT_BUILT_IN');
      expect(res.body.message).toMatch(/can be changed, not deleted/);
      expect(await server.services.clients.find(client?.id as string)).toBeDefined();
      const renamed = await call('PATCH', `${BASE}/${client?.id}`, owner.token, { client: { name: `${kind} app` } });
      expect(renamed.status).toBe(200);
      const uris = client?.redirectUris ?? [];
      const more = await call('PATCH', `${BASE}/${client?.id}`, owner.token, {
        client: { redirectUris: [...uris, 'https://new.example/callback'] },
      });
      expect(more.body.client.redirectUris).toEqual([...uris, 'https://new.example/callback']);
      const fewer = await call('PATCH', `${BASE}/${client?.id}`, owner.token, {
        client: { redirectUris: uris.slice(1) },
      });
      expect(fewer.status).toBe(400);
      expect(fewer.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'client.redirectUris' });
      expect((await server.services.clients.find(client?.id as string))?.redirectUris).toHaveLength(uris.length + 1);
    }
    const custom = await call('POST', BASE, owner.token, {
      client: { name: 'Mobile app', redirectUris: ['https://app.example/callback'] },
    });
    expect((await call('DELETE', `${BASE}/${custom.body.client.id}`, owner.token)).status).toBe(200);
  });

  it('names the redirect URI and origin that are not right by their place in the list', async () => {
    const res = await call('POST', BASE, server.apiKey, {
      client: {
        name: 'Bad',
        redirectUris: ['https://ok.example/cb', 'not a url'],
        allowedOrigins: ['https://x.example/'],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'client.redirectUris[1]' });
  });
});
