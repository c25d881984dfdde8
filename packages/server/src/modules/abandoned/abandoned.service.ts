import {
  type AbandonedCheckout,
  type AbandonedCheckoutAnalyticsRequest,
  abandonedCheckoutErrorCodes,
  MAX_ABANDONED_CHECKOUT_ACTIVITIES,
  type SearchAbandonedCheckoutsRequest,
} from '@merx/contract';
import { runQuery, withTransaction } from '@merx/db';
import { AppError, currencyDigits, notFound, parseQuery } from '@merx/domain';
import { sql } from 'kysely';
import { startOfLocalDay } from '../../lib/time-zone.js';
import { checkoutPageUrl } from '../checkout/checkout.mapper.js';
import { pagingMetadata } from '../inventory/inventory.changes.js';
import type { ModuleDeps } from '../module.js';
import { fromMinorUnits } from '../shipping/decimal.js';
import { type AbandonedActivity, type AbandonedRow, abandonedWire, activitiesOf, DELETED } from './abandoned.mapper.js';
import { abandonedQuerySpec } from './abandoned.query.js';

const DAY = 86_400_000;

export const abandonedNotFound = (abandonedCheckoutId: string) =>
  notFound(abandonedCheckoutErrorCodes.notFound, 'Abandoned checkout not found', { abandonedCheckoutId });

/** `like` pattern matching `text` anywhere, with the pattern characters escaped (escape character `\`). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Staff reads and changes of abandoned checkouts (all behind `orders:read` / `orders:write`). */
export function createAbandonedService(deps: ModuleDeps) {
  const wire = (row: AbandonedRow) => abandonedWire(row, { locale: deps.store().locale, publicUrl: deps.publicUrl });
  const visible = () => deps.db.selectFrom('abandoned_checkouts').selectAll().where('status', '!=', DELETED);

  async function find(id: string): Promise<AbandonedRow> {
    const row = await visible().where('id', '=', id).executeTakeFirst();
    if (!row) throw abandonedNotFound(id);
    return row;
  }

  /** One page of abandoned checkouts for a platform query object (`path` names it in violations). */
  async function page(input: unknown, path: string, emailContains?: string | null) {
    const spec = abandonedQuerySpec(10 ** currencyDigits(deps.store().currency));
    const query = parseQuery(input, spec, { path });
    let base = visible();
    if (emailContains)
      base = base.where(sql<boolean>`lower(buyer_email) like ${containing(emailContains)} escape '\\'`);
    const result = await runQuery<AbandonedRow>({ base, spec, query, cursorSecret: deps.cursorSecret });
    return { abandonedCheckouts: result.rows.map(wire), metadata: pagingMetadata(result) };
  }

  /** Tombstones the visible rows among `ids` (see DELETED); answers the ids it deleted. */
  async function tombstone(ids: readonly string[]): Promise<Set<string>> {
    const now = deps.clock.now().toISOString();
    const rows = await deps.db
      .updateTable('abandoned_checkouts')
      .set({ status: DELETED, buyer_email: null, activities: '[]', updated_date: now })
      .where('id', 'in', [...ids])
      .where('status', '!=', DELETED)
      .returning('id')
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  return {
    async get(id: string): Promise<AbandonedCheckout> {
      return wire(await find(id));
    },

    /** `/abandoned-checkout/query`: filter, sort, offset (or cursor) paging; newest first by default. */
    async query(input: unknown) {
      return page(input, 'query');
    },

    /** `/abandoned-checkout/search`: the same, with the free-text expression looked for in the buyer's email. */
    async search(input: SearchAbandonedCheckoutsRequest) {
      const { search: text, ...query } = input.search ?? {};
      const { abandonedCheckouts, metadata } = await page(query, 'search', text?.expression);
      return { abandonedCheckouts, pagingMetadata: metadata };
    },

    async delete(id: string): Promise<void> {
      if (!(await tombstone([id])).has(id)) throw abandonedNotFound(id);
    },

    /** Deletes each id; unknown (or already deleted) ids are reported as failures, the others still deleted. */
    async bulkDelete(ids: readonly string[]) {
      const deleted = await tombstone(ids);
      const results = ids.map((id, originalIndex) => ({
        itemMetadata: deleted.has(id)
          ? { id, originalIndex, success: true }
          : {
              id,
              originalIndex,
              success: false,
              error: {
                code: abandonedCheckoutErrorCodes.notFound,
                description: 'Abandoned checkout not found',
                data: { abandonedCheckoutId: id },
              },
            },
      }));
      const successes = results.filter((r) => r.itemMetadata.success).length;
      return {
        results,
        bulkActionMetadata: {
          totalSuccesses: successes,
          totalFailures: results.length - successes,
          undetailedFailures: 0,
        },
      };
    },

    /** Adds an automation activity; refuses once the abandoned checkout holds the most it keeps. */
    async addActivity(id: string, type: AbandonedActivity['type']): Promise<AbandonedCheckout> {
      return withTransaction(deps.db, async (uow) => {
        let read = uow.trx
          .selectFrom('abandoned_checkouts')
          .selectAll()
          .where('id', '=', id)
          .where('status', '!=', DELETED);
        if (deps.dialect === 'postgres') read = read.forUpdate();
        const row = await read.executeTakeFirst();
        if (!row) throw abandonedNotFound(id);
        const activities = activitiesOf(row);
        if (activities.length >= MAX_ABANDONED_CHECKOUT_ACTIVITIES)
          throw new AppError(
            'FAILED_PRECONDITION',
            abandonedCheckoutErrorCodes.activitiesFull,
            `An abandoned checkout keeps at most ${MAX_ABANDONED_CHECKOUT_ACTIVITIES} activities`,
            { abandonedCheckoutId: id, max: MAX_ABANDONED_CHECKOUT_ACTIVITIES },
          );
        const now = deps.clock.now().toISOString();
        const next = {
          ...row,
          activities: JSON.stringify([...activities, { type, createdDate: now }]),
          updated_date: now,
        };
        await uow.trx
          .updateTable('abandoned_checkouts')
          .set({ activities: next.activities, updated_date: now })
          .where('id', '=', id)
          .execute();
        return wire(next);
      });
    },

    /** Where the buyer finishes the checkout: the storefront's checkout page. */
    async redirectUrl(id: string): Promise<string> {
      return checkoutPageUrl(deps.publicUrl, (await find(id)).checkout_id);
    },

    /**
     * Recoverable (still ABANDONED) and recovered checkouts abandoned on the days from `startDate` to `endDate` (both
     * included; UTC days, or local days of `timeZone`), in the store currency; only the metrics asked for (all when
     * none are).
     */
    async analytics(input: AbandonedCheckoutAnalyticsRequest) {
      const { currency } = deps.store();
      const zone = input.timeZone ?? 'UTC';
      const from = new Date(startOfLocalDay(zone, input.startDate)).toISOString();
      const after = new Date(Date.parse(`${input.endDate}T00:00:00.000Z`) + DAY).toISOString().slice(0, 10);
      const to = new Date(startOfLocalDay(zone, after)).toISOString();
      const statuses = input.statuses?.length ? input.statuses : ['ABANDONED', 'RECOVERED'];
      const rows = await deps.db
        .selectFrom('abandoned_checkouts')
        .select((eb) => [
          'status',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>('total_minor').as('total'),
        ])
        .where('created_date', '>=', from)
        .where('created_date', '<', to)
        .where('currency', '=', currency)
        .where('status', 'in', statuses)
        .groupBy('status')
        .execute();
      const of = (status: string) => {
        const row = rows.find((r) => r.status === status);
        return { n: Number(row?.n ?? 0), total: Number(row?.total ?? 0) };
      };
      const open = of('ABANDONED');
      const recovered = of('RECOVERED');
      const money = (minor: number) => fromMinorUnits(minor, currency);
      const all = {
        recoverableValue: money(open.total),
        recoverableCheckoutCount: open.n,
        averageRecoverableCheckoutValue: money(open.n ? Math.round(open.total / open.n) : 0),
        recoveredValue: money(recovered.total),
        recoveredCheckoutCount: recovered.n,
        recoveryRate: open.n + recovered.n ? recovered.n / (open.n + recovered.n) : 0,
      };
      const wanted = input.metrics?.length
        ? new Set(input.metrics.map((m) => m.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase())))
        : null;
      return {
        currency,
        ...Object.fromEntries(Object.entries(all).filter(([key]) => !wanted || wanted.has(key))),
      };
    },
  };
}

export type AbandonedService = ReturnType<typeof createAbandonedService>;
