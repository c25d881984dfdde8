/**
 * Info sections of catalog v3 through the real `@wix/stores` `infoSectionsV3` module (and v1 `products` for the same
 * store), as a merchant's script and a storefront drive them: every call, rich content in and HTML out, query cursor
 * paging past both ends, bulk results and errors (docs/decisions/0024-info-sections.md).
 */
import { infoSectionsV3, products } from '@wix/stores';
import { describe, expect, it } from 'vitest';
import { compatSuite, decodeR, sdkError } from './wix-client.js';

const h = compatSuite({ modules: { infoSectionsV3, products } });

const lastRequest = () => h.requests.at(-1)!;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const text = (t: string, decorations: Array<Record<string, unknown>> = []) => ({
  type: 'PARAGRAPH' as const,
  id: 'p',
  nodes: [{ type: 'TEXT' as const, id: 't', nodes: [], textData: { text: t, decorations } }],
});

describe('info sections through @wix/stores infoSectionsV3', () => {
  let id: string;

  it('createInfoSection with rich content, getInfoSection with the count, updateInfoSection with the revision', async () => {
    const made = await h.admin.infoSectionsV3.createInfoSection({
      uniqueName: 'compat-care',
      title: 'Care',
      description: { nodes: [text('Wash cold', [{ type: 'BOLD' as never }])] } as never,
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/info-sections', status: 200 });
    expect(made).toMatchObject({
      _id: expect.any(String),
      revision: '1',
      uniqueName: 'compat-care',
      title: 'Care',
      plainDescription: '<p><strong>Wash cold</strong></p>',
    });
    expect(made._createdDate).toBeInstanceOf(Date);
    expect(made.description?.nodes?.[0]?.nodes?.[0]?.textData?.text).toBe('Wash cold');
    id = made._id!;
    const read = await h.anon.infoSectionsV3.getInfoSection(id, { fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/stores/v3/info-sections/${id}`, status: 200 });
    expect(read).toMatchObject({ _id: id, title: 'Care', assignedProductsCount: 0 });
    const updated = await h.admin.infoSectionsV3.updateInfoSection(id, {
      revision: '1',
      title: 'Washing',
      plainDescription: '<p>Wash <em>warm</em></p>',
    });
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/stores/v3/info-sections/${id}`, status: 200 });
    expect(updated).toMatchObject({
      _id: id,
      revision: '2',
      title: 'Washing',
      plainDescription: '<p>Wash <em>warm</em></p>',
    });
    expect(JSON.stringify(updated.description)).toContain('ITALIC');
  });

  it('passes on a stale revision, a taken unique name, an unknown id, bad fields and bad rich content', async () => {
    const stale = await sdkError(h.admin.infoSectionsV3.updateInfoSection(id, { revision: '1', title: 'Late' }));
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
    const taken = await sdkError(
      h.admin.infoSectionsV3.createInfoSection({ uniqueName: 'COMPAT-CARE', title: 'Again' }),
    );
    expect(taken.status).toBe(409);
    expect(taken.details?.applicationError?.code).toBe('INFO_SECTION_ALREADY_EXISTS');
    const missing = await sdkError(h.anon.infoSectionsV3.getInfoSection(NO_SUCH_ID));
    expect(missing.details?.applicationError?.code).toBe('INFO_SECTION_NOT_FOUND');
    const long = await sdkError(
      h.admin.infoSectionsV3.createInfoSection({ uniqueName: 'compat-long', title: 'x'.repeat(51) }),
    );
    expect(long.details?.validationError?.fieldViolations?.[0]?.field).toBe('infoSection.title');
    const js = await sdkError(
      h.admin.infoSectionsV3.createInfoSection({
        uniqueName: 'compat-js',
        title: 'JS',
        description: {
          nodes: [text('x', [{ type: 'LINK', linkData: { link: { url: 'javascript:alert(1)' } } }])],
        } as never,
      }),
    );
    expect(js.status).toBe(400);
    expect(js.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/^infoSection\.description\.nodes\[0\]/);
    const denied = await sdkError(
      h.anon.infoSectionsV3.createInfoSection({ uniqueName: 'compat-anon', title: 'Anon' }),
    );
    expect(denied.details?.applicationError?.code).toBe('UNAUTHENTICATED');
  });

  it('getOrCreateInfoSection and the bulk calls answer per item', async () => {
    const got = await h.admin.infoSectionsV3.getOrCreateInfoSection({
      infoSection: { uniqueName: 'Compat-Care' },
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/info-sections/get-or-create' });
    expect(got.infoSection).toMatchObject({ _id: id, title: 'Washing', assignedProductsCount: 0 });
    const created = await h.admin.infoSectionsV3.bulkCreateInfoSections(
      [
        { uniqueName: 'compat-b1', title: 'B1', plainDescription: '<p>one</p>' },
        { uniqueName: 'compat-care', title: 'Taken' },
      ],
      { returnEntity: true },
    );
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/info-sections/create' });
    expect(created.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(created.results[0]?.item).toMatchObject({ uniqueName: 'compat-b1', plainDescription: '<p>one</p>' });
    expect(created.results[1]?.itemMetadata?.error?.code).toBe('INFO_SECTION_ALREADY_EXISTS');
    const b1 = created.results[0]!.item!;
    const updated = await h.admin.infoSectionsV3.bulkUpdateInfoSections(
      [
        {
          infoSection: { _id: b1._id!, revision: b1.revision!, title: 'B1 renamed', plainDescription: '<p>kept</p>' },
          fieldMask: ['title'],
        },
        { infoSection: { _id: id, revision: '1', title: 'stale' } },
      ],
      { returnEntity: true },
    );
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/info-sections/update' });
    expect(updated.results[0]?.item).toMatchObject({
      _id: b1._id,
      title: 'B1 renamed',
      plainDescription: '<p>one</p>',
    });
    expect(updated.results[1]?.itemMetadata?.error?.code).toBe('CONCURRENT_MODIFICATION');
    const many = await h.admin.infoSectionsV3.bulkGetOrCreateInfoSections({
      infoSections: [{ uniqueName: 'COMPAT-B1' }, { uniqueName: 'compat-b3', title: 'B3' }, { _id: id }],
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/info-sections/get-or-create' });
    expect(many.results.map((r) => r.item?.uniqueName)).toEqual(['compat-b1', 'compat-b3', 'compat-care']);
    const deleted = await h.admin.infoSectionsV3.bulkDeleteInfoSections([many.results[1]!.item!._id!, NO_SUCH_ID]);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/bulk/info-sections/delete' });
    expect(deleted.results.map((r) => r.itemMetadata?.success)).toEqual([true, false]);
  });

  it('queryInfoSections (GET with the .r envelope) pages with cursors past both ends; countInfoSections counts', async () => {
    for (const n of [1, 2, 3, 4]) {
      await h.admin.infoSectionsV3.createInfoSection({ uniqueName: `compat-page-${n}`, title: `Page ${n}` });
    }
    const first = await h.anon.infoSectionsV3
      .queryInfoSections()
      .startsWith('uniqueName', 'COMPAT-PAGE')
      .ascending('uniqueName')
      .limit(2)
      .find();
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/stores/v3/info-sections/query', status: 200 });
    expect(decodeR(lastRequest())).toMatchObject({ query: { cursorPaging: { limit: 2 } } });
    expect(first.items.map((s) => s.uniqueName)).toEqual(['compat-page-1', 'compat-page-2']);
    expect(first.hasPrev()).toBe(false);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((s) => s.uniqueName)).toEqual(['compat-page-3', 'compat-page-4']);
    // The last page fills its limit exactly: no next page.
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow();
    expect(second.hasPrev()).toBe(true);
    const back = await second.prev();
    expect(back.items.map((s) => s.uniqueName)).toEqual(['compat-page-1', 'compat-page-2']);
    await expect(first.prev()).rejects.toThrow();
    const byTitle = await h.anon.infoSectionsV3.queryInfoSections().eq('title', 'Page 3').find();
    expect(byTitle.items.map((s) => s.uniqueName)).toEqual(['compat-page-3']);
    const { count } = await h.anon.infoSectionsV3.countInfoSections({
      filter: { uniqueName: { $startsWith: 'compat-page' } },
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/stores/v3/info-sections/count', status: 200 });
    expect(count).toBe(4);
    const bad = await sdkError(h.anon.infoSectionsV3.queryInfoSections().limit(2).skipTo('not-a-cursor').find());
    expect(bad.status).toBe(400);
    expect(bad.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/\.cursorPaging\.cursor$/);
  });

  it('deleteInfoSection removes it; reading it then fails with INFO_SECTION_NOT_FOUND', async () => {
    await h.admin.infoSectionsV3.deleteInfoSection(id);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/stores/v3/info-sections/${id}`, status: 200 });
    const error = await sdkError(h.anon.infoSectionsV3.getInfoSection(id));
    expect(error.status).toBe(404);
  });
});

describe('v1 products beside v3 info sections', () => {
  it("a v1 product's inline sections stay its own: same title as an entity, untouched by its writes", async () => {
    const { product } = await h.admin.products.createProduct({
      name: 'Compat section shirt',
      productType: 'physical' as never,
      priceData: { price: 10 },
      additionalInfoSections: [{ title: 'Fit', description: '<p>Loose</p>' }],
    });
    const entity = await h.admin.infoSectionsV3.createInfoSection({ uniqueName: 'compat-fit', title: 'Fit' });
    await h.admin.infoSectionsV3.updateInfoSection(entity._id!, { revision: '1', plainDescription: '<p>Tight</p>' });
    const read = await h.anon.products.getProduct(product!._id!);
    expect(read.product?.additionalInfoSections).toEqual([{ title: 'Fit', description: '<p>Loose</p>' }]);
    const { count } = await h.anon.infoSectionsV3.countInfoSections({ filter: { title: 'Fit' } });
    expect(count).toBe(1);
  });
});
