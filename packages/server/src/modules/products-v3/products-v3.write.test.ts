import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectNothingWritten,
  expectViolation,
  type Kit,
  type Res,
  startKit,
  unique,
} from '../products/catalog-test-kit.js';

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

const money = (amount: string) => ({ amount });
const names = (optionName: string, choiceName: string) => ({ optionChoiceNames: { optionName, choiceName } });

/** A shirt with Size (S, M) and Color (Red, Blue) swatches, four priced variants. */
function shirt(extra: Record<string, unknown> = {}): Any {
  return {
    name: unique('Shirt '),
    productType: 'PHYSICAL',
    plainDescription: '<p>Soft <strong>cotton</strong><script>alert(1)</script></p>',
    options: [
      {
        name: 'Size',
        optionRenderType: 'TEXT_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'S', choiceType: 'CHOICE_TEXT' },
            { name: 'M', choiceType: 'CHOICE_TEXT' },
          ],
        },
      },
      {
        name: 'Color',
        optionRenderType: 'SWATCH_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'Red', choiceType: 'ONE_COLOR', colorCode: '#ff0000' },
            { name: 'Blue', choiceType: 'ONE_COLOR', colorCode: '#0000ff' },
          ],
        },
      },
    ],
    variantsInfo: {
      variants: [
        {
          choices: [names('Size', 'S'), names('Color', 'Red')],
          price: { actualPrice: money('10') },
          sku: unique('S-R'),
        },
        { choices: [names('Size', 'S'), names('Color', 'Blue')], price: { actualPrice: money('10') } },
        { choices: [names('Size', 'M'), names('Color', 'Red')], price: { actualPrice: money('12.5') } },
        {
          choices: [names('Size', 'M'), names('Color', 'Blue')],
          price: { actualPrice: money('12.5') },
          physicalProperties: { weight: 0.3 },
          revenueDetails: { cost: money('4') },
        },
      ],
    },
    ...extra,
  };
}

describe('create', () => {
  it('creates a product that reads the same through v3 and v1', async () => {
    const { product } = ok(
      await kit.owner.post(base, { product: shirt(), fields: ['PLAIN_DESCRIPTION', 'MERCHANT_DATA'] }),
    );
    expect(product.revision).toBe('1');
    expect(product.plainDescription).toContain('<strong>cotton</strong>');
    expect(product.plainDescription).not.toContain('script');
    expect(product.options.map((o: Any) => [o.name, o.optionRenderType])).toEqual([
      ['Size', 'TEXT_CHOICES'],
      ['Color', 'SWATCH_CHOICES'],
    ]);
    expect(product.options[1].choicesSettings.choices[0]).toMatchObject({ name: 'Red', colorCode: '#ff0000' });
    expect(product.actualPriceRange).toEqual({ minValue: { amount: '10' }, maxValue: { amount: '12.5' } });
    expect(product.variantsInfo.variants).toHaveLength(4);
    const mb = product.variantsInfo.variants[3];
    expect(mb).toMatchObject({ price: { actualPrice: { amount: '12.5' } }, physicalProperties: { weight: 0.3 } });
    expect(mb.revenueDetails.cost.amount).toBe('4');

    const v1 = ok(await kit.owner.get(`/stores-reader/v1/products/${product.id}`)).product;
    expect(v1.name).toBe(product.name);
    expect(v1.manageVariants).toBe(true);
    expect(v1.priceData.price).toBe(10);
    expect(v1.productOptions[1]).toMatchObject({ name: 'Color', optionType: 'color' });
    const v1Variants = ok(await kit.owner.post(`/stores-reader/v1/products/${product.id}/variants/query`, {})).variants;
    expect(v1Variants.map((v: Any) => v.variant.priceData.price).sort()).toEqual([10, 10, 12.5, 12.5]);
    expect(v1Variants.map((v: Any) => v.id).sort()).toEqual(product.variantsInfo.variants.map((v: Any) => v.id).sort());
  });

  it('turns compareAtPrice into the product discount, as an amount or a percentage', async () => {
    const amount = ok(
      await kit.owner.post(base, {
        product: {
          name: unique('Mug '),
          productType: 'PHYSICAL',
          variantsInfo: { variants: [{ price: { actualPrice: money('8'), compareAtPrice: money('10') } }] },
        },
      }),
    ).product;
    expect(amount.variantsInfo.variants[0].price).toEqual({
      actualPrice: { amount: '8' },
      compareAtPrice: { amount: '10' },
    });
    const v1 = ok(await kit.owner.get(`/stores-reader/v1/products/${amount.id}`)).product;
    expect(v1.priceData).toMatchObject({ price: 10, discountedPrice: 8 });
    expect(v1.discount).toEqual({ type: 'AMOUNT', value: 2 });

    const s = shirt();
    s.variantsInfo.variants[0].price = { actualPrice: money('9'), compareAtPrice: money('10') } as Any;
    s.variantsInfo.variants[1].price = { actualPrice: money('9'), compareAtPrice: money('10') } as Any;
    s.variantsInfo.variants[2].price = { actualPrice: money('18'), compareAtPrice: money('20') } as Any;
    s.variantsInfo.variants[3].price = { actualPrice: money('18'), compareAtPrice: money('20') } as Any;
    const percent = ok(await kit.owner.post(base, { product: s })).product;
    const pv1 = ok(await kit.owner.get(`/stores-reader/v1/products/${percent.id}`)).product;
    expect(pv1.discount).toEqual({ type: 'PERCENT', value: 10 });
    expect(percent.actualPriceRange).toEqual({ minValue: { amount: '9' }, maxValue: { amount: '18' } });
  });

  it('refuses prices that need more than one discount, naming the variant, and writes nothing', async () => {
    const s = shirt();
    s.variantsInfo.variants[0].price = { actualPrice: money('9'), compareAtPrice: money('10') } as Any;
    s.variantsInfo.variants[2].price = { actualPrice: money('5'), compareAtPrice: money('12.5') } as Any;
    await expectNothingWritten(kit, async () => {
      expectViolation(
        await kit.owner.post(base, { product: s }),
        'product.variantsInfo.variants[1].price.compareAtPrice.amount',
      );
    });
  });

  it('keeps unlisted combinations hidden and not for sale', async () => {
    const s = shirt();
    s.variantsInfo.variants = s.variantsInfo.variants.slice(0, 3);
    const { product } = ok(await kit.owner.post(base, { product: s }));
    const hidden = product.variantsInfo.variants.filter((v: Any) => !v.visible);
    expect(hidden).toHaveLength(1);
    expect(hidden[0].inventoryStatus.inStock).toBe(false);
  });

  it('takes ribbon and brand by id or by name, tags, free-text modifiers, media and SEO data', async () => {
    const ribbon = ok(
      await kit.owner.post('/stores/v3/ribbons', { ribbon: { name: unique('Rb').slice(0, 20) } }),
    ).ribbon;
    const brandName = unique('Brand ');
    const { product } = ok(
      await kit.owner.post(base, {
        product: {
          ...shirt(),
          ribbon: { id: ribbon.id },
          brand: { name: brandName },
          tags: { publicTags: { tagIds: ['t1', 't2'] }, privateTags: { tagIds: ['p1'] } },
          modifiers: [
            {
              modifierRenderType: 'FREE_TEXT',
              name: 'Engraving',
              mandatory: true,
              freeTextSettings: { maxCharCount: 20 },
            },
          ],
          media: { itemsInfo: { items: [{ url: 'https://example.com/a.jpg' }, { url: 'https://example.com/b.mp4' }] } },
          seoData: { tags: [{ type: 'title', children: 'Shirt' }] },
        },
        fields: ['MEDIA_ITEMS_INFO'],
      }),
    );
    expect(product.ribbon).toEqual({ id: ribbon.id, name: ribbon.name });
    expect(product.brand.name).toBe(brandName);
    expect(product.tags).toEqual({ publicTags: { tagIds: ['t1', 't2'] }, privateTags: { tagIds: ['p1'] } });
    expect(product.modifiers[0]).toMatchObject({
      modifierRenderType: 'FREE_TEXT',
      name: 'Engraving',
      mandatory: true,
      freeTextSettings: { maxCharCount: 20 },
    });
    expect(product.media.itemsInfo.items.map((m: Any) => m.mediaType)).toEqual(['IMAGE', 'VIDEO']);
    expect(product.seoData).toEqual({ tags: [{ type: 'title', children: 'Shirt' }] });
    const v1 = ok(await kit.owner.get(`/stores-reader/v1/products/${product.id}`)).product;
    expect(v1.ribbon).toBe(ribbon.name);
    expect(v1.customTextFields).toEqual([{ title: 'Engraving', maxLength: 20, mandatory: true }]);
  });

  it('writes a rich-text description as safe HTML for v1', async () => {
    const description = {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'p1',
          nodes: [{ type: 'TEXT', id: 't1', textData: { text: 'Hello', decorations: [{ type: 'BOLD' }] } }],
        },
      ],
    };
    const { product } = ok(
      await kit.owner.post(base, {
        product: { ...shirt(), description },
        fields: ['DESCRIPTION', 'PLAIN_DESCRIPTION'],
      }),
    );
    expect(product.plainDescription).toContain('Hello');
    expect(product.plainDescription).toMatch(/<strong>Hello<\/strong>|<b>Hello<\/b>/);
    const bad = { nodes: [{ type: 'NO_SUCH_NODE', id: 'x' }] };
    const res = await kit.owner.post(base, { product: { ...shirt(), description: bad } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('product.description');
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    await expectNothingWritten(kit, async () => {
      expectViolation(await kit.owner.post(base, { product: { productType: 'PHYSICAL' } }), 'product.name');
      expectViolation(
        await kit.owner.post(base, { product: { name: 'No variants', productType: 'PHYSICAL' } }),
        'product.variantsInfo.variants',
      );
      const s = shirt();
      s.variantsInfo.variants[1].choices = [names('Size', 'S'), names('Color', 'Red')];
      expectViolation(await kit.owner.post(base, { product: s }), 'product.variantsInfo.variants[1].choices');
      const t = shirt();
      t.variantsInfo.variants[0].choices = [names('Size', 'XL'), names('Color', 'Red')];
      expectViolation(await kit.owner.post(base, { product: t }), 'product.variantsInfo.variants[0].choices[0]');
      const u = shirt();
      u.variantsInfo.variants[0].choices = [names('Size', 'S')];
      expectViolation(await kit.owner.post(base, { product: u }), 'product.variantsInfo.variants[0].choices');
      const m = shirt({ modifiers: [{ modifierRenderType: 'TEXT_CHOICES', name: 'Wrap' }] });
      expectViolation(await kit.owner.post(base, { product: m }), 'product.modifiers[0].choicesSettings.choices');
      const price = shirt();
      price.variantsInfo.variants[0].price = { actualPrice: money('1.234') } as Any;
      expectViolation(
        await kit.owner.post(base, { product: price }),
        'product.variantsInfo.variants[0].price.actualPrice.amount',
      );
      expectAppError(
        await kit.owner.post(base, { product: shirt({ ribbon: { id: 'nope' } }) }),
        404,
        'RIBBON_NOT_FOUND',
      );
    });
  });

  it('is for staff and keys holding catalog:write only', async () => {
    await expectNothingWritten(kit, async () => {
      expect((await kit.visitor.post(base, { product: shirt() })).status).toBe(401);
      const reader = await kit.clientWith(['catalog:read']);
      expect((await reader.post(base, { product: shirt() })).status).toBe(403);
    });
  });
});

describe('update', () => {
  it('changes what is sent, with compare-and-set on the revision', async () => {
    const { product } = ok(await kit.owner.post(base, { product: shirt() }));
    const stale = { product: { revision: '0', name: 'Stale' } };
    await expectNothingWritten(kit, async () => {
      expectAppError(await kit.owner.patch(`${base}/${product.id}`, stale), 400, 'CONCURRENT_MODIFICATION');
      expectViolation(
        await kit.owner.patch(`${base}/${product.id}`, { product: { name: 'No revision' } }),
        'product.revision',
      );
    });
    const renamed = ok(
      await kit.owner.patch(`${base}/${product.id}`, {
        product: { id: product.id, revision: '1', name: 'Renamed shirt' },
      }),
    ).product;
    expect(renamed).toMatchObject({ name: 'Renamed shirt', revision: '2' });
    expect(renamed.variantsInfo.variants.map((v: Any) => v.id)).toEqual(
      product.variantsInfo.variants.map((v: Any) => v.id),
    );

    // A variant re-priced by id; the others keep theirs.
    const target = product.variantsInfo.variants[3];
    const repriced = ok(
      await kit.owner.patch(`${base}/${product.id}`, {
        product: {
          revision: '2',
          variantsInfo: {
            variants: product.variantsInfo.variants.map((v: Any) =>
              v.id === target.id ? { id: v.id, price: { actualPrice: money('15') } } : { id: v.id },
            ),
          },
        },
      }),
    ).product;
    expect(repriced.actualPriceRange.maxValue.amount).toBe('15');
    expect(repriced.actualPriceRange.minValue.amount).toBe('10');
    expectAppError(
      await kit.owner.patch(`${base}/nope`, { product: { revision: '1', name: 'x' } }),
      404,
      'PRODUCT_NOT_FOUND',
    );
  });

  it('adds an option choice: old variants keep their ids and stock, the new ones come in stock', async () => {
    const { product } = ok(
      await kit.owner.post(`${base}-with-inventory`, {
        product: {
          name: unique('Cap '),
          productType: 'PHYSICAL',
          options: [{ name: 'Size', choicesSettings: { choices: [{ name: 'S' }] } }],
          variantsInfo: {
            variants: [
              { choices: [names('Size', 'S')], price: { actualPrice: money('5') }, inventoryItem: { quantity: 7 } },
            ],
          },
        },
      }),
    );
    const [s] = product.variantsInfo.variants;
    const next = ok(
      await kit.owner.patch(`${base}/${product.id}`, {
        product: {
          revision: product.revision,
          options: [{ name: 'Size', choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] } }],
          variantsInfo: {
            variants: [
              { choices: [names('Size', 'S')] },
              { choices: [names('Size', 'M')], price: { actualPrice: money('6') } },
            ],
          },
        },
      }),
    ).product;
    expect(next.variantsInfo.variants).toHaveLength(2);
    expect(next.variantsInfo.variants[0].id).toBe(s.id);
    const items = ok(await kit.owner.get(`/stores/v3/inventory-items/${product.id}_${s.id}`));
    expect(items.inventoryItem?.quantity ?? items.inventoryItem).toBeDefined();
  });
});

describe('with inventory', () => {
  it('sets each variant stock and answers the inventory items', async () => {
    const s = shirt();
    s.variantsInfo.variants = s.variantsInfo.variants.map((v: Any, i: number) => ({
      ...v,
      inventoryItem: i === 0 ? { quantity: 4 } : { inStock: i !== 1 },
    })) as Any;
    const res = ok(await kit.owner.post(`${base}-with-inventory`, { product: s, returnEntity: true }));
    expect(res.product.inventory.availabilityStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    expect(res.inventoryResults.results).toHaveLength(4);
    expect(res.inventoryResults.results[0].item).toMatchObject({ trackQuantity: true, quantity: 4, inStock: true });
    expect(res.inventoryResults.results[1].item).toMatchObject({ trackQuantity: false, inStock: false });
    expect(res.inventoryResults.bulkActionMetadata).toEqual({
      totalSuccesses: 4,
      totalFailures: 0,
      undetailedFailures: 0,
    });

    const updated = ok(
      await kit.owner.patch(`${base}-with-inventory/${res.product.id}`, {
        product: {
          revision: res.product.revision,
          variantsInfo: { variants: [{ id: res.product.variantsInfo.variants[0].id, inventoryItem: { quantity: 0 } }] },
        },
        returnEntity: false,
      }),
    );
    expect(updated.product).toBeUndefined();
    expect(updated.inventoryResults.results[0].item).toMatchObject({ quantity: 0, inStock: false });
  });
});

describe('delete and bulk', () => {
  it('deletes one product', async () => {
    const { product } = ok(await kit.owner.post(base, { product: shirt() }));
    expect(ok(await kit.owner.delete(`${base}/${product.id}`))).toEqual({});
    expectAppError(await kit.owner.get(`${base}/${product.id}`), 404, 'PRODUCT_NOT_FOUND');
    expectAppError(await kit.owner.delete(`${base}/${product.id}`), 404, 'PRODUCT_NOT_FOUND');
  });

  it('creates, updates and deletes in bulk with a result per item', async () => {
    const created = ok(
      await kit.owner.post('/stores/v3/bulk/products/create', {
        products: [shirt(), { name: 'Broken', productType: 'PHYSICAL' }, shirt()],
        returnEntity: true,
      }),
    );
    expect(created.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect(created.results[1].itemMetadata).toMatchObject({ originalIndex: 1, success: false });
    expect(created.results[1].itemMetadata.error.code).toBe('INVALID_ARGUMENT');
    const [a, , c] = created.results.map((r: Any) => r.item);
    const updated = ok(
      await kit.owner.post('/stores/v3/bulk/products/update', {
        products: [
          { product: { id: a.id, revision: a.revision, name: 'Bulk A' } },
          { product: { id: c.id, revision: '99', name: 'Stale C' } },
        ],
        returnEntity: true,
      }),
    );
    expect(updated.results[0].item.name).toBe('Bulk A');
    expect(updated.results[1].itemMetadata.error.code).toBe('CONCURRENT_MODIFICATION');
    const deleted = ok(await kit.owner.post('/stores/v3/bulk/products/delete', { productIds: [a.id, 'nope', c.id] }));
    expect(deleted.results.map((r: Any) => r.itemMetadata.success)).toEqual([true, false, true]);
  });

  it('assigns and unassigns tags, by ids and by filter', async () => {
    const { product } = ok(await kit.owner.post(base, { product: shirt({ tags: { publicTags: { tagIds: ['a'] } } }) }));
    ok(
      await kit.owner.post('/stores/v3/bulk/products/update-tags', {
        productIds: [product.id],
        assignTags: { publicTags: { tagIds: ['b'] }, privateTags: { tagIds: ['x'] } },
        unassignTags: { publicTags: { tagIds: ['a'] } },
      }),
    );
    let read = ok(await kit.owner.get(`${base}/${product.id}`)).product;
    expect(read.tags).toEqual({ publicTags: { tagIds: ['b'] }, privateTags: { tagIds: ['x'] } });
    const job = ok(
      await kit.owner.post('/stores/v3/bulk/products/update-tags-by-filter', {
        filter: { id: { $in: [product.id] } },
        unassignTags: { privateTags: { tagIds: ['x'] } },
      }),
    );
    expect(typeof job.jobId).toBe('string');
    read = ok(await kit.owner.get(`${base}/${product.id}`)).product;
    expect(read.tags.privateTags.tagIds).toEqual([]);
    // A v1 change keeps the v3 tags.
    ok(await kit.owner.patch(`/stores/v1/products/${product.id}`, { product: { name: 'Tagged' } }));
    read = ok(await kit.owner.get(`${base}/${product.id}`)).product;
    expect(read.tags.publicTags.tagIds).toEqual(['b']);
  });

  it('deletes and categorises by filter', async () => {
    const name = unique('Filtered ');
    const one = ok(await kit.owner.post(base, { product: shirt({ name: `${name} one` }) })).product;
    const two = ok(await kit.owner.post(base, { product: shirt({ name: `${name} two` }) })).product;
    const category = ok(
      await kit.owner.post('/stores/v1/collections', { collection: { name: unique('Cat ') } }),
    ).collection;
    ok(
      await kit.owner.post('/stores/v3/bulk/products/add-to-categories-by-filter', {
        filter: { id: { $in: [one.id, two.id] } },
        categoryIds: [category.id],
      }),
    );
    const inCategory = ok(
      await kit.owner.post(`${base}/query`, {
        query: { filter: { 'directCategoriesInfo.categories.id': { $hasSome: [category.id] } } },
      }),
    );
    expect(inCategory.products.map((p: Any) => p.id).sort()).toEqual([one.id, two.id].sort());
    expectViolation(
      await kit.owner.post('/stores/v3/bulk/products/delete-by-filter', { filter: { nope: 1 } }),
      'filter.nope',
    );
    // A call that deletes or reprices needs a filter ({} selects every product): none is refused, nothing goes.
    await expectNothingWritten(kit, async () => {
      expectViolation(
        await kit.owner.post('/stores/v3/bulk/products/delete-by-filter', {}),
        'filter',
        'REQUIRED_FIELD',
      );
      expectViolation(
        await kit.owner.post('/stores/v3/bulk/products/adjust-variants-by-filter', { actualPrice: { percentage: 10 } }),
        'filter',
      );
    });
    ok(await kit.owner.post('/stores/v3/bulk/products/delete-by-filter', { filter: { id: { $in: [one.id] } } }));
    expectAppError(await kit.owner.get(`${base}/${one.id}`), 404, 'PRODUCT_NOT_FOUND');
    ok(await kit.owner.get(`${base}/${two.id}`));
  });
});

describe('variants and fields by filter', () => {
  /** Two products found by one unique word in their names. */
  async function pair() {
    const word = unique('pair').replace(/[^a-z0-9]/gi, '');
    const one = ok(await kit.owner.post(base, { product: shirt({ name: `${word} one` }) })).product;
    const two = ok(await kit.owner.post(base, { product: shirt({ name: `${word} two` }) })).product;
    return { word, one, two, filter: { id: { $in: [one.id, two.id] } } };
  }
  const read = async (id: string) => ok(await kit.owner.get(`${base}/${id}`, { fields: 'MERCHANT_DATA' })).product;

  it('changes the fields sent on every product the filter selects', async () => {
    const { one, two, filter } = await pair();
    ok(await kit.owner.post('/stores/v3/bulk/products/update-by-filter', { filter, product: { visible: false } }));
    expect((await read(one.id)).visible).toBe(false);
    expect((await read(two.id)).visible).toBe(false);
  });

  it('sets the same variant fields on every variant', async () => {
    const { one, two, filter } = await pair();
    ok(
      await kit.owner.post('/stores/v3/bulk/products/update-variants-by-filter', {
        filter,
        variant: { price: { actualPrice: money('7') }, physicalProperties: { weight: 1.5 } },
      }),
    );
    for (const p of [await read(one.id), await read(two.id)]) {
      expect(p.actualPriceRange).toEqual({ minValue: { amount: '7' }, maxValue: { amount: '7' } });
      expect(p.variantsInfo.variants.every((v: Any) => v.physicalProperties.weight === 1.5)).toBe(true);
    }
  });

  it('adjusts prices and cost by a percentage or an amount, rounding as asked', async () => {
    const { one, filter } = await pair();
    ok(
      await kit.owner.post('/stores/v3/bulk/products/adjust-variants-by-filter', {
        filter,
        actualPrice: { percentage: 10 },
      }),
    );
    expect((await read(one.id)).actualPriceRange).toEqual({
      minValue: { amount: '11' },
      maxValue: { amount: '13.75' },
    });
    ok(
      await kit.owner.post('/stores/v3/bulk/products/adjust-variants-by-filter', {
        filter,
        actualPrice: { amount: '-1' },
        rounding: 'NEAREST_WHOLE_NUMBER',
      }),
    );
    expect((await read(one.id)).actualPriceRange).toEqual({ minValue: { amount: '10' }, maxValue: { amount: '13' } });
    ok(
      await kit.owner.post('/stores/v3/bulk/products/adjust-variants-by-filter', {
        filter,
        compareAtPriceDiscount: { percentage: 50 },
      }),
    );
    const half = await read(one.id);
    expect(half.actualPriceRange).toEqual({ minValue: { amount: '5' }, maxValue: { amount: '6.5' } });
    expect(half.compareAtPriceRange).toEqual({ minValue: { amount: '10' }, maxValue: { amount: '13' } });
    const mb = half.variantsInfo.variants[3];
    ok(await kit.owner.post('/stores/v3/bulk/products/adjust-variants-by-filter', { filter, cost: { amount: '1' } }));
    expect((await read(one.id)).variantsInfo.variants[3].revenueDetails.cost.amount).toBe(
      String(Number(mb.revenueDetails.cost.amount) + 1),
    );
  });

  it('refuses the whole call when one product cannot take the change, and writes nothing', async () => {
    const { one, filter } = await pair();
    await expectNothingWritten(kit, async () => {
      const res = await kit.owner.post('/stores/v3/bulk/products/adjust-variants-by-filter', {
        filter,
        actualPrice: { amount: '-11' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(one.id);
      expectViolation(
        await kit.owner.post('/stores/v3/bulk/products/adjust-variants-by-filter', {
          filter,
          actualPrice: { amount: '1', percentage: 2 },
        }),
        'actualPrice',
      );
    });
  });

  it('takes the selected products out of categories', async () => {
    const { one, two, filter } = await pair();
    const category = ok(
      await kit.owner.post('/stores/v1/collections', { collection: { name: unique('Cat ') } }),
    ).collection;
    ok(
      await kit.owner.post('/stores/v3/bulk/products/add-to-categories-by-filter', {
        filter,
        categoryIds: [category.id],
      }),
    );
    ok(
      await kit.owner.post('/stores/v3/bulk/products/remove-from-categories-by-filter', {
        filter: { id: { $eq: one.id } },
        categoryIds: [category.id],
      }),
    );
    const inCategory = ok(
      await kit.owner.post(`${base}/query`, {
        query: { filter: { 'directCategoriesInfo.categories.id': { $hasSome: [category.id] } } },
      }),
    );
    expect(inCategory.products.map((p: Any) => p.id)).toEqual([two.id]);
    // A filter that selects nothing places nothing; an unknown category is refused all the same.
    const none = { filter: { id: { $in: ['no-such-product'] } }, categoryIds: [category.id] };
    ok(await kit.owner.post('/stores/v3/bulk/products/add-to-categories-by-filter', none));
    ok(await kit.owner.post('/stores/v3/bulk/products/remove-from-categories-by-filter', none));
    expect(
      (
        await kit.owner.post('/stores/v3/bulk/products/add-to-categories-by-filter', {
          ...none,
          categoryIds: ['no-such-category'],
        })
      ).status,
    ).toBe(404);
  });
});

describe('info sections referenced by products', () => {
  const section = async (title: string) =>
    ok(
      await kit.owner.post('/stores/v3/info-sections', {
        infoSection: { uniqueName: unique('sec-'), title, plainDescription: `<p><strong>${title}</strong> text</p>` },
      }),
    ).infoSection;
  const fields = ['INFO_SECTION', 'INFO_SECTION_PLAIN_DESCRIPTION', 'INFO_SECTION_DESCRIPTION'];
  const readV3 = async (id: string) =>
    ok(await kit.owner.post(`${base}/query`, { query: { filter: { id } }, fields })).products[0];

  it('shows the entities in v3, their copies in v1, and follows their changes', async () => {
    const care = await section('Care');
    const ship = await section('Shipping');
    const { product } = ok(
      await kit.owner.post(base, {
        product: shirt({ infoSections: [{ id: care.id }, { uniqueName: ship.uniqueName.toUpperCase() }] }),
        fields,
      }),
    );
    expect(product.infoSections.map((s: Any) => [s.id, s.uniqueName, s.title])).toEqual([
      [care.id, care.uniqueName, 'Care'],
      [ship.id, ship.uniqueName, 'Shipping'],
    ]);
    expect(product.infoSections[0].plainDescription).toContain('<strong>Care</strong>');
    expect(product.infoSections[0].description.nodes.length).toBeGreaterThan(0);
    const v1 = ok(await kit.owner.get(`/stores-reader/v1/products/${product.id}`)).product;
    expect(v1.additionalInfoSections.map((s: Any) => s.title)).toEqual(['Care', 'Shipping']);
    const counted = ok(
      await kit.owner.get(`/stores/v3/info-sections/${care.id}`, { fields: 'ASSIGNED_PRODUCTS_COUNT' }),
    );
    expect(counted.infoSection.assignedProductsCount).toBe(1);

    ok(
      await kit.owner.patch(`/stores/v3/info-sections/${care.id}`, {
        infoSection: { revision: care.revision, title: 'Washing' },
      }),
    );
    const after = await readV3(product.id);
    expect(after.infoSections.map((s: Any) => s.title)).toEqual(['Washing', 'Shipping']);
    expect(Number(after.revision)).toBeGreaterThan(Number(product.revision));
    const v1After = ok(await kit.owner.get(`/stores-reader/v1/products/${product.id}`)).product;
    expect(v1After.additionalInfoSections[0].title).toBe('Washing');

    ok(await kit.owner.delete(`/stores/v3/info-sections/${ship.id}`));
    expect((await readV3(product.id)).infoSections.map((s: Any) => s.id)).toEqual([care.id]);

    // Sections written through v1 are the product's own: it stops following the entities.
    ok(
      await kit.owner.patch(`/stores/v1/products/${product.id}`, {
        product: { additionalInfoSections: [{ title: 'Own', description: '<p>mine</p>' }] },
      }),
    );
    const own = await readV3(product.id);
    expect(own.infoSections.map((s: Any) => s.title)).toEqual(['Own']);
    expect(own.infoSections[0].id).not.toBe(care.id);
    const recount = ok(
      await kit.owner.get(`/stores/v3/info-sections/${care.id}`, { fields: 'ASSIGNED_PRODUCTS_COUNT' }),
    );
    expect(recount.infoSection.assignedProductsCount).toBe(0);
  });

  it('adds and removes sections in bulk and by filter, and refuses unknown ones', async () => {
    const a = await section('A');
    const b = await section('B');
    const one = ok(await kit.owner.post(base, { product: shirt({ infoSections: [{ id: a.id }] }) })).product;
    const two = ok(await kit.owner.post(base, { product: shirt() })).product;
    const added = ok(
      await kit.owner.post('/stores/v3/bulk/products/add-info-sections', {
        products: [
          { productId: one.id, revision: one.revision },
          { productId: two.id, revision: '99' },
        ],
        infoSectionIds: [b.id, a.id],
        returnEntity: true,
        fields,
      }),
    );
    expect(added.results[0].item.infoSections.map((s: Any) => s.id)).toEqual([a.id, b.id]);
    expect(added.results[1].itemMetadata.error.code).toBe('CONCURRENT_MODIFICATION');
    ok(
      await kit.owner.post('/stores/v3/bulk/products/add-info-sections-by-filter', {
        filter: { id: { $in: [two.id] } },
        infoSectionIds: [b.id],
      }),
    );
    expect((await readV3(two.id)).infoSections.map((s: Any) => s.id)).toEqual([b.id]);
    ok(
      await kit.owner.post('/stores/v3/bulk/products/remove-info-sections-by-filter', {
        filter: { id: { $in: [one.id, two.id] } },
        infoSectionIds: [b.id],
      }),
    );
    expect((await readV3(one.id)).infoSections.map((s: Any) => s.id)).toEqual([a.id]);
    expect((await readV3(two.id)).infoSections).toEqual([]);
    await expectNothingWritten(kit, async () => {
      expectAppError(
        await kit.owner.post(base, { product: shirt({ infoSections: [{ id: 'nope' }] }) }),
        404,
        'INFO_SECTION_NOT_FOUND',
      );
    });
  });
});
