import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeR,
  expectAppError,
  expectViolation,
  type Kit,
  type Res,
  sizeAndColor,
  startKit,
  unique,
} from '../products/catalog-test-kit.js';
import { choiceIdOf, optionIdOf } from './products-v3.mapper.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const base = '/stores/v3/products';
const ok = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely
type Any = any;

/** A product with options, a 10 % discount, a cost, a brand, a ribbon, an info section, a text field and media. */
async function richProduct(extra: Record<string, unknown> = {}): Promise<Product> {
  const p = await kit.createProduct({
    ...sizeAndColor(),
    name: unique('Rich '),
    priceData: { price: 20 },
    discount: { type: 'PERCENT', value: 10 },
    costAndProfitData: { itemCost: 8 },
    description: '<p>Soft <strong>cotton</strong></p>',
    brand: unique('Brand '),
    ribbon: unique('R').slice(0, 20),
    weight: 0.5,
    stock: { trackInventory: true, quantity: 3 },
    additionalInfoSections: [{ title: 'Care', description: '<p>Wash <em>cold</em></p>' }],
    customTextFields: [{ title: 'Engraving', maxLength: 20, mandatory: false }],
    ...extra,
  });
  ok(
    await kit.owner.post(`/stores/v1/products/${p.id}/media`, {
      media: [{ url: 'https://example.com/a.jpg' }, { url: 'https://example.com/b.jpg' }],
    }),
  );
  return p;
}

describe('get by id and slug', () => {
  it('reads a v1 product through v3 with the same id, prices, stock and options', async () => {
    const p = await richProduct();
    const { product } = ok(await kit.visitor.get(`${base}/${p.id}`));
    expect(product).toMatchObject({
      id: p.id,
      revision: expect.any(String),
      name: p.name,
      slug: p.slug,
      visible: true,
      visibleInPos: true,
      productType: 'PHYSICAL',
      actualPriceRange: { minValue: { amount: '18' }, maxValue: { amount: '18' } },
      compareAtPriceRange: { minValue: { amount: '20' }, maxValue: { amount: '20' } },
      minVariantPriceInfo: { actualPrice: { amount: '18' }, compareAtPrice: { amount: '20' } },
      inventory: { availabilityStatus: 'IN_STOCK', preorderStatus: 'DISABLED' },
      brand: { id: expect.any(String), name: p.brand },
      ribbon: { id: expect.any(String), name: p.ribbon },
      physicalProperties: { shippingWeightRange: { minValue: 0.5, maxValue: 0.5 } },
      modifiers: [{ name: 'Engraving', modifierRenderType: 'FREE_TEXT', freeTextSettings: { maxCharCount: 20 } }],
      media: { main: { url: 'https://example.com/a.jpg', mediaType: 'IMAGE' } },
    });
    expect(product.media.itemsInfo).toBeUndefined();
    expect(product.description).toBeUndefined();
    expect(product.url).toBeUndefined();
    expect(product.currency).toBeUndefined();
    const [size, color] = product.options as Any[];
    expect(size).toMatchObject({ id: optionIdOf(p.id, 'Size'), name: 'Size', optionRenderType: 'TEXT_CHOICES' });
    // Name-based ids are GUIDs (the package documents the format), and differ between products.
    expect(size.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(optionIdOf('another', 'Size')).not.toBe(size.id);
    expect(color).toMatchObject({ name: 'Color', optionRenderType: 'SWATCH_CHOICES' });
    expect(color.choicesSettings.choices[0]).toMatchObject({
      choiceId: choiceIdOf(p.id, 'Color', 'Red'),
      name: 'Red',
      choiceType: 'ONE_COLOR',
      colorCode: '#ff0000',
      inStock: true,
      visible: true,
    });
    const variants = product.variantsInfo.variants as Any[];
    expect(variants.map((v) => v.id).sort()).toEqual(p.variants!.map((v) => v.id).sort());
    expect(variants[0]).toMatchObject({
      visible: true,
      price: { actualPrice: { amount: '18' }, compareAtPrice: { amount: '20' } },
      inventoryStatus: { inStock: true, preorderEnabled: false },
      physicalProperties: { weight: 0.5 },
    });
    expect(variants[0].choices).toHaveLength(2);
    expect(variants[0].choices[0].optionChoiceIds.optionId).toBe(optionIdOf(p.id, 'Size'));
    expect(variants[0].choices[0].optionChoiceNames).toBeUndefined();
    expect(variants[0].revenueDetails).toBeUndefined();
    // The same product by slug: the package sends the slug twice (path and `?slug=`).
    const bySlug = ok(await kit.visitor.get(`${base}/slug/${p.slug}`, { slug: p.slug }));
    expect(bySlug.product).toEqual(product);
  });

  it('a repeated read costs one statement, and a v1 stock change shows at once', async () => {
    const p = await kit.createProduct({
      stock: { trackInventory: true, quantity: 2 },
      costAndProfitData: { itemCost: 1 },
    });
    const read = async () => ok(await kit.visitor.get(`${base}/${p.id}?fields=URL&fields=CURRENCY`)).product;
    expect((await read()).inventory.availabilityStatus).toBe('IN_STOCK');
    expect(await kit.statementsOf(read)).toBe(1);
    ok(
      await kit.owner.patch(`/stores/v1/products/${p.id}`, {
        product: { stock: { trackInventory: true, quantity: 0 } },
      }),
    );
    const after = await read();
    expect(after.inventory.availabilityStatus).toBe('OUT_OF_STOCK');
    expect(after.variantsInfo.variants[0].inventoryStatus.inStock).toBe(false);
    // Another view of the same product is its own entry: the owner's merchant data never reaches a visitor.
    const owner = ok(await kit.owner.get(`${base}/${p.id}?fields=MERCHANT_DATA`)).product;
    expect(owner.revision).toBe(after.revision);
    expect(owner.costRange.minValue.amount).toBe('1');
    expect(ok(await kit.visitor.get(`${base}/${p.id}?fields=MERCHANT_DATA`)).product.costRange).toBeUndefined();
  });

  it('a product without options has the one default variant; a digital one has no physical properties', async () => {
    const p = await kit.createProduct({ productType: 'digital', priceData: { price: 5.5 } });
    const { product } = ok(await kit.visitor.get(`${base}/${p.id}`));
    expect(product.productType).toBe('DIGITAL');
    expect(product.physicalProperties).toBeUndefined();
    expect(product.options).toEqual([]);
    expect(product.variantsInfo.variants).toEqual([
      expect.objectContaining({
        id: '00000000-0000-0000-0000-000000000000',
        choices: [],
        price: { actualPrice: { amount: '5.5' } },
      }),
    ]);
  });

  it('hidden products: 404 for a visitor, read by the owner; unknown ids and slugs are 404', async () => {
    const p = await kit.createProduct({ visible: false });
    expectAppError(await kit.visitor.get(`${base}/${p.id}`), 404, 'PRODUCT_NOT_FOUND');
    expectAppError(await kit.visitor.get(`${base}/slug/${p.slug}`), 404, 'PRODUCT_NOT_FOUND');
    expect(ok(await kit.owner.get(`${base}/${p.id}`)).product).toMatchObject({ id: p.id, visible: false });
    expect(ok(await kit.owner.get(`${base}/slug/${p.slug}`)).product.id).toBe(p.id);
    expectAppError(await kit.visitor.get(`${base}/nope`), 404, 'PRODUCT_NOT_FOUND');
    expectAppError(await kit.visitor.get(`${base}/slug/nope-${unique()}`), 404, 'PRODUCT_NOT_FOUND');
  });
});

describe('requested fields', () => {
  let p: Product;
  let plain: Any;
  const get = async (fields: string[], client = kit.visitor) => {
    const qs = fields.map((f) => `fields=${f}`).join('&');
    return ok(await client.get(`${base}/${p.id}${qs ? `?${qs}` : ''}`)).product;
  };
  beforeAll(async () => {
    p = await richProduct();
    const parent = await kit.createCollection({ name: unique('Clothing ') });
    const child = await kit.createCollection({ name: unique('Shirts ') });
    // The child under the parent (categories' tree column), and the product in the child through v1.
    await kit.server.merx.db
      .updateTable('collections')
      .set({ parent_id: parent.id })
      .where('id', '=', child.id)
      .execute();
    ok(await kit.owner.post(`/stores/v1/collections/${child.id}/productIds`, { productIds: [p.id] }));
    plain = await get([]);
  });

  it('each field changes the answer as its name says', async () => {
    const checks: Record<string, (x: Any) => void> = {
      URL: (x) =>
        expect(x.url).toEqual({
          relativePath: `/product-page/${p.slug}`,
          url: expect.stringMatching(/\/product-page\//),
        }),
      CURRENCY: (x) => {
        expect(x.currency).toBe('USD');
        expect(x.actualPriceRange.minValue).toEqual({ amount: '18', formattedAmount: '$18.00' });
      },
      PLAIN_DESCRIPTION: (x) => expect(x.plainDescription).toBe('<p>Soft <strong>cotton</strong></p>'),
      DESCRIPTION: (x) => {
        expect(x.description.nodes[0].type).toBe('PARAGRAPH');
        expect(JSON.stringify(x.description)).toContain('cotton');
        expect(JSON.stringify(x.description)).toContain('BOLD');
      },
      MEDIA_ITEMS_INFO: (x) => expect(x.media.itemsInfo.items.map((m: Any) => m.url)).toHaveLength(2),
      THUMBNAIL: (x) => expect(x.media.main.thumbnail).toMatchObject({ url: expect.any(String), width: 50 }),
      INFO_SECTION: (x) => expect(x.infoSections).toEqual([expect.objectContaining({ title: 'Care' })]),
      VARIANT_OPTION_CHOICE_NAMES: (x) =>
        expect(x.variantsInfo.variants[0].choices[0].optionChoiceNames).toEqual({
          optionName: 'Size',
          choiceName: 'S',
          renderType: 'TEXT_CHOICES',
        }),
      DIRECT_CATEGORIES_INFO: (x) => expect(x.directCategoriesInfo.categories).toHaveLength(2),
      ALL_CATEGORIES_INFO: (x) => expect(x.allCategoriesInfo.categories).toHaveLength(3),
      BREADCRUMBS_INFO: (x) => {
        expect(x.breadcrumbsInfo.breadcrumbs).toHaveLength(2);
        expect(x.breadcrumbsInfo.breadcrumbs[1].categoryId).toBe(x.mainCategoryId);
      },
      WEIGHT_MEASUREMENT_UNIT_INFO: (x) =>
        expect(x.physicalProperties.weightMeasurementUnitInfo).toEqual({ weightMeasurementUnit: 'KG' }),
      MIN_PRICE_VARIANT: (x) => expect(x.variantSummary.minPriceVariant.price.actualPrice.amount).toBe('18'),
      PRODUCT_CHOICES_MEDIA_REFERENCES: (x) =>
        expect(x.options[0].choicesSettings.choices[0].media).toEqual({ items: [] }),
    };
    for (const [field, check] of Object.entries(checks)) {
      const withField = await get([field]);
      expect(withField, field).not.toEqual(plain);
      check(withField);
    }
  });

  it('a product in a subcategory is found under its parent by allCategoriesInfo, not by directCategoriesInfo', async () => {
    const x = await get(['BREADCRUMBS_INFO']);
    const parentId = x.breadcrumbsInfo.breadcrumbs[0].categoryId;
    const query = (filter: unknown) => kit.visitor.post(`${base}/query`, { query: { filter } });
    const all = ok(await query({ 'allCategoriesInfo.categories.id': { $hasSome: [parentId] } }));
    expect(all.products.map((y: Any) => y.id)).toEqual([p.id]);
    const direct = ok(await query({ 'directCategoriesInfo.categories.id': { $hasSome: [parentId] } }));
    expect(direct.products).toEqual([]);
    expect(
      ok(await kit.visitor.post(`${base}/count`, { filter: { 'allCategoriesInfo.categories.id': parentId } })),
    ).toEqual({
      count: 1,
    });
  });

  it('a description changed through v1 reads changed through v3 (the conversion is cached by revision)', async () => {
    const q = await richProduct();
    const read = async () => ok(await kit.visitor.get(`${base}/${q.id}?fields=DESCRIPTION`)).product.description;
    expect(JSON.stringify(await read())).toContain('cotton');
    ok(await kit.owner.patch(`/stores/v1/products/${q.id}`, { product: { description: '<p>Now <em>linen</em></p>' } }));
    const after = JSON.stringify(await read());
    expect(after).toContain('linen');
    expect(after).not.toContain('cotton');
  });

  it('info section descriptions come with INFO_SECTION, as HTML or rich content', async () => {
    const x = await get(['INFO_SECTION', 'INFO_SECTION_PLAIN_DESCRIPTION', 'INFO_SECTION_DESCRIPTION']);
    expect(x.infoSections[0].plainDescription).toBe('<p>Wash <em>cold</em></p>');
    expect(JSON.stringify(x.infoSections[0].description)).toContain('ITALIC');
  });

  it('MERCHANT_DATA: cost and profit for the owner; a visitor asking gets the answer without them', async () => {
    const owner = await get(['MERCHANT_DATA'], kit.owner);
    expect(owner.costRange).toEqual({ minValue: { amount: '8' }, maxValue: { amount: '8' } });
    expect(owner.variantsInfo.variants[0].revenueDetails).toEqual({
      cost: { amount: '8' },
      profit: { amount: '10' },
      profitMargin: 0.5556,
    });
    expect(owner.minVariantPriceInfo.revenueDetails.profit.amount).toBe('10');
    const visitor = await get(['MERCHANT_DATA']);
    expect(visitor).toEqual(plain);
  });

  it('an unknown requested field is a 400 naming it', async () => {
    expectViolation(await kit.visitor.get(`${base}/${p.id}?fields=NOPE`), 'fields[0]');
    expectViolation(await kit.visitor.post(`${base}/query`, { fields: ['URL', 'NOPE'] }), 'fields[1]');
  });
});

describe('query, search and count', () => {
  const word = unique('w');
  const made: Product[] = [];
  let brandId: string;
  let collectionId: string;
  beforeAll(async () => {
    // Five products of one word, prices 1..5, the third hidden, the fourth digital and discounted.
    for (let i = 1; i <= 5; i++) {
      made.push(
        await kit.createProduct({
          name: `${word} item ${i}`,
          priceData: { price: i },
          visible: i !== 3,
          productType: i === 4 ? 'digital' : 'physical',
          ...(i === 4 ? { discount: { type: 'AMOUNT', value: 3.5 } } : {}),
          ...(i === 2 ? { brand: `${word}brand` } : {}),
        }),
      );
    }
    collectionId = (await kit.createCollection()).id;
    ok(await kit.owner.post(`/stores/v1/collections/${collectionId}/productIds`, { productIds: [made[4]!.id] }));
    brandId = ok(await kit.visitor.get(`${base}/${made[1]!.id}`)).product.brand.id;
  });

  const nameFilter = { name: { $startsWith: word } };
  const names = (body: Any) => (body.products as Any[]).map((x) => Number(x.name.split(' ').at(-1)));

  it('filters and sorts on the v3 fields; visitors never see hidden products, the owner does', async () => {
    const query = (q: unknown, client = kit.visitor) => client.getR(`${base}/query`, { query: q });
    const sortBy = (fieldName: string, order = 'ASC') => [{ fieldName, order }];
    expect(names(ok(await query({ filter: nameFilter, sort: sortBy('name') })))).toEqual([1, 2, 4, 5]);
    expect(names(ok(await query({ filter: nameFilter, sort: sortBy('name') }, kit.owner)))).toEqual([1, 2, 3, 4, 5]);
    // What a buyer pays: product 4 costs 4 - 3.5 = 0.5, the cheapest.
    const byPaid = ok(await query({ filter: nameFilter, sort: sortBy('actualPriceRange.minValue.amount') }));
    expect(names(byPaid)).toEqual([4, 1, 2, 5]);
    const paidOver = { $and: [nameFilter, { 'actualPriceRange.minValue.amount': { $gte: 1.5 } }] };
    expect(names(ok(await query({ filter: paidOver, sort: sortBy('name') })))).toEqual([2, 5]);
    const listOver = { $and: [nameFilter, { 'compareAtPriceRange.minValue.amount': { $gt: 3 } }] };
    expect(names(ok(await query({ filter: listOver, sort: sortBy('name') })))).toEqual([4, 5]);
    const digital = { $and: [nameFilter, { productType: 'DIGITAL' }] };
    expect(names(ok(await query({ filter: digital })))).toEqual([4]);
    expect(names(ok(await query({ filter: { 'brand.id': brandId } })))).toEqual([2]);
    const inCategory = { 'allCategoriesInfo.categories.id': { $hasSome: [collectionId] } };
    expect(names(ok(await query({ filter: inCategory })))).toEqual([5]);
    const byId = ok(await query({ filter: { id: { $in: [made[0]!.id, made[2]!.id] } } }));
    expect(names(byId)).toEqual([1]);
    const newest = ok(await query({ filter: nameFilter, sort: sortBy('createdDate', 'DESC') }));
    expect(names(newest)).toEqual([5, 4, 2, 1]);
    const inStock = { $and: [nameFilter, { 'inventory.availabilityStatus': 'IN_STOCK' }] };
    expect(ok(await query({ filter: inStock })).products).toHaveLength(4);
  });

  it('pages by cursor past both ends; a next page carries only the cursor; an exactly full last page has no next', async () => {
    const first = ok(
      await kit.owner.getR(`${base}/query`, {
        query: { filter: nameFilter, sort: [{ fieldName: 'name' }], cursorPaging: { limit: 2 } },
      }),
    );
    expect(names(first)).toEqual([1, 2]);
    expect(first.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    expect(first.pagingMetadata.cursors.prev).toBeUndefined();
    const second = ok(
      await kit.owner.post(`${base}/query`, {
        query: { cursorPaging: { limit: 2, cursor: first.pagingMetadata.cursors.next } },
      }),
    );
    expect(names(second)).toEqual([3, 4]);
    const third = ok(
      await kit.owner.getR(`${base}/query`, {
        query: { cursorPaging: { limit: 2, cursor: second.pagingMetadata.cursors.next } },
      }),
    );
    expect(names(third)).toEqual([5]);
    expect(third.pagingMetadata).toMatchObject({ count: 1, hasNext: false, cursors: {} });
    expect(third.pagingMetadata.cursors.next).toBeUndefined();
    const back = ok(
      await kit.owner.getR(`${base}/query`, {
        query: { cursorPaging: { limit: 2, cursor: third.pagingMetadata.cursors.prev } },
      }),
    );
    expect(names(back)).toEqual([3, 4]);
    // A visitor sees four: two full pages, the second without a next cursor.
    const v1 = ok(
      await kit.visitor.getR(`${base}/query`, {
        query: { filter: nameFilter, sort: [{ fieldName: 'name' }], cursorPaging: { limit: 2 } },
      }),
    );
    const v2 = ok(
      await kit.visitor.getR(`${base}/query`, {
        query: { cursorPaging: { limit: 2, cursor: v1.pagingMetadata.cursors.next } },
      }),
    );
    expect(names(v2)).toEqual([4, 5]);
    expect(v2.pagingMetadata).toMatchObject({ count: 2, hasNext: false });
    expect(v2.pagingMetadata.cursors.next).toBeUndefined();
  });

  it('searches by expression with filter and cursor paging', async () => {
    const res = ok(
      await kit.visitor.getR(`${base}/search`, {
        search: {
          search: { expression: `${word} item` },
          filter: { productType: 'PHYSICAL' },
          cursorPaging: { limit: 2 },
        },
        fields: ['URL'],
      }),
    );
    expect(res.products).toHaveLength(2);
    expect(res.products[0].url.relativePath).toMatch(/^\/product-page\//);
    expect(res.pagingMetadata.hasNext).toBe(true);
    const next = ok(
      await kit.visitor.post(`${base}/search`, {
        search: { cursorPaging: { limit: 2, cursor: res.pagingMetadata.cursors.next } },
      }),
    );
    expect(next.products).toHaveLength(1);
    expect(next.pagingMetadata.hasNext).toBe(false);
    const none = ok(await kit.visitor.post(`${base}/search`, { search: { search: { expression: unique('zz') } } }));
    expect(none.products).toEqual([]);
  });

  it('counts with the `.r` GET, the POST long form and a bare GET', async () => {
    expect(ok(await kit.visitor.getR(`${base}/count`, { filter: nameFilter }))).toEqual({ count: 4 });
    expect(ok(await kit.visitor.post(`${base}/count`, { filter: nameFilter, search: { expression: word } }))).toEqual({
      count: 4,
    });
    const hidden = ok(await kit.owner.post(`${base}/count`, { filter: nameFilter, returnNonVisibleProducts: true }));
    expect(hidden).toEqual({ count: 5 });
    const paid = { $and: [nameFilter, { 'actualPriceRange.minValue.amount': { $lt: 1 } }] };
    expect(ok(await kit.visitor.post(`${base}/count`, { filter: paid }))).toEqual({ count: 1 });
    const all = ok(await kit.visitor.get(`${base}/count`));
    expect(all.count).toBeGreaterThanOrEqual(4);
    expectAppError(
      await kit.visitor.post(`${base}/count`, { filter: nameFilter, returnNonVisibleProducts: true }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('bad input: a clear 400, never a 500', () => {
  it('refuses unknown fields, bad operators, bad cursors, bad `.r`, huge limits and aggregations', async () => {
    expectViolation(await kit.visitor.post(`${base}/query`, { query: { filter: { nope: 1 } } }), 'query.filter.nope');
    expectViolation(
      await kit.visitor.post(`${base}/query`, { query: { sort: [{ fieldName: 'price' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(
      await kit.visitor.post(`${base}/search`, {
        search: { filter: { 'tags.publicTags.tagIds': { $hasSome: ['a'] } } },
      }),
      'search.filter.tags.publicTags.tagIds',
    );
    expectViolation(await kit.visitor.post(`${base}/count`, { filter: { nope: 1 } }), 'filter.nope');
    expectViolation(
      await kit.visitor.post(`${base}/query`, { query: { cursorPaging: { cursor: 'not-a-cursor' } } }),
      'query.cursorPaging.cursor',
    );
    expectViolation(
      await kit.visitor.post(`${base}/search`, {
        search: { cursorPaging: { cursor: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
      }),
      'search.cursorPaging.cursor',
    );
    expectViolation(await kit.visitor.get(`${base}/query?.r=%%%`), '.r');
    expectViolation(await kit.visitor.get(`${base}/count?.r=${encodeR([1, 2])}`), '.r');
    expectViolation(
      await kit.visitor.post(`${base}/query`, { query: { cursorPaging: { limit: 100_000 } } }),
      'query.cursorPaging.limit',
      'MAX',
    );
    expectViolation(
      await kit.visitor.post(`${base}/search`, { search: { aggregations: [{ type: 'VALUE' }] } }),
      'search.aggregations[0].fieldPath',
    );
    expectViolation(
      await kit.visitor.post(`${base}/search`, { search: { search: { expression: 'x'.repeat(201) } } }),
      'search.search.expression',
    );
    expectViolation(await kit.visitor.post(`${base}/query`, { query: 'x' }), 'query');
  });
});
