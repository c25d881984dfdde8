/**
 * Ribbons and brands of catalog v3 through the real `@wix/stores` `ribbonsV3` and `brandsV3` modules (and v1
 * `products` for the same catalog), as a merchant's script and a storefront drive them: every call of both modules,
 * query cursor paging past both ends, and the v1 ↔ v3 round trip (docs/decisions/0020-ribbons-and-brands.md).
 */
import { brandsV3, products, ribbonsV3 } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { compatSuite, decodeR, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { ribbonsV3, brandsV3, products } });

const lastRequest = () => h.requests.at(-1)!;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('ribbons through @wix/stores ribbonsV3', () => {
  let id: string;

  it('createRibbon, getRibbon with ASSIGNED_PRODUCT_COUNT, updateRibbon with the revision', async () => {
    const made = await h.admin.ribbonsV3.createRibbon({ name: 'Compat Sale' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/ribbons', status: 200 });
    expect(made).toMatchObject({ name: 'Compat Sale', revision: '1', _id: expect.any(String) });
    expect(made._createdDate).toBeInstanceOf(Date);
    id = made._id!;
    const read = await h.anon.ribbonsV3.getRibbon(id, { fields: ['ASSIGNED_PRODUCT_COUNT'] });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/stores/v3/ribbons/${id}`, status: 200 });
    expect(lastRequest().params.getAll('fields')).toEqual(['ASSIGNED_PRODUCT_COUNT']);
    expect(read).toMatchObject({ _id: id, name: 'Compat Sale', assignedProductCount: 0 });
    const renamed = await h.admin.ribbonsV3.updateRibbon(id, { revision: '1', name: 'Compat Deal' });
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/stores/v3/ribbons/${id}`, status: 200 });
    expect(renamed).toMatchObject({ _id: id, name: 'Compat Deal', revision: '2' });
  });

  it('refuses a stale revision, a taken name and an unknown id with the codes the SDK passes on', async () => {
    const stale = await sdkError(h.admin.ribbonsV3.updateRibbon(id, { revision: '1', name: 'Late' }));
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
    const taken = await sdkError(h.admin.ribbonsV3.createRibbon({ name: 'compat deal' }));
    expect(taken.details?.applicationError?.code).toBe('RIBBON_ALREADY_EXISTS');
    const missing = await sdkError(h.anon.ribbonsV3.getRibbon(NO_SUCH_ID));
    expect(missing.details?.applicationError?.code).toBe('RIBBON_NOT_FOUND');
    const empty = await sdkError(h.admin.ribbonsV3.createRibbon({ name: ' ' }));
    expect(empty.details?.validationError?.fieldViolations?.[0]?.field).toBe('ribbon.name');
    const denied = await sdkError(h.anon.ribbonsV3.createRibbon({ name: 'Visitor ribbon' }));
    expect(denied.details?.applicationError?.code).toBe('UNAUTHENTICATED');
  });

  it('getOrCreateRibbon and the bulk calls answer per item', async () => {
    const got = await h.admin.ribbonsV3.getOrCreateRibbon('COMPAT DEAL', { fields: ['ASSIGNED_PRODUCT_COUNT'] });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/ribbons/get-or-create' });
    expect(got.ribbon).toMatchObject({ _id: id, name: 'Compat Deal', assignedProductCount: 0 });
    const created = await h.admin.ribbonsV3.bulkCreateRibbons([{ name: 'Compat B1' }, { name: 'Compat Deal' }], {
      returnEntity: true,
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/ribbons/create' });
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(created.results[0]?.item?.name).toBe('Compat B1');
    expect(created.results[1]?.itemMetadata?.error?.code).toBe('RIBBON_ALREADY_EXISTS');
    const b1 = created.results[0]!.item!;
    const updated = await h.admin.ribbonsV3.bulkUpdateRibbons(
      [{ ribbon: { _id: b1._id!, revision: b1.revision!, name: 'Compat B2' } }],
      { returnEntity: true },
    );
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/ribbons/update' });
    expect(updated.results[0]?.item).toMatchObject({ _id: b1._id, name: 'Compat B2', revision: '2' });
    // A field mask goes out as the package's comma-separated text.
    const masked = await h.admin.ribbonsV3.bulkUpdateRibbons(
      [{ ribbon: { _id: b1._id!, revision: '2', name: 'Compat B2b' }, fieldMask: ['name'] }],
      { returnEntity: true },
    );
    expect(masked.results[0]?.item).toMatchObject({ _id: b1._id, name: 'Compat B2b', revision: '3' });
    await h.admin.ribbonsV3.bulkUpdateRibbons(
      [{ ribbon: { _id: b1._id!, revision: '3', name: 'Compat B2' }, fieldMask: ['name'] }],
      { returnEntity: true },
    );
    const many = await h.admin.ribbonsV3.bulkGetOrCreateRibbons(['compat b2', 'Compat B3']);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/ribbons/get-or-create' });
    expect(many.results.map((r) => r.item?.name)).toEqual(['Compat B2', 'Compat B3']);
    const deleted = await h.admin.ribbonsV3.bulkDeleteRibbons([many.results[1]!.item!._id!, NO_SUCH_ID]);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/ribbons/delete' });
    expect(deleted.results.map((r) => r.itemMetadata?.success)).toEqual([true, false]);
  });

  it('queryRibbons pages with cursors past both ends; countRibbons counts (both POST)', async () => {
    for (const n of [1, 2, 3, 4]) await h.admin.ribbonsV3.createRibbon({ name: `Compat page ${n}` });
    const first = await h.anon.ribbonsV3
      .queryRibbons()
      .startsWith('name', 'compat page')
      .ascending('name')
      .limit(2)
      .find();
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/ribbons/query', status: 200 });
    expect(first.items.map((r) => r.name)).toEqual(['Compat page 1', 'Compat page 2']);
    expect(first.hasPrev()).toBe(false);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((r) => r.name)).toEqual(['Compat page 3', 'Compat page 4']);
    // The last page fills its limit exactly: no next page.
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow();
    expect(second.hasPrev()).toBe(true);
    const back = await second.prev();
    expect(back.items.map((r) => r.name)).toEqual(['Compat page 1', 'Compat page 2']);
    await expect(first.prev()).rejects.toThrow();
    const { count } = await h.anon.ribbonsV3.countRibbons({ filter: { name: { $startsWith: 'Compat page' } } });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/ribbons/count', status: 200 });
    expect(count).toBe(4);
    const bad = await sdkError(h.anon.ribbonsV3.queryRibbons().limit(2).skipTo('not-a-cursor').find());
    expect(bad.status).toBe(400);
    // The server names `query.cursorPaging.cursor`; the query builder's error transform rewrites the first part.
    expect(bad.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/\.cursorPaging\.cursor$/);
  });

  it('deleteRibbon removes it; reading it then fails with RIBBON_NOT_FOUND', async () => {
    await h.admin.ribbonsV3.deleteRibbon(id);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/stores/v3/ribbons/${id}`, status: 200 });
    const error = await sdkError(h.anon.ribbonsV3.getRibbon(id));
    expect(error.status).toBe(404);
  });
});

describe('brands through @wix/stores brandsV3', () => {
  it('does every call, with ASSIGNED_PRODUCTS_COUNT and the query as GET with the .r envelope', async () => {
    const made = await h.admin.brandsV3.createBrand({ name: 'Compat Brand' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/brands', status: 200 });
    const read = await h.anon.brandsV3.getBrand(made._id!, { fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    expect(read).toMatchObject({ name: 'Compat Brand', assignedProductsCount: 0 });
    const renamed = await h.admin.brandsV3.updateBrand(made._id!, { revision: made.revision!, name: 'Compat Maker' });
    expect(renamed).toMatchObject({ name: 'Compat Maker', revision: '2' });
    const got = await h.admin.brandsV3.getOrCreateBrand('compat maker');
    expect(got.brand?._id).toBe(made._id);
    const bulk = await h.admin.brandsV3.bulkCreateBrands([{ name: 'Compat BB 1' }, { name: 'Compat BB 2' }], {
      returnEntity: true,
    });
    expect(bulk.bulkActionMetadata?.totalSuccesses).toBe(2);
    const [b1, b2] = bulk.results.map((r) => r.item!);
    const updated = await h.admin.brandsV3.bulkUpdateBrands([
      { brand: { _id: b1!._id!, revision: '1', name: 'Compat BB 0' } },
    ]);
    expect(updated.results[0]?.itemMetadata?.success).toBe(true);
    const many = await h.admin.brandsV3.bulkGetOrCreateBrands(['COMPAT BB 2', 'Compat BB 3']);
    expect(many.results.map((r) => r.item?._id)[0]).toBe(b2!._id);

    const first = await h.anon.brandsV3.queryBrands().startsWith('name', 'Compat BB').ascending('name').limit(2).find();
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/stores/v3/brands/query', status: 200 });
    expect(decodeR(lastRequest())).toMatchObject({ query: { cursorPaging: { limit: 2 } } });
    expect(first.items.map((b) => b.name)).toEqual(['Compat BB 0', 'Compat BB 2']);
    const second = await first.next();
    expect(second.items.map((b) => b.name)).toEqual(['Compat BB 3']);
    expect(second.hasNext()).toBe(false);
    expect((await second.prev()).items.map((b) => b.name)).toEqual(['Compat BB 0', 'Compat BB 2']);
    const { count } = await h.anon.brandsV3.countBrands({ filter: { name: { $startsWith: 'Compat BB' } } });
    expect(count).toBe(3);

    const deleted = await h.admin.brandsV3.bulkDeleteBrands([b1!._id!]);
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(1);
    await h.admin.brandsV3.deleteBrand(made._id!);
    const missing = await sdkError(h.anon.brandsV3.getBrand(made._id!));
    expect(missing.details?.applicationError?.code).toBe('BRAND_NOT_FOUND');
    const long = await sdkError(h.admin.brandsV3.createBrand({ name: 'x'.repeat(51) }));
    expect(long.details?.validationError?.fieldViolations?.[0]?.field).toBe('brand.name');
  });
});

describe('one catalog: v1 products and v3 ribbons and brands', () => {
  it('a ribbon and brand set through v1 are counted in v3, renamed and deleted through v3 as v1 reads show', async () => {
    const { product } = await h.admin.products.createProduct({
      name: 'Compat ribbon shirt',
      productType: 'physical',
      priceData: { price: 10 },
      ribbon: 'Compat Hot',
      brand: 'Compat Label',
    });
    const ribbon = (
      await h.anon.ribbonsV3
        .queryRibbons({ fields: ['ASSIGNED_PRODUCT_COUNT'] })
        .eq('name', 'Compat Hot')
        .find()
    ).items[0]!;
    expect(ribbon.assignedProductCount).toBe(1);
    const brand = (
      await h.anon.brandsV3
        .queryBrands({ fields: ['ASSIGNED_PRODUCTS_COUNT'] })
        .eq('name', 'Compat Label')
        .find()
    ).items[0]!;
    expect(brand.assignedProductsCount).toBe(1);

    await h.admin.ribbonsV3.updateRibbon(ribbon._id!, { revision: ribbon.revision!, name: 'Compat Hotter' });
    await h.admin.brandsV3.updateBrand(brand._id!, { revision: brand.revision!, name: 'Compat Label 2' });
    const renamed = (await h.anon.products.getProduct(product!._id!)).product!;
    expect(renamed).toMatchObject({ ribbon: 'Compat Hotter', brand: 'Compat Label 2' });

    await h.admin.ribbonsV3.deleteRibbon(ribbon._id!);
    await h.admin.brandsV3.deleteBrand(brand._id!);
    const bare = (await h.anon.products.getProduct(product!._id!)).product!;
    expect(bare.ribbon ?? null).toBeNull();
    expect(bare.brand ?? null).toBeNull();
  });
});
