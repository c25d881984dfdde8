import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import type { Executor } from '@merx/db';
import { sql } from 'kysely';

/*
 * The reads behind the recommendation algorithms. Order lines live in the `lines` JSON of each order (there is no
 * order-lines table), so the order-based algorithms read a bounded window of the newest orders and count in code:
 * the cost of a request stays the same however many orders the store has.
 */

/** How many of the newest orders the order-based algorithms read. */
export const ORDER_WINDOW = 5000;

/** Candidates asked about at once when keeping only visible products. */
const CHUNK = 200;

interface LineRef {
  productId?: unknown;
  quantity?: unknown;
  refundedQuantity?: unknown;
}

/** The product ids and units of an order's `lines` JSON (malformed lines are skipped). */
function linesOf(json: string): Array<{ productId: string; units: number }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return (parsed as LineRef[]).flatMap((l) => {
    if (typeof l?.productId !== 'string') return [];
    const quantity = typeof l.quantity === 'number' ? l.quantity : 0;
    const refunded = typeof l.refundedQuantity === 'number' ? l.refundedQuantity : 0;
    return [{ productId: l.productId, units: Math.max(0, quantity - refunded) }];
  });
}

/** `%"productId":"<id>"%` with LIKE's wildcards escaped: the stored JSON as JSON.stringify writes it. */
function linePattern(productId: string): string {
  const needle = `"productId":${JSON.stringify(productId)}`.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return `%${needle}%`;
}

/** Sorts scores best first: by the first number, then the second, then id (a stable answer). */
function ranked(scores: Map<string, [number, number]>): string[] {
  return [...scores.entries()]
    .sort(([a, x], [b, y]) => y[0] - x[0] || y[1] - x[1] || (a < b ? -1 : a > b ? 1 : 0))
    .map(([id]) => id);
}

export interface RecommendationRepo {
  /** Which of `ids` are products of the catalog (visible or not). */
  existing(ids: readonly string[]): Promise<Set<string>>;
  /** Visible products in the same orders as `seeds` (not canceled or rejected), in most orders first. */
  boughtTogether(seeds: readonly string[], limit: number): Promise<string[]>;
  /** Visible products in stock sharing the most visible collections with `seeds` ("All Products" aside). */
  sameCollections(seeds: readonly string[], limit: number): Promise<string[]>;
  /** Visible products with the most units sold in approved orders, `exclude` aside. */
  bestSellers(exclude: readonly string[], limit: number): Promise<string[]>;
}

export function createRecommendationRepo(db: Executor): RecommendationRepo {
  /** The first `limit` of `ids` (best first) that are visible products in stock, in the same order. */
  async function visibleFirst(ids: readonly string[], limit: number): Promise<string[]> {
    const out: string[] = [];
    for (let at = 0; at < ids.length && out.length < limit; at += CHUNK) {
      const chunk = ids.slice(at, at + CHUNK);
      const rows = await db
        .selectFrom('products')
        .select('id')
        .where('id', 'in', chunk)
        .where('visible', '=', sql.lit(1))
        // A recommendation is something the shopper can buy now: sold-out products are left out.
        .where('in_stock', '=', sql.lit(1))
        .execute();
      const visible = new Set(rows.map((r) => r.id));
      for (const id of chunk) if (visible.has(id) && out.length < limit) out.push(id);
    }
    return out;
  }

  /** The newest orders of the window, as a derived table (index `orders_created`). */
  const recentOrders = () =>
    db
      .selectFrom('orders')
      .select(['lines', 'status'])
      .orderBy('created_date', 'desc')
      .orderBy('id', 'desc')
      .limit(ORDER_WINDOW)
      .as('recent');

  return {
    async existing(ids) {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async boughtTogether(seeds, limit) {
      if (seeds.length === 0) return [];
      // LIKE only narrows the rows read; the parsed lines decide (SQLite's LIKE ignores case, ids could hold '%').
      const rows = await db
        .selectFrom(recentOrders())
        .select('recent.lines')
        .where('recent.status', 'not in', ['CANCELED', 'REJECTED'])
        .where((eb) =>
          eb.or(seeds.map((id) => sql<boolean>`${eb.ref('recent.lines')} like ${linePattern(id)} escape '\\'`)),
        )
        .execute();
      const seedSet = new Set(seeds);
      const scores = new Map<string, [number, number]>();
      for (const row of rows) {
        const lines = linesOf(row.lines);
        if (!lines.some((l) => seedSet.has(l.productId))) continue;
        const units = new Map<string, number>();
        for (const l of lines)
          if (!seedSet.has(l.productId)) units.set(l.productId, (units.get(l.productId) ?? 0) + l.units);
        for (const [id, n] of units) {
          const s = scores.get(id) ?? [0, 0];
          scores.set(id, [s[0] + 1, s[1] + n]);
        }
      }
      return visibleFirst(ranked(scores), limit);
    },

    async sameCollections(seeds, limit) {
      if (seeds.length === 0) return [];
      const rows = await db
        .selectFrom('collection_products as seed')
        .innerJoin('collections', 'collections.id', 'seed.collection_id')
        .innerJoin('collection_products as other', 'other.collection_id', 'seed.collection_id')
        .innerJoin('products', 'products.id', 'other.product_id')
        .select([
          'other.product_id as id',
          (eb) => eb.fn.count<number | string>('other.collection_id').distinct().as('shared'),
          (eb) => eb.fn.min<number | string>('other.position').as('first_position'),
        ])
        .where('seed.product_id', 'in', seeds)
        .where('other.product_id', 'not in', seeds)
        .where('collections.id', '<>', ALL_PRODUCTS_COLLECTION_ID)
        .where('collections.visible', '=', sql.lit(1))
        .where('products.visible', '=', sql.lit(1))
        .where('products.in_stock', '=', sql.lit(1))
        .groupBy('other.product_id')
        .orderBy('shared', 'desc')
        .orderBy('first_position', 'asc')
        .orderBy('other.product_id', 'asc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    async bestSellers(exclude, limit) {
      // Index `orders_status` (status, created_date): the newest approved orders of the window.
      const rows = await db
        .selectFrom('orders')
        .select('lines')
        .where('status', '=', 'APPROVED')
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(ORDER_WINDOW)
        .execute();
      const skip = new Set(exclude);
      const scores = new Map<string, [number, number]>();
      for (const row of rows) {
        for (const l of linesOf(row.lines)) {
          if (skip.has(l.productId)) continue;
          const s = scores.get(l.productId) ?? [0, 0];
          scores.set(l.productId, [s[0] + l.units, s[1] + 1]);
        }
      }
      // A product whose every unit was refunded sold nothing.
      for (const [id, s] of scores) if (s[0] === 0) scores.delete(id);
      return visibleFirst(ranked(scores), limit);
    },
  };
}
