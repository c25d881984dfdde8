import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  eventCatalogue,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointStatus,
  webhookTestEventType,
} from '@merx/contract';
import type { Database, DialectName } from '@merx/db';
import { AppError, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import { identityOf } from '../../events/identity.js';
import { identityFromActor, logLastAttempts, makeDeliveries } from '../../events/webhook-deliveries.js';
import { policyForUrl } from '../../events/webhook-send.js';
import type { EndpointSigning } from '../../events/webhook-worker.js';
import { type Caller, hasScope } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { type AddressPolicy, addressAllowed } from '../../lib/net-guard.js';

/** Endpoints a store may have. */
export const MAX_ENDPOINTS = 100;
const SETTINGS_KEY = 'webhooks';
const DEFAULT_GRACE_HOURS = 24;
const ALL = '*';

type Sealer = { seal(plain: string): string; open(sealed: string): string };
type EndpointRow = Database['webhook_endpoints'];
type DeliveryRow = Omit<Database['webhook_deliveries'], 'run_attempts' | 'last_duration_ms' | 'last_response_excerpt'>;
/** A delivery with its event's time (the outbox's; the delivery's own once the event is no longer kept). */
type TimedDelivery = DeliveryRow & { event_time?: string | undefined };

const notFound = (what: 'endpoint' | 'delivery', id: string) =>
  new AppError(
    'NOT_FOUND',
    what === 'endpoint' ? 'WEBHOOK_ENDPOINT_NOT_FOUND' : 'WEBHOOK_DELIVERY_NOT_FOUND',
    `No webhook ${what} with this id`,
    { id },
  );

const invalid = (field: string, description: string, violatedRule: 'VALIDATION' | 'FORMAT' = 'VALIDATION') =>
  new ValidationError([{ field, description, violatedRule }]);

/** The signing secret as the back office shows it once: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** A delivery's id in the API: `<endpoint id>.<event sequence number>`. */
export const deliveryId = (endpointId: string, seq: number | string) => `${endpointId}.${seq}`;
function parseDeliveryId(id: string): { endpointId: string; seq: number } | null {
  const dot = id.lastIndexOf('.');
  const seq = Number(id.slice(dot + 1));
  if (dot <= 0 || !/^\d+$/.test(id.slice(dot + 1)) || !Number.isSafeInteger(seq)) return null;
  return { endpointId: id.slice(0, dot), seq };
}

function deliveryOf(r: TimedDelivery): WebhookDelivery {
  return {
    id: deliveryId(r.endpoint_id, r.event_seq),
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    eventType: r.event_type,
    entityId: r.entity_id,
    eventTime: r.event_time ?? r.created_date,
    status: r.status as WebhookDelivery['status'],
    attempts: r.attempts,
    nextAttemptDate: r.status === 'PENDING' ? r.next_attempt_date : null,
    lastAttemptDate: r.last_attempt_date,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    createdDate: r.created_date,
  };
}

const deliveryColumns = [
  'endpoint_id',
  'event_seq',
  'event_id',
  'event_type',
  'entity_id',
  'status',
  'attempts',
  'next_attempt_date',
  'lease_until',
  'last_attempt_date',
  'last_status_code',
  'last_error',
  'created_date',
] as const;

export interface WebhookSettings {
  allowPrivateNetworks: boolean;
}

/**
 * Webhook endpoints (their URLs, event types, secrets and state), their delivery log and replays, and the store's
 * webhook settings. Sending is the delivery worker's (events/webhook-worker.ts); making deliveries is the
 * dispatcher's, in its claim.
 */
export function createWebhookService(deps: {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  sealer: Sealer;
  /** The store runs in development: plain http:// to loopback addresses is allowed. */
  development: boolean;
  /** Wakes the dispatcher (a test event was appended) and the worker (deliveries were made due). */
  kickDispatcher: () => void;
  kickWorker: () => void;
}) {
  const { db, clock } = deps;

  async function settings(): Promise<WebhookSettings> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', SETTINGS_KEY).executeTakeFirst();
    const stored = row ? (JSON.parse(row.value) as Partial<WebhookSettings>) : {};
    return { allowPrivateNetworks: stored.allowPrivateNetworks === true };
  }

  async function policy(): Promise<AddressPolicy> {
    return { allowPrivate: (await settings()).allowPrivateNetworks, allowLoopback: deps.development };
  }

  async function typesOf(ids: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom('webhook_endpoint_types')
      .select(['endpoint_id', 'type'])
      .where('endpoint_id', 'in', ids)
      .orderBy('type')
      .execute();
    for (const r of rows) map.get(r.endpoint_id)?.push(r.type);
    return map;
  }

  function endpointOf(r: EndpointRow, eventTypes: string[]): WebhookEndpoint {
    const now = clock.now().toISOString();
    const grace = r.previous_secret_expires_date;
    return {
      id: r.id,
      url: r.url,
      description: r.description,
      eventTypes,
      status: r.status as WebhookEndpointStatus,
      disabledReason: r.status === 'DISABLED' ? r.disabled_reason : null,
      disabledDate: r.status === 'DISABLED' ? r.disabled_date : null,
      failingSince: r.failing_since,
      previousSecretExpiresDate: r.previous_secret && grace && grace > now ? grace : null,
      createdDate: r.created_date,
      updatedDate: r.updated_date,
    };
  }

  async function row(id: string): Promise<EndpointRow> {
    const r = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound('endpoint', id);
    return r;
  }

  async function endpoint(id: string): Promise<WebhookEndpoint> {
    const r = await row(id);
    return endpointOf(r, (await typesOf([id])).get(id) ?? []);
  }

  /**
   * The types to store for a request: each must be a catalogued event the caller may read; `*` alone means all,
   * kept as `*` for a caller who reads everything and written out as the types it may read otherwise.
   */
  function resolveTypes(caller: Caller, requested: readonly string[]): string[] {
    const wanted = [...new Set(requested)];
    if (wanted.includes(ALL)) {
      if (wanted.length > 1) throw invalid('eventTypes', 'holds "*" (every event) beside other types');
      const readable = Object.entries(eventCatalogue)
        .filter(([type]) => type !== webhookTestEventType)
        .filter(([, d]) => hasScope(caller, d.scope));
      if (readable.length === Object.keys(eventCatalogue).length - 1) return [ALL];
      if (readable.length === 0) throw invalid('eventTypes', 'names no event you may read');
      return readable.map(([type]) => type).sort();
    }
    wanted.forEach((type, i) => {
      const described = (eventCatalogue as Record<string, { scope: string }>)[type];
      if (!described || type === webhookTestEventType)
        throw invalid(`eventTypes[${i}]`, `"${type}" is not an event Merx sends`);
      if (!hasScope(caller, described.scope))
        throw new AppError(
          'PERMISSION_DENIED',
          'PERMISSION_DENIED',
          `You cannot subscribe to ${type}: it needs the permission ${described.scope}`,
          { eventType: type, scope: described.scope },
        );
    });
    return wanted.sort();
  }

  /** Refuses URLs that cannot receive webhooks under the store's rules (scheme, private addresses). */
  async function checkUrl(text: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw invalid('url', 'is not a URL', 'FORMAT');
    }
    if (url.hash) throw invalid('url', 'has a #fragment, which is never sent');
    const rules = await policy();
    const rule = policyForUrl(url, rules);
    if ('refusal' in rule) throw invalid('url', rule.refusal);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!isIP(host)) {
      // A name that resolves now to a refused address is refused now (and at every delivery, where it counts).
      const addresses = await lookup(host, { all: true }).catch(() => []);
      if (rule.policy.loopbackOnly && addresses.length === 0)
        throw invalid('url', `${host} does not resolve to this machine: plain http:// goes only to loopback addresses`);
      const refused = addresses.find((a) => !addressAllowed(a.address, rule.policy));
      if (refused)
        throw invalid(
          'url',
          `${host} resolves to ${refused.address}, a private or local network address; allow private networks in the webhook settings to send there`,
        );
    }
    return url.toString();
  }

  async function writeTypes(ex: Kysely<Database>, id: string, types: string[]): Promise<void> {
    await ex.deleteFrom('webhook_endpoint_types').where('endpoint_id', '=', id).execute();
    await ex
      .insertInto('webhook_endpoint_types')
      .values(types.map((type) => ({ type, endpoint_id: id })))
      .execute();
  }

  /** The deliveries with their events' times, read in one statement (deliveries do not copy them). */
  async function timed(rows: DeliveryRow[]): Promise<TimedDelivery[]> {
    if (rows.length === 0) return [];
    const times = await db
      .selectFrom('outbox')
      .select(['seq', 'created_date'])
      .where('seq', '>=', Math.min(...rows.map((r) => Number(r.event_seq))))
      .where('seq', '<=', Math.max(...rows.map((r) => Number(r.event_seq))))
      .where(
        'seq',
        'in',
        rows.map((r) => Number(r.event_seq)),
      )
      .execute();
    const bySeq = new Map(times.map((t) => [Number(t.seq), t.created_date]));
    return rows.map((r) => ({ ...r, event_time: bySeq.get(Number(r.event_seq)) }));
  }

  function signingOf(r: EndpointRow, now: string): EndpointSigning {
    const secrets = [deps.sealer.open(r.secret)];
    if (r.previous_secret && r.previous_secret_expires_date && r.previous_secret_expires_date > now)
      secrets.push(deps.sealer.open(r.previous_secret));
    return { id: r.id, url: r.url, status: r.status, failingSince: r.failing_since, secrets };
  }

  return {
    settings,
    policy,

    async updateSettings(next: WebhookSettings): Promise<WebhookSettings> {
      const value = JSON.stringify({ allowPrivateNetworks: next.allowPrivateNetworks });
      await db
        .insertInto('settings')
        .values({ key: SETTINGS_KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
      return settings();
    },

    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.selectFrom('webhook_endpoints').selectAll().orderBy('created_date').orderBy('id').execute();
      const types = await typesOf(rows.map((r) => r.id));
      return rows.map((r) => endpointOf(r, types.get(r.id) ?? []));
    },

    get: endpoint,

    async create(
      caller: Caller,
      input: { url: string; description?: string | undefined; eventTypes: string[] },
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const url = await checkUrl(input.url);
      const types = resolveTypes(caller, input.eventTypes);
      const secret = newSecret();
      const now = clock.now().toISOString();
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const count = await trx
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= MAX_ENDPOINTS)
          throw new AppError(
            'RESOURCE_EXHAUSTED',
            'WEBHOOK_ENDPOINT_LIMIT',
            `A store has at most ${MAX_ENDPOINTS} webhook endpoints`,
            { limit: MAX_ENDPOINTS },
          );
        await trx
          .insertInto('webhook_endpoints')
          .values({
            id,
            url,
            description: input.description ?? '',
            status: 'ACTIVE',
            secret: deps.sealer.seal(secret),
            previous_secret: null,
            previous_secret_expires_date: null,
            failing_since: null,
            disabled_reason: null,
            disabled_date: null,
            created_by: JSON.stringify(identityOf(caller)),
            created_date: now,
            updated_date: now,
          })
          .execute();
        await writeTypes(trx, id, types);
      });
      return { endpoint: await endpoint(id), secret };
    },

    async update(
      caller: Caller,
      id: string,
      patch: {
        url?: string | undefined;
        description?: string | undefined;
        eventTypes?: string[] | undefined;
        status?: 'ACTIVE' | 'PAUSED' | undefined;
      },
    ): Promise<WebhookEndpoint> {
      const before = await row(id);
      const url = patch.url === undefined ? undefined : await checkUrl(patch.url);
      const types = patch.eventTypes === undefined ? undefined : resolveTypes(caller, patch.eventTypes);
      const now = clock.now().toISOString();
      let resumed = false;
      await db.transaction().execute(async (trx) => {
        const set: Partial<EndpointRow> = { updated_date: now };
        if (url !== undefined) set.url = url;
        if (patch.description !== undefined) set.description = patch.description;
        let paused = false;
        if (patch.status !== undefined && patch.status !== before.status) {
          set.status = patch.status;
          paused = patch.status === 'PAUSED';
          if (patch.status === 'ACTIVE') {
            // Re-enabled or resumed: a fresh start for its health; what waited goes out now.
            set.failing_since = null;
            set.disabled_reason = null;
            set.disabled_date = null;
            resumed = true;
          }
        }
        const result = await trx.updateTable('webhook_endpoints').set(set).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('endpoint', id);
        if (types) await writeTypes(trx, id, types);
        if (paused) {
          // Its deliveries wait unscheduled, out of the way of every other endpoint's claims.
          await trx
            .updateTable('webhook_deliveries')
            .set({ next_attempt_date: null })
            .where('endpoint_id', '=', id)
            .where('status', '=', 'PENDING')
            .execute();
        }
        if (resumed) {
          await trx
            .updateTable('webhook_deliveries')
            .set({ next_attempt_date: now, run_attempts: 0 })
            .where('endpoint_id', '=', id)
            .where('status', '=', 'PENDING')
            .execute();
        }
      });
      if (resumed) deps.kickWorker();
      return endpoint(id);
    },

    /** Deletes an endpoint with its delivery log. */
    async remove(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw notFound('endpoint', id);
        await trx.deleteFrom('webhook_endpoint_types').where('endpoint_id', '=', id).execute();
        await trx.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      });
    },

    /** A new secret; the old one keeps signing beside it for `graceHours` (deliveries carry both signatures). */
    async rotateSecret(
      id: string,
      graceHours = DEFAULT_GRACE_HOURS,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const before = await row(id);
      const secret = newSecret();
      const now = clock.now();
      const expires = graceHours > 0 ? new Date(now.getTime() + graceHours * 3600_000).toISOString() : null;
      await db
        .updateTable('webhook_endpoints')
        .set({
          secret: deps.sealer.seal(secret),
          previous_secret: expires ? before.secret : null,
          previous_secret_expires_date: expires,
          updated_date: now.toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return { endpoint: await endpoint(id), secret };
    },

    /**
     * Sends a test event to this endpoint only: appended to the outbox (so it is logged and can be replayed like any
     * other) with its one delivery made here (the dispatcher makes none for test events); the worker sends it within
     * milliseconds.
     */
    async sendTest(caller: Caller, id: string): Promise<WebhookDelivery> {
      const target = await row(id);
      const now = clock.now().toISOString();
      const eventId = newId();
      const seq = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('outbox')
          .values({
            id: eventId,
            type: webhookTestEventType,
            // Its own entity: a test goes out at once, never behind a failing delivery's retry.
            entity_id: eventId,
            payload: JSON.stringify({
              endpointId: id,
              url: target.url,
              message: 'A test event from Merx: answer with a 2xx status to acknowledge it.',
            }),
            created_date: now,
            actor: JSON.stringify(identityOf(caller)),
          })
          .returning('seq')
          .executeTakeFirstOrThrow();
        const seq = Number(inserted.seq);
        await trx
          .insertInto('webhook_deliveries')
          .values({
            endpoint_id: id,
            event_seq: seq,
            event_id: eventId,
            event_type: webhookTestEventType,
            entity_id: eventId,
            status: 'PENDING',
            attempts: 0,
            next_attempt_date: now,
            lease_until: null,
            last_attempt_date: null,
            last_status_code: null,
            last_error: null,
            created_date: now,
          })
          .execute();
        return seq;
      });
      deps.kickDispatcher();
      deps.kickWorker();
      return (await this.delivery(deliveryId(id, seq))).delivery;
    },

    /** Every event since `since` that the endpoint receives, delivered again (or for the first time), in order. */
    async replaySince(id: string, since: string): Promise<number> {
      await row(id);
      const now = clock.now().toISOString();
      const from = new Date(since).toISOString();
      const replayed = await db.transaction().execute(async (trx) => {
        await logLastAttempts(trx, { endpointId: id, since: from });
        return makeDeliveries(trx, { endpointId: id, since: from }, now, 'again');
      });
      deps.kickWorker();
      return replayed;
    },

    async deliveries(
      endpointId: string,
      query: {
        status?: string | undefined;
        eventType?: string | undefined;
        entityId?: string | undefined;
        limit?: number | undefined;
        cursor?: string | undefined;
      },
    ): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
      await row(endpointId);
      const limit = query.limit ?? 50;
      let before: number | undefined;
      if (query.cursor !== undefined) {
        if (!/^\d{1,15}$/.test(query.cursor)) throw invalid('cursor', 'is not a cursor of this list');
        before = Number(query.cursor);
      }
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(deliveryColumns)
        .where('endpoint_id', '=', endpointId)
        .$if(before !== undefined, (q) => q.where('event_seq', '<', before as number))
        .$if(query.status !== undefined, (q) => q.where('status', '=', query.status as string))
        .$if(query.eventType !== undefined, (q) => q.where('event_type', '=', query.eventType as string))
        .$if(query.entityId !== undefined, (q) => q.where('entity_id', '=', query.entityId as string))
        .orderBy('event_seq', 'desc')
        .limit(limit + 1)
        .execute();
      const page = await timed(rows.slice(0, limit));
      const last = page[page.length - 1];
      return {
        deliveries: page.map(deliveryOf),
        nextCursor: rows.length > limit && last ? String(last.event_seq) : null,
      };
    },

    async delivery(id: string) {
      const key = parseDeliveryId(id);
      if (!key) throw notFound('delivery', id);
      const r = await db
        .selectFrom('webhook_deliveries')
        .select([...deliveryColumns, 'last_duration_ms', 'last_response_excerpt'])
        .where('endpoint_id', '=', key.endpointId)
        .where('event_seq', '=', key.seq)
        .executeTakeFirst();
      if (!r) throw notFound('delivery', id);
      const [[timedRow], logged, event] = await Promise.all([
        timed([r]),
        db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where('endpoint_id', '=', key.endpointId)
          .where('event_seq', '=', key.seq)
          .orderBy('attempt')
          .execute(),
        db.selectFrom('outbox').selectAll().where('seq', '=', key.seq).executeTakeFirst(),
      ]);
      const attempts = logged.map((a) => ({
        attemptedDate: a.attempted_date,
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        error: a.error,
        responseExcerpt: a.response_excerpt,
      }));
      // The latest attempt is on the delivery's row; a success that was not sent again has no row in the log.
      if (
        r.last_attempt_date !== null &&
        r.last_duration_ms !== null &&
        (logged[logged.length - 1]?.attempt ?? 0) < r.attempts
      ) {
        attempts.push({
          attemptedDate: r.last_attempt_date,
          statusCode: r.last_status_code,
          durationMs: r.last_duration_ms,
          error: r.last_error,
          responseExcerpt: r.last_response_excerpt ?? '',
        });
      }
      return {
        delivery: deliveryOf(timedRow ?? r),
        attempts,
        event: event
          ? {
              id: event.id,
              type: event.type,
              entityId: event.entity_id,
              eventTime: event.created_date,
              identity: identityFromActor(event.actor),
              payload: JSON.parse(event.payload) as Record<string, unknown>,
            }
          : null,
      };
    },

    /** Sends one delivery again now (a succeeded one too: the receiver asked for it). */
    async replay(id: string): Promise<WebhookDelivery> {
      const key = parseDeliveryId(id);
      if (!key) throw notFound('delivery', id);
      const now = clock.now().toISOString();
      const result = await db.transaction().execute(async (trx) => {
        await logLastAttempts(trx, key);
        return trx
          .updateTable('webhook_deliveries')
          .set({ status: 'PENDING', next_attempt_date: now, lease_until: null, run_attempts: 0 })
          .where('endpoint_id', '=', key.endpointId)
          .where('event_seq', '=', key.seq)
          .executeTakeFirst();
      });
      if (Number(result.numUpdatedRows) === 0) throw notFound('delivery', id);
      deps.kickWorker();
      return (await this.delivery(id)).delivery;
    },

    /** The worker's view of endpoints: URL, state and the secrets that sign (opened). */
    async signing(ids: string[]): Promise<Map<string, EndpointSigning>> {
      const now = clock.now().toISOString();
      const rows = ids.length
        ? await db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', ids).execute()
        : [];
      return new Map(rows.map((r) => [r.id, signingOf(r, now)]));
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
