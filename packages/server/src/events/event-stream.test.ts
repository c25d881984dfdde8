import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyItem } from '../modules/discounts/discounts-test-kit.js';
import { until } from '../modules/webhooks/webhook-receiver.test-kit.js';
import { startTestServer, type TestServer } from '../testing.js';

let server: TestServer;
let catalogListener: string;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  catalogListener = (
    await server.services.apiKeys.create({ name: 'Catalog listener', scopes: ['events:listen', 'catalog:read'] })
  ).key;
});
afterAll(async () => {
  await server.close();
});

interface Message {
  id: string;
  event: { id: string; type: string; entityId: string; identity: { identityType: string } };
}

/** Opens the stream and collects its messages (a real HTTP connection, read as it arrives). */
async function open(auth: string, query = '', headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${server.baseUrl}/_api/merx/v1/events/stream${query}`, {
    headers: { authorization: auth, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const messages: Message[] = [];
  let first = '';
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!first) first = block;
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id && data) messages.push({ id, event: JSON.parse(data) });
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return { res, messages, first: () => first, close: () => controller.abort() };
}

const post = (url: string, body: unknown) =>
  fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, { id: string }> }));

const newProduct = () =>
  post('/stores/v1/products', {
    product: { name: `Mug ${randomUUID().slice(0, 8)}`, productType: 'physical', priceData: { price: 9 } },
  });

describe('the live event stream', () => {
  it('streams the events a listener may read as they commit, and nothing else', async () => {
    const owner = await open(server.apiKey);
    const catalog = await open(catalogListener);
    expect(owner.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(owner.res.headers.get('x-wix-request-id')).toBeTruthy();
    try {
      const product = await newProduct();
      const rule = await post('/ecom/v1/discount-rules', { discountRule: { name: 'Ten off', discounts: everyItem() } });
      expect(rule.status).toBe(200);
      await until(() => owner.messages.some((m) => m.event.entityId === rule.body.discountRule?.id));
      await until(() => catalog.messages.some((m) => m.event.entityId === product.body.product?.id));
      const productEvent = catalog.messages.find((m) => m.event.type === 'wix.stores.catalog.v1.product_created');
      expect(productEvent?.event.identity.identityType).toBe('APP');
      // The catalog listener does not hold discounts:read: the rule's event never reached it.
      await new Promise((r) => setTimeout(r, 300));
      expect(catalog.messages.some((m) => m.event.type.startsWith('wix.ecom.discounts'))).toBe(false);
      // Ids go up with the events.
      const ids = owner.messages.map((m) => Number(m.id));
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    } finally {
      owner.close();
      catalog.close();
    }
  });

  it('filters by type, and resumes after Last-Event-ID with what was missed', async () => {
    const first = await open(server.apiKey, '?types=wix.stores.catalog.v1.product_created');
    const a = await newProduct();
    await until(() => first.messages.some((m) => m.event.entityId === a.body.product?.id));
    expect(first.messages.every((m) => m.event.type === 'wix.stores.catalog.v1.product_created')).toBe(true);
    const last = first.messages[first.messages.length - 1]!.id;
    first.close();
    // Missed while away.
    const b = await newProduct();
    const c = await newProduct();
    const resumed = await open(server.apiKey, '?types=wix.stores.catalog.v1.product_created', {
      'last-event-id': last,
    });
    try {
      await until(() => resumed.messages.length >= 2);
      expect(resumed.messages.slice(0, 2).map((m) => m.event.entityId)).toEqual([
        b.body.product?.id,
        c.body.product?.id,
      ]);
      expect(resumed.messages.some((m) => m.event.entityId === a.body.product?.id)).toBe(false);
    } finally {
      resumed.close();
    }
  });

  it('refuses callers without events:listen, unknown types and ids it never sent', async () => {
    const none = await open('');
    expect(none.res.status).toBe(401);
    const writer = (await server.services.apiKeys.create({ name: 'No stream', scopes: ['catalog:read'] })).key;
    expect((await open(writer)).res.status).toBe(403);
    const badType = await open(server.apiKey, '?types=wix.ecom.v1.order_created,nope');
    expect(badType.res.status).toBe(400);
    expect(((await badType.res.json()) as { details: unknown }).details).toMatchObject({
      validationError: { fieldViolations: [{ field: 'types[1]' }] },
    });
    const badId = await open(server.apiKey, '', { 'last-event-id': 'abc' });
    expect(badId.res.status).toBe(400);
    // A client that does not ask for an event stream is told so, at once (not left waiting on one).
    const plain = await fetch(`${server.baseUrl}/_api/merx/v1/events/stream`, {
      headers: { authorization: server.apiKey, accept: 'application/json' },
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { details: unknown }).details).toMatchObject({
      applicationError: { code: 'NOT_ACCEPTABLE' },
    });
  });
});
