import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { StockAdjustments } from './inventory-items.adjust.js';
import type { InventoryItems } from './inventory-items.service.js';

const tag = 'Inventory';

/**
 * Stores inventory v2 (WIRE.md Appendix B `stores_inventory`). Reads need `catalog:read` like the real module
 * (an app's permission, never a visitor's): storefronts read stock on products and variants, which hide what the
 * catalog hides. Writes need `catalog:write`.
 */
export function inventoryItemRoutes(items: InventoryItems, adjustments: StockAdjustments): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/stores-reader/v2/inventoryItems/query',
      summary:
        'Query inventory items (filter id, productId, trackQuantity, numericId, lastUpdated, variants.variantId, variants.inStock; offset paging)',
      tag,
      access: elevated('catalog:read'),
      input: c.queryInventoryRequest,
      response: c.queryInventoryResponse,
      handler: async ({ input }) => items.query(input.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores-reader/v2/inventoryItems/:inventoryId/getVariants',
      summary: "Get an inventory item's variants (the inventory id is the product id)",
      tag,
      access: elevated('catalog:read'),
      params: z.object({ inventoryId: z.string().min(1).max(200) }),
      input: c.getInventoryVariantsRequest,
      response: c.inventoryItemResponse,
      handler: async ({ params, input }) => items.getVariants(params.inventoryId, input),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/stores/v2/inventoryItems/product/:productId',
      summary: "Update a product's variants stock: trackQuantity for all, quantity or inStock per variant",
      tag,
      access: elevated('catalog:write'),
      params: z.object({ productId: z.string().min(1).max(200) }),
      input: c.updateInventoryVariantsRequest,
      response: c.inventoryItemResponse,
      handler: async ({ caller, params, input }) => items.update(caller, params.productId, input.inventoryItem),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v2/inventoryItems/increment',
      summary: 'Add units to tracked variants (all lines or none)',
      tag,
      access: elevated('catalog:write'),
      input: c.incrementInventoryRequest,
      response: c.emptyResponse,
      handler: async ({ caller, input }) => adjustments.increment(caller, input.incrementData),
    }),
    defineRoute({
      method: 'POST',
      url: '/stores/v2/inventoryItems/decrement',
      summary: 'Take units from tracked variants (all lines or none, never below zero)',
      tag,
      access: elevated('catalog:write'),
      input: c.decrementInventoryRequest,
      response: c.emptyResponse,
      handler: async ({ caller, input }) => adjustments.decrement(caller, input.decrementData),
    }),
  ];
}
