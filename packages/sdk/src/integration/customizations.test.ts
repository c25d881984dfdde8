import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError, MerxClientError, MerxValidationError } from '../errors.js';
import { customizations } from '../modules/customizations.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('customizations through @merx/sdk', () => {
  it('creates, changes choices with the revision, pages, counts, bulk-creates and deletes', async () => {
    const admin = kit.admin({ customizations });
    const name = unique('sdk-size-');
    const made = await admin.customizations.createCustomization({
      name,
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'S' }] },
    });
    expect(made).toMatchObject({ name, revision: '1', key: name.toLowerCase() });
    const added = await admin.customizations.addCustomizationChoices(made.id, [
      { choiceType: 'CHOICE_TEXT', name: 'M' },
    ]);
    expect(added.choicesSettings?.choices.map((c) => c.name)).toEqual(['S', 'M']);
    const ids = added.choicesSettings?.choices.map((c) => c.id) ?? [];
    const reordered = await admin.customizations.reorderCustomizationChoices(
      made.id,
      added.revision,
      [...ids].reverse(),
    );
    expect(reordered.choicesSettings?.choices.map((c) => c.name)).toEqual(['M', 'S']);
    const stale = await admin.customizations
      .updateCustomization(made.id, { revision: '1', name: 'x' })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(MerxApplicationError);
    expect((stale as MerxApplicationError).code).toBe('CONCURRENT_MODIFICATION');
    const duplicate = await admin.customizations
      .addCustomizationChoices(made.id, [{ choiceType: 'CHOICE_TEXT', name: 's' }])
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(MerxValidationError);
    const bulk = await admin.customizations.bulkCreateCustomizations(
      [1, 2].map((n) => ({
        name: `${name}-p${n}`,
        customizationType: 'MODIFIER' as const,
        customizationRenderType: 'FREE_TEXT' as const,
        freeTextInput: { title: `T${n}` },
      })),
      { returnEntity: true },
    );
    expect(bulk.results.map((r) => r.customization?.freeTextInput?.title)).toEqual(['T1', 'T2']);
    const first = await admin.customizations
      .queryCustomizations({ fields: ['ASSIGNED_PRODUCTS_COUNT'] })
      .startsWith('name', name)
      .ascending('name')
      .limit(2)
      .find();
    expect(first.items.map((c) => [c.name, c.assignedProductsCount])).toEqual([
      [name, 0],
      [`${name}-p1`, 0],
    ]);
    const second = await first.next();
    expect(second.items.map((c) => c.name)).toEqual([`${name}-p2`]);
    expect(second.hasNext()).toBe(false);
    expect(await admin.customizations.countCustomizations({ name: { $startsWith: name } })).toEqual({ count: 3 });
    await admin.customizations.deleteCustomization(made.id);
    const gone = await admin.customizations.getCustomization(made.id).catch((e: unknown) => e);
    expect((gone as MerxApplicationError).code).toBe('CUSTOMIZATION_NOT_FOUND');
  });

  it('reads without a token and refuses writes before sending them', async () => {
    const admin = kit.admin({ customizations });
    const made = await admin.customizations.createCustomization({
      name: unique('shop-'),
      customizationType: 'MODIFIER',
      customizationRenderType: 'SWATCH_CHOICES',
      choicesSettings: { choices: [{ choiceType: 'ONE_COLOR', name: 'Red', colorCode: '#f00' }] },
    });
    const shop = kit.shop({ customizations });
    expect(await shop.customizations.getCustomization(made.id)).toEqual(made);
    const refused = await shop.customizations.deleteCustomization(made.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MerxClientError);
  });
});
