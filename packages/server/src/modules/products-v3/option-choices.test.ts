import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectViolation, type Kit, type Res, startKit, unique } from '../products/catalog-test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.close();
});

const ok = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
// biome-ignore lint/suspicious/noExplicitAny: tests read answers freely
type Any = any;

/** Three products sharing a unique brand: sizes S/M, M/L and none; the M of the second is hidden. */
async function catalog() {
  const brand = unique('OC ');
  const make = async (name: string, sizes: string[]) =>
    (
      await kit.createProduct({
        name: `${brand} ${name}`,
        brand,
        priceData: { price: 10 },
        manageVariants: true,
        ...(sizes.length
          ? { productOptions: [{ name: 'Size', choices: sizes.map((description) => ({ description })) }] }
          : {}),
      })
    ).id;
  const a = await make('A', ['S', 'M']);
  const b = await make('B', ['M', 'L']);
  const c = await make('C', []);
  const variants = ok(await kit.owner.post(`/stores-reader/v1/products/${b}/variants/query`, {})).variants;
  const bm = variants.find((v: Any) => v.choices.Size === 'M');
  ok(
    await kit.owner.patch(`/stores/v1/products/${b}/variants`, { variants: [{ variantIds: [bm.id], visible: false }] }),
  );
  return { brand, a, b, c };
}

describe('option choices: filter and facet for the whole catalog', () => {
  it('filters v1 and v3 products by the choices of their visible variants', async () => {
    const { brand, a, b } = await catalog();
    const v1 = ok(
      await kit.visitor.post('/stores-reader/v1/products/query', {
        query: { filter: JSON.stringify({ brand, optionChoices: { $hasSome: ['Size: M'] } }) },
      }),
    );
    expect(v1.products.map((p: Any) => p.id)).toEqual([a]);
    const v3 = ok(
      await kit.visitor.post('/stores/v3/products/search', {
        search: { filter: { 'brand.name': brand, optionChoices: { $hasSome: ['Size: L', 'Size: S'] } } },
      }),
    );
    expect(v3.products.map((p: Any) => p.id).sort()).toEqual([a, b].sort());
  });

  it('counts each choice over every product the search selects', async () => {
    const { brand } = await catalog();
    const res = ok(
      await kit.visitor.post('/stores/v3/products/search', {
        search: {
          filter: { 'brand.name': brand },
          cursorPaging: { limit: 1 },
          aggregations: [{ name: 'choices', type: 'VALUE', fieldPath: 'optionChoices', value: { sortType: 'VALUE' } }],
        },
      }),
    );
    expect(res.products).toHaveLength(1);
    expect(res.aggregationData.results[0].values.results).toEqual([
      { value: 'Size: L', count: 1 },
      { value: 'Size: M', count: 1 },
      { value: 'Size: S', count: 1 },
    ]);
  });

  it('follows option and visibility changes, and refuses a wrong operator', async () => {
    const { brand, c } = await catalog();
    ok(
      await kit.owner.patch(`/stores/v1/products/${c}`, {
        product: { productOptions: [{ name: 'Size', choices: [{ description: 'XL' }] }] },
      }),
    );
    const res = ok(
      await kit.visitor.post('/stores/v3/products/search', {
        search: { filter: { 'brand.name': brand, optionChoices: { $hasSome: ['Size: XL'] } } },
      }),
    );
    expect(res.products.map((p: Any) => p.id)).toEqual([c]);
    expectViolation(
      await kit.visitor.post('/stores/v3/products/search', {
        search: { filter: { optionChoices: { $gt: 'Size: M' } } },
      }),
      'search.filter.optionChoices.$gt',
    );
  });
});
