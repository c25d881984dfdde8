import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError, MerxClientError } from '../errors.js';
import { infoSections } from '../modules/info-sections.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
beforeAll(async () => {
  kit = await startSdkKit();
});
afterAll(() => kit?.close());

describe('info sections through @merx/sdk', () => {
  it('creates from HTML, updates with the revision, pages, gets or creates, and deletes', async () => {
    const admin = kit.admin({ infoSections });
    const name = unique('sdk-');
    const made = await admin.infoSections.createInfoSection({
      uniqueName: name,
      title: 'Care',
      plainDescription: '<p>Wash <strong>cold</strong></p>',
    });
    expect(made).toMatchObject({
      uniqueName: name,
      revision: '1',
      plainDescription: '<p>Wash <strong>cold</strong></p>',
    });
    const updated = await admin.infoSections.updateInfoSection(made.id, { revision: made.revision, title: 'Washing' });
    expect(updated).toMatchObject({ title: 'Washing', revision: '2' });
    const stale = await admin.infoSections
      .updateInfoSection(made.id, { revision: '1', title: 'x' })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(MerxApplicationError);
    expect((stale as MerxApplicationError).code).toBe('CONCURRENT_MODIFICATION');
    for (const n of [1, 2, 3]) await admin.infoSections.createInfoSection({ uniqueName: `${name}-p${n}`, title: 'P' });
    const first = await admin.infoSections
      .queryInfoSections({ fields: ['ASSIGNED_PRODUCTS_COUNT'] })
      .startsWith('uniqueName', `${name}-p`)
      .ascending('uniqueName')
      .limit(2)
      .find();
    expect(first.items.map((s) => [s.uniqueName, s.assignedProductsCount])).toEqual([
      [`${name}-p1`, 0],
      [`${name}-p2`, 0],
    ]);
    const second = await first.next();
    expect(second.items.map((s) => s.uniqueName)).toEqual([`${name}-p3`]);
    expect(second.hasNext()).toBe(false);
    expect(await admin.infoSections.countInfoSections({ uniqueName: { $startsWith: name } })).toEqual({ count: 4 });
    const got = await admin.infoSections.getOrCreateInfoSection({ uniqueName: name.toUpperCase() });
    expect(got.id).toBe(made.id);
    const bulk = await admin.infoSections.bulkDeleteInfoSections([made.id]);
    expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
  });

  it('reads without a token and refuses writes before sending them', async () => {
    const admin = kit.admin({ infoSections });
    const made = await admin.infoSections.createInfoSection({ uniqueName: unique('shop-'), title: 'Fit' });
    const shop = kit.shop({ infoSections });
    expect(await shop.infoSections.getInfoSection(made.id)).toEqual(made);
    const refused = await shop.infoSections
      .createInfoSection({ uniqueName: 'nope', title: 'Nope' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MerxClientError);
  });
});
