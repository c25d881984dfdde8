import {
  categoryEventTypes,
  DEFAULT_VARIANT_ID,
  type EventIdentity,
  eventTypes,
  type MerxEvent,
  STORES_APP_ID,
} from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../testing.js';
import { HEADER, importCsv, productBySlug, row } from '../product-csv/product-csv-test-kit.js';
import { type Client, type Kit, type Res, sizeAndColor, startKit, unique } from './catalog-test-kit.js';

/*
 * Every event a catalog write appends names, in its envelope, who made the change: a staff member of the back office
 * (WIX_USER), an API key (APP), or no one for the store's own work (UNKNOWN). The events are read as subscribers get
 * them, after the dispatcher handed them out, and a few as the outbox keeps them (`actor`).
 */

let kit: Kit;
let staff: Client;
let staffToken: string;
let staffIdentity: EventIdentity;
let appIdentity: EventIdentity;
const seen: MerxEvent[] = [];

beforeAll(async () => {
  kit = await startKit();
  const member = await signInStaff(kit.server, { role: 'admin' });
  staffToken = `Bearer ${member.token}`;
  staff = clientOf(staffToken);
  staffIdentity = { identityType: 'WIX_USER', wixUserId: member.id };
  const ownerKey = (await kit.server.services.apiKeys.list()).find((k) => k.name === 'Test owner');
  appIdentity = { identityType: 'APP', appId: ownerKey?.id as string };
  kit.server.dispatcher.subscribe('*', (event) => {
    seen.push(event);
  });
});
afterAll(async () => {
  await kit.close();
});

function clientOf(auth: string | undefined): Client {
  return {
    get: (url) => kit.request({ method: 'GET', url, auth }),
    getR: () => Promise.reject(new Error('not used here')),
    post: (url, body = {}) => kit.request({ method: 'POST', url, body, auth }),
    patch: (url, body = {}) => kit.request({ method: 'PATCH', url, body, auth }),
    delete: (url) => kit.request({ method: 'DELETE', url, auth }),
  };
}

/** The events that `fn`'s writes appended, as subscribers receive them. */
async function eventsOf(fn: () => Promise<unknown>): Promise<MerxEvent[]> {
  await kit.server.dispatcher.drain();
  const from = seen.length;
  await fn();
  await kit.server.dispatcher.drain();
  return seen.slice(from);
}

/** Runs `fn`, asserts it appended events of every type in `types`, all naming `who`; answers them. */
async function expectNamed(who: () => EventIdentity, types: string[], fn: () => Promise<unknown>) {
  const events = await eventsOf(fn);
  expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(types));
  for (const e of events) expect(e.identity, `${e.type} names who made the change`).toEqual(who());
  return events;
}

function ok(res: Res) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const callers = [
  { name: 'a staff member (WIX_USER)', client: () => staff, who: () => staffIdentity },
  { name: 'an API key (APP)', client: () => kit.owner, who: () => appIdentity },
] as const;

const v3 = (what: string) => `wix.stores.catalog.v3.product_${what}`;
const STOCK = eventTypes.inventoryVariantsChanged;
const TREE = { appNamespace: '@wix/stores' };

describe(`events of catalog writes name who made them (${testEngine()})`, () => {
  for (const { name, client, who } of callers) {
    it(`v1 product create, update and delete by ${name}`, async () => {
      let id = '';
      const created = await expectNamed(who, [eventTypes.productCreated, v3('created')], async () => {
        const product = { name: unique('Lamp '), priceData: { price: 5 } };
        id = ok(await client().post('/stores/v1/products', { product })).product.id;
      });
      // The v3 payload keeps its own actor, the same as the envelope's.
      expect(created.find((e) => e.type === v3('created'))?.payload.identity).toEqual(who());
      await expectNamed(who, [eventTypes.productChanged, v3('updated'), STOCK], () =>
        client().patch(`/stores/v1/products/${id}`, {
          product: { name: unique('Desk lamp '), stock: { trackInventory: true, quantity: 3 } },
        }),
      );
      await expectNamed(who, [eventTypes.productDeleted, v3('deleted')], async () =>
        ok(await client().delete(`/stores/v1/products/${id}`)),
      );
    });
  }

  it('v1 variants changed and reset by an API key', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), manageVariants: true });
    const variants = [{ choices: { Size: 'S' }, price: 3 }];
    await expectNamed(
      () => appIdentity,
      [eventTypes.variantsChanged, v3('updated')],
      async () => ok(await kit.owner.patch(`/stores/v1/products/${p.id}/variants`, { variants })),
    );
    await expectNamed(
      () => appIdentity,
      [eventTypes.variantsChanged, v3('updated')],
      async () => ok(await kit.owner.post(`/stores/v1/products/${p.id}/variants/resetToDefault`)),
    );
  });

  it('media added and removed by a staff member', async () => {
    const p = await kit.createProduct();
    const media = [{ url: 'https://example.com/a.jpg' }];
    await expectNamed(
      () => staffIdentity,
      [eventTypes.productChanged, v3('updated')],
      async () => ok(await staff.post(`/stores/v1/products/${p.id}/media`, { media })),
    );
    await expectNamed(
      () => staffIdentity,
      [eventTypes.productChanged, v3('updated')],
      async () => ok(await staff.post(`/stores/v1/products/${p.id}/media/delete`, {})),
    );
  });

  it('a collection created, changed, filled, emptied and deleted by a staff member', async () => {
    const p = await kit.createProduct();
    let id = '';
    await expectNamed(
      () => staffIdentity,
      [eventTypes.collectionCreated],
      async () => {
        id = ok(await staff.post('/stores/v1/collections', { collection: { name: unique('Shelf ') } })).collection.id;
      },
    );
    const events = await eventsOf(async () => {
      ok(await staff.patch(`/stores/v1/collections/${id}`, { collection: { name: unique('Top shelf ') } }));
      ok(await staff.post(`/stores/v1/collections/${id}/productIds`, { productIds: [p.id] }));
      ok(await staff.post(`/stores/v1/collections/${id}/productIds/delete`, { productIds: [p.id] }));
      ok(await staff.delete(`/stores/v1/collections/${id}`));
    });
    // Changed, added (collection and product), removed (collection and product), deleted.
    expect(events.map((e) => e.type)).toEqual([
      eventTypes.collectionChanged,
      eventTypes.collectionChanged,
      eventTypes.productChanged,
      eventTypes.collectionChanged,
      eventTypes.productChanged,
      eventTypes.collectionDeleted,
    ]);
    for (const e of events) expect(e.identity, e.type).toEqual(staffIdentity);
  });

  it('a category created, changed, moved, given items, arranged, hidden and deleted by an API key', async () => {
    const p = await kit.createProduct();
    const category = (name: string, parent?: string) =>
      kit.owner.post('/categories/v1/categories', {
        category: { name, ...(parent ? { parentCategory: { id: parent } } : {}) },
        treeReference: TREE,
      });
    const events = await eventsOf(async () => {
      const top = ok(await category(unique('Top '))).category;
      const child = ok(await category(unique('Child '))).category;
      const base = `/categories/v1/categories/${child.id}`;
      const renamed = { revision: child.revision, name: unique('Kid ') };
      ok(await kit.owner.patch(base, { category: renamed, treeReference: TREE }));
      ok(await kit.owner.post(`${base}/move`, { treeReference: TREE, parentCategoryId: top.id, position: 'LAST' }));
      const items = [{ catalogItemId: p.id, appId: STORES_APP_ID }];
      ok(await kit.owner.post(`/categories/v1/bulk/categories/${child.id}/add-items`, { treeReference: TREE, items }));
      ok(await kit.owner.post(`${base}/set-arranged-items`, { treeReference: TREE, items }));
      ok(
        await kit.owner.post(`/categories/v1/bulk/categories/${child.id}/remove-items`, { treeReference: TREE, items }),
      );
      const topUrl = `/categories/v1/categories/${top.id}?treeReference.appNamespace=%40wix%2Fstores`;
      const { revision } = ok(await kit.owner.get(topUrl)).category;
      ok(
        await kit.owner.patch('/categories/v1/categories/visibility', {
          categoryId: top.id,
          visible: false,
          revision,
          treeReference: TREE,
        }),
      );
      ok(await kit.owner.delete(topUrl));
    });
    const categoryTypes = new Set<string>(Object.values(categoryEventTypes));
    expect(new Set(events.map((e) => e.type).filter((t) => categoryTypes.has(t)))).toEqual(categoryTypes);
    for (const e of events) expect(e.identity, e.type).toEqual(appIdentity);
  });

  it('a ribbon and a brand created, renamed and deleted (one at a time and in bulk) by a staff member', async () => {
    for (const [one, many] of [
      ['ribbon', 'ribbons'],
      ['brand', 'brands'],
    ] as const) {
      const name = () => unique('N').slice(0, 20);
      const events = await eventsOf(async () => {
        const made = ok(await staff.post(`/stores/v3/${many}`, { [one]: { name: name() } }))[one];
        ok(await staff.patch(`/stores/v3/${many}/${made.id}`, { [one]: { revision: made.revision, name: name() } }));
        ok(await staff.delete(`/stores/v3/${many}/${made.id}`));
        const bulk = ok(await staff.post(`/stores/v3/bulk/${many}/create`, { [many]: [{ name: name() }] }));
        ok(await staff.post(`/stores/v3/bulk/${many}/delete`, { [`${one}Ids`]: [bulk.results[0].itemMetadata.id] }));
      });
      expect(events).toHaveLength(5);
      for (const e of events) expect(e.identity, e.type).toEqual(staffIdentity);
    }
  });

  it('an info section created, changed and deleted by an API key', async () => {
    const events = await eventsOf(async () => {
      const made = ok(
        await kit.owner.post('/stores/v3/info-sections', {
          infoSection: { uniqueName: unique('care-'), title: 'Care', plainDescription: '<p>Wash cold</p>' },
        }),
      ).infoSection;
      ok(
        await kit.owner.patch(`/stores/v3/info-sections/${made.id}`, {
          infoSection: { revision: made.revision, title: 'Care and use' },
        }),
      );
      ok(await kit.owner.delete(`/stores/v3/info-sections/${made.id}`));
    });
    expect(events).toHaveLength(3);
    for (const e of events) expect(e.identity, e.type).toEqual(appIdentity);
  });

  it('a customization created, given choices, changed and deleted by a staff member', async () => {
    const events = await eventsOf(async () => {
      const made = ok(
        await staff.post('/stores/v3/customizations', {
          customization: {
            name: unique('Size '),
            customizationType: 'PRODUCT_OPTION',
            customizationRenderType: 'TEXT_CHOICES',
            choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'Small' }] },
          },
        }),
      ).customization;
      const more = ok(
        await staff.post(`/stores/v3/customizations/${made.id}/add-choices`, {
          choices: [{ choiceType: 'CHOICE_TEXT', name: 'Large' }],
        }),
      ).customization;
      ok(
        await staff.patch(`/stores/v3/customizations/${made.id}`, {
          customization: { revision: more.revision, name: unique('Fit ') },
        }),
      );
      ok(await staff.delete(`/stores/v3/customizations/${made.id}`));
    });
    expect(events).toHaveLength(4);
    for (const e of events) expect(e.identity, e.type).toEqual(staffIdentity);
  });

  it('v1 inventory set by a staff member, and units added and taken by an API key', async () => {
    const p = await kit.createProduct({ stock: { trackInventory: true, quantity: 5 } });
    const inventoryItem = { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT_ID, quantity: 8 }] };
    await expectNamed(
      () => staffIdentity,
      [STOCK],
      async () => ok(await staff.patch(`/stores/v2/inventoryItems/product/${p.id}`, { inventoryItem })),
    );
    const line = { productId: p.id, variantId: DEFAULT_VARIANT_ID };
    for (const [path, body] of [
      ['increment', { incrementData: [{ ...line, incrementBy: 2 }] }],
      ['decrement', { decrementData: [{ ...line, decrementBy: 1 }] }],
    ] as const) {
      await expectNamed(
        () => appIdentity,
        [STOCK],
        async () => ok(await kit.owner.post(`/stores/v2/inventoryItems/${path}`, body)),
      );
    }
  });

  it('v3 inventory items updated by a staff member and by an API key', async () => {
    const p = await kit.createProduct({ stock: { trackInventory: true, quantity: 5 } });
    const id = `${p.id}_${DEFAULT_VARIANT_ID}`;
    for (const [i, { client, who }] of callers.entries()) {
      await expectNamed(who, [STOCK], async () =>
        ok(await client().patch(`/stores/v3/inventory-items/${id}`, { inventoryItem: { quantity: 10 + i } })),
      );
    }
  });

  it('a v3 product updated and retagged by a staff member', async () => {
    const p = await kit.createProduct();
    const read = ok(await staff.get(`/stores/v3/products/${p.id}`)).product;
    const product = { revision: read.revision, name: unique('Chair ') };
    const events = await expectNamed(
      () => staffIdentity,
      [eventTypes.productChanged, v3('updated')],
      async () => ok(await staff.patch(`/stores/v3/products/${p.id}`, { product })),
    );
    expect(events.find((e) => e.type === v3('updated'))?.payload.identity).toEqual(staffIdentity);
    await expectNamed(
      () => staffIdentity,
      [v3('updated')],
      async () =>
        ok(
          await staff.post('/stores/v3/bulk/products/update-tags', {
            productIds: [p.id],
            assignTags: { privateTags: { tagIds: ['sale'] } },
          }),
        ),
    );
  });

  it('a product import names the staff member who started it; an update import the key that started it', async () => {
    const handle = unique('csv-');
    const csv = (qty: string, title: string) =>
      [
        HEADER,
        row({
          Handle: handle,
          Title: title,
          'Variant Price': '10',
          'Variant Inventory Tracker': 'shopify',
          'Variant Inventory Qty': qty,
        }),
      ].join('\n');
    const created = await eventsOf(async () => {
      expect((await importCsv(kit.server, csv('4', 'Stool'), staffToken)).status).toBe('DONE');
    });
    const product = await productBySlug(kit.server, kit.server.apiKey, handle);
    const mine = (events: MerxEvent[]) => events.filter((e) => e.entityId === product.id);
    expect(mine(created).map((e) => e.type)).toEqual(expect.arrayContaining([v3('created')]));
    for (const e of mine(created)) expect(e.identity, e.type).toEqual(staffIdentity);
    const updated = await eventsOf(async () => {
      expect((await importCsv(kit.server, csv('9', 'Tall stool'), kit.server.apiKey)).status).toBe('DONE');
    });
    expect(mine(updated).map((e) => e.type)).toEqual(expect.arrayContaining([v3('updated'), STOCK]));
    for (const e of mine(updated)) expect(e.identity, e.type).toEqual(appIdentity);
  });

  it('keeps the actor in the outbox row: the identity for a caller, nothing for the store itself', async () => {
    const before = await kit.lastSeq();
    ok(await staff.post('/stores/v1/collections', { collection: { name: unique('Kept ') } }));
    await kit.server.services.collections.create({ name: unique('Store own ') });
    const rows = await kit.server.merx.db
      .selectFrom('outbox')
      .select(['type', 'actor'])
      .where('seq', '>', before)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => (r.actor === null ? null : JSON.parse(r.actor)))).toEqual([staffIdentity, null]);
    await kit.server.dispatcher.drain();
  });

  it('names no one for the store own work: services called without a caller say UNKNOWN', async () => {
    const events = await eventsOf(async () => {
      const c = await kit.server.services.collections.create({ name: unique('Seeded ') });
      await kit.server.services.collections.delete(c.id);
    });
    expect(events).toHaveLength(2);
    for (const e of events) expect(e.identity).toEqual({ identityType: 'UNKNOWN' });
  });

  it('appends nothing for a refused write: no permission, no sign-in, a bad body, a stale revision', async () => {
    const reader = clientOf(
      `Bearer ${(await signInStaff(kit.server, { role: 'staff', permissions: ['catalog:read'] })).token}`,
    );
    const p = await kit.createProduct();
    const events = await eventsOf(async () => {
      expect((await reader.patch(`/stores/v1/products/${p.id}`, { product: { name: 'Nope' } })).status).toBe(403);
      expect((await clientOf(undefined).post('/stores/v3/ribbons', { ribbon: { name: 'Nope' } })).status).toBe(401);
      expect((await staff.post('/stores/v1/collections', { collection: {} })).status).toBe(400);
      const stale = await staff.patch(`/stores/v1/products/${p.id}`, { product: { revision: '99', name: 'Stale' } });
      expect(stale.body.details.applicationError.code).toBe('CONCURRENT_MODIFICATION');
    });
    expect(events).toEqual([]);
  });
});
