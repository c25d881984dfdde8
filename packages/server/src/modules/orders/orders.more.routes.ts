import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { CheckoutServices } from '../checkout/index.js';
import type { StockKeeper } from '../inventory/inventory.stock.js';
import type { ModuleDeps } from '../module.js';
import { createOrderChanges } from './orders.changes.js';
import type { OrderMail } from './orders.mail.js';
import { createMerchantOrders } from './orders.more.create.js';
import { createOrderImports } from './orders.more.import.js';
import { createMoreOrderChanges } from './orders.more.js';
import type { OrdersRepo } from './orders.repo.js';
import type { OrdersService } from './orders.service.js';
import type { OrdersSettingsService } from './orders.settings.js';

const idParam = z.string().min(1).max(100);
const BASE = '/ecom/v1/orders';

/**
 * The rest of WIRE.md Appendix A `ecom_orders`: merchant orders, bulk updates and tags, a placed line's editable
 * parts, imports and the order number counter, and the membership charge (refused: Merx sells no memberships).
 * All need `orders:write`.
 */
export function moreOrderRoutes(m: {
  deps: ModuleDeps;
  orders: OrdersService;
  repo: OrdersRepo;
  stock: StockKeeper;
  settings: OrdersSettingsService;
  mail: OrderMail;
  checkout: CheckoutServices;
}): AnyRoute[] {
  const { deps, orders, repo, stock, settings, mail, checkout } = m;
  const p = {
    merchant: createMerchantOrders({ deps, orders, checkout, place: { deps, repo, stock, settings, mail } }),
    changes: createMoreOrderChanges({ orders, changes: createOrderChanges({ deps, orders, stock }) }),
    imports: createOrderImports({ deps, repo }),
  };
  const tag = 'Orders';
  const access = elevated('orders:write');
  return [
    defineRoute({
      method: 'POST',
      url: BASE,
      summary: 'Place an order as the merchant (phone, POS): priced, checked and stocked like a checkout',
      tag,
      access,
      input: c.createOrderRequest,
      response: c.orderResponse,
      handler: async ({ caller, input }) => ({ order: await p.merchant.create(caller, input.order) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/bulk/orders/update',
      summary: 'Update several orders, each on its own (as updateOrder)',
      tag,
      access,
      input: c.bulkUpdateOrdersRequest,
      response: c.bulkUpdateOrdersResponse,
      handler: async ({ caller, input }) => p.changes.bulkUpdate(caller, input),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/bulk/orders/update-tags',
      summary: 'Assign and unassign tags (public and private) on several orders',
      tag,
      access,
      input: c.bulkUpdateOrderTagsRequest,
      response: c.bulkOrderIdsResponse,
      handler: async ({ caller, input }) => p.changes.bulkUpdateTags(caller, input),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:id/line-item/:lineItemId`,
      summary: "Change a placed line's description lines, image, SKU or translated name (never price or quantity)",
      tag,
      access,
      params: z.object({ id: idParam, lineItemId: idParam }),
      input: c.updateOrderLineItemRequest,
      response: c.updateOrderLineItemResponse,
      handler: async ({ caller, params, input }) =>
        p.changes.updateLineItem(caller, params.id, params.lineItemId, input.lineItem),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/import`,
      summary: 'Import a historical order of another system as stated (no stock taken)',
      tag,
      access,
      input: c.importOrderRequest,
      response: c.orderResponse,
      handler: async ({ caller, input }) => ({ order: await p.imports.importOrder(caller, input.order) }),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/import/bulk-delete-imported-orders`,
      summary: 'Delete imported orders (orders placed in Merx are refused)',
      tag,
      access,
      input: c.bulkDeleteImportedOrdersRequest,
      response: c.bulkOrderIdsResponse,
      handler: async ({ input }) => p.imports.bulkDeleteImported(input.orderIds),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/import/set-order-number-counter`,
      summary: 'Set the number the next order gets',
      tag,
      access,
      input: c.setOrderNumberCounterRequest,
      response: c.setOrderNumberCounterResponse,
      handler: async ({ input }) => p.imports.setCounter(input.counter, input.allowLowerCounter === true),
    }),
    defineRoute({
      method: 'POST',
      url: '/ecom/v1/payments-collector/orders/:ecomOrderId/charge-membership',
      summary: 'Charge an order to memberships: refused, Merx sells no memberships',
      tag,
      access,
      params: z.object({ ecomOrderId: idParam }),
      input: c.chargeMembershipsRequest,
      response: c.chargeMembershipsResponse,
      handler: async ({ params, input }) => p.changes.chargeMemberships(params.ecomOrderId, input.memberId),
    }),
  ];
}
