import { z } from 'zod';
import { MAX_STOCK_QUANTITY } from './inventory.js';

/*
 * Catalog v3 inventory items and read-only variants (`@wix/stores` `inventoryItemsV3`, `readOnlyVariantsV3`), over
 * the v1 variants and their stock (docs/decisions/0027-inventory-v3.md). An inventory item is one variant of one
 * product at the store's one location; its id is `<productId>_<variantId>`.
 */

/** Largest page of a v3 inventory or variants query. */
export const INVENTORY_V3_MAX_LIMIT = 100;
/** Most items in one bulk request. */
export const INVENTORY_V3_MAX_BULK = 300;

const id = z.string().min(1).max(200);
const cursorPaging = z
  .object({
    limit: z.number().int().min(0).max(INVENTORY_V3_MAX_LIMIT).nullish(),
    cursor: z.string().max(4000).nullish(),
  })
  .strict()
  .nullish();

/** A v3 query: filter (object), sort and cursor paging. */
export const inventoryV3Query = z
  .object({ filter: z.unknown().optional(), sort: z.unknown().optional(), cursorPaging })
  .strict();

export const reasonV3 = z.enum(['ORDER', 'MANUAL', 'REVERT_INVENTORY_CHANGE']);

export const preorderInfoV3 = z
  .object({
    enabled: z.boolean().nullish(),
    message: z.string().max(250).nullish(),
    limit: z.number().int().min(0).max(100_000).nullish(),
    /** Read-only (units preordered and not yet in stock); accepted so that a read item can be sent back. */
    counter: z.number().int().nullish(),
    /** Read-only (preorder room left). */
    quantity: z.number().int().nullish(),
  })
  .strict();

/** The writable part of an inventory item; read-only fields the package sends back are accepted and ignored. */
export const inventoryItemV3Input = z
  .object({
    id: id.nullish(),
    revision: z.string().max(40).nullish(),
    inStock: z.boolean().nullish(),
    quantity: z.number().int().min(0).max(MAX_STOCK_QUANTITY).nullish(),
    trackQuantity: z.boolean().nullish(),
    variantId: id.nullish(),
    productId: id.nullish(),
    locationId: z.string().max(200).nullish(),
    preorderInfo: preorderInfoV3.nullish(),
    createdDate: z.string().max(40).nullish(),
    updatedDate: z.string().max(40).nullish(),
    availabilityStatus: z.enum(['OUT_OF_STOCK', 'IN_STOCK', 'PREORDER']).nullish(),
    product: z.record(z.string(), z.unknown()).nullish(),
    extendedFields: z.record(z.string(), z.unknown()).nullish(),
  })
  .strict();
export type InventoryItemV3Input = z.infer<typeof inventoryItemV3Input>;

export const updateInventoryItemV3Request = z
  .object({ inventoryItem: inventoryItemV3Input, reason: reasonV3.nullish(), fieldMask: z.unknown().optional() })
  .strict();

export const bulkUpdateInventoryItemsV3Request = z
  .object({
    inventoryItems: z
      .array(z.object({ inventoryItem: inventoryItemV3Input, fieldMask: z.unknown().optional() }).strict())
      .min(1)
      .max(INVENTORY_V3_MAX_BULK),
    returnEntity: z.boolean().nullish(),
    reason: reasonV3.nullish(),
  })
  .strict();

const units = z.number().int().min(1).max(MAX_STOCK_QUANTITY);

/** A bulk decrement: lines that name an item (the keys of `line`) and the units to take from it. */
function bulkDecrementRequest<L extends z.ZodRawShape>(line: L) {
  return z
    .object({
      decrementData: z
        .array(z.object({ ...line, decrementBy: units, preorderRequest: z.boolean().nullish() }).strict())
        .min(1)
        .max(INVENTORY_V3_MAX_BULK),
      restrictInventory: z.boolean().nullish(),
      returnEntity: z.boolean().nullish(),
      reason: reasonV3.nullish(),
    })
    .strict();
}

/** A bulk increment: lines that name an item (the keys of `line`) and the units to add to it. */
function bulkIncrementRequest<L extends z.ZodRawShape>(line: L) {
  return z
    .object({
      incrementData: z
        .array(z.object({ ...line, incrementBy: units }).strict())
        .min(1)
        .max(INVENTORY_V3_MAX_BULK),
      returnEntity: z.boolean().nullish(),
      reason: reasonV3.nullish(),
    })
    .strict();
}

const byItem = { inventoryItemId: id };
const byVariant = { variantId: id, locationId: z.string().max(200).nullish() };
export const bulkDecrementInventoryItemsV3Request = bulkDecrementRequest(byItem);
export const bulkIncrementInventoryItemsV3Request = bulkIncrementRequest(byItem);
export const bulkDecrementByVariantV3Request = bulkDecrementRequest(byVariant);
export const bulkIncrementByVariantV3Request = bulkIncrementRequest(byVariant);

/** A v3 search: a query with a free-text expression (no aggregations yet), and the request keys in `extra`. */
function searchRequest<E extends z.ZodRawShape>(extra: E) {
  return z
    .object({
      search: inventoryV3Query
        .extend({
          search: z
            .object({ expression: z.string().max(200).nullish() })
            .passthrough()
            .nullish(),
          aggregations: z.array(z.unknown()).max(0, 'aggregations are not served yet').nullish(),
          timeZone: z.string().max(100).nullish(),
        })
        .nullish(),
      ...extra,
    })
    .strict();
}

export const queryInventoryItemsV3Request = z.object({ query: inventoryV3Query.nullish() }).strict();
export const searchInventoryItemsV3Request = searchRequest({});
export const countInventoryItemsV3Request = z.object({ filter: z.unknown().optional() }).strict();

const variantFields = z.array(z.string().max(60)).max(20).optional();
export const queryVariantsV3Request = z.object({ query: inventoryV3Query.nullish(), fields: variantFields }).strict();
export const searchVariantsV3Request = searchRequest({ fields: variantFields });

// ---------- responses ----------

export const inventoryItemV3 = z
  .object({
    id: z.string(),
    revision: z.string(),
    createdDate: z.string(),
    updatedDate: z.string(),
    variantId: z.string(),
    locationId: z.string(),
    productId: z.string(),
    trackQuantity: z.boolean(),
    inStock: z.boolean().optional(),
    quantity: z.number().int().optional(),
    availabilityStatus: z.enum(['OUT_OF_STOCK', 'IN_STOCK', 'PREORDER']),
    /** docs/decisions/0032-preorder.md: `counter` units owed to preorders, `quantity` the room left (tracked items). */
    preorderInfo: z.object({
      enabled: z.boolean(),
      message: z.string().optional(),
      limit: z.number().int().optional(),
      counter: z.number().int().optional(),
      quantity: z.number().int().optional(),
    }),
    product: z.object({
      name: z.string(),
      directCategoryIds: z.array(z.string()),
      variantName: z.string().optional(),
      variantSku: z.string().optional(),
      variantVisible: z.boolean(),
    }),
  })
  .passthrough();
export type InventoryItemV3 = z.infer<typeof inventoryItemV3>;

const pagingMetadata = z.object({
  count: z.number().int(),
  cursors: z.object({ next: z.string().optional(), prev: z.string().optional() }),
  hasNext: z.boolean(),
});

export const inventoryItemV3Response = z.object({ inventoryItem: inventoryItemV3 });
export const inventoryItemsV3PageResponse = z.object({ inventoryItems: z.array(inventoryItemV3), pagingMetadata });
export const countInventoryItemsV3Response = z.object({ count: z.number().int() });

const bulkResult = z.object({
  itemMetadata: z.object({
    id: z.string().optional(),
    originalIndex: z.number().int(),
    success: z.boolean(),
    error: z
      .object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()).optional() })
      .optional(),
  }),
  item: inventoryItemV3.optional(),
});
export const bulkInventoryItemsV3Response = z.object({
  results: z.array(bulkResult),
  bulkActionMetadata: z.object({
    totalSuccesses: z.number().int(),
    totalFailures: z.number().int(),
    undetailedFailures: z.number().int(),
  }),
});
export type BulkInventoryItemsV3Response = z.infer<typeof bulkInventoryItemsV3Response>;

export const readOnlyVariantV3 = z.object({ id: z.string(), variantId: z.string() }).passthrough();
export const variantsV3PageResponse = z.object({ variants: z.array(readOnlyVariantV3), pagingMetadata });
