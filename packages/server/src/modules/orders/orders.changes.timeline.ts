import type { ActivityInput } from '@merx/contract';
import { orderActivityTypes } from '@merx/contract';
import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { activityRowOf } from './orders.rows.js';
import type { ActivityRecord, OrderState } from './orders.types.js';

/*
 * The order's timeline: who wrote an activity, new activities in the order they were made, and writing them.
 */

/** The author shown on an activity: the staff account's email or the API key's name; null for anyone else. */
export async function authorOf(db: Kysely<Database>, caller: Caller): Promise<string | null> {
  if (caller.kind === 'staff') {
    const row = await db.selectFrom('identities').select('email').where('id', '=', caller.staffId).executeTakeFirst();
    return row?.email ?? null;
  }
  if (caller.kind === 'apiKey') {
    const row = await db.selectFrom('api_keys').select('name').where('id', '=', caller.keyId).executeTakeFirst();
    return row?.name ?? null;
  }
  return null;
}

/**
 * New ids in ascending order: activities written at the same instant sort by id after their time (`stateOf`), so
 * sorted ids keep them in the order they were made.
 */
export function ascendingIds(n: number): string[] {
  return Array.from({ length: n }, newId).sort();
}

export interface NewActivity {
  type: string;
  data?: Record<string, unknown>;
}

/** Writes `list` as activities of the order at `now` (in the order given) and adds them to the state. */
export async function recordActivities(
  ex: Executor,
  state: OrderState,
  list: readonly NewActivity[],
  author: string | null,
  now: string,
): Promise<ActivityRecord[]> {
  if (list.length === 0) return [];
  const ids = ascendingIds(list.length);
  const records = list.map(
    (a, i): ActivityRecord => ({
      id: ids[i] as string,
      orderId: state.order.id,
      type: a.type,
      author,
      data: a.data ?? {},
      createdDate: now,
      updatedDate: now,
    }),
  );
  await ex.insertInto('order_activities').values(records.map(activityRowOf)).execute();
  state.activities.push(...records);
  return records;
}

/** A merchant comment or custom activity as the timeline keeps it. */
export function manualActivityOf(input: ActivityInput): NewActivity {
  if (input.merchantComment)
    return { type: orderActivityTypes.merchantComment, data: { message: input.merchantComment.message } };
  const custom = input.customActivity as NonNullable<ActivityInput['customActivity']>;
  return {
    type: orderActivityTypes.customActivity,
    data: { type: custom.type, additionalData: custom.additionalData ?? {} },
  };
}

/** JSON text with keys sorted at every depth: two values mean the same when their texts are equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Drops null members at every depth, so stored JSON holds only what was given. */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
  return Object.fromEntries(entries.map(([k, v]) => [k, withoutNulls(v)])) as T;
}
