import { randomUUID } from 'node:crypto';
import { STORES_APP_ID } from '@merx/contract';
import { expect } from 'vitest';
import type { TestServerOptions } from '../../testing.js';
import { type Client, type Kit, type Res, startKit } from '../products/catalog-test-kit.js';

export { expectAppError, expectViolation, sizeAndColor, unique } from '../products/catalog-test-kit.js';
export type { Client, Res };

export const CART = '/ecom/v1/carts/current';
export { STORES_APP_ID };

/** A shopper (or merchant) with a token of their own. */
export interface Shopper extends Client {
  id: string;
  auth: string;
}

export interface CartKit extends Kit {
  /** A new anonymous visitor with a visitor token. */
  newVisitor(): Promise<Shopper>;
  /** A new signed-in member. */
  newMember(): Promise<Shopper>;
  /** Any Authorization header. */
  as(auth: string | undefined): Client;
  /** An API key holding only `carts:read`. */
  reader: Client;
  /** An API key without any carts scope. */
  stranger: Client;
  /** Rows of the cart tables and the outbox. */
  rows(): Promise<Record<'carts' | 'lines' | 'outbox', number>>;
}

/** A catalog line item of the request body. */
export function item(productId: string, quantity = 1, options?: Record<string, unknown>) {
  return {
    catalogReference: { appId: STORES_APP_ID, catalogItemId: productId, ...(options ? { options } : {}) },
    quantity,
  };
}

/** A cart API test server with callers of every kind. */
export async function startCartKit(options?: TestServerOptions): Promise<CartKit> {
  const kit = await startKit(options);
  const { services, merx } = kit.server;
  const [oauthClient] = await services.clients.list();
  const cid = oauthClient!.id;

  function as(auth: string | undefined): Client {
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      kit.request({ method, url, auth, ...(body !== undefined ? { body } : {}) });
    return {
      get: (url, query) => {
        const pairs = Object.entries(query ?? {}).map(([k, v]): [string, string] => [k, String(v)]);
        return call('GET', pairs.length ? `${url}?${new URLSearchParams(pairs)}` : url);
      },
      getR: (url, payload) => call('GET', `${url}?.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`),
      post: (url, body = {}) => call('POST', url, body),
      patch: (url, body = {}) => call('PATCH', url, body),
      delete: (url) => call('DELETE', url),
    };
  }

  const count = async (table: 'carts' | 'cart_lines' | 'outbox') =>
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
    as,
    reader: as((await services.apiKeys.create({ name: 'Cart reader', scopes: ['carts:read'] })).key),
    stranger: as((await services.apiKeys.create({ name: 'Catalog', scopes: ['catalog:read'] })).key),
    async newVisitor() {
      const id = randomUUID();
      const { accessToken } = await services.tokens.issueAccess({ role: 'visitor', sub: id, cid, rid: '' });
      return { ...as(accessToken), id, auth: accessToken };
    },
    async newMember() {
      const email = `m${randomUUID().slice(0, 8)}@example.com`;
      await services.identity.register({ loginId: { email }, password: 'correct horse 1' }, { ip: undefined });
      const identity = await services.identity.repo.byEmail(merx.db, 'member', email);
      const refresh = await services.tokens.createRefresh(merx.db, {
        clientId: cid,
        role: 'member',
        subjectId: identity!.id,
      });
      const { accessToken } = await services.tokens.issueAccess({
        role: 'member',
        sub: identity!.id,
        cid,
        rid: refresh.id,
      });
      return { ...as(accessToken), id: identity!.id, auth: accessToken };
    },
    async rows() {
      return { carts: await count('carts'), lines: await count('cart_lines'), outbox: await count('outbox') };
    },
  };
}

/** Runs `fn` and asserts that no cart row, line or event was written meanwhile. */
export async function expectNoCartWrites(kit: CartKit, fn: () => Promise<void>): Promise<void> {
  const before = await kit.rows();
  await fn();
  expect(await kit.rows()).toEqual(before);
}

/** Adds `items` to the shopper's cart and returns the cart. */
export async function addToCart(shopper: Client, ...items: unknown[]): Promise<Res['body']> {
  const res = await shopper.post(`${CART}/add-to-cart`, { lineItems: items });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cart;
}
