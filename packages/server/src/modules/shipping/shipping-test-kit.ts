import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type Client, type Kit, type Res, startKit, unique } from '../products/catalog-test-kit.js';

export { expectAppError, expectViolation, type Res, unique } from '../products/catalog-test-kit.js';

const TABLES = [
  'delivery_regions',
  'shipping_options',
  'shipping_option_regions',
  'tax_regions',
  'tax_settings',
  'tip_settings',
  'additional_fees',
  'outbox',
] as const;
type Table = (typeof TABLES)[number];

export interface ShippingKit extends Kit {
  /** An anonymous shopper's visitor token. */
  visitorToken: Client;
  /** A signed-in member. */
  member: Client;
  /** An API key with `shipping:read` only. */
  reader: Client;
  /** An API key with a scope of another area (`catalog:write`). */
  stranger: Client;
  /** Client with any Authorization header. */
  as(auth: string | undefined): Client;
  /** Rows in this module's tables and the outbox. */
  rows(): Promise<Record<Table, number>>;
  createRegion(input?: Record<string, unknown>): Promise<Record<string, unknown> & { id: string; revision: string }>;
  createOption(input?: Record<string, unknown>): Promise<Record<string, unknown> & { id: string; revision: string }>;
}

const REDIRECT = 'https://shop.example/callback';

/** A shipping API test server with callers of every kind. */
export async function startShippingKit(): Promise<ShippingKit> {
  const kit = await startKit();
  const { server } = kit;

  function as(auth: string | undefined): Client {
    const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      kit.request({ method, url, auth, ...(body !== undefined ? { body } : {}) });
    return {
      get: (url, query) => {
        const pairs = Object.entries(query ?? {}).map(([k, v]): [string, string] => [k, String(v)]);
        return send('GET', pairs.length ? `${url}?${new URLSearchParams(pairs)}` : url);
      },
      getR: (url, payload) =>
        send('GET', `${url}?.r=${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`),
      post: (url, body = {}) => send('POST', url, body),
      patch: (url, body = {}) => send('PATCH', url, body),
      delete: (url) => send('DELETE', url),
    };
  }

  const clientId = (await server.services.clients.create({ name: 'Shop', redirectUris: [REDIRECT] })).id;
  const token = async (body: Record<string, unknown>) =>
    (await kit.request({ method: 'POST', url: '/oauth2/token', body })).body as { access_token: string };
  const visitorToken = (await token({ clientId, grantType: 'anonymous' })).access_token;

  // A member through the hosted flow's building blocks: register, login session, code, tokens.
  const email = `m${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct horse 1';
  const loginId = { email };
  await kit.request({ method: 'POST', url: '/_api/iam/authentication/v2/register', body: { loginId, password } });
  const login = await kit.request({
    method: 'POST',
    url: '/_api/iam/authentication/v2/login',
    body: { loginId, password },
  });
  const verifier = randomUUID() + randomUUID();
  const identity = await server.services.identity.consumeSession(server.merx.db, login.body.sessionToken);
  const code = await server.services.oauth.issueCode(server.merx.db, {
    clientId,
    redirectUri: REDIRECT,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    identityId: identity?.id as string,
  });
  const member = await token({
    clientId,
    grantType: 'authorization_code',
    redirectUri: REDIRECT,
    code,
    codeVerifier: verifier,
  });
  expect(member.access_token).toBeTruthy();

  const reader = (await server.services.apiKeys.create({ name: 'Reader', scopes: ['shipping:read'] })).key;
  const stranger = (await server.services.apiKeys.create({ name: 'Catalog', scopes: ['catalog:write'] })).key;

  return {
    ...kit,
    visitorToken: as(visitorToken),
    member: as(member.access_token),
    reader: as(reader),
    stranger: as(stranger),
    as,
    async rows() {
      const out = {} as Record<Table, number>;
      for (const table of TABLES) {
        const row = await server.merx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        out[table] = Number(row.n);
      }
      return out;
    },
    async createRegion(input = {}) {
      const res = await kit.owner.post('/_api/merx/v1/delivery-regions', {
        deliveryRegion: { name: unique('Region '), destinations: [{ countryCode: 'US' }], ...input },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.deliveryRegion;
    },
    async createOption(input = {}) {
      const res = await kit.owner.post('/ecom/v1/shipping-options', {
        shippingOption: { title: unique('Standard '), rates: [{ amount: '5' }], ...input },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.shippingOption;
    },
  };
}

/** Runs `fn` and asserts that no row of this module (and no event) was written meanwhile. */
export async function expectNothingWritten(kit: ShippingKit, fn: () => Promise<void>): Promise<void> {
  const before = await kit.rows();
  await fn();
  expect(await kit.rows()).toEqual(before);
}

/** Asserts the 401/403 answers: no credentials and visitor tokens 401, members and other scopes 403. */
export async function expectStaffOnly(kit: ShippingKit, call: (client: Client) => Promise<Res>): Promise<void> {
  await expectNothingWritten(kit, async () => {
    expect((await call(kit.visitor)).status).toBe(401);
    expect((await call(kit.visitorToken)).status).toBe(401);
    expect((await call(kit.member)).status).toBe(403);
    expect((await call(kit.stranger)).status).toBe(403);
  });
}
