import type { InventoryItem, Product, ProductInput } from '@merx/contract';
import { expect } from 'vitest';
import { signInStaff } from '../../testing.js';
import { type CartKit, type Client, type Res, startCartKit } from '../cart/cart-test-kit.js';

export { expectAppError, expectViolation, sizeAndColor } from '../cart/cart-test-kit.js';
export type { Client, Res };

export const READER = '/stores-reader/v2/inventoryItems';
export const WRITER = '/stores/v2/inventoryItems';
export const QUERY = `${READER}/query`;
export const INCREMENT = `${WRITER}/increment`;
export const DECREMENT = `${WRITER}/decrement`;
export const getVariantsUrl = (id: string) => `${READER}/${id}/getVariants`;
export const updateUrl = (productId: string) => `${WRITER}/product/${productId}`;

/** A row of the inventory log. */
export interface LogRow {
  variantId: string;
  delta: number;
  quantityAfter: number | null;
  cause: string;
}

export interface InventoryKit extends CartKit {
  /** Staff holding only `catalog:read`, only `catalog:write`, and an API key holding only `orders:read`. */
  catalogReaderStaff: Client;
  catalogWriterStaff: Client;
  orderReader: Client;
  /** A product without options with `quantity` units of tracked stock. */
  stocked(quantity: number, input?: Partial<ProductInput>): Promise<Product>;
  /** The item of `productId` as the owner reads it. */
  itemOf(productId: string): Promise<InventoryItem>;
  /** The units of each variant of `productId`, by variant id (null when untracked). */
  quantities(productId: string): Promise<Record<string, number | null>>;
  /** The inventory log of `productId`, oldest first. */
  logOf(productId: string): Promise<LogRow[]>;
  /** Rows that any stock write adds: inventory log, outbox, and the product's revision. */
  footprint(productId: string): Promise<{ log: number; outbox: number; revision: number }>;
}

/** A test server with callers of every kind, for the inventory items API. */
export async function startInventoryKit(): Promise<InventoryKit> {
  const kit = await startCartKit();
  const { server } = kit;
  const db = server.merx.db;
  const staff = async (permissions: string[]) =>
    kit.as((await signInStaff(server, { role: 'staff', permissions })).token);
  const count = async (table: 'inventory_changes' | 'outbox', productId?: string) => {
    let q = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (productId && table === 'inventory_changes') q = q.where('product_id', '=', productId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return {
    ...kit,
    catalogReaderStaff: await staff(['catalog:read']),
    catalogWriterStaff: await staff(['catalog:write']),
    orderReader: kit.as((await server.services.apiKeys.create({ name: 'Orders', scopes: ['orders:read'] })).key),
    stocked: (quantity, input = {}) => kit.createProduct({ stock: { trackInventory: true, quantity }, ...input }),
    async itemOf(productId) {
      const res = await kit.owner.post(getVariantsUrl(productId), {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.inventoryItem as InventoryItem;
    },
    async quantities(productId) {
      const rows = await db
        .selectFrom('product_variants')
        .select(['id', 'quantity'])
        .where('product_id', '=', productId)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.id, r.quantity === null ? null : Number(r.quantity)]));
    },
    async logOf(productId) {
      const rows = await db
        .selectFrom('inventory_changes')
        .select(['variant_id', 'delta', 'quantity_after', 'cause'])
        .where('product_id', '=', productId)
        .orderBy('created_date')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        variantId: r.variant_id,
        delta: Number(r.delta),
        quantityAfter: r.quantity_after === null ? null : Number(r.quantity_after),
        cause: r.cause,
      }));
    },
    async footprint(productId) {
      const product = await db.selectFrom('products').select('revision').where('id', '=', productId).executeTakeFirst();
      return {
        log: await count('inventory_changes', productId),
        outbox: await count('outbox'),
        revision: Number(product?.revision ?? 0),
      };
    },
  };
}

/** Runs `fn` (which must be refused) and asserts that the product's stock, log, events and revision are unchanged. */
export async function expectUnchanged(kit: InventoryKit, productId: string, fn: () => Promise<void>): Promise<void> {
  const before = { footprint: await kit.footprint(productId), quantities: await kit.quantities(productId) };
  await fn();
  expect({ footprint: await kit.footprint(productId), quantities: await kit.quantities(productId) }).toEqual(before);
}
