import { DEFAULT_VARIANT_ID, type StockLevel } from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../products/catalog-test-kit.js';
import {
  type Client,
  expectAppError,
  expectViolation,
  type InventoryKit,
  sizeAndColor,
  startInventoryKit,
  updateUrl,
} from './inventory-items-test-kit.js';

const LEVELS = '/_api/merx/v1/stock-levels/query';

let kit: InventoryKit;
beforeAll(async () => {
  kit = await startInventoryKit();
});
afterAll(async () => {
  await kit.close();
});

/** The answer of a stock levels query, checked to be a 200. */
async function levelsOf(query: Record<string, unknown>, as: Client = kit.owner) {
  const res = await as.post(LEVELS, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { stockLevels: StockLevel[]; metadata: { count: number; offset: number; total?: number } };
}

/** `[productName, choices joined, quantity or in/out]` of each row, to compare lists at a glance. */
const summary = (levels: StockLevel[]) =>
  levels.map((l) => [
    l.productName,
    Object.values(l.choices).join(' / '),
    l.trackQuantity ? l.quantity : l.inStock ? 'in' : 'out',
  ]);

/** A product with Size × Color variants (S, M, L × Red, Blue) whose variants manage their own SKUs. */
async function sixVariants(name: string, quantity: number) {
  const p = await kit.createProduct({
    name,
    sku: 'PARENT-SKU',
    ...sizeAndColor(),
    manageVariants: true,
    stock: { trackInventory: true, quantity },
  });
  const variant = (size: string, color: string) =>
    p.variants!.find((v) => v.choices.Size === size && v.choices.Color === color)!;
  return { product: p, variant };
}

describe(`POST /_api/merx/v1/stock-levels/query (${testEngine()})`, () => {
  it("lists each variant with its product's name, its choices, the SKU a shopper sees and its stock", async () => {
    const word = unique('Lantern');
    const { product, variant } = await sixVariants(`${word} Deluxe`, 4);
    const res = await kit.owner.patch(`/stores/v1/products/${product.id}/variants`, {
      variants: [{ choices: { Size: 'M', Color: 'Blue' }, sku: 'LNT-M-BLU' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const simple = await kit.createProduct({ name: `${word} Basic`, sku: 'LNT-BASIC', visible: false });
    const { stockLevels, metadata } = await levelsOf({ filter: { productName: { $startsWith: word } } });
    expect(metadata).toEqual({ count: 7, offset: 0, total: 7 });
    // By product name, then each product's variants in the catalog's order.
    expect(summary(stockLevels)).toEqual([
      [`${word} Basic`, '', 'in'],
      ...['S', 'M', 'L'].flatMap((size) => ['Red', 'Blue'].map((c) => [`${word} Deluxe`, `${size} / ${c}`, 4])),
    ]);
    expect(stockLevels[0]).toEqual({
      productId: simple.id,
      variantId: DEFAULT_VARIANT_ID,
      productName: `${word} Basic`,
      choices: {},
      sku: 'LNT-BASIC',
      trackQuantity: false,
      inStock: true,
      lastUpdated: expect.any(String),
    });
    const mBlue = stockLevels.find((l) => l.variantId === variant('M', 'Blue').id);
    expect(mBlue).toMatchObject({ productId: product.id, sku: 'LNT-M-BLU', trackQuantity: true, quantity: 4 });
    // A managed variant without a SKU of its own shows the product's.
    expect(stockLevels.find((l) => l.variantId === variant('S', 'Red').id)?.sku).toBe('PARENT-SKU');
  });

  it('finds variants by part of the product name or of the SKU a shopper sees, in any case', async () => {
    const word = unique('Kettle');
    const { product } = await sixVariants(`${word} Copper`, 2);
    await kit.owner.patch(`/stores/v1/products/${product.id}/variants`, {
      variants: [{ choices: { Size: 'L', Color: 'Red' }, sku: `${word}-L-RED` }],
    });
    const plain = await kit.createProduct({ name: unique('Teapot'), sku: `${word}-POT` });
    const search = (text: string) =>
      levelsOf({ filter: { $or: [{ productName: { $contains: text } }, { sku: { $contains: text } }] } });

    const byName = await search(`${word} copper`.toLowerCase());
    expect(byName.stockLevels).toHaveLength(6);
    // The product's own SKU (no managed variants) and a variant's SKU both count.
    const bySku = await search(`${word}-`.toUpperCase());
    expect(bySku.stockLevels.map((l) => [l.productId, l.sku])).toEqual([
      [product.id, `${word}-L-RED`],
      [plain.id, `${word}-POT`],
    ]);
    // The product's SKU is not a managed variant's: only what the shopper sees is searched.
    expect((await levelsOf({ filter: { sku: 'PARENT-SKU', productId: product.id } })).stockLevels).toHaveLength(5);
  });

  it('filters low stock, out of stock and untracked variants, and sorts by quantity', async () => {
    const word = unique('Candle');
    const { product, variant } = await sixVariants(`${word} Tall`, 10);
    const counts = { 'S Red': 0, 'S Blue': 3, 'M Red': 5, 'M Blue': 6, 'L Red': 1, 'L Blue': 40 };
    const res = await kit.owner.patch(updateUrl(product.id), {
      inventoryItem: {
        trackQuantity: true,
        variants: Object.entries(counts).map(([key, quantity]) => {
          const [size, color] = key.split(' ') as [string, string];
          return { variantId: variant(size, color).id, quantity };
        }),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const untracked = await kit.createProduct({
      name: `${word} Short`,
      stock: { trackInventory: false, inStock: false },
    });
    const mine = { productName: { $startsWith: word } };

    const low = await levelsOf({
      filter: { ...mine, trackQuantity: true, quantity: { $gt: 0, $lte: 5 } },
      sort: [{ fieldName: 'quantity', order: 'ASC' }],
    });
    expect(summary(low.stockLevels)).toEqual([
      [`${word} Tall`, 'L / Red', 1],
      [`${word} Tall`, 'S / Blue', 3],
      [`${word} Tall`, 'M / Red', 5],
    ]);
    const out = await levelsOf({ filter: { ...mine, inStock: false } });
    expect(out.stockLevels.map((l) => [l.productId, l.variantId])).toEqual([
      [untracked.id, DEFAULT_VARIANT_ID],
      [product.id, variant('S', 'Red').id],
    ]);
    const notTracked = await levelsOf({ filter: { ...mine, trackQuantity: false } });
    expect(notTracked.stockLevels.map((l) => l.productId)).toEqual([untracked.id]);
    expect(notTracked.stockLevels[0]?.quantity).toBeUndefined();
    const fewest = await levelsOf({ filter: mine, sort: [{ fieldName: 'quantity', order: 'ASC' }] });
    // Untracked variants count no units: after every count, as the query language sorts a missing value.
    expect(fewest.stockLevels.map((l) => l.quantity ?? null)).toEqual([0, 1, 3, 5, 6, 40, null]);
  });

  it('pages by offset with the total, and by cursor', async () => {
    const word = unique('Basket');
    await sixVariants(`${word} Woven`, 7);
    const filter = { productName: { $startsWith: word } };
    const second = await levelsOf({ filter, paging: { limit: 4, offset: 4 } });
    expect(second.metadata).toEqual({ count: 2, offset: 4, total: 6 });
    const first = await levelsOf({ filter, cursorPaging: { limit: 4 } });
    const next = first.metadata as { cursors?: { next: string | null } };
    const rest = await levelsOf({ cursorPaging: { limit: 4, cursor: next.cursors?.next } });
    expect([...first.stockLevels, ...rest.stockLevels].map((l) => l.variantId)).toEqual(
      (await levelsOf({ filter })).stockLevels.map((l) => l.variantId),
    );
  });

  it('shows the stock as it is after staff add units', async () => {
    const p = await kit.stocked(9, { name: unique('Scarf') });
    const inc = await kit.owner.post('/stores/v2/inventoryItems/increment', {
      incrementData: [{ productId: p.id, variantId: DEFAULT_VARIANT_ID, incrementBy: 3 }],
    });
    expect(inc.status, JSON.stringify(inc.body)).toBe(200);
    const [level] = (await levelsOf({ filter: { productId: p.id } })).stockLevels;
    expect(level).toMatchObject({ quantity: 12, inStock: true, trackQuantity: true });
  });

  it('refuses fields and operators it does not offer', async () => {
    expectViolation(await kit.owner.post(LEVELS, { query: { filter: { price: 3 } } }), 'query.filter.price');
    expectViolation(
      await kit.owner.post(LEVELS, { query: { sort: [{ fieldName: 'inStock', order: 'ASC' }] } }),
      'query.sort[0].fieldName',
    );
    expectViolation(
      await kit.owner.post(LEVELS, { query: { filter: { productId: { $contains: 'x' } } } }),
      'query.filter.productId.$contains',
    );
  });

  it('answers staff and keys holding catalog:read, and refuses everyone else', async () => {
    const p = await kit.stocked(2, { name: unique('Mitten') });
    const filter = { productId: p.id };
    expect((await levelsOf({ filter }, kit.catalogReaderStaff)).stockLevels).toHaveLength(1);
    expect((await levelsOf({ filter }, kit.stranger)).stockLevels).toHaveLength(1);
    for (const refused of [kit.orderReader, kit.catalogWriterStaff, await kit.newMember()]) {
      expectAppError(await refused.post(LEVELS, { query: { filter } }), 403, 'PERMISSION_DENIED');
    }
    for (const anonymous of [kit.visitor, await kit.newVisitor()]) {
      expectAppError(await anonymous.post(LEVELS, { query: { filter } }), 401, 'UNAUTHENTICATED');
    }
  });
});
