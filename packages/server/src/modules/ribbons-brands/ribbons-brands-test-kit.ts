import { expect } from 'vitest';
import { type Client, type Kit, type Res, startKit } from '../products/catalog-test-kit.js';

/** What differs between the two entities, for tests that run on both. */
export interface Entity {
  one: 'ribbon' | 'brand';
  many: 'ribbons' | 'brands';
  base: string;
  bulk: string;
  maxName: number;
  countField: 'assignedProductCount' | 'assignedProductsCount';
  /** The requested field the entity's own package sends. */
  countRequest: 'ASSIGNED_PRODUCT_COUNT' | 'ASSIGNED_PRODUCTS_COUNT';
  notFound: string;
  exists: string;
  event: (what: 'created' | 'updated' | 'deleted') => string;
}

export const ENTITIES: Entity[] = [
  {
    one: 'ribbon',
    many: 'ribbons',
    base: '/stores/v3/ribbons',
    bulk: '/stores/v3/bulk/ribbons',
    maxName: 30,
    countField: 'assignedProductCount',
    countRequest: 'ASSIGNED_PRODUCT_COUNT',
    notFound: 'RIBBON_NOT_FOUND',
    exists: 'RIBBON_ALREADY_EXISTS',
    event: (what) => `wix.stores.catalog.v3.ribbon_${what}`,
  },
  {
    one: 'brand',
    many: 'brands',
    base: '/stores/v3/brands',
    bulk: '/stores/v3/bulk/brands',
    maxName: 50,
    countField: 'assignedProductsCount',
    countRequest: 'ASSIGNED_PRODUCTS_COUNT',
    notFound: 'BRAND_NOT_FOUND',
    exists: 'BRAND_ALREADY_EXISTS',
    event: (what) => `wix.stores.catalog.v3.brand_${what}`,
  },
];

export interface NamedKit extends Kit {
  /** An API key holding `catalog:read` only. */
  reader: Client;
  /** Rows of both tables, the products pointing at them, and the outbox. */
  rows(): Promise<Record<'ribbons' | 'brands' | 'linked' | 'outbox', number>>;
  /** Creates an entity through v3 and returns its wire form. */
  create(e: Entity, name: string): Promise<Res['body']>;
}

export async function startNamedKit(): Promise<NamedKit> {
  const kit = await startKit();
  const db = kit.server.merx.db;
  const key = (await kit.server.services.apiKeys.create({ name: 'Reader', scopes: ['catalog:read'] })).key;
  const n = async (table: 'ribbons' | 'brands' | 'outbox') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const reader: Client = {
    get: (url) => kit.request({ method: 'GET', url, auth: key }),
    getR: (url, payload) =>
      kit.request({
        method: 'GET',
        url: `${url}?.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`,
        auth: key,
      }),
    post: (url, body = {}) => kit.request({ method: 'POST', url, body, auth: key }),
    patch: (url, body = {}) => kit.request({ method: 'PATCH', url, body, auth: key }),
    delete: (url) => kit.request({ method: 'DELETE', url, auth: key }),
  };
  return {
    ...kit,
    reader,
    async rows() {
      const linked = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where((eb) => eb.or([eb('ribbon_id', 'is not', null), eb('brand_id', 'is not', null)]))
        .executeTakeFirstOrThrow();
      return {
        ribbons: await n('ribbons'),
        brands: await n('brands'),
        linked: Number(linked.n),
        outbox: await n('outbox'),
      };
    },
    async create(e, name) {
      const res = await kit.owner.post(e.base, { [e.one]: { name } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body[e.one];
    },
  };
}

/** Runs `fn` and asserts that neither entity table, the products' links nor the outbox changed. */
export async function expectNoWrites(kit: NamedKit, fn: () => Promise<void>): Promise<void> {
  const before = await kit.rows();
  await fn();
  expect(await kit.rows()).toEqual(before);
}
