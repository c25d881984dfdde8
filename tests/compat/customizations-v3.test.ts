/**
 * Customizations (options and modifiers) of catalog v3 through the real `@wix/stores` `customizationsV3` module, as a
 * merchant's script and a storefront drive them: every call, the choice calls, query cursor paging past both ends,
 * the long query's POST fallback, bulk results and errors (docs/decisions/0025-customizations.md).
 */
import { customizationsV3, products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { compatSuite, decodeR, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { customizationsV3, products } });

const lastRequest = () => h.requests.at(-1)!;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const BASE = '/stores/v3/customizations';

describe('customizations through @wix/stores customizationsV3', () => {
  let id: string;

  it('createCustomization (text option, swatch, free-text modifier), getCustomization, updateCustomization', async () => {
    const made = await h.admin.customizationsV3.createCustomization({
      name: 'Compat size',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: {
        choices: [
          { choiceType: 'CHOICE_TEXT', name: 'S' },
          { choiceType: 'CHOICE_TEXT', name: 'M' },
        ],
      },
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: BASE, status: 200 });
    expect(made).toMatchObject({
      _id: expect.any(String),
      revision: '1',
      key: 'compat size',
      name: 'Compat size',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
    });
    expect(made._createdDate).toBeInstanceOf(Date);
    expect(made.choicesSettings?.choices?.map((c) => [c.name, c.key, typeof c._id])).toEqual([
      ['S', 's', 'string'],
      ['M', 'm', 'string'],
    ]);
    id = made._id!;
    const swatch = await h.admin.customizationsV3.createCustomization({
      name: 'Compat colour',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'SWATCH_CHOICES',
      choicesSettings: {
        choices: [
          { choiceType: 'ONE_COLOR', name: 'Red', colorCode: '#ff0000' },
          { choiceType: 'ONE_COLOR', name: 'Print', displayImage: 'https://static.example/print.png' },
        ],
      },
    });
    expect(swatch.choicesSettings?.choices?.[0]?.colorCode).toBe('#ff0000');
    // The package sends the image as `{url}` and shows it back as its URL.
    expect(
      (lastRequest().body as { customization: { choicesSettings: { choices: unknown[] } } }).customization
        .choicesSettings.choices[1],
    ).toMatchObject({ displayImage: { url: 'https://static.example/print.png' } });
    expect(swatch.choicesSettings?.choices?.[1]?.displayImage).toBe('https://static.example/print.png');
    const modifier = await h.admin.customizationsV3.createCustomization({
      name: 'Compat engraving',
      customizationType: 'MODIFIER',
      customizationRenderType: 'FREE_TEXT',
      freeTextInput: { title: 'Your words', maxCharCount: 30 },
      choicesSettings: undefined as never,
    });
    expect(modifier.freeTextInput).toMatchObject({ title: 'Your words', minCharCount: 0, maxCharCount: 30 });

    const read = await h.anon.customizationsV3.getCustomization(id, { fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `${BASE}/${id}`, status: 200 });
    expect(read).toMatchObject({ _id: id, name: 'Compat size', assignedProductsCount: 0 });
    const updated = await h.admin.customizationsV3.updateCustomization(id, { revision: '1', name: 'Compat sizes' });
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `${BASE}/${id}`, status: 200 });
    expect(updated).toMatchObject({ _id: id, revision: '2', name: 'Compat sizes' });
  });

  it('passes on a stale revision, a taken name, an unknown id, broken choice rules and a missing scope', async () => {
    const stale = await sdkError(h.admin.customizationsV3.updateCustomization(id, { revision: '1', name: 'Late' }));
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
    const taken = await sdkError(
      h.admin.customizationsV3.createCustomization({
        name: 'COMPAT SIZES',
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'X' }] },
      }),
    );
    expect(taken.status).toBe(409);
    expect(taken.details?.applicationError?.code).toBe('CUSTOMIZATION_ALREADY_EXISTS');
    const missing = await sdkError(h.anon.customizationsV3.getCustomization(NO_SUCH_ID));
    expect(missing.details?.applicationError?.code).toBe('CUSTOMIZATION_NOT_FOUND');
    const noColour = await sdkError(
      h.admin.customizationsV3.createCustomization({
        name: 'Compat bad swatch',
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'SWATCH_CHOICES',
        choicesSettings: { choices: [{ choiceType: 'ONE_COLOR', name: 'Blank' }] },
      }),
    );
    expect(noColour.details?.validationError?.fieldViolations?.[0]?.field).toBe(
      'customization.choicesSettings.choices[0].colorCode',
    );
    const optionText = await sdkError(
      h.admin.customizationsV3.createCustomization({
        name: 'Compat bad option',
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'FREE_TEXT',
        freeTextInput: { title: 'T' },
        choicesSettings: undefined as never,
      }),
    );
    expect(optionText.details?.validationError?.fieldViolations?.[0]?.field).toBe(
      'customization.customizationRenderType',
    );
    const denied = await sdkError(
      h.anon.customizationsV3.createCustomization({
        name: 'Compat anon',
        customizationType: 'MODIFIER',
        customizationRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'X' }] },
      }),
    );
    expect(denied.details?.applicationError?.code).toBe('UNAUTHENTICATED');
  });

  it('add, set, update, reorder and remove choices', async () => {
    const added = await h.admin.customizationsV3.addCustomizationChoices(id, [
      { choiceType: 'CHOICE_TEXT', name: 'L' },
    ]);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${BASE}/${id}/add-choices`, status: 200 });
    const choices = added.customization?.choicesSettings?.choices ?? [];
    expect(choices.map((c) => c.name)).toEqual(['S', 'M', 'L']);
    const [s, m, l] = choices.map((c) => c._id!);
    const set = await h.admin.customizationsV3.setCustomizationChoices(id, [
      { _id: s, choiceType: 'CHOICE_TEXT', name: 'S' },
      { _id: l, choiceType: 'CHOICE_TEXT', name: 'L' },
      { choiceType: 'CHOICE_TEXT', name: 'XL' },
    ]);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${BASE}/${id}/set-choices`, status: 200 });
    const afterSet = set.customization!;
    expect(afterSet.choicesSettings?.choices?.map((c) => c._id).slice(0, 2)).toEqual([s, l]);
    const xl = afterSet.choicesSettings!.choices![2]!._id!;
    expect([s, m, l]).not.toContain(xl);
    const renamed = await h.admin.customizationsV3.updateCustomizationChoices(id, afterSet.revision!, {
      choices: [{ choice: { _id: xl, name: 'Extra large' } }],
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${BASE}/${id}/update-choices`, status: 200 });
    expect(renamed.customization?.choicesSettings?.choices?.[2]).toMatchObject({ _id: xl, name: 'Extra large' });
    const reordered = await h.admin.customizationsV3.reorderCustomizationChoices(id, renamed.customization!.revision!, {
      choiceIds: [xl, l, s],
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${BASE}/${id}/reorder-choices`, status: 200 });
    expect(reordered.customization?.choicesSettings?.choices?.map((c) => c._id)).toEqual([xl, l, s]);
    const mismatch = await sdkError(
      h.admin.customizationsV3.reorderCustomizationChoices(id, reordered.customization!.revision!, { choiceIds: [xl] }),
    );
    expect(mismatch.details?.applicationError?.code).toBe('CHOICE_IDS_MISMATCH');
    const removed = await h.admin.customizationsV3.removeCustomizationChoices(id, [l], {
      revision: reordered.customization!.revision!,
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${BASE}/${id}/remove-choices`, status: 200 });
    expect(removed.customization?.choicesSettings?.choices?.map((c) => c._id)).toEqual([xl, s]);
    const unknown = await sdkError(h.admin.customizationsV3.removeCustomizationChoices(id, ['nope']));
    expect(unknown.details?.applicationError?.code).toBe('CHOICE_NOT_FOUND');
  });

  it('the bulk calls answer per item', async () => {
    const created = await h.admin.customizationsV3.bulkCreateCustomizations(
      [
        {
          name: 'Compat bulk 1',
          customizationType: 'MODIFIER',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'Gift wrap' }] },
        },
        {
          name: 'compat sizes',
          customizationType: 'PRODUCT_OPTION',
          customizationRenderType: 'TEXT_CHOICES',
          choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'X' }] },
        },
      ],
      { returnEntity: true },
    );
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/customizations/create' });
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(created.results[0]?.customization).toMatchObject({ name: 'Compat bulk 1', customizationType: 'MODIFIER' });
    expect(created.results[1]?.itemMetadata?.error?.code).toBe('CUSTOMIZATION_ALREADY_EXISTS');
    const b1 = created.results[0]!.customization!;
    const updated = await h.admin.customizationsV3.bulkUpdateCustomizations(
      [
        { customization: { _id: b1._id!, revision: b1.revision!, name: 'Compat bulk one' } },
        { customization: { _id: id, revision: '1', name: 'stale' } },
      ],
      { returnEntity: true },
    );
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/customizations/update' });
    expect(updated.results[0]?.customization).toMatchObject({ _id: b1._id, name: 'Compat bulk one', revision: '2' });
    expect(updated.results[1]?.itemMetadata?.error?.code).toBe('CONCURRENT_MODIFICATION');
    const withChoices = await h.admin.customizationsV3.bulkAddCustomizationChoices(
      [
        { customizationId: b1._id!, choices: [{ choiceType: 'CHOICE_TEXT', name: 'Card' }] },
        { customizationId: NO_SUCH_ID, choices: [{ choiceType: 'CHOICE_TEXT', name: 'Card' }] },
      ],
      { returnEntity: true },
    );
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/customizations/add-choices' });
    expect(withChoices.results[0]?.customization?.choicesSettings?.choices?.map((c) => c.name)).toEqual([
      'Gift wrap',
      'Card',
    ]);
    expect(withChoices.results[1]?.itemMetadata?.error?.code).toBe('CUSTOMIZATION_NOT_FOUND');
  });

  it('queryCustomizations (GET with the .r envelope) pages past both ends; a long query falls back to POST; count', async () => {
    for (const n of [1, 2, 3, 4]) {
      await h.admin.customizationsV3.createCustomization({
        name: `compat-page-${n}`,
        customizationType: 'MODIFIER',
        customizationRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'A' }] },
      });
    }
    const first = await h.anon.customizationsV3
      .queryCustomizations()
      .startsWith('name', 'COMPAT-PAGE')
      .ascending('name')
      .limit(2)
      .find();
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `${BASE}/query`, status: 200 });
    expect(decodeR(lastRequest())).toMatchObject({ query: { cursorPaging: { limit: 2 } } });
    expect(first.items.map((c) => c.name)).toEqual(['compat-page-1', 'compat-page-2']);
    expect(first.hasPrev()).toBe(false);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((c) => c.name)).toEqual(['compat-page-3', 'compat-page-4']);
    // The last page fills its limit exactly: no next page.
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow();
    const back = await second.prev();
    expect(back.items.map((c) => c.name)).toEqual(['compat-page-1', 'compat-page-2']);
    await expect(first.prev()).rejects.toThrow();
    const modifiers = await h.anon.customizationsV3
      .queryCustomizations()
      .eq('customizationType', 'MODIFIER')
      .eq('customizationRenderType', 'FREE_TEXT')
      .find();
    expect(modifiers.items.map((c) => c.name)).toEqual(['Compat engraving']);
    const long = await h.anon.customizationsV3
      .queryCustomizations()
      .in('name', ['compat-page-1', ...Array.from({ length: 400 }, (_, i) => `compat-missing-name-${i}`)])
      .find();
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${BASE}/query`, status: 200 });
    expect(long.items.map((c) => c.name)).toEqual(['compat-page-1']);
    const { count } = await h.anon.customizationsV3.countCustomizations({
      filter: { name: { $startsWith: 'compat-page' } },
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `${BASE}/count`, status: 200 });
    expect(count).toBe(4);
    const bad = await sdkError(h.anon.customizationsV3.queryCustomizations().limit(2).skipTo('not-a-cursor').find());
    expect(bad.status).toBe(400);
  });

  it('deleteCustomization removes it; reading it then fails with CUSTOMIZATION_NOT_FOUND', async () => {
    await h.admin.customizationsV3.deleteCustomization(id);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `${BASE}/${id}`, status: 200 });
    const error = await sdkError(h.anon.customizationsV3.getCustomization(id));
    expect(error.status).toBe(404);
  });
});

describe('v1 products beside v3 customizations', () => {
  it("a v1 product's inline options stay its own, untouched by customization writes", async () => {
    const { product } = await h.admin.products.createProduct({
      name: 'Compat shirt',
      productType: 'physical' as never,
      priceData: { price: 10 },
      productOptions: [{ name: 'Compat size', choices: [{ value: 'S', description: 'S' }] }],
    } as never);
    const before = await h.anon.products.getProduct(product!._id!);
    await h.admin.customizationsV3.createCustomization({
      name: 'Compat size',
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'M' }] },
    });
    const after = await h.anon.products.getProduct(product!._id!);
    expect(after.product).toEqual(before.product);
    expect(after.product?.productOptions?.[0]?.choices?.map((c) => c.value)).toEqual(['S']);
  });
});
