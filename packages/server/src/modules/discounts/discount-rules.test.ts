import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, expectViolation, unique } from '../products/catalog-test-kit.js';
import {
  type DiscountsKit,
  everyItem,
  expectNoDiscountWrites,
  FUTURE,
  PAST,
  RULES,
  startDiscountsKit,
} from './discounts-test-kit.js';

let kit: DiscountsKit;
beforeAll(async () => {
  kit = await startDiscountsKit();
});
afterAll(async () => {
  await kit.close();
});

const productScope = (...ids: string[]) => ({
  id: 'p',
  type: 'CATALOG_ITEM',
  catalogItemFilter: { catalogAppId: 'stores', catalogItemIds: ids },
});
const collectionScope = (...ids: string[]) => ({
  id: 'c',
  type: 'CUSTOM_FILTER',
  customFilter: { params: { collectionIds: ids } },
});
const subtotalFrom = (from: string) => ({ triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from } });

describe('POST /ecom/v1/discount-rules', () => {
  it('creates a rule and answers it in the wire shape the client reads', async () => {
    const seq = await kit.lastSeq();
    const trigger = {
      triggerType: 'AND',
      and: {
        triggers: [
          { subtotalRange: { from: '50', to: '500.50', scopes: [collectionScope('col-1')] } },
          { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 2 } },
        ],
      },
    };
    const discounts = {
      values: [
        {
          discountType: 'FIXED_AMOUNT',
          fixedAmount: '12.50',
          targetType: 'SPECIFIC_ITEMS',
          specificItemsInfo: { scopes: [productScope('p1', 'p2')] },
        },
      ],
    };
    const res = await kit.owner.post(RULES, {
      discountRule: {
        name: ' Summer ',
        trigger,
        discounts,
        activeTimeInfo: { start: '2020-01-01T02:00:00+02:00' },
        tags: { privateTags: { tagIds: ['vip'] } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rule = res.body.discountRule;
    expect(rule).toMatchObject({
      name: 'Summer',
      revision: '1',
      active: true,
      status: 'LIVE',
      usageCount: 0,
      activeTimeInfo: { start: '2020-01-01T00:00:00.000Z' },
      tags: { privateTags: { tagIds: ['vip'] }, publicTags: { tagIds: [] } },
      trigger: {
        triggerType: 'AND',
        and: {
          triggers: [
            {
              triggerType: 'SUBTOTAL_RANGE',
              subtotalRange: {
                from: '50',
                to: '500.5',
                scopes: [{ id: 'c', type: 'CUSTOM_FILTER', customFilter: { params: { collectionIds: ['col-1'] } } }],
              },
            },
            { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 2, scopes: [] } },
          ],
        },
      },
      discounts: {
        values: [
          {
            discountType: 'FIXED_AMOUNT',
            fixedAmount: '12.5',
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: { scopes: [productScope('p1', 'p2')] },
          },
        ],
      },
    });
    expect(rule.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rule.createdDate).toMatch(/Z$/);
    expect(rule.updatedDate).toBe(rule.createdDate);
    expect(rule).not.toHaveProperty('_id');
    const events = await kit.eventsSince(seq);
    expect(events).toEqual([
      { type: 'wix.ecom.discounts.v1.discount_rule_created', entityId: rule.id, payload: { entity: rule } },
    ]);
  });

  it('gives scopes without an id one, and infers the discount and trigger types from the value given', async () => {
    const rule = await kit.createRule({
      trigger: { itemQuantityRange: { to: 10 } },
      discounts: {
        values: [
          {
            percentage: 12.5,
            specificItemsInfo: { scopes: [{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: 'stores' } }] },
          },
        ],
      },
    });
    expect(rule.trigger).toEqual({ triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { to: 10, scopes: [] } });
    const value = rule.discounts.values[0];
    expect(value).toMatchObject({ discountType: 'PERCENTAGE', percentage: 12.5, targetType: 'SPECIFIC_ITEMS' });
    expect(value.specificItemsInfo.scopes[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rule).not.toHaveProperty('activeTimeInfo');
  });

  it('derives the status from the time window', async () => {
    const expired = await kit.createRule({ activeTimeInfo: PAST });
    const pending = await kit.createRule({ activeTimeInfo: FUTURE });
    const live = await kit.createRule({ activeTimeInfo: { start: PAST.start, end: FUTURE.end } });
    const started = await kit.createRule({ activeTimeInfo: { start: PAST.start } });
    const ending = await kit.createRule({ activeTimeInfo: { end: FUTURE.end } });
    expect([expired, pending, live, started, ending].map((r) => r.status)).toEqual([
      'EXPIRED',
      'PENDING',
      'LIVE',
      'LIVE',
      'LIVE',
    ]);
    expect((await kit.owner.get(`${RULES}/${pending.id}`)).body.discountRule.status).toBe('PENDING');
  });

  const valid = { name: 'Bad', discounts: everyItem() };
  const cases: Array<[string, Record<string, unknown>, string, string?]> = [
    ['a missing name', { name: undefined }, 'discountRule.name', 'REQUIRED_FIELD'],
    ['an empty name', { name: '  ' }, 'discountRule.name', 'MIN_LENGTH'],
    ['an over-long name', { name: 'x'.repeat(51) }, 'discountRule.name', 'MAX_LENGTH'],
    ['missing discounts', { discounts: undefined }, 'discountRule.discounts', 'REQUIRED_FIELD'],
    ['no discount value', { discounts: { values: [] } }, 'discountRule.discounts.values', 'MIN_SIZE'],
    [
      'two discount values',
      { discounts: { values: [...everyItem().values, ...everyItem().values] } },
      'discountRule.discounts.values',
      'MAX_SIZE',
    ],
    [
      'an unknown discount type',
      { discounts: { values: [{ ...everyItem().values[0], discountType: 'BOGO' }] } },
      'discountRule.discounts.values[0].discountType',
      'INVALID_ENUM_VALUE',
    ],
    [
      'a quantity-based discount',
      { discounts: { values: [{ ...everyItem().values[0], discountType: 'QUANTITY_BASED' }] } },
      'discountRule.discounts.values[0].discountType',
      'INVALID_ENUM_VALUE',
    ],
    [
      'an unknown target type',
      { discounts: { values: [{ ...everyItem().values[0], targetType: 'EVERYTHING' }] } },
      'discountRule.discounts.values[0].targetType',
      'INVALID_ENUM_VALUE',
    ],
    ['a percentage over 100', { discounts: everyItem(100.5) }, 'discountRule.discounts.values[0].percentage', 'MAX'],
    ['a zero percentage', { discounts: everyItem(0) }, 'discountRule.discounts.values[0].percentage', 'MIN'],
    [
      'a non-finite percentage',
      { discounts: { values: [{ ...everyItem().values[0], percentage: 'Infinity' }] } },
      'discountRule.discounts.values[0].percentage',
    ],
    [
      'a negative amount',
      {
        discounts: {
          values: [
            { ...everyItem().values[0], discountType: 'FIXED_AMOUNT', percentage: undefined, fixedAmount: '-5' },
          ],
        },
      },
      'discountRule.discounts.values[0].fixedAmount',
      'FORMAT',
    ],
    [
      'a non-finite amount',
      {
        discounts: {
          values: [{ ...everyItem().values[0], discountType: 'FIXED_PRICE', percentage: undefined, fixedPrice: 'NaN' }],
        },
      },
      'discountRule.discounts.values[0].fixedPrice',
      'FORMAT',
    ],
    [
      'a zero fixed amount',
      {
        discounts: {
          values: [
            { ...everyItem().values[0], discountType: 'FIXED_AMOUNT', percentage: undefined, fixedAmount: '0.00' },
          ],
        },
      },
      'discountRule.discounts.values[0].fixedAmount',
    ],
    [
      'more decimals than the currency has',
      {
        discounts: {
          values: [
            { ...everyItem().values[0], discountType: 'FIXED_AMOUNT', percentage: undefined, fixedAmount: '1.005' },
          ],
        },
      },
      'discountRule.discounts.values[0].fixedAmount',
      'DECIMAL_MAX_SCALE',
    ],
    [
      'a value of another type',
      { discounts: { values: [{ ...everyItem().values[0], fixedAmount: '5' }] } },
      'discountRule.discounts.values[0].fixedAmount',
    ],
    [
      'a type without its value',
      { discounts: { values: [{ ...everyItem().values[0], discountType: 'FIXED_PRICE' }] } },
      'discountRule.discounts.values[0].fixedPrice',
      'REQUIRED_FIELD',
    ],
    [
      'no scopes',
      { discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 5 }] } },
      'discountRule.discounts.values[0].specificItemsInfo',
      'REQUIRED_FIELD',
    ],
    [
      'a scope of an unknown type',
      { discounts: { values: [{ percentage: 5, specificItemsInfo: { scopes: [{ type: 'BRAND' }] } }] } },
      'discountRule.discounts.values[0].specificItemsInfo.scopes[0].type',
      'INVALID_ENUM_VALUE',
    ],
    [
      'a scope without its filter',
      {
        discounts: {
          values: [
            {
              percentage: 5,
              specificItemsInfo: { scopes: [{ type: 'CUSTOM_FILTER', catalogItemFilter: { catalogAppId: 'stores' } }] },
            },
          ],
        },
      },
      'discountRule.discounts.values[0].specificItemsInfo.scopes[0].customFilter',
      'REQUIRED_FIELD',
    ],
    ['an empty trigger', { trigger: {} }, 'discountRule.trigger'],
    [
      'an unknown trigger type',
      { trigger: { triggerType: 'WEATHER', subtotalRange: { from: '1' } } },
      'discountRule.trigger.triggerType',
      'INVALID_ENUM_VALUE',
    ],
    [
      'a trigger type that is not the condition given',
      { trigger: { triggerType: 'OR', subtotalRange: { from: '1' } } },
      'discountRule.trigger.triggerType',
    ],
    [
      'two conditions in one trigger',
      { trigger: { subtotalRange: { from: '1' }, itemQuantityRange: { from: 1 } } },
      'discountRule.trigger',
    ],
    [
      'an "and" of one trigger',
      { trigger: { and: { triggers: [subtotalFrom('1')] } } },
      'discountRule.trigger.and.triggers',
      'MIN_SIZE',
    ],
    [
      'an empty condition inside an "or"',
      { trigger: { or: { triggers: [subtotalFrom('1'), {}] } } },
      'discountRule.trigger.or.triggers[1]',
    ],
    ['a range without ends', { trigger: { subtotalRange: { scopes: [] } } }, 'discountRule.trigger.subtotalRange'],
    [
      'a range that ends before it starts',
      { trigger: { itemQuantityRange: { from: 5, to: 2 } } },
      'discountRule.trigger.itemQuantityRange.to',
    ],
    [
      'a negative subtotal',
      { trigger: { subtotalRange: { from: '-1' } } },
      'discountRule.trigger.subtotalRange.from',
      'FORMAT',
    ],
    [
      'a quantity of zero',
      { trigger: { itemQuantityRange: { from: 0 } } },
      'discountRule.trigger.itemQuantityRange.from',
      'MIN',
    ],
    [
      'a time window that ends before it starts',
      { activeTimeInfo: { start: FUTURE.start, end: PAST.end } },
      'discountRule.activeTimeInfo.end',
    ],
    ['a malformed date', { activeTimeInfo: { start: 'tomorrow' } }, 'discountRule.activeTimeInfo.start', 'FORMAT'],
  ];
  it.each(cases)('refuses %s with 400 naming the field and writes nothing', async (_what, change, field, rule) => {
    await expectNoDiscountWrites(kit, async () => {
      expectViolation(await kit.owner.post(RULES, { discountRule: { ...valid, ...change } }), field, rule);
    });
  });

  it('refuses trees nested deeper than three operators, naming the operator too deep', async () => {
    const leaf = subtotalFrom('1');
    const nest = (depth: number): Record<string, unknown> =>
      depth === 0 ? leaf : { or: { triggers: [leaf, nest(depth - 1)] } };
    expect((await kit.owner.post(RULES, { discountRule: { ...valid, trigger: nest(3) } })).status).toBe(200);
    await expectNoDiscountWrites(kit, async () => {
      const res = await kit.owner.post(RULES, { discountRule: { ...valid, trigger: nest(4) } });
      expectViolation(res, 'discountRule.trigger.or.triggers[1].or.triggers[1].or.triggers[1].or');
      const deeper = await kit.owner.post(RULES, { discountRule: { ...valid, trigger: nest(30) } });
      expectViolation(deeper, 'discountRule.trigger.or.triggers[1].or.triggers[1].or.triggers[1].or');
      // Past the parser's depth limit the body itself is refused, before any walk over it.
      const hostile = await kit.owner.post(RULES, { discountRule: { ...valid, trigger: nest(500) } });
      expectViolation(hostile, 'body', 'MAX');
    });
  });
});

describe('GET, PATCH and DELETE /ecom/v1/discount-rules/:id', () => {
  it('reads a rule, taking the id from the path', async () => {
    const rule = await kit.createRule();
    const res = await kit.owner.get(`${RULES}/${rule.id}`, { discountRuleId: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ discountRule: rule });
  });

  it('answers 404 DISCOUNT_RULE_NOT_FOUND for unknown ids', async () => {
    const body = { discountRule: { revision: '1', name: 'x' } };
    await expectNoDiscountWrites(kit, async () => {
      expectAppError(await kit.owner.get(`${RULES}/nope`), 404, 'DISCOUNT_RULE_NOT_FOUND');
      expectAppError(await kit.owner.patch(`${RULES}/nope`, body), 404, 'DISCOUNT_RULE_NOT_FOUND');
      expectAppError(await kit.owner.delete(`${RULES}/nope`), 404, 'DISCOUNT_RULE_NOT_FOUND');
    });
  });

  it('updates the fields given, bumps the revision and keeps the rest', async () => {
    const rule = await kit.createRule({
      trigger: subtotalFrom('20'),
      activeTimeInfo: { start: PAST.start },
      tags: { publicTags: { tagIds: ['a'] } },
    });
    const seq = await kit.lastSeq();
    const res = await kit.owner.patch(`${RULES}/${rule.id}`, {
      discountRule: {
        id: rule.id,
        revision: rule.revision,
        name: 'Renamed',
        active: false,
        activeTimeInfo: { end: FUTURE.end },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.discountRule;
    expect(after).toMatchObject({
      id: rule.id,
      name: 'Renamed',
      active: false,
      revision: '2',
      trigger: rule.trigger,
      discounts: rule.discounts,
      tags: rule.tags,
      activeTimeInfo: { start: PAST.start, end: FUTURE.end },
      createdDate: rule.createdDate,
    });
    expect(after.updatedDate >= rule.updatedDate).toBe(true);
    const events = await kit.eventsSince(seq);
    expect(events).toEqual([
      {
        type: 'wix.ecom.discounts.v1.discount_rule_updated',
        entityId: rule.id,
        payload: { entity: after, modifiedFields: ['name', 'active', 'activeTimeInfo'] },
      },
    ]);
    const cleared = await kit.owner.patch(`${RULES}/${rule.id}`, {
      discountRule: { revision: 2, trigger: null, activeTimeInfo: null, tags: null },
    });
    expect(cleared.body.discountRule).not.toHaveProperty('trigger');
    expect(cleared.body.discountRule).not.toHaveProperty('activeTimeInfo');
    expect(cleared.body.discountRule.revision).toBe('3');
    expect(cleared.body.discountRule.tags).toEqual({ privateTags: { tagIds: [] }, publicTags: { tagIds: [] } });
  });

  it('refuses a stale revision as an application error and changes nothing', async () => {
    const rule = await kit.createRule();
    await kit.owner.patch(`${RULES}/${rule.id}`, { discountRule: { revision: rule.revision, name: 'First' } });
    await expectNoDiscountWrites(kit, async () => {
      const stale = await kit.owner.patch(`${RULES}/${rule.id}`, {
        discountRule: { revision: rule.revision, name: 'Second' },
      });
      expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
      expect(stale.body.details.applicationError.data).toEqual({ discountRuleId: rule.id, revision: '2' });
      const missing = await kit.owner.patch(`${RULES}/${rule.id}`, { discountRule: { name: 'Third' } });
      expectViolation(missing, 'discountRule.revision', 'REQUIRED_FIELD');
    });
    expect((await kit.owner.get(`${RULES}/${rule.id}`)).body.discountRule.name).toBe('First');
  });

  it('lets one of two racing updates of one revision win', async () => {
    const rule = await kit.createRule();
    const results = await Promise.all(
      ['A', 'B', 'C'].map((name) => kit.owner.patch(`${RULES}/${rule.id}`, { discountRule: { revision: '1', name } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const after = (await kit.owner.get(`${RULES}/${rule.id}`)).body.discountRule;
    expect(after.revision).toBe('2');
  });

  it('checks a patched window against the stored one and validates patched values', async () => {
    const rule = await kit.createRule({ activeTimeInfo: { start: FUTURE.start } });
    await expectNoDiscountWrites(kit, async () => {
      const early = await kit.owner.patch(`${RULES}/${rule.id}`, {
        discountRule: { revision: '1', activeTimeInfo: { end: PAST.end } },
      });
      expectViolation(early, 'discountRule.activeTimeInfo.end');
      const bad = await kit.owner.patch(`${RULES}/${rule.id}`, {
        discountRule: { revision: '1', discounts: everyItem(101) },
      });
      expectViolation(bad, 'discountRule.discounts.values[0].percentage', 'MAX');
      const revision = await kit.owner.patch(`${RULES}/${rule.id}`, { discountRule: { revision: 'two' } });
      expectViolation(revision, 'discountRule.revision', 'FORMAT');
    });
  });

  it('deletes a rule with its tags and answers {}', async () => {
    const rule = await kit.createRule({ tags: { privateTags: { tagIds: ['t1', 't2'] } } });
    const seq = await kit.lastSeq();
    const before = await kit.rowCounts();
    const res = await kit.owner.delete(`${RULES}/${rule.id}?discountRuleId=${rule.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await kit.rowCounts()).toMatchObject({ rules: before.rules - 1, tags: before.tags - 2 });
    expect(await kit.eventsSince(seq)).toEqual([
      { type: 'wix.ecom.discounts.v1.discount_rule_deleted', entityId: rule.id, payload: { discountRuleId: rule.id } },
    ]);
    expectAppError(await kit.owner.get(`${RULES}/${rule.id}`), 404, 'DISCOUNT_RULE_NOT_FOUND');
  });
});

describe('who may use discount rules', () => {
  it('answers 401 to anonymous callers and visitors, 403 to members and keys without the scope', async () => {
    const rule = await kit.createRule();
    const body = { discountRule: { name: 'x', discounts: everyItem() } };
    await expectNoDiscountWrites(kit, async () => {
      for (const caller of [kit.visitor, kit.visitorToken]) {
        expectAppError(await caller.post(RULES, body), 401, 'UNAUTHENTICATED');
        expectAppError(await caller.get(`${RULES}/${rule.id}`), 401, 'UNAUTHENTICATED');
        expectAppError(await caller.post(`${RULES}/query`, {}), 401, 'UNAUTHENTICATED');
      }
      for (const caller of [kit.member, kit.outsider]) {
        expectAppError(await caller.post(RULES, body), 403, 'PERMISSION_DENIED');
        expectAppError(await caller.get(`${RULES}/${rule.id}`), 403, 'PERMISSION_DENIED');
        expectAppError(
          await caller.patch(`${RULES}/${rule.id}`, { discountRule: { revision: '1' } }),
          403,
          'PERMISSION_DENIED',
        );
        expectAppError(await caller.delete(`${RULES}/${rule.id}`), 403, 'PERMISSION_DENIED');
      }
      expectAppError(await kit.reader.post(RULES, body), 403, 'PERMISSION_DENIED');
      expectAppError(await kit.reader.delete(`${RULES}/${rule.id}`), 403, 'PERMISSION_DENIED');
    });
    expect((await kit.reader.get(`${RULES}/${rule.id}`)).status).toBe(200);
    expect((await kit.reader.post(`${RULES}/query`, {})).status).toBe(200);
  });
});

describe('POST and GET /ecom/v1/discount-rules/query', () => {
  const QUERY = `${RULES}/query`;

  async function family(count: number, extra: (i: number) => Record<string, unknown> = () => ({})) {
    const prefix = unique('Q');
    const rules = [];
    for (let i = 0; i < count; i++) {
      // Distinct creation times (milliseconds), so that date filters and sorts can tell the rules apart.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 3));
      rules.push(await kit.createRule({ name: `${prefix} ${i}`, ...extra(i) }));
    }
    return { prefix, rules };
  }
  const names = (res: { body: { discountRules: Array<{ name: string }> } }) =>
    res.body.discountRules.map((r) => r.name);

  it('filters, sorts and pages by cursor, the cursor carrying filter and sort', async () => {
    const { prefix } = await family(5);
    const query = {
      filter: { name: { $startsWith: prefix } },
      sort: [{ fieldName: 'name', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    };
    const first = await kit.owner.post(QUERY, { query });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(names(first)).toEqual([`${prefix} 4`, `${prefix} 3`]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, cursors: { prev: null } });
    const next = first.body.pagingMetadata.cursors.next;
    const second = await kit.owner.post(QUERY, { query: { cursorPaging: { limit: 2, cursor: next } } });
    expect(names(second)).toEqual([`${prefix} 2`, `${prefix} 1`]);
    const third = await kit.owner.post(QUERY, {
      query: { cursorPaging: { limit: 2, cursor: second.body.pagingMetadata.cursors.next } },
    });
    expect(names(third)).toEqual([`${prefix} 0`]);
    expect(third.body.pagingMetadata.cursors.next).toBeNull();
  });

  it('pages by offset with a total, and answers GET with the .r envelope alike', async () => {
    const { prefix } = await family(3);
    const query = {
      filter: { name: { $startsWith: prefix } },
      sort: [{ fieldName: 'name' }],
      paging: { limit: 2, offset: 1 },
    };
    const post = await kit.owner.post(QUERY, { query });
    expect(names(post)).toEqual([`${prefix} 1`, `${prefix} 2`]);
    expect(post.body.pagingMetadata).toEqual({ count: 2, offset: 1, total: 3 });
    const get = await kit.owner.getR(QUERY, { query });
    expect(get.status).toBe(200);
    expect(get.body).toEqual(post.body);
  });

  it('filters on active, dates, ids, revisions and private tags', async () => {
    const { prefix, rules } = await family(4, (i) => ({
      active: i % 2 === 0,
      tags: { privateTags: { tagIds: i < 2 ? ['gold'] : ['silver', 'gold'] } },
    }));
    const within = (filter: Record<string, unknown>) =>
      kit.owner.post(QUERY, {
        query: { filter: { $and: [{ name: { $startsWith: prefix } }, filter] }, sort: [{ fieldName: 'name' }] },
      });
    expect(names(await within({ active: false }))).toEqual([`${prefix} 1`, `${prefix} 3`]);
    expect(names(await within({ 'tags.privateTags.tagIds': { $hasAll: ['gold', 'silver'] } }))).toEqual([
      `${prefix} 2`,
      `${prefix} 3`,
    ]);
    expect(names(await within({ 'tags.privateTags.tagIds': { $hasSome: ['silver'] } }))).toEqual([
      `${prefix} 2`,
      `${prefix} 3`,
    ]);
    expect(names(await within({ id: { $in: [rules[0].id, rules[3].id] } }))).toEqual([`${prefix} 0`, `${prefix} 3`]);
    expect(names(await within({ _createdDate: { $gte: rules[2].createdDate } }))).toEqual([
      `${prefix} 2`,
      `${prefix} 3`,
    ]);
    expect(names(await within({ revision: '1' }))).toHaveLength(4);
    expect(names(await within({ revision: { $gt: '1' } }))).toEqual([]);
    const sorted = await kit.owner.post(QUERY, {
      query: {
        filter: { name: { $startsWith: prefix } },
        sort: [
          { fieldName: '_createdDate', order: 'DESC' },
          { fieldName: 'name', order: 'DESC' },
        ],
      },
    });
    expect(names(sorted)).toEqual([3, 2, 1, 0].map((i) => `${prefix} ${i}`));
  });

  it('filters on the status derived from the window and on the window itself', async () => {
    const windows = [PAST, FUTURE, { start: PAST.start }, undefined];
    const { prefix } = await family(4, (i) => (windows[i] ? { activeTimeInfo: windows[i] } : {}));
    const within = (filter: Record<string, unknown>) =>
      kit.owner.post(QUERY, {
        query: { filter: { $and: [{ name: { $startsWith: prefix } }, filter] }, sort: [{ fieldName: 'name' }] },
      });
    expect(names(await within({ status: 'EXPIRED' }))).toEqual([`${prefix} 0`]);
    expect(names(await within({ status: 'PENDING' }))).toEqual([`${prefix} 1`]);
    expect(names(await within({ status: 'LIVE' }))).toEqual([`${prefix} 2`, `${prefix} 3`]);
    expect(names(await within({ status: { $ne: 'LIVE' } }))).toEqual([`${prefix} 0`, `${prefix} 1`]);
    expect(names(await within({ status: { $in: ['EXPIRED', 'PENDING'] } }))).toEqual([`${prefix} 0`, `${prefix} 1`]);
    expect(names(await within({ status: { $nin: ['LIVE'] } }))).toEqual([`${prefix} 0`, `${prefix} 1`]);
    expect(names(await within({ 'activeTimeInfo.end': { $exists: true } }))).toEqual([`${prefix} 0`, `${prefix} 1`]);
    expect(names(await within({ 'activeTimeInfo.start': { $lt: '2010-01-01T00:00:00Z' } }))).toEqual([
      `${prefix} 0`,
      `${prefix} 2`,
    ]);
  });

  it('refuses unknown fields, operators, statuses and sorts with 400 naming them', async () => {
    const bad = (query: Record<string, unknown>) => kit.owner.post(QUERY, { query });
    expectViolation(await bad({ filter: { color: 'red' } }), 'query.filter.color', 'FIELD_NOT_ALLOWED');
    expectViolation(await bad({ filter: { name: { $near: 'x' } } }), 'query.filter.name.$near');
    expectViolation(await bad({ filter: { status: 'SLEEPING' } }), 'query.filter.status', 'INVALID_ENUM_VALUE');
    expectViolation(await bad({ filter: { revision: 'abc' } }), 'query.filter.revision', 'FORMAT');
    expectViolation(await bad({ sort: [{ fieldName: 'status' }] }), 'query.sort[0].fieldName', 'FIELD_NOT_ALLOWED');
    expectViolation(await bad({ cursorPaging: { limit: 101 } }), 'query.cursorPaging.limit', 'MAX');
    expectViolation(await bad({ cursorPaging: { cursor: 'forged' } }), 'query.cursorPaging.cursor');
  });
});

describe('live discount rules for the totals', () => {
  it('lists the active rules whose status is LIVE, in the shape calculateTotals reads', async () => {
    const name = unique('Live ');
    const live = await kit.createRule({ name, activeTimeInfo: { start: PAST.start }, trigger: subtotalFrom('10.5') });
    await kit.createRule({ name, activeTimeInfo: PAST });
    await kit.createRule({ name, activeTimeInfo: FUTURE });
    await kit.createRule({ name, active: false });
    const scoped = await kit.createRule({
      name,
      discounts: {
        values: [{ fixedPrice: '5', specificItemsInfo: { scopes: [productScope('p1'), collectionScope('c1')] } }],
      },
    });
    const rules = (await kit.server.services.discounts.liveDiscountRules()).filter((r) => r.name === name);
    expect(rules).toEqual([
      {
        id: live.id,
        name,
        active: true,
        trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { scopes: [], from: 1050, to: null } },
        activeTimeInfo: { start: PAST.start, end: null },
        discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10, targetType: 'GLOBAL' }] },
      },
      {
        id: scoped.id,
        name,
        active: true,
        trigger: null,
        activeTimeInfo: { start: null, end: null },
        discounts: {
          values: [
            {
              discountType: 'FIXED_PRICE',
              fixedPrice: 500,
              targetType: 'SPECIFIC_ITEMS',
              specificItemsInfo: { scopes: [{ catalogItemIds: ['p1'] }, { collectionIds: ['c1'] }] },
            },
          ],
        },
      },
    ]);
    const later = new Date(Date.parse(FUTURE.start) + 1000);
    const then = (await kit.server.services.discounts.liveDiscountRules(later)).filter((r) => r.name === name);
    expect(then.map((r) => r.id)).toContain(scoped.id);
    expect(then).toHaveLength(3);
  });
});
