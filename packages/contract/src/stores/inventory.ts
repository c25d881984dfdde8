import { z } from 'zod';
import { platformPagingMetadata, platformQuery } from '../common.js';

/*
 * Stores inventory v2 (WIRE.md Appendix B `stores_inventory`): the stock of a v1 product's variants, read and written
 * per inventory item. Merx keeps ONE catalog: an inventory item is a product (its id is the product id) and its
 * variants are the product's variants, so every write here is a write of the catalog's own stock.
 */

/** Most units a tracked variant may hold: the bound of a product's `stock.quantity`. */
export const MAX_STOCK_QUANTITY = 99_999_999;

/** Refusals of the inventory API besides `errorCodes` and `orderErrorCodes.insufficientInventory`. */
export const inventoryErrorCodes = {
  /** No inventory item has this id (data: inventoryId, and `field` for a line of a request). */
  itemNotFound: 'INVENTORY_ITEM_NOT_FOUND',
  /** An increment or decrement of a variant that does not count its units (data: field, productId, variantId). */
  notTracked: 'INVENTORY_NOT_TRACKED',
  /** An increment that would take a variant past MAX_STOCK_QUANTITY (data: field, productId, variantId, ...). */
  quantityTooLarge: 'INVENTORY_QUANTITY_TOO_LARGE',
} as const;

const id = z.string().min(1).max(100);
const units = z.number().int().min(1).max(MAX_STOCK_QUANTITY);

// ---------- requests ----------

/** `queryInventory({query})`: filter and sort as objects or as their JSON text, offset paging. */
export const queryInventoryRequest = z.object({ query: platformQuery.optional() });
export type QueryInventoryRequest = z.infer<typeof queryInventoryRequest>;

/** `getInventoryVariants(inventoryId, {productId, variantIds})`; `inventoryId` repeats the path (WIRE.md 0.5). */
export const getInventoryVariantsRequest = z.object({
  inventoryId: z.string().nullish(),
  /** Deprecated name of `productId`. */
  externalId: z.string().nullish(),
  productId: z.string().nullish(),
  /** Only these variants (all when absent). */
  variantIds: z.array(id).max(1000).optional(),
});
export type GetInventoryVariantsRequest = z.infer<typeof getInventoryVariantsRequest>;

export const inventoryVariantInput = z.object({
  variantId: id,
  /** Untracked variants only (a tracked variant is in stock while it has units). */
  inStock: z.boolean().nullish(),
  /** Tracked variants only. */
  quantity: z.number().int().min(0).max(MAX_STOCK_QUANTITY).nullish(),
  /** Read-only; accepted so that a read item can be sent back. */
  availableForPreorder: z.boolean().nullish(),
});
export type InventoryVariantInput = z.infer<typeof inventoryVariantInput>;

export const inventoryItemInput = z.object({
  /** The inventory item id: the product's id in Merx. */
  id: z.string().nullish(),
  /** Repeats the path (WIRE.md 0.5). */
  productId: z.string().nullish(),
  externalId: z.string().nullish(),
  /**
   * Whether every variant of the product counts its units. Required: the real service treats a missing value as
   * `false` and switches tracking off for all variants; Merx refuses the request instead.
   */
  trackQuantity: z.boolean(),
  variants: z.array(inventoryVariantInput).max(1000).optional(),
  /** Read-only, accepted so that a read item can be sent back. */
  lastUpdated: z.string().nullish(),
  numericId: z.union([z.string(), z.number()]).nullish(),
  /**
   * Preorder of every variant of the product (docs/decisions/0032-preorder.md); left out, it is kept. A `message` or
   * `limit` left out is kept; `message: null` or `""` removes it.
   */
  preorderInfo: z
    .object({
      enabled: z.boolean().nullish(),
      message: z.string().max(250).nullish(),
      limit: z.number().int().min(0).max(100_000).nullish(),
    })
    .nullish(),
});
export type InventoryItemInput = z.infer<typeof inventoryItemInput>;

/** `updateInventoryVariants(productId, inventoryItem)`. */
export const updateInventoryVariantsRequest = z.object({ inventoryItem: inventoryItemInput });

/** The item of a line: `productId` or `inventoryId` (the same id in Merx; both may be sent when equal). */
const stockLine = z.object({
  inventoryId: id.optional(),
  productId: id.optional(),
  variantId: id,
});
export const incrementData = stockLine.extend({ incrementBy: units });
export const decrementData = stockLine.extend({
  decrementBy: units,
  /** Lets the units go below zero, into a variant's preorder room (docs/decisions/0032-preorder.md). */
  preorderRequest: z.boolean().nullish(),
});
export type IncrementData = z.infer<typeof incrementData>;
export type DecrementData = z.infer<typeof decrementData>;
export const incrementInventoryRequest = z.object({ incrementData: z.array(incrementData).min(1).max(300) });
export const decrementInventoryRequest = z.object({ decrementData: z.array(decrementData).min(1).max(300) });

// ---------- responses ----------

export const inventoryVariant = z.object({
  variantId: z.string(),
  inStock: z.boolean(),
  /** Units left; present while the variant counts them. */
  quantity: z.number().int().optional(),
  availableForPreorder: z.boolean(),
});
export type InventoryVariant = z.infer<typeof inventoryVariant>;

export const inventoryItem = z.object({
  id: z.string(),
  /** Deprecated name of `productId`. */
  externalId: z.string(),
  productId: z.string(),
  trackQuantity: z.boolean(),
  variants: z.array(inventoryVariant),
  lastUpdated: z.string(),
  numericId: z.string(),
  /** Preorder of the product (docs/decisions/0032-preorder.md): on when some variant has it. */
  preorderInfo: z.object({ enabled: z.boolean(), message: z.string().optional(), limit: z.number().int().optional() }),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

export const queryInventoryResponse = z.object({
  inventoryItems: z.array(inventoryItem),
  metadata: z.object({ items: z.number().int(), offset: z.number().int() }),
  totalResults: z.number().int(),
});
export const inventoryItemResponse = z.object({ inventoryItem });

// ---------- stock levels (Merx) ----------

/**
 * One variant's stock as the back office's inventory table lists it: the variant with its product's name, its
 * choices and the SKU a shopper sees (the variant's own when the product manages variants, else the product's).
 */
export const stockLevel = z.object({
  productId: z.string(),
  variantId: z.string(),
  productName: z.string(),
  /** Option name → choice description; empty for a product without options. */
  choices: z.record(z.string(), z.string()),
  sku: z.string().optional(),
  trackQuantity: z.boolean(),
  /** Units left; present while the variant counts them. */
  quantity: z.number().int().optional(),
  inStock: z.boolean(),
  /** When the variant's stock (or anything else of it) last changed. */
  lastUpdated: z.string(),
});
export type StockLevel = z.infer<typeof stockLevel>;

/** `queryStockLevels({query})`: the platform query over stock levels (offset paging). */
export const queryStockLevelsRequest = z.object({ query: platformQuery.optional() });
export const queryStockLevelsResponse = z.object({
  stockLevels: z.array(stockLevel),
  metadata: platformPagingMetadata,
});
