import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type Client, type Kit, type Res, startKit } from '../products/catalog-test-kit.js';

export const RULES = '/ecom/v1/discount-rules';
export const COUPONS = '/_api/merx/v1/coupons';
/** Fixed windows far from any test run: one over, one to come. */
export const PAST = { start: '2001-01-01T00:00:00.000Z', end: '2002-01-01T00:00:00.000Z' };
export const FUTURE = { start: '2990-01-01T00:00:00.000Z', end: '2991-01-01T00:00:00.000Z' };

export interface DiscountsKit extends Kit {
  /** An API key holding only `discounts:read`. */
  reader: Client;
  /** An API key without any discounts scope. */
  outsider: Client;
  /** A shopper holding a visitor token. */
  visitorToken: Client;
  /** A signed-in member. */
  member: Client;
  /** Rows of the discount tables and the outbox. */
  rowCounts(): Promise<Record<'rules' | 'tags' | 'coupons' | 'uses' | 'outbox', number>>;
  createRule(input?: Record<string, unknown>): Promise<Res['body']>;
  createCoupon(input?: Record<string, unknown>): Promise<Res['body']>;
}

/** A percentage discount on every stores item (a catalog scope without item ids). */
export function everyItem(percentage = 10) {
  const scope = { id: 'all', type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: 'stores' } };
  return {
    values: [
      { discountType: 'PERCENTAGE', percentage, targetType: 'SPECIFIC_ITEMS', specificItemsInfo: { scopes: [scope] } },
    ],
  };
}

export const uniqueCode = (prefix = 'C') => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}`;

function client(kit: Kit, auth: string): Client {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    kit.request({ method, url, auth, ...(body !== undefined ? { body } : {}) });
  return {
    get: (url) => call('GET', url),
    getR: (url, payload) => call('GET', `${url}?.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`),
    post: (url, body = {}) => call('POST', url, body),
    patch: (url, body = {}) => call('PATCH', url, body),
    delete: (url) => call('DELETE', url),
  };
}

/** A catalog kit plus callers of every kind and discount factories. */
export async function startDiscountsKit(): Promise<DiscountsKit> {
  const kit = await startKit();
  const { services, merx } = kit.server;
  const reader = (await services.apiKeys.create({ name: 'Reader', scopes: ['discounts:read'] })).key;
  const outsider = (await services.apiKeys.create({ name: 'Catalog', scopes: ['catalog:read', 'catalog:write'] })).key;
  const [oauthClient] = await services.clients.list();
  const visitor = await services.tokens.issueAccess({
    role: 'visitor',
    sub: randomUUID(),
    cid: oauthClient!.id,
    rid: '',
  });
  const email = `m${randomUUID().slice(0, 8)}@example.com`;
  await services.identity.register({ loginId: { email }, password: 'correct horse 1' }, { ip: undefined });
  const identity = await services.identity.repo.byEmail(merx.db, 'member', email);
  const refresh = await services.tokens.createRefresh(merx.db, {
    clientId: oauthClient!.id,
    role: 'member',
    subjectId: identity!.id,
  });
  const member = await services.tokens.issueAccess({
    role: 'member',
    sub: identity!.id,
    cid: oauthClient!.id,
    rid: refresh.id,
  });
  const count = async (table: 'discount_rules' | 'discount_rule_tags' | 'coupons' | 'coupon_uses' | 'outbox') =>
    Number(
      (
        await merx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    ...kit,
    reader: client(kit, reader),
    outsider: client(kit, outsider),
    visitorToken: client(kit, visitor.accessToken),
    member: client(kit, member.accessToken),
    async rowCounts() {
      return {
        rules: await count('discount_rules'),
        tags: await count('discount_rule_tags'),
        coupons: await count('coupons'),
        uses: await count('coupon_uses'),
        outbox: await count('outbox'),
      };
    },
    async createRule(input = {}) {
      const res = await kit.owner.post(RULES, { discountRule: { name: 'Rule', discounts: everyItem(), ...input } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.discountRule;
    },
    async createCoupon(input = {}) {
      const coupon = { code: uniqueCode(), name: 'Coupon', discount: { discountType: 'PERCENTAGE', percentage: 10 } };
      const res = await kit.owner.post(COUPONS, { coupon: { ...coupon, ...input } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.coupon;
    },
  };
}

/** Runs `fn` and asserts that no discount row and no event was written meanwhile. */
export async function expectNoDiscountWrites(kit: DiscountsKit, fn: () => Promise<void>): Promise<void> {
  const before = await kit.rowCounts();
  await fn();
  expect(await kit.rowCounts()).toEqual(before);
}

export type { Res };
