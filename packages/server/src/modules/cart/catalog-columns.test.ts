import { testEngine } from '@merx/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CartKit, startCartKit } from './cart-test-kit.js';
import { catalogColumns, idListValue } from './catalog-columns.js';

/*
 * The catalog columns of every cart and checkout read and take: the list of product ids must drive the joins, each
 * product, variant and membership found by its key, however small the catalog looks to the planner.
 */

let kit: CartKit;
const ids: string[] = [];

beforeAll(async () => {
  kit = await startCartKit();
  for (let i = 0; i < 20; i++) {
    const p = await kit.createProduct({ name: `Plan product ${i}`, priceData: { price: 10 + i } });
    ids.push(p.id);
  }
  // Statistics as a store has them after a restart (SQLite gathers them when it opens the file).
  if (kit.server.merx.dialect === 'sqlite') await sql`analyze`.execute(kit.server.merx.db);
});
afterAll(async () => {
  await kit.close();
});

function read(wanted: string[]) {
  const { db, dialect } = kit.server.merx;
  const columns = catalogColumns(dialect, idListValue(wanted));
  return db.selectNoFrom([columns.products, columns.variants, columns.revisions, columns.memberships]);
}

describe('catalog columns', () => {
  it('read the full rows of exactly the products asked for', async () => {
    const wanted = [ids[3] as string, ids[7] as string];
    const row = (await read(wanted).executeTakeFirstOrThrow()) as Record<string, unknown>;
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Array<Record<string, unknown>>;
    expect(
      parse(row.products_json)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...wanted].sort());
    expect(new Set(parse(row.variants_json).map((v) => v.product_id))).toEqual(new Set(wanted));
    expect(parse(row.revisions_json)).toHaveLength(2);
  });

  it('find each product by its key from the list, never by hashing or scanning the catalog', async () => {
    const compiled = read([ids[0] as string, ids[1] as string]).compile();
    const { rows } = await kit.server.merx.db.executeQuery<Record<string, string>>({
      ...compiled,
      sql: `explain ${testEngine() === 'sqlite' ? 'query plan ' : ''}${compiled.sql}`,
    });
    const lines = rows.map((r) => r.detail ?? r['QUERY PLAN'] ?? '');
    if (testEngine() === 'sqlite') {
      expect(lines.some((d) => /SEARCH p USING/.test(d))).toBe(true);
      expect(lines.filter((d) => /^SCAN (p|v|m|products|product_variants|collection_products)\b/.test(d))).toEqual([]);
    } else {
      // Each table is reached in a nested loop over the list (a LATERAL subquery): a hash join would read it whole.
      expect(lines.filter((d) => /Hash Join|Merge Join/.test(d))).toEqual([]);
      expect(lines.filter((d) => /Nested Loop/.test(d)).length).toBeGreaterThanOrEqual(4);
    }
  });
});
