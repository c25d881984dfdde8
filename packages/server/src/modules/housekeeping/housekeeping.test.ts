import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const ago = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
const ahead = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

describe('housekeeping', () => {
  it('purges spent and expired rows and keeps the live ones', async () => {
    const db = server.merx.db;
    await db
      .insertInto('redirect_sessions')
      .values([
        { id: 'rs-old', short_id: 'old', intent: 'login', request: '{}', created_date: ago(3), expires_date: ago(2) },
        {
          id: 'rs-live',
          short_id: 'live',
          intent: 'login',
          request: '{}',
          created_date: ago(0),
          expires_date: ahead(1),
        },
      ])
      .execute();
    const token = (id: string, role: string, created: string, lastUsed: string | null, revoked: string | null) => ({
      id,
      token_hash: `hash-${id}`,
      client_id: 'c',
      role,
      subject_id: `s-${id}`,
      created_date: created,
      last_used_date: lastUsed,
      revoked_date: revoked,
    });
    await db
      .insertInto('refresh_tokens')
      .values([
        token('idle-visitor', 'visitor', ago(200), ago(120), null),
        token('busy-visitor', 'visitor', ago(200), ago(1), null),
        token('old-member', 'member', ago(400), null, null),
        token('revoked-long-ago', 'member', ago(100), null, ago(60)),
        token('revoked-lately', 'member', ago(10), null, ago(2)),
      ])
      .execute();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'old', window_start: ago(2), count: 3 },
        { key: 'now', window_start: ago(0), count: 3 },
      ])
      .execute();
    const counts = await server.services.housekeeping.purge();
    expect(counts).toMatchObject({ redirectSessions: 1, refreshTokens: 2, rateLimits: 1 });
    const tokens = (await db.selectFrom('refresh_tokens').select('id').execute()).map((r) => r.id);
    expect(tokens).toEqual(expect.arrayContaining(['busy-visitor', 'old-member', 'revoked-lately']));
    expect(tokens).not.toContain('idle-visitor');
    expect(tokens).not.toContain('revoked-long-ago');
    expect((await db.selectFrom('redirect_sessions').select('id').execute()).map((r) => r.id)).toEqual(['rs-live']);
    expect(await server.services.housekeeping.purge()).toMatchObject({ redirectSessions: 0, refreshTokens: 0 });
  });

  it('purges events handed out more than 30 days ago, never one still queued', async () => {
    const db = server.merx.db;
    await server.dispatcher.drain();
    const event = (id: string, created: string) => ({
      id,
      type: 'wix.stores.catalog.v1.product_changed',
      entity_id: `p-${id}`,
      payload: '{}',
      created_date: created,
    });
    await db
      .insertInto('outbox')
      .values([event('ev-old-sent', ago(40)), event('ev-old-queued', ago(40)), event('ev-new-sent', ago(1))])
      .execute();
    const seqOf = async (id: string) =>
      (await db.selectFrom('outbox').select('seq').where('id', '=', id).executeTakeFirstOrThrow()).seq;
    // Handed out: off the queue (the dispatcher claims by deleting the queue row).
    await db
      .deleteFrom('outbox_queue')
      .where('seq', 'in', [await seqOf('ev-old-sent'), await seqOf('ev-new-sent')])
      .execute();
    const counts = await server.services.housekeeping.purge();
    expect(counts.outbox).toBe(1);
    const left = (await db.selectFrom('outbox').select('id').where('id', 'like', 'ev-%').execute()).map((r) => r.id);
    expect(left.sort()).toEqual(['ev-new-sent', 'ev-old-queued']);
  });

  it('purges the webhook delivery log of events the outbox no longer keeps, but never a pending delivery', async () => {
    const db = server.merx.db;
    const kept = await db.selectFrom('outbox').select('seq').orderBy('seq').limit(1).executeTakeFirstOrThrow();
    const delivery = (endpoint: string, seq: number, status: string) => ({
      endpoint_id: endpoint,
      event_seq: seq,
      event_id: `ev-${endpoint}-${seq}`,
      event_type: 'wix.stores.catalog.v1.product_changed',
      entity_id: 'p',
      status,
      attempts: 1,
      next_attempt_date: null,
      created_date: ago(40),
    });
    const gone = Number(kept.seq) - 1;
    await db
      .insertInto('webhook_deliveries')
      .values([
        delivery('ep-old', gone, 'SUCCEEDED'),
        delivery('ep-pending', gone, 'PENDING'),
        delivery('ep-live', Number(kept.seq), 'SUCCEEDED'),
      ])
      .execute();
    await db
      .insertInto('webhook_attempts')
      .values([
        {
          endpoint_id: 'ep-old',
          event_seq: gone,
          attempt: 1,
          attempted_date: ago(40),
          duration_ms: 3,
          response_excerpt: '',
        },
        {
          endpoint_id: 'ep-live',
          event_seq: Number(kept.seq),
          attempt: 1,
          attempted_date: ago(1),
          duration_ms: 3,
          response_excerpt: '',
        },
      ])
      .execute();
    const counts = await server.services.housekeeping.purge();
    expect(counts.webhookDeliveries).toBe(1);
    const left = await db.selectFrom('webhook_deliveries').select('endpoint_id').orderBy('endpoint_id').execute();
    expect(left.map((r) => r.endpoint_id)).toEqual(['ep-live', 'ep-pending']);
    const attempts = await db.selectFrom('webhook_attempts').select('endpoint_id').execute();
    expect(attempts.map((r) => r.endpoint_id)).toEqual(['ep-live']);
  });
});
