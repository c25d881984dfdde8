import { randomUUID } from 'node:crypto';
import { testEngine } from '@merx/db/testing';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../events/webhook-worker.js';
import { jsonCaller, signInStaff, startTestServer, type TestServer, type TestStaff } from '../../testing.js';
import { type Receiver, startReceiver, until } from './webhook-receiver.test-kit.js';

let server: TestServer;
let owner: TestStaff;
let receiver: Receiver;
let call: ReturnType<typeof jsonCaller>;
const BASE = '/_api/merx/v1/webhooks';

beforeAll(async () => {
  server = await startTestServer();
  owner = await signInStaff(server, { role: 'owner' });
  call = jsonCaller(server);
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  // Each test's endpoints go, so later tests' events reach only their own.
  const { body } = await call('GET', `${BASE}/endpoints`, owner.token);
  for (const e of body.endpoints) await call('DELETE', `${BASE}/endpoints/${e.id}`, owner.token);
  await receiver?.close();
});

async function settle(): Promise<void> {
  await server.dispatcher.drain();
  await server.services.webhookWorker.drain();
}

async function subscribe(eventTypes: string[] = ['*'], url?: string) {
  receiver = await startReceiver();
  const made = await call('POST', `${BASE}/endpoints`, owner.token, {
    url: url ?? receiver.url,
    description: 'ERP',
    eventTypes,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body as { endpoint: { id: string; eventTypes: string[] }; secret: string };
}

const createProduct = (name = `Tea ${randomUUID().slice(0, 8)}`) =>
  call('POST', '/stores/v1/products', server.apiKey, {
    product: { name, productType: 'physical', priceData: { price: 12 } },
  });

describe('webhook endpoints', () => {
  it('adds an endpoint, answers its secret once, and lists it without the secret', async () => {
    const { endpoint, secret } = await subscribe([
      'wix.ecom.v1.order_created',
      'wix.stores.catalog.v1.product_created',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(endpoint).toMatchObject({
      status: 'ACTIVE',
      description: 'ERP',
      eventTypes: ['wix.ecom.v1.order_created', 'wix.stores.catalog.v1.product_created'],
      failingSince: null,
      previousSecretExpiresDate: null,
    });
    const listed = await call('GET', `${BASE}/endpoints`, owner.token);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body.endpoints.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    const stored = await server.merx.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.slice(6));
  });

  it.each([
    ['not a URL', 'url', 'FORMAT'],
    ['ftp://example.com/hook', 'url', 'VALIDATION'],
    ['http://example.com/hook', 'url', 'VALIDATION'],
    ['https://10.1.2.3/hook', 'url', 'VALIDATION'],
    ['https://[fd00::1]/hook', 'url', 'VALIDATION'],
    ['https://169.254.169.254/latest/meta-data', 'url', 'VALIDATION'],
  ])('refuses the URL %s and writes nothing', async (url, field, rule) => {
    const res = await call('POST', `${BASE}/endpoints`, owner.token, { url, eventTypes: ['*'] });
    expect(res.status).toBe(400);
    expect(res.body.details.validationError.fieldViolations[0]).toMatchObject({ field, violatedRule: rule });
    expect((await call('GET', `${BASE}/endpoints`, owner.token)).body.endpoints).toEqual([]);
  });

  it('refuses unknown event types, "*" beside others, and types the caller may not read', async () => {
    const unknown = await call('POST', `${BASE}/endpoints`, owner.token, {
      url: 'https://example.com/h',
      eventTypes: ['wix.ecom.v1.order_created', 'wix.ecom.v1.order_exploded'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.validationError.fieldViolations[0].field).toBe('eventTypes[1]');
    const mixed = await call('POST', `${BASE}/endpoints`, owner.token, {
      url: 'https://example.com/h',
      eventTypes: ['*', 'wix.ecom.v1.order_created'],
    });
    expect(mixed.status).toBe(400);
    const catalogOnly = await signInStaff(server, { role: 'staff', permissions: ['webhooks:*', 'catalog:read'] });
    const refused = await call('POST', `${BASE}/endpoints`, catalogOnly.token, {
      url: 'https://example.com/h',
      eventTypes: ['wix.ecom.v1.order_created'],
    });
    expect(refused.status).toBe(403);
    // "Everything" from a staff member who reads only the catalog is the catalog's events, written out.
    const all = await call('POST', `${BASE}/endpoints`, catalogOnly.token, {
      url: 'https://example.com/h',
      eventTypes: ['*'],
    });
    expect(all.status).toBe(200);
    expect(all.body.endpoint.eventTypes).toContain('wix.stores.catalog.v1.product_created');
    expect(all.body.endpoint.eventTypes).not.toContain('wix.ecom.v1.order_created');
    const reader = await signInStaff(server, { role: 'staff', permissions: ['orders:read'] });
    expect((await call('GET', `${BASE}/endpoints`, reader.token)).status).toBe(403);
    expect((await call('GET', `${BASE}/endpoints`)).status).toBe(401);
  });

  it('changes, pauses, resumes and deletes an endpoint; unknown ids are 404', async () => {
    const { endpoint } = await subscribe(['wix.stores.catalog.v1.product_created']);
    const changed = await call('PATCH', `${BASE}/endpoints/${endpoint.id}`, owner.token, {
      description: 'Warehouse',
      eventTypes: ['wix.stores.catalog.v1.product_changed'],
      status: 'PAUSED',
    });
    expect(changed.body.endpoint).toMatchObject({
      description: 'Warehouse',
      eventTypes: ['wix.stores.catalog.v1.product_changed'],
      status: 'PAUSED',
    });
    expect((await call('PATCH', `${BASE}/endpoints/nope`, owner.token, { description: 'x' })).status).toBe(404);
    expect((await call('GET', `${BASE}/deliveries/nope.12`, owner.token)).status).toBe(404);
    expect((await call('GET', `${BASE}/deliveries/garbage`, owner.token)).status).toBe(404);
    expect((await call('DELETE', `${BASE}/endpoints/${endpoint.id}`, owner.token)).status).toBe(200);
    expect((await call('GET', `${BASE}/endpoints/${endpoint.id}`, owner.token)).status).toBe(404);
  });
});

describe('deliveries', () => {
  it('delivers an event signed as Standard Webhooks says, naming who made the change', async () => {
    const { secret } = await subscribe(['wix.stores.catalog.v1.product_created']);
    const made = await createProduct();
    await settle();
    await until(() => receiver.received.length === 1);
    const got = receiver.received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.event).toMatchObject({
      type: 'wix.stores.catalog.v1.product_created',
      entityId: made.body.product.id,
      identity: { identityType: 'APP' },
    });
    expect(got.headers['webhook-id']).toBe(got.event.id);
    // An independent implementation of the scheme accepts it (the SDK's own check: packages/sdk integration tests).
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({
      id: got.event.id,
    });
    // A body changed on the way fails.
    expect(() => new Webhook(secret).verify(`${got.body} `, got.headers as Record<string, string>)).toThrow();
  });

  it('logs each delivery and attempt, filters and pages the log, and replays one', async () => {
    const { endpoint } = await subscribe(['wix.stores.catalog.v1.product_created']);
    for (let i = 0; i < 3; i++) await createProduct();
    await settle();
    await until(() => receiver.received.length === 3);
    const page1 = await call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries?limit=2`, owner.token);
    expect(page1.body.deliveries).toHaveLength(2);
    expect(page1.body.deliveries[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200 });
    const page2 = await call(
      'GET',
      `${BASE}/endpoints/${endpoint.id}/deliveries?limit=2&cursor=${page1.body.nextCursor}`,
      owner.token,
    );
    expect(page2.body.deliveries).toHaveLength(1);
    expect(page2.body.nextCursor).toBeNull();
    const failed = await call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries?status=FAILED`, owner.token);
    expect(failed.body.deliveries).toEqual([]);
    expect((await call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries?cursor=abc`, owner.token)).status).toBe(400);
    const one = page1.body.deliveries[0];
    const detail = await call('GET', `${BASE}/deliveries/${one.id}`, owner.token);
    expect(detail.body.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, error: null, responseExcerpt: 'ok' }),
    ]);
    expect(detail.body.event).toMatchObject({ id: one.eventId, identity: { identityType: 'APP' } });
    const replayed = await call('POST', `${BASE}/deliveries/${one.id}/replay`, owner.token);
    expect(replayed.body.delivery.status).toBe('PENDING');
    await settle();
    await until(() => receiver.received.length === 4);
    // The same webhook-id as the first time: the receiver can tell it is the same event.
    expect(receiver.received[3]!.event.id).toBe(one.eventId);
    const again = await call('GET', `${BASE}/deliveries/${one.id}`, owner.token);
    expect(again.body.delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    // Both attempts in the log: the first success (kept on the delivery's row until the replay) and the replay's.
    expect(again.body.attempts).toEqual([
      expect.objectContaining({ attemptedDate: detail.body.attempts[0].attemptedDate, statusCode: 200 }),
      expect.objectContaining({ statusCode: 200, error: null, responseExcerpt: 'ok' }),
    ]);
    expect(again.body.attempts[1].durationMs).toEqual(expect.any(Number));
    // Everything since this test's first event sent again: every delivery's log grows by one attempt, none lost.
    const replayedSince = await call('POST', `${BASE}/endpoints/${endpoint.id}/replay`, owner.token, {
      since: page2.body.deliveries[0].eventTime,
    });
    expect(replayedSince.body).toEqual({ replayed: 3 });
    await settle();
    await until(() => receiver.received.length === 7);
    const third = await call('GET', `${BASE}/deliveries/${one.id}`, owner.token);
    expect(third.body.delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 3 });
    expect(third.body.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 200, 200]);
    expect(third.body.attempts.slice(0, 2)).toEqual(again.body.attempts);
  });

  it('keeps a replay asked for while the delivery is in flight, and logs the attempt it overtook', async () => {
    const { endpoint } = await subscribe(['wix.stores.catalog.v1.product_created']);
    let release: (() => void) | undefined;
    receiver.answerWith((_r, res) => {
      release = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('first');
    });
    await createProduct();
    // Not `settle()`: that waits for the round, which waits for the answer held back here.
    await server.dispatcher.drain();
    await until(() => release !== undefined);
    const listed = await call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries`, owner.token);
    const one = listed.body.deliveries[0];
    expect(one.status).toBe('PENDING');
    // Asked for while the first attempt waits for its answer: it stands, and the delivery goes out again.
    expect((await call('POST', `${BASE}/deliveries/${one.id}/replay`, owner.token)).status).toBe(200);
    receiver.status(200, 'second');
    release?.();
    await until(() => receiver.received.length === 2);
    await until(async () => {
      const d = await call('GET', `${BASE}/deliveries/${one.id}`, owner.token);
      return d.body.delivery.status === 'SUCCEEDED';
    });
    const detail = await call('GET', `${BASE}/deliveries/${one.id}`, owner.token);
    expect(detail.body.delivery).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(detail.body.attempts.map((a: { responseExcerpt: string }) => a.responseExcerpt)).toEqual([
      'first',
      'second',
    ]);
  });

  it('sends a test event to that endpoint only', async () => {
    const { endpoint } = await subscribe(['*']);
    const other = await startReceiver();
    try {
      await call('POST', `${BASE}/endpoints`, owner.token, { url: other.url, eventTypes: ['*'] });
      const sent = await call('POST', `${BASE}/endpoints/${endpoint.id}/test`, owner.token);
      expect(sent.body.delivery).toMatchObject({ eventType: 'merx.webhooks.v1.test', endpointId: endpoint.id });
      await settle();
      await until(() => receiver.received.length === 1);
      expect(receiver.received[0]!.event).toMatchObject({
        type: 'merx.webhooks.v1.test',
        identity: { identityType: 'WIX_USER' },
      });
      expect(other.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('keeps the events of one entity in order while a delivery of it waits for its retry', async () => {
    await subscribe(['wix.stores.catalog.v1.product_created', 'wix.stores.catalog.v1.product_changed']);
    const first = await createProduct();
    const id = first.body.product.id;
    // The receiver refuses the product's first event; its change must wait behind it.
    let refused = false;
    receiver.answerWith((r, res) => {
      if (!refused && r.event.entityId === id) {
        refused = true;
        res.writeHead(503).end('busy');
      } else res.writeHead(204).end();
    });
    await settle();
    await until(() => refused);
    await call('PATCH', `/stores/v1/products/${id}`, server.apiKey, { product: { name: 'Renamed tea' } });
    const other = await createProduct();
    await settle();
    await until(() => receiver.received.some((r) => r.event.entityId === other.body.product.id));
    expect(receiver.received.filter((r) => r.event.entityId === id)).toHaveLength(1);
    // Its retry is due in about 5 seconds: replaying it now stands in for the wait.
    const deliveries = await server.merx.db
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', 'event_seq', 'status', 'next_attempt_date'])
      .where('entity_id', '=', id)
      .orderBy('event_seq')
      .execute();
    expect(deliveries.map((d) => d.status)).toEqual(['PENDING', 'PENDING']);
    await call(
      'POST',
      `${BASE}/deliveries/${deliveries[0]!.endpoint_id}.${deliveries[0]!.event_seq}/replay`,
      owner.token,
    );
    await settle();
    await until(() => receiver.received.filter((r) => r.event.entityId === id).length === 3);
    expect(receiver.received.filter((r) => r.event.entityId === id).map((r) => r.event.type)).toEqual([
      'wix.stores.catalog.v1.product_created',
      'wix.stores.catalog.v1.product_created',
      'wix.stores.catalog.v1.product_changed',
    ]);
  });

  it('signs with both secrets while a rotated one’s grace lasts, and with the new one alone after', async () => {
    const { endpoint, secret: old } = await subscribe(['wix.stores.catalog.v1.product_created']);
    const rotated = await call('POST', `${BASE}/endpoints/${endpoint.id}/rotate-secret`, owner.token, {
      graceHours: 1,
    });
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(old);
    expect(rotated.body.endpoint.previousSecretExpiresDate).not.toBeNull();
    await createProduct();
    await settle();
    await until(() => receiver.received.length === 1);
    const got = receiver.received[0]!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old, fresh])
      expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toBeTruthy();
    const ended = await call('POST', `${BASE}/endpoints/${endpoint.id}/rotate-secret`, owner.token, {
      graceHours: 0,
    });
    await createProduct();
    await settle();
    await until(() => receiver.received.length === 2);
    const next = receiver.received[1]!;
    expect(String(next.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(ended.body.secret).verify(next.body, next.headers as Record<string, string>)).toBeTruthy();
    expect(() => new Webhook(fresh).verify(next.body, next.headers as Record<string, string>)).toThrow();
  });

  it('records a slow receiver, a redirect and a huge answer as they were, and keeps only an excerpt', async () => {
    const { endpoint } = await subscribe(['wix.stores.catalog.v1.product_created']);
    let n = 0;
    receiver.answerWith((_r, res) => {
      n++;
      if (n === 1) setTimeout(() => res.writeHead(200).end('late'), 2500);
      else if (n === 2) res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      else res.writeHead(200).end('x'.repeat(2_000_000));
    });
    await createProduct();
    await settle();
    const list = async () =>
      (await call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries`, owner.token)).body.deliveries[0];
    expect(await list()).toMatchObject({ status: 'PENDING', lastStatusCode: null, attempts: 1 });
    expect((await list()).lastError).toMatch(/No answer within/);
    const id = (await list()).id;
    await call('POST', `${BASE}/deliveries/${id}/replay`, owner.token);
    await settle();
    expect(await list()).toMatchObject({ status: 'PENDING', lastStatusCode: 302 });
    expect((await list()).lastError).toMatch(/redirect/);
    await call('POST', `${BASE}/deliveries/${id}/replay`, owner.token);
    await settle();
    expect(await list()).toMatchObject({ status: 'SUCCEEDED', lastStatusCode: 200, attempts: 3 });
    const detail = await call('GET', `${BASE}/deliveries/${id}`, owner.token);
    expect(detail.body.attempts[2].responseExcerpt.length).toBeLessThanOrEqual(1024);
    // The redirect's target was never asked.
    expect(receiver.received).toHaveLength(3);
  });

  it('replays every event since a time, those the endpoint missed while paused included', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    await createProduct();
    await settle();
    const { endpoint } = await subscribe(['wix.stores.catalog.v1.product_created']);
    await createProduct();
    await settle();
    await until(() => receiver.received.length === 1);
    const replay = await call('POST', `${BASE}/endpoints/${endpoint.id}/replay`, owner.token, { since });
    expect(replay.body.replayed).toBeGreaterThanOrEqual(2);
    await settle();
    await until(() => receiver.received.length === 1 + replay.body.replayed);
    const bad = await call('POST', `${BASE}/endpoints/${endpoint.id}/replay`, owner.token, { since: 'yesterday' });
    expect(bad.status).toBe(400);
  });

  it('holds deliveries while paused and sends them on resuming', async () => {
    const { endpoint } = await subscribe(['wix.stores.catalog.v1.product_created']);
    await call('PATCH', `${BASE}/endpoints/${endpoint.id}`, owner.token, { status: 'PAUSED' });
    await createProduct();
    await settle();
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(0);
    await call('PATCH', `${BASE}/endpoints/${endpoint.id}`, owner.token, { status: 'ACTIVE' });
    await settle();
    await until(() => receiver.received.length === 1);
  });

  it('disables an endpoint that answers 410 Gone and tells the owners by mail', async () => {
    const { endpoint } = await subscribe(['wix.stores.catalog.v1.product_created']);
    receiver.status(410, 'gone');
    await createProduct();
    await settle();
    const got = await call('GET', `${BASE}/endpoints/${endpoint.id}`, owner.token);
    expect(got.body.endpoint).toMatchObject({ status: 'DISABLED', disabledReason: 'The endpoint answered 410 Gone' });
    const mails = await server.merx.db
      .selectFrom('mail_messages')
      .select(['to_address', 'subject'])
      .where('kind', '=', 'webhook-disabled')
      .execute();
    expect(mails.map((m) => m.to_address)).toContain(owner.email);
    // Nothing more is queued for it until it is re-enabled.
    await createProduct();
    await settle();
    expect(
      Number(
        (
          await server.merx.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('endpoint_id', '=', endpoint.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });
});

describe('a receiver that is down', () => {
  it('gets every event queued while it was down once it is back, each entity in order', async () => {
    const { endpoint } = await subscribe([
      'wix.stores.catalog.v1.product_created',
      'wix.stores.catalog.v1.product_changed',
    ]);
    receiver.status(503, 'down for maintenance');
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await createProduct()).body.product.id);
    for (const id of ids.slice(0, 20))
      await call('PATCH', `/stores/v1/products/${id}`, server.apiKey, { product: { name: `Renamed ${id}` } });
    await settle();
    const pending = async () =>
      (await call('GET', `${BASE}/endpoints/${endpoint.id}/deliveries?status=PENDING&limit=100`, owner.token)).body
        .deliveries.length;
    // Only each product's first event was tried: its change waits behind it.
    expect(await pending()).toBe(60);
    expect(new Set(receiver.received.map((r) => r.event.entityId)).size).toBe(40);
    expect(receiver.received).toHaveLength(40);
    receiver.status(200, 'ok');
    // The first retry is due about 5 seconds after the failure.
    await until(async () => {
      await server.services.webhookWorker.drain();
      return (await pending()) === 0;
    }, 15_000);
    const delivered = receiver.received.slice(40);
    expect(delivered).toHaveLength(60);
    for (const id of ids.slice(0, 20))
      expect(delivered.filter((r) => r.event.entityId === id).map((r) => r.event.type)).toEqual([
        'wix.stores.catalog.v1.product_created',
        'wix.stores.catalog.v1.product_changed',
      ]);
  }, 30_000);
});

describe.skipIf(testEngine() !== 'postgres')('a backlog on PostgreSQL', () => {
  // A server of its own: its worker has refreshed no statistics yet (it does so at most once a minute).
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(async () => {
    await fresh.close();
  });
  const estimatedRows = async () =>
    Number(
      (
        await sql<{
          n: number;
        }>`select reltuples as n from pg_class where oid = 'webhook_deliveries'::regclass`.execute(fresh.merx.db)
      ).rows[0]?.n,
    );
  const rows = async () =>
    Number(
      (
        await fresh.merx.db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('drains with the statistics of the deliveries refreshed, so the claim is planned for a backlog', async () => {
    const c = jsonCaller(fresh);
    const r = await startReceiver();
    try {
      const made = await c('POST', `${BASE}/endpoints`, fresh.apiKey, {
        url: r.url,
        eventTypes: ['wix.stores.catalog.v1.product_created'],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = made.body.endpoint.id;
      await c('PATCH', `${BASE}/endpoints/${id}`, fresh.apiKey, { status: 'PAUSED' });
      await sql`analyze webhook_deliveries`.execute(fresh.merx.db);
      for (let i = 0; i < 210; i++)
        await fresh.services.products.create({ name: `Backlog ${i}`, priceData: { price: 5 } });
      const run = async () => {
        await fresh.dispatcher.drain();
        await fresh.services.webhookWorker.drain();
      };
      await run();
      // The statistics describe the table before the backlog: what the claim would be planned from.
      expect(await estimatedRows()).toBeLessThan(await rows());
      await c('PATCH', `${BASE}/endpoints/${id}`, fresh.apiKey, { status: 'ACTIVE' });
      await run();
      await until(() => r.received.length === 210, 15_000);
      expect(await estimatedRows()).toBeGreaterThanOrEqual((await rows()) - 1);
    } finally {
      await r.close();
    }
  }, 30_000);
});

describe('retries over a day (a clock the test moves)', () => {
  let clocked: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    clocked = await startTestServer({ clock: { now: () => new Date(now) } });
  });
  afterAll(async () => {
    await clocked.close();
  });

  it('retries on the schedule with jitter, gives up after about a day, and disables the endpoint', async () => {
    const c = jsonCaller(clocked);
    const boss = await signInStaff(clocked, { role: 'owner' });
    const r = await startReceiver();
    try {
      r.status(500, 'down');
      const made = await c('POST', `${BASE}/endpoints`, clocked.apiKey, {
        url: r.url,
        eventTypes: ['wix.stores.catalog.v1.product_created'],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const endpointId = made.body.endpoint.id;
      await c('POST', '/stores/v1/products', clocked.apiKey, {
        product: { name: 'Kettle', productType: 'physical', priceData: { price: 30 } },
      });
      const run = async () => {
        await clocked.dispatcher.drain();
        await clocked.services.webhookWorker.drain();
      };
      await run();
      const start = now;
      const waits: number[] = [];
      for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
        const listed = await c('GET', `${BASE}/endpoints/${endpointId}/deliveries`, clocked.apiKey);
        expect(listed.status, JSON.stringify(listed.body)).toBe(200);
        const d = listed.body.deliveries[0];
        expect(d).toMatchObject({ status: 'PENDING', attempts: attempt, lastStatusCode: 500 });
        const wait = Date.parse(d.nextAttemptDate) - now;
        waits.push(wait);
        const base = RETRY_DELAYS_MS[attempt - 1]!;
        expect(wait).toBeGreaterThanOrEqual(base * 0.8 - 1);
        expect(wait).toBeLessThanOrEqual(base * 1.2 + 1);
        now += wait;
        await run();
      }
      const last = (await c('GET', `${BASE}/endpoints/${endpointId}/deliveries`, clocked.apiKey)).body.deliveries[0];
      expect(last).toMatchObject({ status: 'FAILED', attempts: 8, nextAttemptDate: null });
      expect(now - start).toBeGreaterThan(20 * 3600_000);
      expect(r.received).toHaveLength(8);
      const endpoint = (await c('GET', `${BASE}/endpoints/${endpointId}`, clocked.apiKey)).body.endpoint;
      expect(endpoint.status).toBe('DISABLED');
      expect(endpoint.disabledReason).toMatch(/more than a day/);
      const told = await clocked.merx.db
        .selectFrom('mail_messages')
        .select('to_address')
        .where('kind', '=', 'webhook-disabled')
        .execute();
      expect(told.map((m) => m.to_address)).toContain(boss.email);
      expect(waits).toHaveLength(7);
    } finally {
      await r.close();
    }
  });
});
