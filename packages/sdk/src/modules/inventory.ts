import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import { type PlatformQuery, QueryBuilder } from '../query.js';

const READER = '/stores-reader/v2/inventoryItems';
const WRITER = '/stores/v2/inventoryItems';

export type InventoryItem = c.InventoryItem;
export type InventoryVariant = c.InventoryVariant;
export type InventoryItemResponse = Out<typeof c.inventoryItemResponse>;
export type InventoryItemUpdate = In<typeof c.inventoryItemInput>;
export type IncrementLine = In<typeof c.incrementData>;
export type DecrementLine = In<typeof c.decrementData>;
export type StockLevel = c.StockLevel;
export type StockLevelsPage = Out<typeof c.queryStockLevelsResponse>;

/**
 * Stock per variant of catalog v1 products (WIRE.md Appendix B `stores_inventory`). An inventory item is a product
 * (same id), its variants the product's; Merx adds the stock levels, a row per variant. Elevated clients only: reads
 * need `catalog:read`, writes `catalog:write`.
 */
export function inventory(transport: Transport) {
  const call = caller(transport, 'inventory');
  return {
    /**
     * Items matching a query: filter `id` / `productId`, `trackQuantity`, `numericId`, `lastUpdated`,
     * `variants.variantId`, `variants.inStock` (some variant matches); sort `numericId` (the default), `lastUpdated`,
     * `id`. Offset paging, 50 a page by default, at most 100.
     */
    queryInventory: () =>
      new QueryBuilder<InventoryItem>(async (query, o) => {
        const body = await call<Out<typeof c.queryInventoryResponse>>('queryInventory', {
          method: 'POST',
          path: `${READER}/query`,
          body: { query },
          args: [query],
          options: o,
          elevated: true,
        });
        return { items: body.inventoryItems, total: body.totalResults };
      }, 'offset'),
    /** One item with its variants (only `variantIds` when given). */
    getInventoryVariants: (inventoryId: string, options: { variantIds?: string[] } = {}, o?: CallOptions) =>
      call<InventoryItemResponse>('getInventoryVariants', {
        method: 'POST',
        path: fillPath(`${READER}/{inventoryId}/getVariants`, { inventoryId }),
        body: { inventoryId, ...options },
        args: [inventoryId, options],
        options: o,
        elevated: true,
      }),
    /**
     * Sets whether every variant of the product counts its units (`trackQuantity`, required) and, per listed variant,
     * its `quantity` (tracked) or `inStock` (untracked). Answers the item as it is now.
     */
    updateInventoryVariants: (productId: string, inventoryItem: InventoryItemUpdate, o?: CallOptions) =>
      call<InventoryItemResponse>('updateInventoryVariants', {
        method: 'PATCH',
        path: fillPath(`${WRITER}/product/{productId}`, { productId }),
        body: { inventoryItem: { ...inventoryItem, productId } },
        args: [productId, inventoryItem],
        options: o,
        elevated: true,
      }),
    /** Adds units to tracked variants: every line or none. */
    incrementInventory: (incrementData: IncrementLine[], o?: CallOptions) =>
      call<Empty>('incrementInventory', {
        method: 'POST',
        path: `${WRITER}/increment`,
        body: { incrementData },
        args: [incrementData],
        options: o,
        elevated: true,
      }),
    /** Takes units from tracked variants: every line or none, never below zero (INSUFFICIENT_INVENTORY names the line). */
    decrementInventory: (decrementData: DecrementLine[], o?: CallOptions) =>
      call<Empty>('decrementInventory', {
        method: 'POST',
        path: `${WRITER}/decrement`,
        body: { decrementData },
        args: [decrementData],
        options: o,
        elevated: true,
      }),
    /**
     * Merx: one page of stock levels, a row per variant with its product's name, choices and the SKU a shopper sees
     * (`POST /_api/merx/v1/stock-levels/query`). Filter `productId`, `variantId`, `productName`, `sku`,
     * `trackQuantity`, `quantity`, `inStock`, `lastUpdated`; sort by `productName` (the default), `sku`, `quantity`,
     * `lastUpdated`; offset paging (`metadata.total`) or cursor paging, for lists whose page lives in a URL.
     */
    queryStockLevels: (query: PlatformQuery = {}, o?: CallOptions) =>
      call<StockLevelsPage>('queryStockLevels', {
        method: 'POST',
        path: '/_api/merx/v1/stock-levels/query',
        body: { query },
        args: [query],
        options: o,
        elevated: true,
      }),
  };
}

export type InventoryModule = ReturnType<typeof inventory>;
