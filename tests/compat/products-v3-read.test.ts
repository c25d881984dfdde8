/**
 * Catalog v3 product reads through the real `@wix/stores` `productsV3` module, over products written through v1
 * (`products`): the same ids, prices, stock and variants; getProduct and getProductBySlug with requested fields;
 * queryProducts().find() with cursor pages past both ends; searchProducts; countProducts in its three forms
 * (docs/decisions/0023-products-v3-read.md).
 */
import { randomUUID } from 'node:crypto';
import { products, productsV3 } from '@wix/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { compatSuite, decodeR, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { products, productsV3 } });

const word = `v3w${randomUUID().replaceAll('-', '').slice(0, 8)}`;
const made: Array<{ id: string; slug: string; variantIds: string[] }> = [];

beforeAll(async () => {
  // Five products through v1: prices 11..15, the first with Size options and stock, the third hidden.
  for (let i = 1; i <= 5; i++) {
    const { product } = await h.admin.products.createProduct({
      name: `${word} item ${i}`,
      productType: 'physical' as never,
      priceData: { price: 10 + i },
      visible: i !== 3,
      description: `<p>The <strong>${word}</strong> number ${i}</p>`,
      ...(i === 1
        ? {
            manageVariants: false,
            stock: { trackInventory: true, quantity: 4 },
            productOptions: [
              { name: 'Size', optionType: 'drop_down' as never, choices: [{ description: 'S' }, { description: 'M' }] },
            ],
          }
        : {}),
    });
    made.push({
      id: product!._id!,
      slug: product!.slug!,
      variantIds: (product!.variants ?? []).map((v) => v._id!),
    });
  }
});

const lastRequest = () => h.requests.at(-1)!;

describe('productsV3 over the v1 catalog', () => {
  it('getProduct: the v1 product with the same id, prices, stock and variants; requested fields on the query string', async () => {
    const [first] = made;
    const p = await h.anon.productsV3.getProduct(first!.id, {
      fields: ['URL', 'CURRENCY', 'DESCRIPTION', 'VARIANT_OPTION_CHOICE_NAMES'],
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/stores/v3/products/${first!.id}`, status: 200 });
    expect(lastRequest().params.getAll('fields')).toEqual([
      'URL',
      'CURRENCY',
      'DESCRIPTION',
      'VARIANT_OPTION_CHOICE_NAMES',
    ]);
    expect(p).toMatchObject({
      _id: first!.id,
      name: `${word} item 1`,
      slug: first!.slug,
      visible: true,
      productType: 'PHYSICAL',
      currency: 'USD',
      actualPriceRange: { minValue: { amount: '11', formattedAmount: '$11.00' } },
      inventory: { availabilityStatus: 'IN_STOCK' },
    });
    expect(p._createdDate).toBeInstanceOf(Date);
    // The package turns `{relativePath, url}` into the URL string.
    expect(p.url).toMatch(new RegExp(`/product-page/${first!.slug}$`));
    expect(p.description?.nodes?.[0]?.type).toBe('PARAGRAPH');
    expect(JSON.stringify(p.description)).toContain(word);
    expect(p.options?.[0]).toMatchObject({ name: 'Size', optionRenderType: 'TEXT_CHOICES' });
    const variants = p.variantsInfo?.variants ?? [];
    expect(variants.map((v) => v._id).sort()).toEqual([...first!.variantIds].sort());
    expect(variants[0]?.choices?.[0]?.optionChoiceNames).toMatchObject({ optionName: 'Size', choiceName: 'S' });
    expect(variants[0]?.inventoryStatus?.inStock).toBe(true);
    // The v1 read of the same product agrees.
    const v1 = await h.anon.products.getProduct(first!.id);
    expect(v1.product?.priceData?.price).toBe(11);
    // v1 sums the stock of both variants (4 each).
    expect(v1.product?.stock?.quantity).toBe(8);
  });

  it('getProductBySlug: the slug in the path and as `?slug=`, the whole body back', async () => {
    const second = made[1]!;
    const res = await h.anon.productsV3.getProductBySlug(second.slug, { fields: ['PLAIN_DESCRIPTION'] });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: `/stores/v3/products/slug/${second.slug}`,
      status: 200,
    });
    expect(lastRequest().params.get('slug')).toBe(second.slug);
    expect(res.product).toMatchObject({
      _id: second.id,
      plainDescription: `<p>The <strong>${word}</strong> number 2</p>`,
    });
  });

  it('hidden products: a visitor gets PRODUCT_NOT_FOUND, the API key reads it', async () => {
    const hidden = made[2]!;
    const err = await sdkError(h.anon.productsV3.getProduct(hidden.id));
    expect(err.details?.applicationError?.code).toBe('PRODUCT_NOT_FOUND');
    expect((await h.admin.productsV3.getProduct(hidden.id))._id).toBe(hidden.id);
  });

  it('queryProducts().find(): cursor pages forward and back, past both ends', async () => {
    const mark = h.requests.length;
    const first = await h.anon.productsV3.queryProducts().startsWith('slug', word).ascending('slug').limit(2).find();
    expect(h.requests[mark]).toMatchObject({ method: 'GET', path: '/stores/v3/products/query', status: 200 });
    expect(decodeR(h.requests[mark]!)).toMatchObject({ query: { cursorPaging: { limit: 2 } } });
    expect(first.items.map((p) => p._id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(first.hasNext()).toBe(true);
    expect(first.hasPrev()).toBe(false);
    const second = await first.next();
    // The next page request carries only the cursor (and the limit).
    expect(Object.keys((decodeR(lastRequest()) as { query: object }).query)).toEqual(['cursorPaging']);
    expect(second.items.map((p) => p._id)).toEqual([made[3]!.id, made[4]!.id]);
    // Exactly full at the end: no next cursor.
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow(/No next page/);
    const back = await second.prev();
    expect(back.items.map((p) => p._id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(back.hasPrev()).toBe(false);
    await expect(back.prev()).rejects.toThrow(/No previous page/);
    // The API key sees the hidden one too.
    const all = await h.admin.productsV3.queryProducts().startsWith('slug', word).limit(10).find();
    expect(all.items).toHaveLength(5);
  });

  it('a query too long for the query string goes as a POST and is answered the same', async () => {
    const many = Array.from({ length: 120 }, () => randomUUID());
    const res = await h.anon.productsV3
      .queryProducts()
      .in('_id', [...many, made[1]!.id])
      .find();
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/products/query', status: 200 });
    expect(res.items.map((p) => p._id)).toEqual([made[1]!.id]);
  });

  it('searchProducts: expression, filter and cursor paging; the whole body back', async () => {
    const res = await h.anon.productsV3.searchProducts(
      { search: { expression: word }, filter: { slug: { $ne: made[0]!.slug } }, cursorPaging: { limit: 2 } },
      { fields: ['URL'] },
    );
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/stores/v3/products/search', status: 200 });
    expect(res.products).toHaveLength(2);
    expect(res.pagingMetadata?.hasNext).toBe(true);
    const rest = await h.anon.productsV3.searchProducts({
      cursorPaging: { limit: 2, cursor: res.pagingMetadata!.cursors!.next! },
    });
    expect(rest.products).toHaveLength(1);
    expect(rest.pagingMetadata?.hasNext).toBe(false);
    const ids = [...res.products!, ...rest.products!].map((p) => p._id).sort();
    expect(ids).toEqual([made[1]!.id, made[3]!.id, made[4]!.id].sort());
  });

  it('countProducts: GET with `.r`, hidden ones only when asked by the API key', async () => {
    const visible = await h.anon.productsV3.countProducts({ filter: { slug: { $startsWith: word } } });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/stores/v3/products/count', status: 200 });
    expect(visible.count).toBe(4);
    const searched = await h.anon.productsV3.countProducts({ search: { expression: `${word} item` } });
    expect(searched.count).toBe(4);
    const withHidden = await h.admin.productsV3.countProducts({
      filter: { slug: { $startsWith: word } },
      returnNonVisibleProducts: true,
    });
    expect(withHidden.count).toBe(5);
    const denied = await sdkError(h.anon.productsV3.countProducts({ returnNonVisibleProducts: true }));
    expect(denied.details?.applicationError?.code).toBe('PERMISSION_DENIED');
  });

  it('countProducts() with no options, and counts and searches too long for the query string as POSTs', async () => {
    const mark = h.requests.length;
    const bare = await h.anon.productsV3.countProducts();
    expect(h.requests[mark]).toMatchObject({ method: 'GET', path: '/stores/v3/products/count', status: 200 });
    expect(bare.count).toBeGreaterThanOrEqual(4);
    const many = Array.from({ length: 120 }, () => randomUUID());
    const counted = await h.anon.productsV3.countProducts({ filter: { id: { $in: [...many, made[0]!.id] } } });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/products/count', status: 200 });
    expect(counted.count).toBe(1);
    const found = await h.anon.productsV3.searchProducts({
      search: { expression: word },
      filter: { id: { $in: [...many, made[4]!.id] } },
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/products/search', status: 200 });
    expect(found.products?.map((p) => p._id)).toEqual([made[4]!.id]);
  });

  it('queryProducts({fields}) sends the requested fields in the envelope and gets them', async () => {
    const res = await h.anon.productsV3
      .queryProducts({ fields: ['URL', 'MEDIA_ITEMS_INFO'] })
      .eq('slug', made[1]!.slug)
      .find();
    expect(decodeR(lastRequest())).toMatchObject({ fields: ['URL', 'MEDIA_ITEMS_INFO'] });
    expect(res.items[0]?.url).toMatch(new RegExp(`/product-page/${made[1]!.slug}$`));
    expect(res.items[0]?.media?.itemsInfo?.items).toEqual([]);
  });

  it('an unknown filter field is a validation error naming it', async () => {
    const err = await sdkError(h.anon.productsV3.countProducts({ filter: { 'options.nope': { $eq: 1 } } }));
    // The package prefixes the field with the argument it came from (`options`).
    expect(err.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/filter\.options\.nope$/);
  });
});
