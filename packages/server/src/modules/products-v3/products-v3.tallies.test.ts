import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kit, type Res, sizeAndColor, startKit, unique } from '../products/catalog-test-kit.js';

/*
 * Kept facet counts (docs/decisions/0037-facet-tallies.md): a shopper's brand, option-choice and category facets over
 * the whole catalog or one category are read from tallies that every catalog write keeps. After each kind of write,
 * the tallies equal a count made from scratch, and a shopper's answer equals the one the merchant's counted search
 * gives for the same visible products.
 */

let kit: Kit;
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely
type Any = any;
const ok = (res: Res): Any => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const DIRECT = 'directCategoriesInfo.categories.id';
const FACETS = [
  { name: 'brands', type: 'VALUE', fieldPath: 'brand.name', value: { limit: 250 } },
  { name: 'choices', type: 'VALUE', fieldPath: 'optionChoices', value: { limit: 250 } },
  { name: 'categories', type: 'VALUE', fieldPath: DIRECT, value: { limit: 250 } },
  { name: 'priceMin', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MIN' } },
  { name: 'priceMax', type: 'SCALAR', fieldPath: 'actualPriceRange.minValue.amount', scalar: { type: 'MAX' } },
  { name: 'topMin', type: 'SCALAR', fieldPath: 'actualPriceRange.maxValue.amount', scalar: { type: 'MIN' } },
  { name: 'topMax', type: 'SCALAR', fieldPath: 'actualPriceRange.maxValue.amount', scalar: { type: 'MAX' } },
  { name: 'choiceCount', type: 'SCALAR', fieldPath: 'optionChoices', scalar: { type: 'COUNT_DISTINCT' } },
  {
    name: 'lastBrands',
    type: 'VALUE',
    fieldPath: 'brand.name',
    value: { sortType: 'VALUE', sortDirection: 'DESC', limit: 2 },
  },
  { name: 'topChoices', type: 'VALUE', fieldPath: 'optionChoices', value: { limit: 3 } },
];

const alpha = unique('Alpha ');
const beta = unique('Beta ');
let catA: string;
let catB: string;
const ids: Record<string, string> = {};

async function facets(client: Kit['visitor'], filter: Record<string, unknown> | undefined): Promise<Any[]> {
  const search = { ...(filter ? { filter } : {}), cursorPaging: { limit: 5 }, aggregations: FACETS };
  return ok(await client.post('/stores/v3/products/search', { search })).aggregationData.results;
}

/** The tallies as a count from scratch would make them: visible products by scope and value. */
async function recount(): Promise<Record<string, number>> {
  const db = kit.server.merx.db;
  const products = await db.selectFrom('products').select(['id', 'brand']).where('visible', '=', 1).execute();
  const choices = await db.selectFrom('product_option_choices').selectAll().execute();
  const placed = await db.selectFrom('collection_products').select(['product_id', 'collection_id']).execute();
  const out: Record<string, number> = {};
  for (const p of products) {
    const values: string[] = p.brand === null ? ['all:'] : ['all:', `brand:${p.brand}`];
    const scopes = [''];
    for (const c of choices) if (c.product_id === p.id) values.push(`choice:${c.choice}`);
    for (const c of placed)
      if (c.product_id === p.id) {
        values.push(`category:${c.collection_id}`);
        scopes.push(c.collection_id);
      }
    for (const s of scopes) for (const v of values) out[`${s}|${v}`] = (out[`${s}|${v}`] ?? 0) + 1;
  }
  return out;
}

async function tallies(): Promise<Record<string, number>> {
  const rows = await kit.server.merx.db.selectFrom('facet_tallies').selectAll().where('n', '>', 0).execute();
  return Object.fromEntries(rows.map((r) => [`${r.scope}|${r.facet}:${r.value}`, Number(r.n)]));
}

/** Tallies equal a fresh count, and shoppers' facets equal the merchant's counted ones, everywhere. */
async function expectRight(): Promise<void> {
  expect(await tallies()).toEqual(await recount());
  for (const scope of [undefined, catA, catB, ALL_PRODUCTS_COLLECTION_ID]) {
    const filter = scope ? { [DIRECT]: { $hasSome: [scope] } } : undefined;
    const shopper = await facets(kit.visitor, filter);
    const counted = await facets(kit.owner, { $and: [...(filter ? [filter] : []), { visible: true }] });
    expect(shopper, `scope ${scope ?? 'all'}`).toEqual(counted);
  }
}

const patch = async (id: string, product: Record<string, unknown>) =>
  ok(await kit.owner.patch(`/stores/v1/products/${id}`, { product }));

beforeAll(async () => {
  kit = await startKit();
  catA = (await kit.createCollection({ name: unique('Kitchen ') })).id;
  catB = (await kit.createCollection({ name: unique('Garden ') })).id;
  ids.p1 = (await kit.createProduct({ name: unique('p1 '), brand: alpha, ...sizeAndColor() })).id;
  ids.p2 = (await kit.createProduct({ name: unique('p2 '), brand: beta, priceData: { price: 7 } })).id;
  ids.p3 = (await kit.createProduct({ name: unique('p3 '), brand: alpha, visible: false, ...sizeAndColor() })).id;
  ids.p4 = (await kit.createProduct({ name: unique('p4 '), manageVariants: true, ...sizeAndColor() })).id;
  ok(await kit.owner.post(`/stores/v1/collections/${catA}/productIds`, { productIds: [ids.p1, ids.p2, ids.p3] }));
  ok(await kit.owner.post(`/stores/v1/collections/${catB}/productIds`, { productIds: [ids.p1, ids.p4] }));
});
afterAll(async () => {
  await kit.close();
});

describe('kept facet counts', () => {
  it('count visible products by brand, choice and category, over the catalog and in each category', async () => {
    await expectRight();
    const shopper = await facets(kit.visitor, { [DIRECT]: { $hasSome: [catA] } });
    const brands = shopper.find((r: Any) => r.name === 'brands').values.results;
    // p3 is hidden: Alpha counts p1 alone in Kitchen.
    expect(brands).toEqual(
      expect.arrayContaining([
        { value: alpha, count: 1 },
        { value: beta, count: 1 },
      ]),
    );
  });

  it('follow prices, discounts and variant prices', async () => {
    await patch(ids.p2 as string, { priceData: { price: 3.5 } });
    await expectRight();
    await patch(ids.p2 as string, { discount: { type: 'PERCENT', value: 10 } });
    await expectRight();
    const shopper = await facets(kit.visitor, undefined);
    expect(shopper.find((r: Any) => r.name === 'priceMin').scalar.value).toBe(3.15);
    ok(
      await kit.owner.patch(`/stores/v1/products/${ids.p4}/variants`, {
        variants: [{ choices: { Size: 'S', Color: 'Red' }, price: 99 }],
      }),
    );
    await expectRight();
  });

  it('follow visibility, brand and option changes', async () => {
    await patch(ids.p1 as string, { visible: false });
    await expectRight();
    await patch(ids.p1 as string, { visible: true });
    await patch(ids.p3 as string, { visible: true });
    await expectRight();
    await patch(ids.p2 as string, { brand: alpha });
    await expectRight();
    await patch(ids.p1 as string, {
      productOptions: [{ name: 'Size', optionType: 'drop_down', choices: [{ description: 'XL' }] }],
    });
    await expectRight();
  });

  it("follow a brand's new name and a brand taken away", async () => {
    const brands = ok(await kit.owner.post('/stores/v3/brands/query', { query: {} })).brands as Any[];
    const entity = brands.find((b) => b.name === alpha);
    const renamed = unique('Gamma ');
    ok(
      await kit.owner.patch(`/stores/v3/brands/${entity.id}`, { brand: { name: renamed, revision: entity.revision } }),
    );
    expect(Object.keys(await tallies()).some((k) => k.endsWith(`brand:${renamed}`))).toBe(true);
    await expectRight();
    await patch(ids.p2 as string, { brand: '' });
    await expectRight();
  });

  it('follow products leaving categories, categories deleted and products deleted', async () => {
    ok(await kit.owner.post(`/stores/v1/collections/${catA}/productIds/delete`, { productIds: [ids.p2] }));
    await expectRight();
    ok(await kit.owner.delete(`/stores/v1/collections/${catB}`));
    await expectRight();
    expect(Object.keys(await tallies()).some((k) => k.startsWith(`${catB}|`) || k.endsWith(`:${catB}`))).toBe(false);
    ok(await kit.owner.delete(`/categories/v1/categories/${catA}?treeReference.appNamespace=%40wix%2Fstores`));
    await expectRight();
    ok(await kit.owner.delete(`/stores/v1/products/${ids.p4}`));
    await expectRight();
  });

  it('follow products made and changed through catalog v3', async () => {
    const made = ok(
      await kit.owner.post('/stores/v3/products', {
        product: {
          name: unique('v3 '),
          productType: 'PHYSICAL',
          physicalProperties: {},
          brand: { name: beta },
          variantsInfo: { variants: [{ price: { actualPrice: { amount: '5' } }, physicalProperties: {} }] },
        },
      }),
    ).product;
    await expectRight();
    ok(
      await kit.owner.patch(`/stores/v3/products/${made.id}`, {
        product: { revision: made.revision, visible: false },
      }),
    );
    await expectRight();
  });

  it("find a small category's price range through its own products, a large one's through the price index", async () => {
    const small = (await kit.createCollection({ name: unique('Tiny ') })).id;
    for (let i = 0; i < 110; i++) await kit.createProduct({ name: unique('filler '), priceData: { price: 50 + i } });
    const cheap = await kit.createProduct({ name: unique('cheap '), priceData: { price: 2 } });
    const dear = await kit.createProduct({ name: unique('dear '), priceData: { price: 900 } });
    const range = async () => {
      const filter = { [DIRECT]: { $hasSome: [small] } };
      const shopper = await facets(kit.visitor, filter);
      expect(shopper).toEqual(await facets(kit.owner, { $and: [filter, { visible: true }] }));
      const bound = (name: string) => shopper.find((r: Any) => r.name === name).scalar.value;
      return [bound('priceMin'), bound('priceMax')];
    };
    // One product among some 120: under 1 % of the catalog, read through its own products.
    ok(await kit.owner.post(`/stores/v1/collections/${small}/productIds`, { productIds: [cheap.id] }));
    expect(await range()).toEqual([2, 2]);
    // Two: the price index, walked until one of them.
    ok(await kit.owner.post(`/stores/v1/collections/${small}/productIds`, { productIds: [dear.id] }));
    expect(await range()).toEqual([2, 900]);
    await patch(dear.id, { visible: false });
    const hidden = await facets(kit.visitor, { [DIRECT]: { $hasSome: [small] } });
    expect(hidden.find((r: Any) => r.name === 'priceMax').scalar.value).toBe(2);
    await expectRight();
  });

  it('stay exact under concurrent writes to the same brands, choices and category', async () => {
    const shared = (await kit.createCollection({ name: unique('Busy ') })).id;
    await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const p = await kit.createProduct({
          name: unique('busy '),
          brand: i % 2 ? alpha : beta,
          manageVariants: true,
          ...sizeAndColor(),
        });
        ok(await kit.owner.post(`/stores/v1/collections/${shared}/productIds`, { productIds: [p.id] }));
        if (i % 3 === 0) await patch(p.id, { visible: false });
      }),
    );
    await expectRight();
  });

  it('never take an empty category id for the whole catalog', async () => {
    for (const filter of [{ [DIRECT]: { $hasSome: [''] } }, { [DIRECT]: { $eq: '' } }]) {
      const shopper = await facets(kit.visitor, filter);
      expect(shopper).toEqual(await facets(kit.owner, { $and: [filter, { visible: true }] }));
      expect(shopper.find((r: Any) => r.name === 'brands').values.results).toEqual([]);
    }
  });

  it('answer a shopper from the tallies only for the whole catalog or one category, without words', async () => {
    const db = kit.server.merx.db;
    // A tally nudged by hand shows in a shopper's whole-catalog answer (read from the tallies) but not in a search
    // with words (counted).
    const row = await db
      .selectFrom('facet_tallies')
      .selectAll()
      .where('scope', '=', '')
      .where('facet', '=', 'brand')
      .where('n', '>', 0)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('facet_tallies')
      .set({ n: Number(row.n) + 1000 })
      .where('scope', '=', '')
      .where('facet', '=', 'brand')
      .where('value', '=', row.value)
      .execute();
    try {
      const whole = await facets(kit.visitor, { visible: true });
      const brands = whole.find((r: Any) => r.name === 'brands').values.results;
      expect(brands.find((b: Any) => b.value === row.value).count).toBe(Number(row.n) + 1000);
      const narrowed = await facets(kit.visitor, { name: { $startsWith: '' } });
      const counted = narrowed.find((r: Any) => r.name === 'brands').values.results;
      expect(counted.find((b: Any) => b.value === row.value).count).toBe(Number(row.n));
    } finally {
      await db
        .updateTable('facet_tallies')
        .set({ n: Number(row.n) })
        .where('scope', '=', '')
        .where('facet', '=', 'brand')
        .where('value', '=', row.value)
        .execute();
    }
  });
});
