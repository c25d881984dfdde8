import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  expectAppError,
  expectUnchanged,
  expectViolation,
  type Kit,
  startKit,
  unique,
} from '../products/catalog-test-kit.js';

const BASE = '/stores/v3/customizations';
const BULK = '/stores/v3/bulk/customizations';
const NO_SUCH_ID = '00000000-0000-7000-8000-000000000000';
const event = (what: string) => `wix.stores.catalog.v3.customization_${what}`;

let kit: Kit;
let reader: Client;

beforeAll(async () => {
  kit = await startKit();
  reader = await kit.clientWith(['catalog:read']);
});
afterAll(async () => {
  await kit.close();
});

/** Rows of customizations and of the outbox, and the catalog's counts. */
async function rows() {
  const db = kit.server.merx.db;
  const n = kit.rowsIn;
  const settings = await db.selectFrom('customizations').select(['id', 'settings', 'revision']).orderBy('id').execute();
  return {
    customizations: await n('customizations'),
    outbox: await n('outbox'),
    settings,
    catalog: await kit.counts(),
  };
}

const expectNoWrites = (fn: () => Promise<void>) => expectUnchanged(rows, fn);

const textOption = (input: Record<string, unknown> = {}) => ({
  name: unique('Size '),
  customizationType: 'PRODUCT_OPTION',
  customizationRenderType: 'TEXT_CHOICES',
  choicesSettings: {
    choices: [
      { choiceType: 'CHOICE_TEXT', name: 'Small' },
      { choiceType: 'CHOICE_TEXT', name: 'Large' },
    ],
  },
  ...input,
});
const swatch = (input: Record<string, unknown> = {}) => ({
  name: unique('Colour '),
  customizationType: 'PRODUCT_OPTION',
  customizationRenderType: 'SWATCH_CHOICES',
  choicesSettings: {
    choices: [
      { choiceType: 'ONE_COLOR', name: 'Red', colorCode: '#ff0000' },
      { choiceType: 'ONE_COLOR', name: 'Print', displayImage: 'https://static.example/print.png' },
    ],
  },
  ...input,
});
const freeText = (input: Record<string, unknown> = {}) => ({
  name: unique('Engraving '),
  customizationType: 'MODIFIER',
  customizationRenderType: 'FREE_TEXT',
  freeTextInput: { title: 'Your text', minCharCount: 1, maxCharCount: 20, defaultAddedPrice: '2.50' },
  ...input,
});

async function create(customization: Record<string, unknown> = textOption()) {
  const res = await kit.owner.post(BASE, { customization });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.customization;
}

describe('customizations v3: one at a time', () => {
  it('creates a text option with choice ids and keys, and says so in the outbox', async () => {
    const seq = await kit.lastSeq();
    const name = unique('Size ');
    const c = await create(textOption({ name: `  ${name} `, id: 'ignored', revision: '7', assignedProductsCount: 3 }));
    expect(c).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      revision: '1',
      createdDate: expect.any(String),
      updatedDate: c.createdDate,
      key: name.toLowerCase(),
      name,
      customizationType: 'PRODUCT_OPTION',
      customizationRenderType: 'TEXT_CHOICES',
      choicesSettings: {
        choices: [
          { id: expect.any(String), choiceType: 'CHOICE_TEXT', key: 'small', name: 'Small' },
          { id: expect.any(String), choiceType: 'CHOICE_TEXT', key: 'large', name: 'Large' },
        ],
      },
    });
    expect(await kit.eventsSince(seq)).toEqual([{ type: event('created'), entityId: c.id, payload: { entity: c } }]);
  });

  it('creates swatches (colour or image) and a free-text modifier; linked choices name their primary', async () => {
    const s = await create(swatch());
    expect(s.choicesSettings.choices.map((x: { colorCode?: string }) => x.colorCode)).toEqual(['#ff0000', undefined]);
    expect(s.choicesSettings.choices[1].displayImage).toEqual({ url: 'https://static.example/print.png' });
    const f = await create(freeText());
    expect(f).toMatchObject({
      customizationType: 'MODIFIER',
      customizationRenderType: 'FREE_TEXT',
      freeTextInput: {
        title: 'Your text',
        minCharCount: 1,
        maxCharCount: 20,
        defaultAddedPrice: '2.50',
        key: 'your text',
      },
    });
    expect(f.choicesSettings).toBeUndefined();
    const linked = await create(
      textOption({
        choicesSettings: {
          choices: [
            { id: 'p', choiceType: 'CHOICE_TEXT', name: 'Cotton' },
            { choiceType: 'CHOICE_TEXT', name: 'Organic', primaryChoiceIds: ['p'] },
          ],
        },
      }),
    );
    const [primary, child] = linked.choicesSettings.choices;
    expect(child.primaryChoiceIds).toEqual([primary.id]);
    expect(primary.id).not.toBe('p');
  });

  it('refuses broken choice rules naming the choice, writing nothing', async () => {
    await expectNoWrites(async () => {
      const bad = async (customization: Record<string, unknown>, field: string) =>
        expectViolation(await kit.owner.post(BASE, { customization }), field);
      await bad(
        swatch({ choicesSettings: { choices: [{ choiceType: 'ONE_COLOR', name: 'Plain' }] } }),
        'customization.choicesSettings.choices[0].colorCode',
      );
      await bad(
        textOption({
          choicesSettings: {
            choices: [
              { choiceType: 'CHOICE_TEXT', name: 'Small' },
              { choiceType: 'CHOICE_TEXT', name: ' SMALL ' },
            ],
          },
        }),
        'customization.choicesSettings.choices[1].name',
      );
      await bad(
        textOption({ choicesSettings: { choices: [{ choiceType: 'ONE_COLOR', name: 'A', colorCode: '#fff' }] } }),
        'customization.choicesSettings.choices[0].choiceType',
      );
      await bad(
        swatch({ choicesSettings: { choices: [{ choiceType: 'ONE_COLOR', name: 'A', colorCode: 'red' }] } }),
        'customization.choicesSettings.choices[0].colorCode',
      );
      await bad(textOption({ choicesSettings: { choices: [] } }), 'customization.choicesSettings.choices');
      await bad(textOption({ choicesSettings: undefined }), 'customization.choicesSettings.choices');
      await bad(freeText({ freeTextInput: undefined }), 'customization.freeTextInput');
      await bad(
        freeText({ choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'A' }] } }),
        'customization.choicesSettings',
      );
      await bad(freeText({ customizationType: 'PRODUCT_OPTION' }), 'customization.customizationRenderType');
      await bad(
        freeText({ freeTextInput: { title: 'T', minCharCount: 9, maxCharCount: 3 } }),
        'customization.freeTextInput.minCharCount',
      );
      await bad(
        freeText({ freeTextInput: { title: 'T', maxCharCount: 501 } }),
        'customization.freeTextInput.maxCharCount',
      );
      await bad(textOption({ freeTextInput: { title: 'T' } }), 'customization.freeTextInput');
      await bad(
        textOption({
          choicesSettings: {
            choices: [
              { id: 'a', choiceType: 'CHOICE_TEXT', name: 'A', primaryChoiceIds: ['a'] },
              { choiceType: 'CHOICE_TEXT', name: 'B', primaryChoiceIds: ['nope'] },
            ],
          },
        }),
        'customization.choicesSettings.choices[1].primaryChoiceIds[0]',
      );
      for (const name of ['', '   ', 'x'.repeat(51)]) await bad(textOption({ name }), 'customization.name');
      await bad(textOption({ customizationType: 'OPTION' }), 'customization.customizationType');
      await bad(textOption({ customizationRenderType: 'DROPDOWN' }), 'customization.customizationRenderType');
      expectViolation(await kit.owner.post(BASE, {}), 'customization');
      const malformed = await kit.request({ method: 'POST', url: BASE, auth: kit.server.apiKey, payload: '{"c' });
      expect(malformed.status).toBe(400);
    });
  });

  it('refuses a name already used by the same type in any case (409 naming the field); the other type may use it', async () => {
    const c = await create();
    await expectNoWrites(async () => {
      const res = await kit.owner.post(BASE, { customization: textOption({ name: c.name.toUpperCase() }) });
      expectAppError(res, 409, 'CUSTOMIZATION_ALREADY_EXISTS');
      expect(res.body.details.applicationError.data).toMatchObject({ field: 'customization.name' });
    });
    const modifier = await create(textOption({ name: c.name, customizationType: 'MODIFIER' }));
    expect(modifier.name).toBe(c.name);
    const other = await create();
    await expectNoWrites(async () => {
      const res = await kit.owner.patch(`${BASE}/${other.id}`, { customization: { revision: '1', name: c.name } });
      expectAppError(res, 409, 'CUSTOMIZATION_ALREADY_EXISTS');
    });
  });

  it('gets one for visitors, with the product count when asked; unknown ids are 404', async () => {
    const c = await create();
    expect((await kit.visitor.get(`${BASE}/${c.id}`)).body.customization).toEqual(c);
    const counted = await kit.visitor.get(`${BASE}/${c.id}?fields=ASSIGNED_PRODUCTS_COUNT`);
    expect(counted.body.customization.assignedProductsCount).toBe(0);
    const image = await kit.visitor.get(`${BASE}/${c.id}?fields=CHOICE_DISPLAY_IMAGE`);
    expect(image.body.customization).toEqual(c);
    expectAppError(await kit.visitor.get(`${BASE}/${NO_SUCH_ID}`), 404, 'CUSTOMIZATION_NOT_FOUND');
    expectViolation(await kit.visitor.get(`${BASE}/${c.id}?fields=PRODUCTS`), 'fields[0]', 'INVALID_ENUM_VALUE');
  });

  it('updates the name and free text with the revision read; a stale revision or a type change changes nothing', async () => {
    const f = await create(freeText());
    const seq = await kit.lastSeq();
    const name = unique('Engrave ');
    const res = await kit.owner.patch(`${BASE}/${f.id}`, {
      customization: { revision: '1', name, freeTextInput: { title: 'Words', maxCharCount: 40 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const u = res.body.customization;
    expect(u).toMatchObject({
      revision: '2',
      name,
      freeTextInput: { title: 'Words', minCharCount: 0, maxCharCount: 40 },
    });
    const events = await kit.eventsSince(seq);
    expect(events).toEqual([
      {
        type: event('updated'),
        entityId: f.id,
        payload: { entity: u, modifiedFields: { name, freeTextInput: u.freeTextInput } },
      },
    ]);
    await expectNoWrites(async () => {
      const stale = await kit.owner.patch(`${BASE}/${f.id}`, { customization: { revision: '1', name: 'x' } });
      expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
      expect(stale.body.details.applicationError.data.currentRevision).toBe('2');
      expectViolation(
        await kit.owner.patch(`${BASE}/${f.id}`, {
          customization: { revision: '2', customizationType: 'PRODUCT_OPTION' },
        }),
        'customization.customizationType',
      );
      expectViolation(
        await kit.owner.patch(`${BASE}/${f.id}`, {
          customization: { revision: '2', customizationRenderType: 'TEXT_CHOICES' },
        }),
        'customization.customizationRenderType',
      );
      expectViolation(
        await kit.owner.patch(`${BASE}/${f.id}`, { customization: { name: 'x' } }),
        'customization.revision',
      );
      expectAppError(
        await kit.owner.patch(`${BASE}/${NO_SUCH_ID}`, { customization: { revision: '1', name: 'x' } }),
        404,
        'CUSTOMIZATION_NOT_FOUND',
      );
    });
    const t = await create();
    await expectNoWrites(async () => {
      expectViolation(
        await kit.owner.patch(`${BASE}/${t.id}`, { customization: { revision: '1', freeTextInput: { title: 'T' } } }),
        'customization.freeTextInput',
      );
    });
    // An echo of the whole entity (choices are immutable here and ignored) renames it only.
    const echoed = await kit.owner.patch(`${BASE}/${t.id}`, { customization: { ...t, name: unique('Echo ') } });
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(200);
    expect(echoed.body.customization.choicesSettings).toEqual(t.choicesSettings);
  });

  it('deletes one with an event; a second delete is 404', async () => {
    const c = await create();
    const seq = await kit.lastSeq();
    expect((await kit.owner.delete(`${BASE}/${c.id}`)).status).toBe(200);
    expect(await kit.eventsSince(seq)).toEqual([{ type: event('deleted'), entityId: c.id, payload: { entity: c } }]);
    expectAppError(await kit.owner.delete(`${BASE}/${c.id}`), 404, 'CUSTOMIZATION_NOT_FOUND');
    expectAppError(await kit.visitor.get(`${BASE}/${c.id}`), 404, 'CUSTOMIZATION_NOT_FOUND');
  });

  it('reads are public and writes need catalog:write', async () => {
    const c = await create();
    expect((await kit.visitor.post(`${BASE}/query`, { query: {} })).status).toBe(200);
    expect((await kit.visitor.post(`${BASE}/count`, {})).status).toBe(200);
    await expectNoWrites(async () => {
      expect((await kit.visitor.post(BASE, { customization: textOption() })).status).toBe(401);
      expect((await reader.post(BASE, { customization: textOption() })).status).toBe(403);
      expect((await reader.patch(`${BASE}/${c.id}`, { customization: { revision: '1', name: 'R' } })).status).toBe(403);
      expect((await reader.delete(`${BASE}/${c.id}`)).status).toBe(403);
      for (const path of ['add-choices', 'set-choices', 'remove-choices', 'update-choices', 'reorder-choices']) {
        expect((await reader.post(`${BASE}/${c.id}/${path}`, {})).status).toBe(403);
      }
      for (const path of ['create', 'update', 'add-choices']) {
        expect((await reader.post(`${BULK}/${path}`, {})).status).toBe(403);
      }
    });
    expect((await reader.get(`${BASE}/${c.id}`)).status).toBe(200);
  });
});

describe('customizations v3: choices', () => {
  it('adds choices (new ids, an event), refusing a duplicate name or a swatch without colour', async () => {
    const c = await create();
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(`${BASE}/${c.id}/add-choices`, {
      choices: [{ choiceType: 'CHOICE_TEXT', name: 'Medium' }],
      fields: ['ASSIGNED_PRODUCTS_COUNT'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const u = res.body.customization;
    expect(u.revision).toBe('2');
    expect(u.assignedProductsCount).toBe(0);
    expect(u.choicesSettings.choices.map((x: { name: string }) => x.name)).toEqual(['Small', 'Large', 'Medium']);
    const [event1] = await kit.eventsSince(seq);
    expect(event1?.type).toBe(event('updated'));
    expect((event1?.payload as { modifiedFields?: unknown } | undefined)?.modifiedFields).toEqual({
      choicesSettings: expect.any(Object),
    });
    await expectNoWrites(async () => {
      expectViolation(
        await kit.owner.post(`${BASE}/${c.id}/add-choices`, {
          choices: [{ choiceType: 'CHOICE_TEXT', name: 'large' }],
        }),
        'choices[0].name',
      );
      expectViolation(await kit.owner.post(`${BASE}/${c.id}/add-choices`, { choices: [] }), 'choices');
      expectAppError(
        await kit.owner.post(`${BASE}/${NO_SUCH_ID}/add-choices`, { choices: [{ name: 'X' }] }),
        404,
        'CUSTOMIZATION_NOT_FOUND',
      );
      const f = await kit.owner.get(`${BASE}/${c.id}`);
      expect(f.body.customization.revision).toBe('2');
    });
    const s = await create(swatch());
    await expectNoWrites(async () => {
      expectViolation(
        await kit.owner.post(`${BASE}/${s.id}/add-choices`, { choices: [{ choiceType: 'ONE_COLOR', name: 'Blank' }] }),
        'choices[0].colorCode',
      );
    });
    const f = await create(freeText());
    await expectNoWrites(async () => {
      expectAppError(
        await kit.owner.post(`${BASE}/${f.id}/add-choices`, { choices: [{ name: 'X' }] }),
        400,
        'DOESNT_SUPPORT_CHOICES',
      );
    });
  });

  it('sets choices (keeping known ids), removes, updates and reorders them with compare-and-set', async () => {
    const c = await create();
    const [small, large] = c.choicesSettings.choices;
    const set = await kit.owner.post(`${BASE}/${c.id}/set-choices`, {
      choices: [
        { id: large.id, choiceType: 'CHOICE_TEXT', name: 'Large' },
        { choiceType: 'CHOICE_TEXT', name: 'XL' },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const [keptLarge, xl] = set.body.customization.choicesSettings.choices;
    expect(keptLarge.id).toBe(large.id);
    expect(xl.id).not.toBe(small.id);

    const renamed = await kit.owner.post(`${BASE}/${c.id}/update-choices`, {
      revision: '2',
      choices: [{ choice: { id: xl.id, name: 'Extra large' } }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.customization.choicesSettings.choices[1]).toEqual({
      id: xl.id,
      choiceType: 'CHOICE_TEXT',
      key: 'extra large',
      name: 'Extra large',
    });

    const reordered = await kit.owner.post(`${BASE}/${c.id}/reorder-choices`, {
      revision: '3',
      choiceIds: [xl.id, large.id],
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.customization.choicesSettings.choices.map((x: { id: string }) => x.id)).toEqual([
      xl.id,
      large.id,
    ]);

    await expectNoWrites(async () => {
      expectAppError(
        await kit.owner.post(`${BASE}/${c.id}/reorder-choices`, { revision: '3', choiceIds: [large.id, xl.id] }),
        400,
        'CONCURRENT_MODIFICATION',
      );
      const mismatch = await kit.owner.post(`${BASE}/${c.id}/reorder-choices`, {
        revision: '4',
        choiceIds: [xl.id, 'other'],
      });
      expectAppError(mismatch, 400, 'CHOICE_IDS_MISMATCH');
      expect(mismatch.body.details.applicationError.data).toEqual({ missingIds: [large.id], extraIds: ['other'] });
      expectAppError(
        await kit.owner.post(`${BASE}/${c.id}/update-choices`, {
          revision: '4',
          choices: [{ choice: { id: 'nope', name: 'X' } }],
        }),
        404,
        'CHOICE_NOT_FOUND',
      );
      expectViolation(
        await kit.owner.post(`${BASE}/${c.id}/update-choices`, {
          revision: '4',
          choices: [{ choice: { id: xl.id, name: 'large' } }],
        }),
        'choices[0].choice.name',
      );
      expectViolation(
        await kit.owner.post(`${BASE}/${c.id}/update-choices`, {
          revision: '4',
          choices: [{ choice: { id: xl.id, choiceType: 'ONE_COLOR' } }],
        }),
        'choices[0].choice.choiceType',
      );
      expectAppError(
        await kit.owner.post(`${BASE}/${c.id}/remove-choices`, { choiceIds: ['nope'] }),
        404,
        'CHOICE_NOT_FOUND',
      );
      expectViolation(
        await kit.owner.post(`${BASE}/${c.id}/remove-choices`, { choiceIds: [xl.id, large.id] }),
        'choiceIds',
      );
      expectAppError(
        await kit.owner.post(`${BASE}/${c.id}/remove-choices`, { choiceIds: [xl.id], revision: '1' }),
        400,
        'CONCURRENT_MODIFICATION',
      );
      expectViolation(
        await kit.owner.post(`${BASE}/${c.id}/set-choices`, {
          choices: [
            { choiceType: 'CHOICE_TEXT', name: 'A' },
            { choiceType: 'CHOICE_TEXT', name: 'a' },
          ],
        }),
        'choices[1].name',
      );
    });
    const removed = await kit.owner.post(`${BASE}/${c.id}/remove-choices`, { choiceIds: [xl.id], revision: '4' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.customization).toMatchObject({
      revision: '5',
      choicesSettings: { choices: [{ id: large.id }] },
    });
  });

  it('removing a primary choice takes it off its linked choices', async () => {
    const c = await create(
      textOption({
        choicesSettings: {
          choices: [
            { id: 'p', choiceType: 'CHOICE_TEXT', name: 'Cotton' },
            { choiceType: 'CHOICE_TEXT', name: 'Organic', primaryChoiceIds: ['p'] },
          ],
        },
      }),
    );
    const [primary, linked] = c.choicesSettings.choices;
    const res = await kit.owner.post(`${BASE}/${c.id}/remove-choices`, { choiceIds: [primary.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.customization.choicesSettings.choices).toEqual(
      [{ ...linked, primaryChoiceIds: undefined }].map(({ primaryChoiceIds: _p, ...rest }) => rest),
    );
  });
});

describe('customizations v3: query, count and bulk', () => {
  it('pages with cursors past both ends; an exactly filled last page has no next cursor', async () => {
    const prefix = unique('Page ');
    for (let i = 0; i < 4; i++) await create(textOption({ name: `${prefix}${i}` }));
    const query = {
      filter: { name: { $startsWith: prefix } },
      sort: [{ fieldName: 'name', order: 'ASC' }],
      cursorPaging: { limit: 2 },
    };
    const first = await kit.visitor.post(`${BASE}/query`, { query });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.customizations.map((x: { name: string }) => x.name)).toEqual([`${prefix}0`, `${prefix}1`]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    expect(first.body.pagingMetadata.cursors.prev ?? null).toBeNull();
    const second = await kit.visitor.post(`${BASE}/query`, {
      query: { cursorPaging: { limit: 2, cursor: first.body.pagingMetadata.cursors.next } },
    });
    expect(second.body.customizations.map((x: { name: string }) => x.name)).toEqual([`${prefix}2`, `${prefix}3`]);
    expect(second.body.pagingMetadata).toMatchObject({ hasNext: false, cursors: { next: null } });
    const back = await kit.visitor.post(`${BASE}/query`, {
      query: { cursorPaging: { limit: 2, cursor: second.body.pagingMetadata.cursors.prev } },
    });
    expect(back.body.customizations.map((x: { name: string }) => x.name)).toEqual([`${prefix}0`, `${prefix}1`]);
  });

  it('answers GET (.r envelope) as POST, newest first by default; filters on type; counts with a filter', async () => {
    const prefix = unique('Q ');
    const a = await create(textOption({ name: `${prefix}a` }));
    const b = await create(freeText({ name: `${prefix}b` }));
    const query = { filter: { name: { $startsWith: prefix } } };
    const viaGet = await kit.visitor.getR(`${BASE}/query`, { query, fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    const viaPost = await kit.visitor.post(`${BASE}/query`, { query, fields: ['ASSIGNED_PRODUCTS_COUNT'] });
    expect(viaGet.status, JSON.stringify(viaGet.body)).toBe(200);
    expect(viaGet.body).toEqual(viaPost.body);
    expect(viaGet.body.customizations.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(viaGet.body.customizations[0].assignedProductsCount).toBe(0);
    const modifiers = await kit.visitor.post(`${BASE}/query`, {
      query: { filter: { name: { $startsWith: prefix }, customizationType: 'MODIFIER' } },
    });
    expect(modifiers.body.customizations.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const count = await kit.visitor.post(`${BASE}/count`, {
      filter: { name: { $startsWith: prefix }, customizationRenderType: { $in: ['TEXT_CHOICES'] } },
    });
    expect(count.body).toEqual({ count: 1 });
  });

  it('refuses a bad cursor, unknown fields, a bad limit and an unknown requested field', async () => {
    expectViolation(
      await kit.visitor.post(`${BASE}/query`, { query: { cursorPaging: { cursor: 'garbage' } } }),
      'query.cursorPaging.cursor',
    );
    expect((await kit.visitor.post(`${BASE}/query`, { query: { filter: { choices: 'x' } } })).status).toBe(400);
    expect((await kit.visitor.post(`${BASE}/query`, { query: { cursorPaging: { limit: 1000 } } })).status).toBe(400);
    expectViolation(await kit.visitor.post(`${BASE}/query`, { fields: ['NOPE'] }), 'fields[0]');
    expect((await kit.visitor.post(`${BASE}/count`, { filter: { settings: 'x' } })).status).toBe(400);
  });

  it('creates with a result per item; a taken name fails its item only; broken rules refuse the whole request', async () => {
    const taken = await create();
    const seq = await kit.lastSeq();
    const res = await kit.owner.post(`${BULK}/create`, {
      customizations: [textOption(), textOption({ name: taken.name }), freeText()],
      returnEntity: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });
    expect(res.body.results[0].customization.customizationRenderType).toBe('TEXT_CHOICES');
    expect(res.body.results[1].itemMetadata).toMatchObject({
      id: null,
      originalIndex: 1,
      success: false,
      error: { code: 'CUSTOMIZATION_ALREADY_EXISTS', data: { field: 'customizations[1].name' } },
    });
    expect(res.body.results[1].customization).toBeUndefined();
    expect((await kit.eventsSince(seq)).map((e) => e.type)).toEqual([event('created'), event('created')]);
    const quiet = await kit.owner.post(`${BULK}/create`, { customizations: [textOption()] });
    expect(quiet.body.results[0].customization).toBeUndefined();
    expect(quiet.body.results[0].itemMetadata.success).toBe(true);
    await expectNoWrites(async () => {
      expectViolation(
        await kit.owner.post(`${BULK}/create`, {
          customizations: [
            textOption(),
            swatch({ choicesSettings: { choices: [{ choiceType: 'ONE_COLOR', name: 'X' }] } }),
          ],
        }),
        'customizations[1].choicesSettings.choices[0].colorCode',
      );
      expectViolation(await kit.owner.post(`${BULK}/create`, { customizations: [] }), 'customizations');
      expectViolation(
        await kit.owner.post(`${BULK}/create`, { customizations: Array.from({ length: 101 }, () => textOption()) }),
        'customizations',
      );
    });
  });

  it('updates with compare-and-set per item and honours the field mask', async () => {
    const c1 = await create();
    const c2 = await create();
    const name1 = unique('New ');
    const res = await kit.owner.post(`${BULK}/update`, {
      customizations: [
        { customization: { id: c1.id, revision: '1', name: name1 } },
        { customization: { id: c2.id, revision: '9', name: unique('Stale ') } },
        { customization: { id: NO_SUCH_ID, revision: '1', name: unique('Gone ') } },
      ],
      returnEntity: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results[0].customization).toMatchObject({ id: c1.id, name: name1, revision: '2' });
    expect(res.body.results[1].itemMetadata).toMatchObject({
      id: c2.id,
      success: false,
      error: { code: 'CONCURRENT_MODIFICATION' },
    });
    expect(res.body.results[2].itemMetadata).toMatchObject({
      success: false,
      error: { code: 'CUSTOMIZATION_NOT_FOUND' },
    });
    const masked = await kit.owner.post(`${BULK}/update`, {
      customizations: [{ customization: { id: c2.id, revision: '1', name: unique('Masked ') }, fieldMask: 'revision' }],
      returnEntity: true,
    });
    expect(masked.body.results[0].customization).toMatchObject({ name: c2.name, revision: '2' });
    expectViolation(
      await kit.owner.post(`${BULK}/update`, {
        customizations: [{ customization: { id: c2.id, revision: '2' }, fieldMask: ['colour'] }],
      }),
      'customizations[0].fieldMask[0]',
    );
  });

  it('adds choices per customization, a failure failing its item only', async () => {
    const c = await create();
    const f = await create(freeText());
    const res = await kit.owner.post(`${BULK}/add-choices`, {
      customizationsChoices: [
        { customizationId: c.id, choices: [{ choiceType: 'CHOICE_TEXT', name: 'Tiny' }] },
        { customizationId: f.id, choices: [{ name: 'X' }] },
        { customizationId: c.id, choices: [{ choiceType: 'CHOICE_TEXT', name: 'tiny' }] },
      ],
      returnEntity: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 2 });
    expect(res.body.results[0].customization.choicesSettings.choices).toHaveLength(3);
    expect(res.body.results[1].itemMetadata.error.code).toBe('DOESNT_SUPPORT_CHOICES');
    expect(res.body.results[2].itemMetadata.error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      data: {
        violations: expect.arrayContaining([
          expect.objectContaining({ field: 'customizationsChoices[2].choices[0].name' }),
        ]),
      },
    });
  });

  it('a v1 product keeps its inline options; customization writes leave products untouched', async () => {
    const product = await kit.createProduct({
      productOptions: [{ name: 'Size', choices: [{ value: 'S', description: 'S' }] }],
    });
    const before = (await kit.visitor.get(`/stores-reader/v1/products/${product.id}`)).body;
    await create(textOption({ name: 'Size' }));
    const after = (await kit.visitor.get(`/stores-reader/v1/products/${product.id}`)).body;
    expect(after).toEqual(before);
  });
});
