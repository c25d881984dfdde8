/**
 * Webhooks and the live event stream against a real Merx server: endpoints made through the SDK deliver to a real
 * HTTP receiver on loopback, and each delivery is checked by the SDK's own verifier and by an independent
 * implementation of Standard Webhooks (`standardwebhooks`); listen() follows the real stream, through a TCP relay
 * that the test cuts to drop the connection.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { type MerxEvent, webhookTestEventType } from '@merx/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { createClient } from '../client.js';
import { type MerxError, MerxValidationError } from '../errors.js';
import { type EventStream, events } from '../listen.js';
import { products } from '../modules/products.js';
import { shippingOptions } from '../modules/shipping-options.js';
import { webhooks } from '../modules/webhooks.js';
import { parseWebhookEvent, verifyWebhookSignature } from '../webhooks.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

const PRODUCT_CREATED = 'wix.stores.catalog.v1.product_created';
/** The test event is not in the contract's EventType (it is never a store change): compared as a plain string. */
const TEST_EVENT: string = webhookTestEventType;

interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  event: MerxEvent;
}

let kit: SdkKit;
let receiver: Server;
let receiverUrl: string;
const delivered: Delivery[] = [];
const streams: EventStream[] = [];

beforeAll(async () => {
  kit = await startSdkKit();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      delivered.push({ path: req.url ?? '', headers: flat(req.headers), body, event: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  // Each test's endpoints go, so that later events reach only the later tests' endpoints.
  const admin = kit.admin({ webhooks });
  for (const e of (await admin.webhooks.listEndpoints()).endpoints) await admin.webhooks.deleteEndpoint(e.id);
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await kit?.close();
});

function flat(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Polls until `find` answers something (deliveries and stream events arrive asynchronously). */
async function waitFor<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An endpoint for every event, delivering to its own path of the receiver. */
async function subscribe(eventTypes: string[] = ['*']) {
  const path = `/hooks/${unique()}`;
  const made = await kit.admin({ webhooks }).webhooks.createEndpoint({
    url: `${receiverUrl}${path}`,
    description: 'SDK test',
    eventTypes,
  });
  return { ...made, path, received: () => delivered.filter((d) => d.path === path) };
}

const createProduct = async () =>
  (await kit.admin({ products }).products.createProduct({ name: unique('Tea '), priceData: { price: 12 } })).product
    .id as string;

/** The delivery of the creation of `productId` to the endpoint at `path`. */
const deliveryOf = (path: string, productId: string) =>
  waitFor(() =>
    delivered.find((d) => d.path === path && d.event.type === PRODUCT_CREATED && d.event.entityId === productId),
  );

describe('webhook endpoints through the SDK', () => {
  it('adds, reads, changes, pauses and deletes an endpoint; its secret is answered once', async () => {
    const admin = kit.admin({ webhooks });
    const { endpoint, secret } = await subscribe([PRODUCT_CREATED]);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ status: 'ACTIVE', description: 'SDK test', eventTypes: [PRODUCT_CREATED] });
    const listed = await admin.webhooks.listEndpoints();
    expect(listed.endpoints.map((e) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(listed)).not.toContain(secret.slice('whsec_'.length));
    expect((await admin.webhooks.getEndpoint(endpoint.id)).endpoint.url).toBe(endpoint.url);
    const paused = await admin.webhooks.updateEndpoint(endpoint.id, { description: 'ERP', status: 'PAUSED' });
    expect(paused.endpoint).toMatchObject({ description: 'ERP', status: 'PAUSED' });
    expect(await admin.webhooks.deleteEndpoint(endpoint.id)).toEqual({});
    await expect(admin.webhooks.getEndpoint(endpoint.id)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses bad input with the contract’s errors', async () => {
    const admin = kit.admin({ webhooks });
    const badUrl = await admin.webhooks
      .createEndpoint({ url: 'ftp://example.com/h', eventTypes: ['*'] })
      .catch((e) => e);
    expect(badUrl).toBeInstanceOf(MerxValidationError);
    expect((badUrl as MerxValidationError).violations[0]?.field).toBe('url');
    const badType = await admin.webhooks
      .createEndpoint({ url: 'https://example.com/h', eventTypes: ['wix.ecom.v1.order_exploded'] })
      .catch((e) => e);
    expect((badType as MerxValidationError).violations[0]?.field).toBe('eventTypes[0]');
    const { endpoint } = await subscribe();
    await expect(admin.webhooks.replaySince(endpoint.id, 'yesterday')).rejects.toBeInstanceOf(MerxValidationError);
    await expect(admin.webhooks.listDeliveries(endpoint.id, { cursor: 'abc' })).rejects.toMatchObject({ status: 400 });
    await expect(admin.webhooks.rotateSecret(endpoint.id, { graceHours: 500 })).rejects.toBeInstanceOf(
      MerxValidationError,
    );
    await expect(admin.webhooks.replayDelivery('nope.1')).rejects.toMatchObject({ status: 404 });
    await expect(admin.webhooks.sendTest('nope')).rejects.toMatchObject({ status: 404 });
    // A caller without the webhook permissions is refused.
    const { key } = await kit.server.services.apiKeys.create({ name: unique('reader '), scopes: ['orders:read'] });
    const reader = createClient({ baseUrl: kit.baseUrl, auth: ApiKeyStrategy({ apiKey: key }), modules: { webhooks } });
    await expect(reader.webhooks.listEndpoints()).rejects.toMatchObject({ status: 403 });
  });

  it('reads and changes the store’s webhook settings', async () => {
    const admin = kit.admin({ webhooks });
    const before = (await admin.webhooks.getSettings()).settings.allowPrivateNetworks;
    const changed = await admin.webhooks.updateSettings({ allowPrivateNetworks: !before });
    expect(changed.settings.allowPrivateNetworks).toBe(!before);
    expect((await admin.webhooks.getSettings()).settings.allowPrivateNetworks).toBe(!before);
    await admin.webhooks.updateSettings({ allowPrivateNetworks: before });
  });
});

describe('deliveries', () => {
  it('delivers a change that the SDK and standardwebhooks both verify, naming who made it', async () => {
    const { secret, path } = await subscribe();
    const productId = await createProduct();
    const got = await deliveryOf(path, productId);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toBe(got.event.id);
    await verifyWebhookSignature({ body: got.body, headers: got.headers, secret });
    const event = await parseWebhookEvent({ body: got.body, headers: got.headers, secret });
    expect(event).toMatchObject({ type: PRODUCT_CREATED, entityId: productId, identity: { identityType: 'APP' } });
    expect(new Webhook(secret).verify(got.body, got.headers)).toEqual(event);
    // A body changed on the way, or another secret, fails both checks.
    const changed = got.body.replace(productId, 'p0');
    await expect(verifyWebhookSignature({ body: changed, headers: got.headers, secret })).rejects.toMatchObject({
      code: 'INVALID_WEBHOOK',
    });
    expect(() => new Webhook(secret).verify(changed, got.headers)).toThrow();
    const other = (await subscribe()).secret;
    await expect(parseWebhookEvent({ body: got.body, headers: got.headers, secret: other })).rejects.toThrow();
    expect(() => new Webhook(other).verify(got.body, got.headers)).toThrow();
  });

  it('signs with both secrets while a rotated one’s grace lasts, and with the new one alone after', async () => {
    const admin = kit.admin({ webhooks });
    const { endpoint, secret: old, path } = await subscribe([PRODUCT_CREATED]);
    const rotated = await admin.webhooks.rotateSecret(endpoint.id, { graceHours: 1 });
    expect(rotated.secret).not.toBe(old);
    expect(rotated.endpoint.previousSecretExpiresDate).not.toBeNull();
    const during = await deliveryOf(path, await createProduct());
    expect(during.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [old, rotated.secret]) {
      await verifyWebhookSignature({ body: during.body, headers: during.headers, secret });
      expect(new Webhook(secret).verify(during.body, during.headers)).toMatchObject({ id: during.event.id });
    }
    const ended = await admin.webhooks.rotateSecret(endpoint.id, { graceHours: 0 });
    const after = await deliveryOf(path, await createProduct());
    expect(after.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    await verifyWebhookSignature({ body: after.body, headers: after.headers, secret: ended.secret });
    expect(new Webhook(ended.secret).verify(after.body, after.headers)).toMatchObject({ id: after.event.id });
    for (const stale of [old, rotated.secret]) {
      await expect(
        verifyWebhookSignature({ body: after.body, headers: after.headers, secret: stale }),
      ).rejects.toThrow();
      expect(() => new Webhook(stale).verify(after.body, after.headers)).toThrow();
    }
  });

  it('logs deliveries with their attempts, filters the log, and replays one with the same webhook-id', async () => {
    const admin = kit.admin({ webhooks });
    const { endpoint, path } = await subscribe([PRODUCT_CREATED]);
    const productId = await createProduct();
    await deliveryOf(path, productId);
    const page = await waitForLog(endpoint.id, productId);
    expect(page).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200, eventType: PRODUCT_CREATED });
    expect((await admin.webhooks.listDeliveries(endpoint.id, { status: 'FAILED' })).deliveries).toEqual([]);
    const detail = await admin.webhooks.getDelivery(page.id);
    expect(detail.attempts).toEqual([expect.objectContaining({ statusCode: 200, error: null, responseExcerpt: 'ok' })]);
    expect(detail.event).toMatchObject({ id: page.eventId, entityId: productId, identity: { identityType: 'APP' } });
    const replayed = await admin.webhooks.replayDelivery(page.id);
    expect(replayed.delivery.id).toBe(page.id);
    await waitFor(
      () => delivered.filter((d) => d.path === path && d.event.id === page.eventId).length === 2 || undefined,
    );
  });

  it('sends a test event to that endpoint only, and replays every event since a time', async () => {
    const admin = kit.admin({ webhooks });
    const since = new Date(Date.now() - 1000);
    const first = await subscribe([PRODUCT_CREATED]);
    const second = await subscribe([PRODUCT_CREATED]);
    const sent = await admin.webhooks.sendTest(first.endpoint.id);
    expect(sent.delivery).toMatchObject({ eventType: TEST_EVENT, endpointId: first.endpoint.id });
    const test = await waitFor(() => first.received().find((d) => d.event.type === TEST_EVENT));
    await parseWebhookEvent({ body: test.body, headers: test.headers, secret: first.secret });
    const productId = await createProduct();
    await deliveryOf(second.path, productId);
    expect(second.received().some((d) => d.event.type === TEST_EVENT)).toBe(false);
    // Replayed once the first delivery is logged as done (a replay asked while an attempt is in flight can be lost).
    await waitForLog(second.endpoint.id, productId);
    const { replayed } = await admin.webhooks.replaySince(second.endpoint.id, since);
    expect(replayed).toBeGreaterThanOrEqual(1);
    await waitFor(() => second.received().filter((d) => d.event.entityId === productId).length === 2 || undefined);
  });
});

async function waitForLog(endpointId: string, productId: string) {
  const admin = kit.admin({ webhooks });
  const end = Date.now() + 5000;
  for (;;) {
    const { deliveries } = await admin.webhooks.listDeliveries(endpointId, { entityId: productId, limit: 5 });
    const found = deliveries.find((d) => d.status === 'SUCCEEDED');
    if (found) return found;
    if (Date.now() > end) throw new Error('timed out waiting for the delivery log');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A TCP relay to the server that the test can cut, dropping every connection through it (a network failure). */
async function startRelay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  /** The first bytes each client sent: its request line and headers. */
  const requests: string[] = [];
  const server = createTcpServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.once('data', (chunk: Buffer) => requests.push(chunk.toString('latin1')));
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) s.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** listen() with a client of `apiKey` (the owner's unless told), recording what it reports. */
function follow(options: { types?: string[]; apiKey?: string; baseUrl?: string } = {}) {
  const got: { event: MerxEvent; cursor: string }[] = [];
  const errors: { error: MerxError; retrying: boolean }[] = [];
  let opens = 0;
  const client = createClient({
    baseUrl: options.baseUrl ?? kit.baseUrl,
    auth: ApiKeyStrategy({ apiKey: options.apiKey ?? kit.server.apiKey }),
    modules: { events },
  });
  const stream = client.events.listen({
    ...(options.types ? { types: options.types } : {}),
    onEvent: (event, cursor) => {
      got.push({ event, cursor });
    },
    onError: (error, retrying) => errors.push({ error, retrying }),
    onOpen: () => opens++,
  });
  streams.push(stream);
  return { stream, got, errors, opens: () => opens, ids: () => got.map((g) => g.event.entityId) };
}

describe('the live event stream', () => {
  it('hands over the same event live that the webhook delivers', async () => {
    const { path, secret } = await subscribe([PRODUCT_CREATED]);
    const live = follow({ types: [PRODUCT_CREATED] });
    await waitFor(() => live.opens() === 1 || undefined);
    const productId = await createProduct();
    const streamed = await waitFor(() => live.got.find((g) => g.event.entityId === productId));
    const hooked = await deliveryOf(path, productId);
    expect(streamed.event).toEqual(await parseWebhookEvent({ body: hooked.body, headers: hooked.headers, secret }));
    expect(streamed.event.id).toBe(hooked.headers['webhook-id']);
    expect(streamed.cursor).toMatch(/^\d+$/);
    expect(live.stream.lastEventId).toBe(streamed.cursor);
    expect(live.errors).toEqual([]);
  });

  it('resumes after a dropped connection with Last-Event-ID: nothing missed, nothing repeated', async () => {
    const relay = await startRelay(kit.baseUrl);
    try {
      const live = follow({ types: [PRODUCT_CREATED], baseUrl: relay.baseUrl });
      await waitFor(() => live.opens() === 1 || undefined);
      const a = await createProduct();
      await waitFor(() => live.ids().includes(a) || undefined);
      const cursor = live.stream.lastEventId;
      relay.cut();
      // Made while the listener is away: the server keeps them for its return.
      const b = await createProduct();
      const c = await createProduct();
      await waitFor(() => live.ids().includes(c) || undefined, 8000);
      expect(live.ids().filter((id) => [a, b, c].includes(id))).toEqual([a, b, c]);
      expect(live.opens()).toBe(2);
      expect(live.errors.length).toBeGreaterThanOrEqual(1);
      expect(live.errors.every((e) => e.retrying)).toBe(true);
      expect(relay.requests).toHaveLength(2);
      expect(relay.requests[0]?.toLowerCase()).not.toContain('last-event-id');
      expect(relay.requests[1]?.toLowerCase()).toContain(`last-event-id: ${cursor}`);
      // The cursors only grow.
      const cursors = live.got.map((g) => Number(g.cursor));
      expect([...cursors].sort((x, y) => x - y)).toEqual(cursors);
    } finally {
      await relay.close();
    }
  });

  it('hands a listener only the events its permissions read', async () => {
    const { key } = await kit.server.services.apiKeys.create({
      name: unique('listener '),
      scopes: ['events:listen', 'catalog:read'],
    });
    const live = follow({ apiKey: key });
    await waitFor(() => live.opens() === 1 || undefined);
    await kit.admin({ shippingOptions }).shippingOptions.createDeliveryRegion({
      name: unique('Region '),
      destinations: [{ countryCode: 'US' }],
    });
    const productId = await createProduct();
    await waitFor(() => live.ids().includes(productId) || undefined);
    expect(live.got.every((g) => g.event.type.startsWith('wix.stores.catalog.'))).toBe(true);
    expect(live.errors).toEqual([]);
  });

  it('stops at once, reporting the refusal, without events:listen or with an unknown event type', async () => {
    const { key } = await kit.server.services.apiKeys.create({ name: unique('no listen '), scopes: ['catalog:read'] });
    const refused = follow({ apiKey: key });
    await refused.stream.stopped;
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]).toMatchObject({ retrying: false, error: { status: 403 } });
    const unknown = follow({ types: ['wix.ecom.v1.order_exploded'] });
    await unknown.stream.stopped;
    expect(unknown.errors).toHaveLength(1);
    const [first] = unknown.errors;
    expect(first?.retrying).toBe(false);
    expect(first?.error).toBeInstanceOf(MerxValidationError);
    expect(first?.error instanceof MerxValidationError && first.error.violations[0]?.field).toBe('types[0]');
    expect(refused.opens() + unknown.opens()).toBe(0);
  });
});
