/**
 * Discount rules through the public `@wix/sdk` + `@wix/ecom` packages, as a merchant's script would drive them:
 * an `ApiKeyStrategy` client whose `https://www.wixapis.com` calls are rewritten to a local Merx server.
 */
import { startTestServer, type TestServer } from '@merx/server/testing';
import { discountRules } from '@wix/ecom';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let realFetch: typeof fetch;
const requests: RecordedRequest[] = [];
let admin: ReturnType<typeof makeClient>;

function makeClient(fetchFn: typeof fetch, apiKey: string) {
  return createClient({
    modules: { discountRules },
    auth: ApiKeyStrategy({ apiKey, siteId: 'test-site' }),
    fetch: fetchFn,
  });
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  realFetch = globalThis.fetch;
  const wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  globalThis.fetch = wrapped;
  admin = makeClient(wrapped, server.apiKey);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

const lastRequest = () => requests.at(-1)!;
const everyItem = {
  type: 'CATALOG_ITEM' as const,
  catalogItemFilter: { catalogAppId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
};

describe('discount rules through @wix/ecom', () => {
  let ruleId: string;
  let revision: string;

  it('createDiscountRule sends the rule and reads it back with SDK names and Dates', async () => {
    const rule = await admin.discountRules.createDiscountRule({
      name: 'Compat 10% over $50',
      active: true,
      trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50' } },
      activeTimeInfo: { start: new Date('2020-01-01T00:00:00.000Z') },
      discounts: {
        values: [
          {
            discountType: 'PERCENTAGE',
            percentage: 10,
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: { scopes: [everyItem] },
          },
        ],
      },
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/ecom/v1/discount-rules', status: 200 });
    expect(rule._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rule).toMatchObject({
      name: 'Compat 10% over $50',
      revision: '1',
      active: true,
      status: 'LIVE',
      usageCount: 0,
      trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '50', scopes: [] } },
      discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10, targetType: 'SPECIFIC_ITEMS' }] },
    });
    expect(rule._createdDate).toBeInstanceOf(Date);
    expect(rule.activeTimeInfo?.start).toEqual(new Date('2020-01-01T00:00:00.000Z'));
    ruleId = rule._id!;
    revision = rule.revision!;
  });

  it('getDiscountRule reads it by id', async () => {
    const rule = await admin.discountRules.getDiscountRule(ruleId);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/ecom/v1/discount-rules/${ruleId}`, status: 200 });
    expect(rule).toMatchObject({ _id: ruleId, name: 'Compat 10% over $50', revision });
  });

  it('updateDiscountRule changes it under its revision and refuses a stale one', async () => {
    const rule = await admin.discountRules.updateDiscountRule(ruleId, {
      revision,
      name: 'Compat renamed',
      active: false,
    });
    expect(lastRequest()).toMatchObject({ method: 'PATCH', path: `/ecom/v1/discount-rules/${ruleId}`, status: 200 });
    expect(rule).toMatchObject({ _id: ruleId, name: 'Compat renamed', active: false, revision: '2' });
    const stale = await sdkError(admin.discountRules.updateDiscountRule(ruleId, { revision, name: 'Too late' }));
    expect(stale.details?.applicationError?.code).toBe('CONCURRENT_MODIFICATION');
  });

  it('reports bad input as validation errors on the argument', async () => {
    const error = await sdkError(
      admin.discountRules.createDiscountRule({
        name: 'Bad',
        discounts: {
          values: [{ discountType: 'PERCENTAGE', percentage: 150, specificItemsInfo: { scopes: [everyItem] } }],
        },
      }),
    );
    expect(error.status).toBe(400);
    const fields = error.details?.validationError?.fieldViolations.map((v) => v.field);
    expect(fields).toContain('discountRule.discounts.values[0].percentage');
  });

  it('queryDiscountRules filters, sorts and pages by cursor', async () => {
    for (const n of [1, 2, 3]) {
      await admin.discountRules.createDiscountRule({
        name: `Compat page ${n}`,
        discounts: {
          values: [
            { discountType: 'FIXED_AMOUNT', fixedAmount: `${n}.50`, specificItemsInfo: { scopes: [everyItem] } },
          ],
        },
      });
    }
    const first = await admin.discountRules
      .queryDiscountRules()
      .startsWith('name', 'Compat page')
      .ascending('name')
      .limit(2)
      .find();
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/ecom/v1/discount-rules/query', status: 200 });
    expect(first.items.map((r) => r.name)).toEqual(['Compat page 1', 'Compat page 2']);
    expect(first.items[0]?.discounts?.values?.[0]?.fixedAmount).toBe('1.5');
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((r) => r.name)).toEqual(['Compat page 3']);
    expect(second.hasNext()).toBe(false);
    const inactive = await admin.discountRules.queryDiscountRules().eq('active', false).find();
    expect(inactive.items.map((r) => r._id)).toEqual([ruleId]);
  });

  it('deleteDiscountRule removes it; reading it then fails with DISCOUNT_RULE_NOT_FOUND', async () => {
    await admin.discountRules.deleteDiscountRule(ruleId);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/ecom/v1/discount-rules/${ruleId}`, status: 200 });
    const error = await sdkError(admin.discountRules.getDiscountRule(ruleId));
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe('DISCOUNT_RULE_NOT_FOUND');
  });
});
