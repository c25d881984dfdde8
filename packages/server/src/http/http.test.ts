import { cataloguedEventTypes, eventCatalogue } from '@merx/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { toEnvelope } from './error-handler.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const inject = (opts: InjectOptions) => server.app.inject(opts);
const r = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('cross-cutting contract rules', () => {
  it('puts X-Wix-Request-Id on successes, errors and unknown routes', async () => {
    for (const url of ['/healthz', '/stores-reader/v1/products/nope', '/no/such/route']) {
      const res = await inject({ method: 'GET', url });
      expect(res.headers['x-wix-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const res = await inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().details.applicationError.code).toBe('ROUTE_NOT_FOUND');
  });

  it('reads a query from the .r envelope and answers the same query on POST', async () => {
    const payload = { query: { paging: { limit: 1 } } };
    const viaGet = await inject({ method: 'GET', url: `/v2/collections/query?.r=${r(payload)}` });
    const viaPost = await inject({ method: 'POST', url: '/v2/collections/query', payload });
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json().collections).toHaveLength(1);
    expect(viaGet.json()).toEqual(viaPost.json());
  });

  it('refuses a .r parameter that is not base64url JSON', async () => {
    const res = await inject({ method: 'GET', url: '/v2/collections/query?.r=%%%' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.validationError.fieldViolations[0].field).toBe('.r');
  });

  it('takes path ids from the path and ignores their duplicates in the query string', async () => {
    const res = await inject({
      method: 'GET',
      url: '/v2/collections/00000000-000000-000000-000000000001?id=something-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().collection.name).toBe('All Products');
  });

  it('treats an empty JSON body as {}', async () => {
    const res = await inject({
      method: 'POST',
      url: '/v2/collections/query',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers malformed JSON with a validation error on the body', async () => {
    const res = await inject({
      method: 'POST',
      url: '/v2/collections/query',
      headers: { 'content-type': 'application/json' },
      payload: '{"query":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'body must be well-formed JSON',
      details: {
        validationError: {
          fieldViolations: [{ field: 'body', description: 'must be well-formed JSON', violatedRule: 'FORMAT' }],
        },
      },
    });
  });

  it('refuses prototype pollution in JSON bodies', async () => {
    const res = await inject({
      method: 'POST',
      url: '/v2/collections/query',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body over 1 MB as a validation error', async () => {
    const payload = JSON.stringify({ query: { filter: { name: 'x'.repeat(1_100_000) } } });
    const res = await inject({
      method: 'POST',
      url: '/v2/collections/query',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'body',
      violatedRule: 'MAX_SIZE',
    });
  });

  it('answers a non-JSON body with 415 in the envelope', async () => {
    const res = await inject({
      method: 'POST',
      url: '/v2/collections/query',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('sorts field violations by field', async () => {
    const res = await inject({
      method: 'POST',
      url: '/stores/v1/products',
      headers: { authorization: server.apiKey },
      payload: { product: { priceData: { price: -1 }, productType: 'food' } },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    expect(fields).toEqual([...fields].sort());
    expect(fields).toContain('product.name');
  });
});

describe('the error envelope', () => {
  it('hides unknown errors behind "System error occurred" with the request id', () => {
    const { status, body } = toEnvelope(new Error('secret stack detail'), 'req-1');
    expect(status).toBe(500);
    expect(body.message).toBe('System error occurred');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body.details.requestId).toBe('req-1');
  });
});

describe('API keys', () => {
  it('refuses writes without a key and with an unknown key', async () => {
    const payload = { collection: { name: 'X' } };
    expect((await inject({ method: 'POST', url: '/stores/v1/collections', payload })).statusCode).toBe(401);
    const wrong = await inject({
      method: 'POST',
      url: '/stores/v1/collections',
      payload,
      headers: { authorization: 'merx_sk_nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a key without the needed scope and stops accepting a revoked key', async () => {
    const readOnly = await server.services.apiKeys.create({ name: 'read', scopes: ['orders:read'] });
    const payload = { collection: { name: 'Scoped' } };
    const denied = await inject({
      method: 'POST',
      url: '/stores/v1/collections',
      payload,
      headers: { authorization: readOnly.key },
    });
    expect(denied.statusCode).toBe(403);
    const writer = await server.services.apiKeys.create({ name: 'writer', scopes: ['catalog:write'] });
    const ok = await inject({
      method: 'POST',
      url: '/stores/v1/collections',
      payload,
      headers: { authorization: writer.key },
    });
    expect(ok.statusCode).toBe(200);
    await server.services.apiKeys.revoke(writer.id);
    const revoked = await inject({
      method: 'POST',
      url: '/stores/v1/collections',
      payload,
      headers: { authorization: writer.key },
    });
    expect(revoked.statusCode).toBe(401);
  });

  it('stores only a hash of each key', async () => {
    const key = await server.services.apiKeys.create({ name: 'hash check' });
    const rows = await server.merx.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.key);
  });
});

describe('operations endpoints', () => {
  it('reports liveness and readiness', async () => {
    expect((await inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document of every catalog route and a docs page', async () => {
    const doc = (await inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/stores/v1/products',
        '/stores-reader/v1/products/query-platformized',
        '/v2/collections/{id}',
      ]),
    );
    expect(doc.paths['/stores/v1/products'].post.requestBody).toBeDefined();
    // Routes registered apart (raw bodies) are documented too.
    expect(doc.paths['/_api/merx/v1/payments/stripe/webhook'].post.parameters[0].name).toBe('stripe-signature');
    expect(doc.paths['/_api/merx/v1/media'].post.requestBody).toBeDefined();
    const docs = await inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('browsers on other origins', () => {
  it('answers a CORS preflight so a storefront elsewhere can call the API', async () => {
    const res = await inject({
      method: 'OPTIONS',
      url: '/stores-reader/v1/products/query-platformized',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('lets the browser read the request id of an answer', async () => {
    const res = await inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://shop.example' } });
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-wix-request-id');
  });
});

describe('the OpenAPI document of events', () => {
  it('documents every catalogued event as a webhook with its envelope, payload and signature headers', async () => {
    const doc = (await inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc['x-webhooks']).sort()).toEqual([...cataloguedEventTypes].sort());
    for (const type of cataloguedEventTypes) {
      const post = doc['x-webhooks'][type].post;
      expect(post.summary).toBe(eventCatalogue[type].description);
      expect(post['x-merx-scope']).toBe(eventCatalogue[type].scope);
      expect(post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
        'header:webhook-id',
        'header:webhook-timestamp',
        'header:webhook-signature',
      ]);
      expect(Object.keys(post.responses)).toEqual(['2XX', 'default']);
      const ref = post.requestBody.content['application/json'].schema.$ref as string;
      expect(ref).toBe(`#/components/schemas/Event.${type}`);
      // The envelope: its type is this event's only, the identity one of the contract's, the payload its own.
      const envelope = doc.components.schemas[ref.split('/').pop() as string];
      expect(envelope.required).toEqual(
        expect.arrayContaining(['id', 'type', 'entityId', 'eventTime', 'identity', 'payload']),
      );
      expect(envelope.properties.type.enum).toEqual([type]);
      expect(envelope.properties.identity.oneOf ?? envelope.properties.identity.anyOf).toHaveLength(5);
      expect(envelope.properties.payload.type).toBe('object');
    }
    const settings = doc.components.schemas['Event.wix.ecom.v1.orders_settings_updated'].properties.payload;
    expect(settings.required).toEqual(['entity', 'modifiedFields']);
    expect(Object.keys(settings.properties.entity.properties)).toContain('abandonedCheckoutAfterMinutes');
    const deleted = doc.components.schemas['Event.wix.ecom.v1.cart_deleted'].properties.payload;
    expect(deleted.properties.cartId.type).toBe('string');
  });
});
