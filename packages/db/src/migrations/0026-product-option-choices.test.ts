import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';
import { legacyProductRow } from './products.test-kit.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0025-customizations' });
});
afterAll(async () => {
  await merx.destroy();
});

const variant = (productId: string, id: string, choices: Record<string, string>, visible = 1) => ({
  product_id: productId,
  id,
  position: 0,
  choices: JSON.stringify(choices),
  price: null,
  cost: null,
  weight: null,
  sku: null,
  visible,
  track_quantity: 0,
  quantity: null,
  in_stock: 1,
  created_date: '2026-11-26T00:00:00.000Z',
  updated_date: '2026-11-26T00:00:00.000Z',
});

describe('migration 0026: product option choices', () => {
  it('indexes the choices of the visible variants already stored, once per product', async () => {
    await merx.db
      .insertInto('products')
      .values([
        legacyProductRow({ id: 'p-1', numericId: 1, name: 'Shirt' }),
        legacyProductRow({ id: 'p-2', numericId: 2, name: 'Mug' }),
      ])
      .execute();
    await merx.db
      .insertInto('product_variants')
      .values([
        variant('p-1', 'v-1', { Size: 'S', Color: 'Red' }),
        variant('p-1', 'v-2', { Size: 'M', Color: 'Red' }),
        variant('p-1', 'v-3', { Size: 'L', Color: 'Red' }, 0),
        variant('p-2', 'v-4', {}),
      ])
      .execute();
    expect(await merx.migrateToLatest()).toContain('0026-product-option-choices');
    const rows = await merx.db.selectFrom('product_option_choices').selectAll().orderBy('choice').execute();
    expect(rows).toEqual([
      { product_id: 'p-1', choice: 'Color: Red' },
      { product_id: 'p-1', choice: 'Size: M' },
      { product_id: 'p-1', choice: 'Size: S' },
    ]);
    // A product's rows go with it.
    await merx.db.deleteFrom('products').where('id', '=', 'p-1').execute();
    expect(await merx.db.selectFrom('product_option_choices').selectAll().execute()).toEqual([]);
  });
});
