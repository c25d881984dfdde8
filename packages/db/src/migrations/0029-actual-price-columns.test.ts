import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';
import { legacyProductRow } from './products.test-kit.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0028-preorder' });
});
afterAll(async () => {
  await merx.destroy();
});

const product = (id: string, n: number, discount: [string, number], prices: [number, number]) => ({
  ...legacyProductRow({ id, numericId: n, name: id }),
  discount_type: discount[0],
  discount_value: discount[1],
  price_min: prices[0],
  price_max: prices[1],
});

interface Paid {
  id: string;
  actual_min: number | string;
  actual_max: number | string;
}
const read = async () =>
  (await sql<Paid>`select id, actual_min, actual_max from products order by id`.execute(merx.db)).rows.map((r) => [
    r.id,
    Number(r.actual_min),
    Number(r.actual_max),
  ]);

describe('migration 0029: actual price columns', () => {
  it('computes what a buyer pays for the products already stored, and follows every later write', async () => {
    await merx.db
      .insertInto('products')
      .values([
        product('a-none', 1, ['NONE', 0], [1000, 1500]),
        product('b-percent', 2, ['PERCENT', 12.5], [1005, 2000]),
        product('c-amount', 3, ['AMOUNT', 300], [1000, 2000]),
        product('d-over', 4, ['AMOUNT', 5000], [1000, 2000]),
      ] as never)
      .execute();
    expect(await merx.migrateToLatest()).toContain('0029-actual-price-columns');
    // 12.5 % of 1005 is 125.625, rounded to 126; of 2000, 250. An amount off never goes below 0.
    expect(await read()).toEqual([
      ['a-none', 1000, 1500],
      ['b-percent', 879, 1750],
      ['c-amount', 700, 1700],
      ['d-over', 0, 0],
    ]);
    await sql`update products set discount_type = 'PERCENT', discount_value = 50, price_min = 801 where id = 'a-none'`.execute(
      merx.db,
    );
    // 50 % of 801 is 400.5: 401 off, as the catalog's discountedPrice rounds the discount.
    expect((await read())[0]).toEqual(['a-none', 400, 750]);
    // The visible catalog's cheapest and dearest: what a price-range facet asks.
    const range = await sql<{ lo: number; hi: number }>`
      select min(actual_min) as lo, max(actual_max) as hi from products where visible = 1`.execute(merx.db);
    expect([Number(range.rows[0]?.lo), Number(range.rows[0]?.hi)]).toEqual([0, 1750]);
  });
});
