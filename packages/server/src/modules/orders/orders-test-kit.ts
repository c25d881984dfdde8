import type { Product } from '@merx/contract';
import { expect } from 'vitest';
import type { TestServerOptions } from '../../testing.js';
import {
  addToCart,
  CART,
  CHECKOUTS,
  type CheckoutKit,
  type Client,
  type item,
  NEW_YORK,
  type Res,
  type Shopper,
  startCheckoutKit,
} from '../checkout/checkout-test-kit.js';

export {
  addToCart,
  CART,
  CHECKOUTS,
  expectAppError,
  expectViolation,
  item,
  NEW_YORK,
  type Shopper,
} from '../checkout/checkout-test-kit.js';
export type { Client, Res };

export const ORDERS = '/ecom/v1/orders';

export interface OrdersKit extends CheckoutKit {
  /** An API key holding `orders:read` only. */
  orderReader: Client;
  /** A product with `quantity` units of tracked stock. */
  stocked(quantity: number, price?: number): Promise<Product>;
  /**
   * A checkout of `shopper` ready for an order: the items in a cart, an email, a New York address and the
   * standard shipping option. Answers its id.
   */
  readyCheckout(shopper: Shopper, items: ReturnType<typeof item>[], extra?: Record<string, unknown>): Promise<string>;
  /** create-order of the checkout `id` as `client`. */
  placeOrder(client: Client, id: string, body?: Record<string, unknown>): Promise<Res>;
  /** The stock left of a product's only variant. */
  stockOf(productId: string): Promise<number | null>;
  /** Rows of the order tables. */
  orderRows(): Promise<Record<string, number>>;
}

export async function startOrdersKit(options?: TestServerOptions): Promise<OrdersKit> {
  const kit = await startCheckoutKit(options);
  const { services, merx } = kit.server;
  const count = async (
    table: 'orders' | 'order_transactions' | 'order_activities' | 'inventory_changes' | 'checkouts' | 'outbox',
  ) =>
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
    orderReader: kit.as((await services.apiKeys.create({ name: 'Orders', scopes: ['orders:read'] })).key),
    async stocked(quantity, price = 20) {
      return kit.createProduct({
        name: `Stocked ${quantity}`,
        priceData: { price },
        stock: { trackInventory: true, quantity },
      });
    },
    async readyCheckout(shopper, items, extra = {}) {
      await addToCart(shopper, ...items);
      const res = await shopper.post(`${CART}/create-checkout`, {
        channelType: 'WEB',
        email: 'buyer@example.com',
        shippingAddress: NEW_YORK,
        selectedShippingOption: { code: kit.store.standard.id },
        ...extra,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.checkoutId as string;
    },
    placeOrder(client, id, body = {}) {
      return client.post(`${CHECKOUTS}/${id}/create-order`, { id, ...body });
    },
    async stockOf(productId) {
      const row = await merx.db
        .selectFrom('product_variants')
        .select('quantity')
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      return row.quantity === null ? null : Number(row.quantity);
    },
    async orderRows() {
      return {
        orders: await count('orders'),
        transactions: await count('order_transactions'),
        activities: await count('order_activities'),
        inventory: await count('inventory_changes'),
        outbox: await count('outbox'),
      };
    },
  };
}
