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

  it('keeps the business contact and address, each removed by null, and leaves the rest alone', async () => {
    const address = {
      addressLine: '12 Quay Street',
      city: 'Portland',
      subdivision: 'US-ME',
      postalCode: '04101',
      country: 'US',
    };
    const set = await patch({ email: ' Hello@Fern.Example ', phone: '+1 207 555 0100', address });
    expect(set.status).toBe(200);
    expect(set.body.store).toMatchObject({ email: 'hello@fern.example', phone: '+1 207 555 0100', address });
    const kept = await patch({ name: 'Fern & Flint Co' });
    expect(kept.body.store).toMatchObject({ name: 'Fern & Flint Co', email: 'hello@fern.example', address });

    for (const [bad, field] of [
      [{ email: 'not an email' }, 'store.email'],
      [{ phone: 'call me' }, 'store.phone'],
      [{ address: { ...address, country: 'usa' } }, 'store.address.country'],
      [{ address: { ...address, subdivision: 'Maine' } }, 'store.address.subdivision'],
      [{ address: { city: 'Portland', country: 'US' } }, 'store.address.addressLine'],
      [{ address: { ...address, floor: 3 } }, 'store.address'],
    ] as const) {
      const res = await patch(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const fields = res.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
      expect(fields.join(' '), JSON.stringify(bad)).toContain(field);
    }
    expect((await patch({ email: 'x@y.example' }, null)).status).toBe(401);

    const cleared = await patch({ email: null, phone: null, address: null });
    expect(cleared.body.store).not.toHaveProperty('email');
    expect(cleared.body.store).not.toHaveProperty('phone');
    expect(cleared.body.store).not.toHaveProperty('address');
    expect(cleared.body.store.name).toBe('Fern & Flint Co');
  });
});
