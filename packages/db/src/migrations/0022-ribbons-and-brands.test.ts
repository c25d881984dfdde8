import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';
import { legacyProductRow } from './products.test-kit.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0021-redirect-hand-off' });
});
afterAll(async () => {
  await merx.destroy();
});

const product = (n: number, ribbon: string | null, brand: string | null) =>
  legacyProductRow({
    id: `p-${n}`,
    numericId: n,
    name: `Product ${n}`,
    ribbon,
    brand,
    createdDate: `2026-11-0${n}T00:00:00.000Z`,
  });

describe('migration 0022: ribbons and brands', () => {
  it('makes one entity per name (whatever its case) and points every product at it', async () => {
    await merx.db
      .insertInto('products')
      .values([
        product(1, 'Sale', 'Acme'),
        product(2, 'SALE', null),
        product(3, 'New', 'acme'),
        product(4, '   ', 'Zeta'),
        product(5, null, null),
      ])
      .execute();
    expect(await merx.migrateToLatest()).toContain('0022-ribbons-and-brands');

    const ribbons = await merx.db.selectFrom('ribbons').selectAll().orderBy('name').execute();
    expect(ribbons.map((r) => [r.name, r.name_key, r.created_date, Number(r.revision)])).toEqual([
      ['New', 'new', '2026-11-03T00:00:00.000Z', 1],
      ['Sale', 'sale', '2026-11-01T00:00:00.000Z', 1],
    ]);
    const brands = await merx.db.selectFrom('brands').selectAll().orderBy('name').execute();
    expect(brands.map((b) => b.name)).toEqual(['Acme', 'Zeta']);

    const rows = await merx.db
      .selectFrom('products')
      .select(['id', 'ribbon', 'ribbon_id', 'brand', 'brand_id'])
      .orderBy('id')
      .execute();
    const ribbonId = (name: string) => ribbons.find((r) => r.name === name)?.id;
    const brandId = (name: string) => brands.find((b) => b.name === name)?.id;
    expect(rows).toEqual([
      { id: 'p-1', ribbon: 'Sale', ribbon_id: ribbonId('Sale'), brand: 'Acme', brand_id: brandId('Acme') },
      { id: 'p-2', ribbon: 'Sale', ribbon_id: ribbonId('Sale'), brand: null, brand_id: null },
      { id: 'p-3', ribbon: 'New', ribbon_id: ribbonId('New'), brand: 'Acme', brand_id: brandId('Acme') },
      { id: 'p-4', ribbon: null, ribbon_id: null, brand: 'Zeta', brand_id: brandId('Zeta') },
      { id: 'p-5', ribbon: null, ribbon_id: null, brand: null, brand_id: null },
    ]);
  });

  it('keeps names unique whatever their case', async () => {
    const row = { name: 'sale', name_key: 'sale', created_date: 'x', updated_date: 'x', revision: 1 };
    await expect(
      merx.db
        .insertInto('ribbons')
        .values({ id: 'r-x', ...row })
        .execute(),
    ).rejects.toThrow();
  });
});
