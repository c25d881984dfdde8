import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PRODUCTS_COLLECTION_ID, DEFAULT_VARIANT_ID } from '@merx/contract';
import type { MerxDb } from '@merx/db';
import { createTestDb } from '@merx/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type MerxApp } from '../app.js';
import { loadConfig } from '../config.js';
import { seedLargeCatalog, uuidV7 } from './large-catalog.js';

const PRODUCTS = 500;
const fixedNow = new Date('2026-01-15T12:00:00.000Z');

describe('seedLargeCatalog', () => {
  let merx: MerxDb;
  let app: MerxApp;
  let dataDir: string;
  let result: { products: number; collections: number };
  const progress: number[] = [];

  beforeAll(async () => {
    merx = await createTestDb();
    // Seeded without the app first: the seed must create the All Products collection itself.
    result = await seedLargeCatalog(merx, {
      products: PRODUCTS,
      collections: 8,
      clock: { now: () => fixedNow },
      onProgress: (done) => progress.push(done),
    });
    dataDir = mkdtempSync(join(tmpdir(), 'merx-data-'));
    // From loadConfig, so the test keeps up with new settings; only what matters here is set.
    const config = {
      ...loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        MERX_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        MERX_SEED_DEMO: 'false',
      }),
      databaseUrl: 'test',
    };
    app = await buildApp({ config, merx, logger: false });
    await app.app.ready();
  });

  afterAll(async () => {
    await app?.app.close();
    await merx?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (table: 'products' | 'product_variants' | 'collections' | 'outbox') =>
    Number(
      (
        await merx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes the products and collections it reports, and no outbox events', async () => {
    expect(result).toEqual({ products: PRODUCTS, collections: 8 });
    expect(await count('products')).toBe(PRODUCTS);
    // 8 generated collections plus All Products.
    expect(await count('collections')).toBe(9);
    expect(await count('outbox')).toBe(0);
    expect(progress.at(-1)).toBe(PRODUCTS);
  });

  it('gives every product a unique slug and numeric id', async () => {
    const rows = await merx.db.selectFrom('products').select(['slug', 'numeric_id']).execute();
    expect(new Set(rows.map((r) => r.slug)).size).toBe(PRODUCTS);
    expect(new Set(rows.map((r) => Number(r.numeric_id))).size).toBe(PRODUCTS);
    for (const r of rows) expect(r.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const seq = await merx.db.selectFrom('sequences').select('value').where('name', '=', 'product').executeTakeFirst();
    expect(Number(seq?.value)).toBe(PRODUCTS);
  });

  it('varies prices, options, discounts, stock and dates', async () => {
    const rows = await merx.db
      .selectFrom('products')
      .select(['price', 'discount_type', 'in_stock', 'manage_variants', 'created_date', 'data', 'product_type'])
      .execute();
    const prices = rows.map((r) => Number(r.price));
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...prices)).toBeLessThanOrEqual(50_000);
    expect(new Set(prices).size).toBeGreaterThan(PRODUCTS * 0.8);
    const withOptions = rows.filter((r) => JSON.parse(r.data).options.length > 0).length;
    expect(withOptions).toBeGreaterThan(PRODUCTS * 0.15);
    expect(withOptions).toBeLessThan(PRODUCTS * 0.45);
    expect(rows.some((r) => JSON.parse(r.data).options.length === 2)).toBe(true);
    expect(rows.some((r) => r.discount_type !== 'NONE')).toBe(true);
    expect(rows.some((r) => r.in_stock === 0)).toBe(true);
    expect(rows.some((r) => r.manage_variants === 1)).toBe(true);
    expect(rows.some((r) => r.product_type === 'digital')).toBe(true);
    const dates = rows.map((r) => Date.parse(r.created_date));
    expect(Math.max(...dates)).toBeLessThanOrEqual(fixedNow.getTime());
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(365 * 86_400_000);
  });

  it('gives products with options a variant per choice combination', async () => {
    const variants = await count('product_variants');
    expect(variants).toBeGreaterThan(PRODUCTS * 1.3);
    const defaults = await merx.db
      .selectFrom('product_variants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', DEFAULT_VARIANT_ID)
      .executeTakeFirstOrThrow();
    expect(Number(defaults.n)).toBeGreaterThan(PRODUCTS * 0.5);
  });

  it('puts every product in All Products and most in other collections', async () => {
    const links = await merx.db.selectFrom('collection_products').select(['collection_id', 'product_id']).execute();
    const all = links.filter((l) => l.collection_id === ALL_PRODUCTS_COLLECTION_ID);
    expect(new Set(all.map((l) => l.product_id)).size).toBe(PRODUCTS);
    const others = new Set(
      links.filter((l) => l.collection_id !== ALL_PRODUCTS_COLLECTION_ID).map((l) => l.product_id),
    );
    expect(others.size).toBeGreaterThan(PRODUCTS * 0.8);
  });

  it('reads back through the products service: get and a filtered, sorted query', async () => {
    const opts = { elevated: false, merchant: false };
    const page = await app.services.products.query(
      {
        filter: { 'priceData.price': { $gt: 50 } },
        sort: [{ fieldName: 'priceData.price', order: 'DESC' }],
        paging: { limit: 20 },
      },
      opts,
    );
    expect(page.products).toHaveLength(20);
    const listed = page.products.map((p) => p.priceData?.price ?? 0);
    expect(listed.every((p) => p > 50)).toBe(true);
    expect([...listed].sort((a, b) => b - a)).toEqual(listed);
    expect(page.page.total).toBeGreaterThan(20);

    const first = page.products[0];
    if (!first) throw new Error('no product');
    const one = await app.services.products.get(first.id, opts);
    expect(one.id).toBe(first.id);
    expect(one.slug).toBe(first.slug);
    expect(one.collectionIds).toContain(ALL_PRODUCTS_COLLECTION_ID);
    expect(one.variants?.length).toBeGreaterThan(0);

    const withVariants = await merx.db
      .selectFrom('product_variants')
      .select('product_id')
      .where('id', '!=', DEFAULT_VARIANT_ID)
      .limit(1)
      .executeTakeFirstOrThrow();
    const product = await app.services.products.get(withVariants.product_id, { elevated: true, merchant: false });
    expect(product.productOptions.length).toBeGreaterThan(0);
    const combos = product.productOptions.reduce((n, o) => n * o.choices.length, 1);
    expect(product.variants).toHaveLength(combos);
    expect(product.variants?.every((v) => v.id !== DEFAULT_VARIANT_ID)).toBe(true);
  });

  it('answers the HTTP query route with the .r envelope', async () => {
    const query = {
      query: { filter: { collectionIds: { $hasSome: [ALL_PRODUCTS_COLLECTION_ID] } }, paging: { limit: 50 } },
    };
    const r = Buffer.from(JSON.stringify(query)).toString('base64url');
    const res = await app.app.inject({ method: 'GET', url: `/stores-reader/v1/products/query-platformized?.r=${r}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { products: unknown[]; metadata: { total: number } };
    expect(body.products).toHaveLength(50);
    expect(body.metadata.total).toBeGreaterThan(PRODUCTS * 0.9);
  });

  it('fills what the v3 facets count: brands and the option-choice index', async () => {
    const brands = await merx.db.selectFrom('brands').select('name').execute();
    expect(brands.length).toBeGreaterThan(5);
    const branded = await merx.db.selectFrom('products').select('brand_id').where('brand_id', 'is not', null).execute();
    expect(branded.length).toBeGreaterThan(PRODUCTS * 0.7);
    const choices = await merx.db.selectFrom('product_option_choices').select(['product_id', 'choice']).execute();
    expect(new Set(choices.map((c) => c.product_id)).size).toBeGreaterThan(PRODUCTS * 0.15);
    expect(choices.some((c) => c.choice.startsWith('Size: '))).toBe(true);
    expect(choices.some((c) => c.choice.startsWith('Colour: '))).toBe(true);

    const res = await app.app.inject({
      method: 'POST',
      url: '/stores/v3/products/search',
      payload: {
        search: {
          cursorPaging: { limit: 20 },
          aggregations: [
            { name: 'brands', type: 'VALUE', fieldPath: 'brand.name' },
            { name: 'choices', type: 'VALUE', fieldPath: 'optionChoices', value: { limit: 250 } },
            { name: 'low', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MIN' } },
          ],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      products: unknown[];
      aggregationData: {
        results: Array<{ name: string; values?: { results: unknown[] }; scalar?: { value: number } }>;
      };
    };
    expect(body.products).toHaveLength(20);
    const byName = new Map(body.aggregationData.results.map((r) => [r.name, r]));
    expect(byName.get('brands')?.values?.results.length).toBeGreaterThan(5);
    expect(byName.get('choices')?.values?.results.length).toBeGreaterThan(10);
    expect(byName.get('low')?.scalar?.value).toBeGreaterThan(0);
  });

  it('indexes every product for search words, and leaves the search trigger in place', async () => {
    const product = await merx.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('visible', '=', 1)
      .orderBy('numeric_id', 'desc')
      .executeTakeFirstOrThrow();
    const res = await app.app.inject({
      method: 'POST',
      url: '/stores/v3/products/search',
      payload: { search: { search: { expression: product.name }, cursorPaging: { limit: 100 } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { products: Array<{ id: string }> }).products.map((p) => p.id)).toContain(product.id);
    if (merx.dialect !== 'sqlite') return;
    const { rows } = await sql<{ n: number }>`select count(*) as n from product_search`.execute(merx.db);
    expect(Number(rows[0]?.n)).toBe(PRODUCTS);
    const trigger = await sql<{ name: string }>`
      select name from sqlite_master where type = 'trigger' and name = 'product_search_insert'`.execute(merx.db);
    expect(trigger.rows).toHaveLength(1);
  });

  it('adds to an existing catalog without slug clashes', async () => {
    const again = await seedLargeCatalog(merx, { products: 300, collections: 2, clock: { now: () => fixedNow } });
    expect(again).toEqual({ products: 300, collections: 2 });
    const rows = await merx.db.selectFrom('products').select('slug').execute();
    expect(rows).toHaveLength(PRODUCTS + 300);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(PRODUCTS + 300);
  });

  it('makes time-ordered version 7 UUIDs', () => {
    const a = uuidV7(1_700_000_000_000);
    const b = uuidV7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
});
