import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { InventoryV3Service } from './inventory-v3.service.js';

const tag = 'Catalog v3 inventory';
const read = elevated('catalog:read');
const write = elevated('catalog:write');
const idParam = z.object({ inventoryItemId: z.string().min(1).max(200) });

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
    defineRoute({
      method: 'POST',
      url: '/stores/v3/bulk/inventory-items/decrement',
      summary: 'Take units from inventory items by id (per-item results, never below zero)',
      tag,
      access: write,
      input: c.bulkDecrementInventoryItemsV3Request,
      response: c.bulkInventoryItemsV3Response,
      handler: async ({ caller, input }) =>
        s.adjustById(
          caller,
          'decrement',
          input.decrementData.map((d) => ({ ...d, units: d.decrementBy })),
          input.returnEntity ?? false,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v3/bulk/inventory-items/increment',
      summary: 'Add units to inventory items by id (per-item results)',
      tag,
      access: write,
      input: c.bulkIncrementInventoryItemsV3Request,
      response: c.bulkInventoryItemsV3Response,
      handler: async ({ caller, input }) =>
        s.adjustById(
          caller,
          'increment',
          input.incrementData.map((d) => ({ ...d, units: d.incrementBy })),
          input.returnEntity ?? false,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v3/bulk/inventory-items/decrement-by-variant-and-location',
      summary: 'Take units from inventory items by variant (per-item results, never below zero)',
      tag,
      access: write,
      input: c.bulkDecrementByVariantV3Request,
      response: c.bulkInventoryItemsV3Response,
      handler: async ({ caller, input }) =>
        s.adjustByVariant(
          caller,
          'decrement',
          input.decrementData.map((d) => ({ ...d, units: d.decrementBy })),
          input.returnEntity ?? false,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v3/bulk/inventory-items/increment-by-variant-and-location',
      summary: 'Add units to inventory items by variant (per-item results)',
      tag,
      access: write,
      input: c.bulkIncrementByVariantV3Request,
      response: c.bulkInventoryItemsV3Response,
      handler: async ({ caller, input }) =>
        s.adjustByVariant(
          caller,
          'increment',
          input.incrementData.map((d) => ({ ...d, units: d.incrementBy })),
          input.returnEntity ?? false,
        ),
    }),
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
