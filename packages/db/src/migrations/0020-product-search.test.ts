import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSearch, searchTerms } from '../query/search.js';
import { createTestDb, type TestDb } from '../testing.js';
import { legacyProductRow } from './products.test-kit.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0019-order-timers' });
});
afterAll(async () => {
  await merx.destroy();
});

const product = (id: string, numericId: number, name: string, description: string, brand: string | null) =>
  legacyProductRow({ id, numericId, name, description, brand });

/** Ids of the products a search finds, best first. */
async function find(expression: string): Promise<string[]> {
  const plan = productSearch(merx.dialect, searchTerms(expression));
  const rows = await plan
    .page(merx.db.selectFrom('products').select('products.id'))
    .orderBy(plan.rank.expr, plan.rank.direction)
    .orderBy('products.id')
    .execute();
  return rows.map((r) => r.id);
}

describe('migration 0020: product search', () => {
  it('indexes the products already there (name, description as text, brand), and keeps the index in step', async () => {
    await merx.db
      .insertInto('products')
      .values([
        product('p-1', 1, 'Harbor Fleece Hoodie', '<p>Warm <strong>fleece</strong> for cold mornings</p>', null),
        product('p-2', 2, 'Crème Brûlée Candle', '<p>Smells like dessert &amp; vanilla</p>', 'Lumen'),
        product('p-3', 3, 'Linen Shirt', '<p>Breathable <em>linen</em></p>', null),
      ])
      .execute();
    expect(await merx.migrateToLatest()).toContain('0020-product-search');
    expect(await find('hoodies')).toEqual(['p-1']);
    expect(await find('creme brulee')).toEqual(['p-2']);
    expect(await find('lumen vanilla')).toEqual(['p-2']);
    expect(await find('strong')).toEqual([]);
    expect(await find('fleece')).toEqual(['p-1']);

    // Writes after the migration: the columns the products repo fills, and the index follows them.
    await merx.db
      .updateTable('products')
      .set({ search_name: 'woolen hoodie', search_text: 'fleece lined' })
      .where('id', '=', 'p-3')
      .execute();
    expect(await find('linen')).toEqual([]);
    expect((await find('hoodie')).sort()).toEqual(['p-1', 'p-3']);
    await merx.db.deleteFrom('products').where('id', '=', 'p-1').execute();
    expect(await find('hoodie')).toEqual(['p-3']);
    await merx.db
      .insertInto('products')
      .values({
        ...product('p-4', 4, 'Rain Shell', '', null),
        search_name: 'rain shell',
        search_text: 'waterproof',
      })
      .execute();
    expect(await find('waterproof')).toEqual(['p-4']);
    // The generated column or the FTS table holds one entry per product.
    const indexed =
      merx.dialect === 'sqlite'
        ? await sql<{ n: number }>`select count(*) as n from product_search`.execute(merx.db)
        : await sql<{ n: number }>`select count(*) as n from products where search_vector is not null`.execute(merx.db);
    expect(Number(indexed.rows[0]?.n)).toBe(3);
  });
});
