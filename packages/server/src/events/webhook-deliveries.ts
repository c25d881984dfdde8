import { type EventIdentity, webhookTestEventType } from '@merx/contract';
import type { Executor } from '@merx/db';
import { sql } from 'kysely';
import type { PreparedRun } from '../lib/prepared.js';
import { unknownIdentity } from './identity.js';

/** An outbox row's actor column as the envelope's identity. */
export function identityFromActor(actor: string | null): EventIdentity {
  return actor === null ? unknownIdentity : (JSON.parse(actor) as EventIdentity);
}

/**
 * Makes webhook deliveries, due `now`, for the outbox events `which` picks (reading only the outbox columns stored
 * before the payload: on SQLite a large payload spills onto pages of its own, which a later column would cost): one per event and endpoint that receives
 * its type (or `*`) and is not disabled; never for test events (a test's one delivery is made with it). An existing
 * delivery is left alone (`keep`) or scheduled again (`again`, a replay). Answers how many were made or scheduled.
 */
export async function makeDeliveries(
  ex: Executor,
  which: { seqs: number[] } | { endpointId: string; since: string },
  now: string,
  existing: 'keep' | 'again',
  prepared?: PreparedRun,
): Promise<number> {
  const build = (
    pick: { range: [unknown, unknown]; list?: number[] } | { endpointId: string; since: string },
    at: unknown,
  ) =>
    ex
      .insertInto('webhook_deliveries')
      .columns([
        'endpoint_id',
        'event_seq',
        'event_id',
        'event_type',
        'entity_id',
        'status',
        'attempts',
        'next_attempt_date',
        'created_date',
      ])
      .expression((eb) => {
        let q = eb
          .selectFrom('outbox as o')
          .innerJoin('webhook_endpoint_types as t', (join) =>
            join.on((on) => on.or([on('t.type', '=', on.ref('o.type')), on('t.type', '=', '*')])),
          )
          .innerJoin('webhook_endpoints as e', 'e.id', 't.endpoint_id')
          .where('o.type', '<>', webhookTestEventType);
        if ('range' in pick) {
          // The range keeps SQLite on the key whatever its statistics say (they may be from when the outbox was
          // small, and a scan of a large outbox costs milliseconds); the list, when the range has gaps, picks.
          q = q
            .where('o.seq', '>=', pick.range[0] as number)
            .where('o.seq', '<=', pick.range[1] as number)
            .where('e.status', '<>', 'DISABLED');
          if (pick.list) q = q.where('o.seq', 'in', pick.list);
        } else {
          q = q.where('t.endpoint_id', '=', pick.endpointId).where('o.created_date', '>=', pick.since);
        }
        return q.select((s) => [
          't.endpoint_id',
          'o.seq',
          'o.id',
          'o.type',
          'o.entity_id',
          sql.lit('PENDING').as('status'),
          sql.lit(0).as('attempts'),
          // Due now for an active endpoint; a paused or disabled one's wait unscheduled (outside the queue's index)
          // until it is resumed.
          s
            .case()
            .when('e.status', '=', 'ACTIVE')
            .then(at as string)
            .else(null)
            .end()
            .as('next_attempt_date'),
          s.val(at as string).as('created_date_now'),
        ]);
      })
      .onConflict((oc) =>
        existing === 'keep'
          ? oc.doNothing()
          : oc.columns(['endpoint_id', 'event_seq']).doUpdateSet({
              status: 'PENDING',
              next_attempt_date: at as string,
              lease_until: null,
              run_attempts: 0,
            }),
      );
  if ('seqs' in which) {
    const min = Math.min(...which.seqs);
    const max = Math.max(...which.seqs);
    // A dispatcher's claim is usually a run of consecutive events: one statement, prepared once, for every claim.
    if (prepared && max - min + 1 === which.seqs.length) {
      const rows = await prepared<{ n: number }>(
        ex,
        `fan-out:${existing}`,
        (slot) => build({ range: [slot('min'), slot('max')] }, slot('now')).returning(sql.lit(1).as('n')),
        { min, max, now },
      );
      return rows.length;
    }
    const result = await build({ range: [min, max], list: which.seqs }, now).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  const result = await build(which, now).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Before deliveries are sent again (a replay): logs the latest attempt of each that succeeded, which only its row
 * holds (the worker logs failed attempts as they happen, a first success only on the delivery's row). Those of one
 * delivery, or of every event since a time, for one endpoint.
 */
export async function logLastAttempts(
  ex: Executor,
  which: { endpointId: string; seq: number } | { endpointId: string; since: string },
): Promise<void> {
  await ex
    .insertInto('webhook_attempts')
    .columns([
      'endpoint_id',
      'event_seq',
      'attempt',
      'attempted_date',
      'status_code',
      'duration_ms',
      'error',
      'response_excerpt',
    ])
    .expression((eb) =>
      eb
        .selectFrom('webhook_deliveries as d')
        .select((s) => [
          'd.endpoint_id',
          'd.event_seq',
          'd.attempts',
          s.fn.coalesce('d.last_attempt_date', 'd.created_date').as('attempted_date'),
          'd.last_status_code',
          s.fn.coalesce('d.last_duration_ms', sql.lit(0)).as('duration_ms'),
          'd.last_error',
          s.fn.coalesce('d.last_response_excerpt', sql.lit('')).as('response_excerpt'),
        ])
        .where('d.endpoint_id', '=', which.endpointId)
        .where('d.status', '=', 'SUCCEEDED')
        .where('d.last_duration_ms', 'is not', null)
        .where((w) =>
          'seq' in which
            ? w('d.event_seq', '=', which.seq)
            : w('d.event_seq', 'in', w.selectFrom('outbox').select('seq').where('created_date', '>=', which.since)),
        ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
