/**
 * Catalog v3 product writes through the real `@wix/stores` `productsV3` module (docs/decisions/0028-products-v3-writes.md):
 * create → read through v1 (`products`) → update through v1 → read through v3; update with the revision and a stale
 * one; with inventory; every bulk call with its per-item results; the by-filter calls; delete.
 */
import { randomUUID } from 'node:crypto';
import { STORES_APP_ID } from '@merx/contract';
import { currentCart } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { infoSectionsV3, products, productsV3 } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { compatSuite, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { products, productsV3, infoSectionsV3 } });

const word = () => `v3c${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const names = (optionName: string, choiceName: string) => ({ optionChoiceNames: { optionName, choiceName } });

/** A mug in two colours (swatches), the blue one dearer, with a compare-at price lowering both by 2. */
function mug(name = `${word()} mug`) {
  return {
    name,
    productType: 'PHYSICAL' as const,
    plainDescription: '<p>A <em>good</em> mug</p>',
    options: [
      {
        name: 'Color',
        optionRenderType: 'SWATCH_CHOICES' as const,
        choicesSettings: {
          choices: [
            { name: 'White', choiceType: 'ONE_COLOR' as const, colorCode: '#ffffff' },
            { name: 'Blue', choiceType: 'ONE_COLOR' as const, colorCode: '#0000ff' },
          ],
        },
      },
    ],
    variantsInfo: {
      variants: [
        {
          choices: [names('Color', 'White')],
          price: { actualPrice: { amount: '8' }, compareAtPrice: { amount: '10' } },
          sku: `${name}-w`.slice(0, 40),
        },
        {
          choices: [names('Color', 'Blue')],
          price: { actualPrice: { amount: '10' }, compareAtPrice: { amount: '12' } },
          physicalProperties: { weight: 0.4 },
        },
      ],
    },
  };
}

describe('create, read through v1, change through v1, read through v3', () => {
  it('is one product in both catalogs', async () => {
    const created = await h.admin.productsV3.createProduct(mug(), { fields: ['PLAIN_DESCRIPTION', 'URL'] });
    expect(created._id).toBeTruthy();
    expect(created.revision).toBe('1');
    expect(created.plainDescription).toContain('<em>good</em>');
    expect(created.actualPriceRange?.minValue?.amount).toBe('8');
    expect(created.compareAtPriceRange?.maxValue?.amount).toBe('12');
    expect(created.options?.[0]?.optionRenderType).toBe('SWATCH_CHOICES');

    const { product: v1 } = await h.admin.products.getProduct(created._id as string);
    expect(v1?.name).toBe(created.name);
    expect(v1?.discount).toMatchObject({ type: 'AMOUNT', value: 2 });
    expect(v1?.productOptions?.[0]?.optionType).toBe('color');
    expect((v1?.variants ?? []).map((v) => v._id).sort()).toEqual(
      (created.variantsInfo?.variants ?? []).map((v) => v._id).sort(),
    );

    await h.admin.products.updateProduct(created._id as string, { name: `${created.name} renamed` });
    const again = await h.admin.productsV3.getProduct(created._id as string);
    expect(again.name).toBe(`${created.name} renamed`);
    expect(Number(again.revision)).toBeGreaterThan(1);
    // Visitors read it too, through v3.
    expect((await h.anon.productsV3.getProduct(created._id as string)).name).toBe(again.name);
  });
});

describe('choice modifiers', () => {
  it('are written and read by productsV3, and a visitor picks them in addToCurrentCart by key', async () => {
    const created = await h.admin.productsV3.createProduct({
      ...mug(),
      modifiers: [
        {
          name: 'Gift wrap',
          modifierRenderType: 'TEXT_CHOICES',
          mandatory: true,
          choicesSettings: {
            choices: [
              { name: 'None', choiceType: 'CHOICE_TEXT' },
              { name: 'Paper', choiceType: 'CHOICE_TEXT', addedPrice: '3' },
            ],
          },
        },
      ],
    });
    const modifier = created.modifiers?.[0];
    expect(modifier).toMatchObject({ name: 'Gift wrap', modifierRenderType: 'TEXT_CHOICES', mandatory: true });
    const paper = modifier?.choicesSettings?.choices?.[1];
    expect(paper).toMatchObject({ name: 'Paper', addedPrice: '3' });
    const white = created.variantsInfo?.variants?.[0];
    // A shop's visitor: OAuth visitor tokens (the harness's fetch already goes to Merx).
    const { id: clientId } = await h.server.services.clients.create({
      name: 'Modifier shop',
      redirectUris: ['https://shop.example/callback'],
    });
    const shop = createClient({ modules: { currentCart }, auth: OAuthStrategy({ clientId }), fetch: globalThis.fetch });
    const { cart } = await shop.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: created._id as string,
            options: { variantId: white?._id, options: { [modifier?.key as string]: paper?.key as string } },
          },
          quantity: 1,
        },
      ],
    });
    const line = cart?.lineItems?.[0];
    expect(Number(line?.price?.amount)).toBe(Number(white?.price?.actualPrice?.amount) + 3);
    expect(
      line?.descriptionLines?.map((d) => [d.name?.original, d.plainText?.original ?? d.colorInfo?.original]),
    ).toEqual([
      ['Color', expect.any(String)],
      ['Gift wrap', 'Paper'],
    ]);
  });
});

describe('update', () => {
  it('changes what is sent with the revision read, and refuses a stale one', async () => {
    const created = await h.admin.productsV3.createProduct(mug());
    const updated = await h.admin.productsV3.updateProduct(created._id as string, {
      revision: created.revision as string,
      name: `${created.name} v2`,
      visible: false,
    });
    expect(updated).toMatchObject({ name: `${created.name} v2`, visible: false, revision: '2' });
    const stale = await sdkError(
      h.admin.productsV3.updateProduct(created._id as string, { revision: '1', name: 'stale' }),
    );
    expect(stale.status).toBe(400);
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
    expect((await h.admin.productsV3.getProduct(created._id as string)).name).toBe(`${created.name} v2`);
  });

  it('sets the stock of each variant with inventory, and answers the inventory items', async () => {
    const input = mug();
    const res = await h.admin.productsV3.createProductWithInventory(
      {
        ...input,
        variantsInfo: {
          variants: input.variantsInfo.variants.map((v, i) => ({
            ...v,
            inventoryItem: i === 0 ? { quantity: 3 } : { inStock: false },
          })),
        },
      },
      { returnEntity: true },
    );
    expect(res.product?.inventory?.availabilityStatus).toBe('PARTIALLY_OUT_OF_STOCK');
    const items = res.inventoryResults?.results ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]?.item).toMatchObject({ trackQuantity: true, quantity: 3 });
    expect(items[1]?.item).toMatchObject({ inStock: false });

    const id = res.product?._id as string;
    const after = await h.admin.productsV3.updateProductWithInventory(
      id,
      {
        revision: res.product?.revision as string,
        variantsInfo: {
          variants: [{ _id: res.product?.variantsInfo?.variants?.[0]?._id, inventoryItem: { quantity: 9 } }],
        },
      },
      { returnEntity: false },
    );
    expect(after.product).toBeUndefined();
    expect(after.inventoryResults?.results?.[0]?.item).toMatchObject({ quantity: 9 });
  });
});

describe('bulk', () => {
  it('creates, updates and deletes with a result per item', async () => {
    const created = await h.admin.productsV3.bulkCreateProducts([mug(), { name: '' }, mug()], {
      returnEntity: true,
    });
    expect(created.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    const [a, failed, c] = created.results ?? [];
    expect(failed?.itemMetadata?.success).toBe(false);
    expect(failed?.itemMetadata?.originalIndex).toBe(1);

    const updated = await h.admin.productsV3.bulkUpdateProducts(
      [
        { product: { _id: a?.item?._id, revision: a?.item?.revision, name: 'bulk renamed' } },
        { product: { _id: c?.item?._id, revision: '42', name: 'stale' } },
      ],
      { returnEntity: true },
    );
    expect(updated.results?.[0]?.item?.name).toBe('bulk renamed');
    expect(updated.results?.[1]?.itemMetadata?.error?.code).toBe('CONCURRENT_MODIFICATION');

    const tagged = await h.admin.productsV3.bulkUpdateProductTags([a?.item?._id as string], {
      assignTags: { publicTags: { tagIds: ['summer'] } },
    });
    expect(tagged.bulkActionMetadata?.totalSuccesses).toBe(1);
    expect((await h.admin.productsV3.getProduct(a?.item?._id as string)).tags?.publicTags?.tagIds).toEqual(['summer']);

    const deleted = await h.admin.productsV3.bulkDeleteProducts([a?.item?._id as string, c?.item?._id as string]);
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(2);
    expect((await sdkError(h.admin.productsV3.getProduct(a?.item?._id as string))).status).toBe(404);
  });

  it('changes, adjusts, categorises and deletes by filter', async () => {
    const w = word();
    const one = await h.admin.productsV3.createProduct(mug(`${w} one`));
    const two = await h.admin.productsV3.createProduct(mug(`${w} two`));
    const filter = { id: { $in: [one._id, two._id] } };

    const job = await h.admin.productsV3.bulkUpdateProductsByFilter({ filter, product: { visible: false } });
    expect(typeof job.jobId).toBe('string');
    expect((await h.admin.productsV3.getProduct(one._id as string)).visible).toBe(false);

    await h.admin.productsV3.bulkAdjustProductVariantsByFilter(filter, { compareAtPriceDiscount: { percentage: 50 } });
    const adjusted = await h.admin.productsV3.getProduct(two._id as string);
    expect(adjusted.actualPriceRange).toEqual({ minValue: { amount: '5' }, maxValue: { amount: '6' } });
    expect(adjusted.compareAtPriceRange).toEqual({ minValue: { amount: '10' }, maxValue: { amount: '12' } });

    const { collection } = await h.admin.products.createCollection({ name: `${w} category` });
    await h.admin.productsV3.bulkAddProductsToCategoriesByFilter({ filter, categoryIds: [collection?._id as string] });
    const page = await h.admin.productsV3
      .queryProducts()
      .hasSome('directCategoriesInfo.categories.id', [collection?._id as string])
      .find();
    expect(page.items.map((p) => p._id).sort()).toEqual([one._id, two._id].sort());

    await h.admin.productsV3.bulkDeleteProductsByFilter(filter);
    expect((await sdkError(h.admin.productsV3.getProduct(two._id as string))).status).toBe(404);
  });

  it('is refused to visitors', async () => {
    const refused = await sdkError(h.anon.productsV3.createProduct(mug()));
    expect([401, 403]).toContain(refused.status);
  });
});

describe('info sections', () => {
  it('references info sections on create, adds and removes them in bulk, counts them', async () => {
    const care = await h.admin.infoSectionsV3.createInfoSection({
      uniqueName: word(),
      title: 'Care',
      plainDescription: '<p>Wash cold</p>',
    });
    const ship = await h.admin.infoSectionsV3.createInfoSection({
      uniqueName: word(),
      title: 'Shipping',
      plainDescription: '<p>Fast</p>',
    });
    const created = await h.admin.productsV3.createProduct(
      { ...mug(), infoSections: [{ _id: care._id }] },
      { fields: ['INFO_SECTION'] },
    );
    expect(created.infoSections?.map((s) => s._id)).toEqual([care._id]);
    const added = await h.admin.productsV3.bulkAddInfoSectionsToProducts(
      [{ productId: created._id as string, revision: created.revision as string }],
      { infoSectionIds: [ship._id as string], returnEntity: true, fields: ['INFO_SECTION'] },
    );
    expect(added.results?.[0]?.item?.infoSections?.map((s) => s.title)).toEqual(['Care', 'Shipping']);
    const counted = await h.admin.infoSectionsV3.getInfoSection(ship._id as string, {
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(counted.assignedProductsCount).toBe(1);
    await h.admin.productsV3.bulkRemoveInfoSectionsFromProductsByFilter(
      { id: created._id },
      { infoSectionIds: [care._id as string] },
    );
    const { product: v1 } = await h.admin.products.getProduct(created._id as string);
    expect(v1?.additionalInfoSections?.map((s) => s.title)).toEqual(['Shipping']);
  });
});

describe('delete', () => {
  it('deletes one product', async () => {
    const created = await h.admin.productsV3.createProduct(mug());
    await h.admin.productsV3.deleteProduct(created._id as string);
    expect((await sdkError(h.admin.productsV3.getProduct(created._id as string))).status).toBe(404);
  });
});
