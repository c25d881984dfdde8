import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function patch(store: unknown, auth: string | null = server.apiKey) {
  const res = await server.app.inject({
    method: 'PATCH',
    url: '/_api/merx/v1/store-settings',
    headers: { 'content-type': 'application/json', ...(auth !== null ? { authorization: auth } : {}) },
    payload: JSON.stringify({ store }),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('store settings', () => {
  it('changes the name and logo, which the hosted pages show', async () => {
    const res = await patch({ name: 'Fern & Flint', logoUrl: '/media/logo.svg' });
    expect(res.body.store).toMatchObject({ name: 'Fern & Flint', logoUrl: '/media/logo.svg', currency: 'USD' });
    const page = await server.app.inject({ method: 'GET', url: '/auth/signed-out' });
    expect(page.body).toContain('Fern &amp; Flint');
    expect(page.body).toContain('src="/media/logo.svg"');
    const removed = await patch({ logoUrl: null });
    expect(removed.body.store.logoUrl).toBeUndefined();
    expect((await server.app.inject({ method: 'GET', url: '/auth/signed-out' })).body).not.toContain('<img');
  });

  it('refuses a logo on another origin, a currency change, and callers without the permission', async () => {
    for (const bad of [
      { logoUrl: 'https://evil.example/x.png' },
      { logoUrl: '//evil.example/x.png' },
      { name: '' },
      { currency: 'EUR' },
    ]) {
      const res = await patch(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await patch({ name: 'x' }, null)).status).toBe(401);
    const get = await server.app.inject({
      method: 'GET',
      url: '/_api/merx/v1/store-settings',
      headers: { authorization: server.apiKey },
    });
    expect(JSON.parse(get.body).store.currency).toBe('USD');
  });
});
