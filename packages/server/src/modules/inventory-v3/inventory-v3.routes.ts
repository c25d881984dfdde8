import * as c from '@merx/contract';
import { z } from 'zod';
import { type Caller, elevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { InventoryV3Service } from './inventory-v3.service.js';

const tag = 'Catalog v3 inventory';
const read = elevated('catalog:read');
const write = elevated('catalog:write');
const idParam = z.object({ inventoryItemId: z.string().min(1).max(200) });

/** The lines of a bulk decrement, each with its units. */
const decrements = <L extends { decrementBy: number }>(input: { decrementData: L[] }) =>
  input.decrementData.map((d) => ({ ...d, units: d.decrementBy }));
/** The lines of a bulk increment, each with its units. */
const increments = <L extends { incrementBy: number }>(input: { incrementData: L[] }) =>
  input.incrementData.map((d) => ({ ...d, units: d.incrementBy }));

/**
 * A bulk stock change under `/stores/v3/bulk/inventory-items/<path>`: the by-id and by-variant routes differ only in
 * their path, schema and how the service finds each line's item.
 */
function adjustRoute<I extends { returnEntity?: boolean | null | undefined }, L>(
  path: string,
  summary: string,
  input: z.ZodType<I>,
  linesOf: (input: I) => L[],
  run: (caller: Caller, lines: L[], returnEntity: boolean) => Promise<object>,
): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: `/stores/v3/bulk/inventory-items/${path}`,
    summary,
    tag,
    access: write,
    input,
    response: c.bulkInventoryItemsV3Response,
    handler: async ({ caller, input }) => run(caller, linesOf(input), input.returnEntity ?? false),
  });
}

/**
 * `inventoryItemsV3` and `readOnlyVariantsV3` of `@wix/stores` (docs/decisions/0027-inventory-v3.md). Inventory reads
 * need `catalog:read` like the v1 inventory; writes `catalog:write` (the catalogue has no `inventory:*` scope).
 * Variant reads are public over visible products; hidden ones for `catalog:read`.
 */
export function inventoryV3Routes(s: InventoryV3Service): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/stores/v3/inventory-items/query',
      summary:
        'Query inventory items (filter id, productId, variantId, trackQuantity, quantity, inStock; cursor paging)',
      tag,
      access: read,
      queryRoute: true,
      input: c.queryInventoryItemsV3Request,
      response: c.inventoryItemsV3PageResponse,
      handler: async ({ input }) => s.query(input.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/inventory-items/search',
      summary: 'Search inventory items (filter and cursor paging as query)',
      tag,
      access: read,
      queryRoute: true,
      input: c.searchInventoryItemsV3Request,
      response: c.inventoryItemsV3PageResponse,
      handler: async ({ input }) => s.search(input.search),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/inventory-items/count',
      summary: 'Count inventory items matching a filter',
      tag,
      access: read,
      queryRoute: true,
      input: c.countInventoryItemsV3Request,
      response: c.countInventoryItemsV3Response,
      handler: async ({ input }) => s.count(input.filter),
    }),
    defineRoute({
      method: 'GET',
      url: '/stores/v3/inventory-items/:inventoryItemId',
      summary: 'Get an inventory item (id `<productId>_<variantId>`)',
      tag,
      access: read,
      params: idParam,
      input: z.object({}),
      response: c.inventoryItemV3Response,
      handler: async ({ params }) => s.get(params.inventoryItemId),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/stores/v3/inventory-items/:inventoryItemId',
      summary: 'Update an inventory item: trackQuantity, quantity or inStock (revision compared when sent)',
      tag,
      access: write,
      params: idParam,
      input: c.updateInventoryItemV3Request,
      response: c.inventoryItemV3Response,
      handler: async ({ caller, params, input }) => s.update(caller, params.inventoryItemId, input.inventoryItem),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v3/bulk/inventory-items/update',
      summary: 'Update inventory items (per-item results)',
      tag,
      access: write,
      input: c.bulkUpdateInventoryItemsV3Request,
      response: c.bulkInventoryItemsV3Response,
      handler: async ({ caller, input }) => s.bulkUpdate(caller, input.inventoryItems, input.returnEntity ?? false),
    }),
    adjustRoute(
      'decrement',
      'Take units from inventory items by id (per-item results; below zero only into preorder room when asked)',
      c.bulkDecrementInventoryItemsV3Request,
      decrements,
      (caller, lines, returnEntity) => s.adjustById(caller, 'decrement', lines, returnEntity),
    ),
    adjustRoute(
      'increment',
      'Add units to inventory items by id (per-item results)',
      c.bulkIncrementInventoryItemsV3Request,
      increments,
      (caller, lines, returnEntity) => s.adjustById(caller, 'increment', lines, returnEntity),
    ),
    adjustRoute(
      'decrement-by-variant-and-location',
      'Take units from inventory items by variant (per-item results; below zero only into preorder room when asked)',
      c.bulkDecrementByVariantV3Request,
      decrements,
      (caller, lines, returnEntity) => s.adjustByVariant(caller, 'decrement', lines, returnEntity),
    ),
    adjustRoute(
      'increment-by-variant-and-location',
      'Add units to inventory items by variant (per-item results)',
      c.bulkIncrementByVariantV3Request,
      increments,
      (caller, lines, returnEntity) => s.adjustByVariant(caller, 'increment', lines, returnEntity),
    ),
    defineRoute({
      method: 'POST',
      url: '/stores/v3/products/query-variants',
      summary: 'Query variants of the catalog (filter id, variantId, productData.productId, visible, sku, inStock)',
      tag,
      access: publicAccess,
      input: c.queryVariantsV3Request,
      response: c.variantsV3PageResponse,
      handler: async ({ caller, input }) => s.queryVariants(input.query, input.fields, caller),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v3/products/search-variants',
      summary: 'Search variants of the catalog (filter and cursor paging as query)',
      tag,
      access: publicAccess,
      input: c.searchVariantsV3Request,
      response: c.variantsV3PageResponse,
      handler: async ({ caller, input }) => s.searchVariants(input.search, input.fields, caller),
    }),
  ];
}
