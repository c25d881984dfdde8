import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';
import { legacyProductRow } from './products.test-kit.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0030-webhooks' });
});
afterAll(async () => {
  await merx.destroy();
});

const collection = (id: string) => ({
  id,
  slug: id,
  name: id,
  description: null,
  visible: 1,
  media: '[]',
  created_date: '2026-11-01T00:00:00.000Z',
  updated_date: '2026-11-01T00:00:00.000Z',
  revision: 1,
});

describe('migration 0031: facet tallies', () => {
  it('counts the visible products already stored by brand, choice and category, over the catalog and per category', async () => {
    const db = merx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto('collections')
      .values([collection('kitchen'), collection('garden')])
      .execute();
    await db
      .insertInto('products')
      .values([
        legacyProductRow({ id: 'p1', numericId: 1, name: 'p1', brand: 'Acme' }),
        legacyProductRow({ id: 'p2', numericId: 2, name: 'p2', brand: 'Acme' }),
        legacyProductRow({ id: 'p3', numericId: 3, name: 'p3' }),
        { ...legacyProductRow({ id: 'hidden', numericId: 4, name: 'hidden', brand: 'Acme' }), visible: 0 },
      ])
      .execute();
    await db
      .insertInto('product_option_choices')
      .values([
        { product_id: 'p1', choice: 'Size: M' },
        { product_id: 'p3', choice: 'Size: M' },
        { product_id: 'hidden', choice: 'Size: M' },
      ])
      .execute();
    await db
      .insertInto('collection_products')
      .values([
        { collection_id: 'kitchen', product_id: 'p1', position: 1 },
        { collection_id: 'kitchen', product_id: 'hidden', position: 2 },
        { collection_id: 'garden', product_id: 'p3', position: 1 },
      ])
      .execute();
    expect(await merx.migrateToLatest()).toContain('0031-facet-tallies');
    const rows = await db.selectFrom('facet_tallies').selectAll().execute();
    const tallies = Object.fromEntries(rows.map((r) => [`${r['scope']}|${r['facet']}|${r['value']}`, Number(r['n'])]));
    expect(tallies).toEqual({
      '|all|': 3,
      'kitchen|all|': 1,
      'garden|all|': 1,
      '|brand|Acme': 2,
      '|choice|Size: M': 2,
      '|category|kitchen': 1,
      '|category|garden': 1,
      'kitchen|brand|Acme': 1,
      'kitchen|choice|Size: M': 1,
      'kitchen|category|kitchen': 1,
      'garden|choice|Size: M': 1,
      'garden|category|garden': 1,
    });
    const keys = await db.selectFrom('product_facets').selectAll().orderBy('product_id').execute();
    expect(keys.map((k) => k['product_id'])).toEqual(['p1', 'p2', 'p3']);
  });
});
