import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { DeliveryRegionService } from './delivery-regions.service.js';
import type { ShippingOptionService } from './shipping-options.service.js';

/** Reading the merchant's shipping, tax, tip and fee configuration. */
export const readShipping = elevated('shipping:read');
/** Changing it. */
export const writeShipping = elevated('shipping:write');

const optionParams = z.object({ shippingOptionId: z.string().min(1).max(200) });
const idParams = z.object({ id: z.string().min(1).max(200) });
const BASE = '/ecom/v1/shipping-options';
const tag = 'Shipping options';

/** Shipping options at the contract's paths (WIRE.md Appendix B `ecom_shipping-options`). */
export function shippingOptionRoutes(options: ShippingOptionService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: BASE,
      summary: 'Create a shipping option',
      tag,
      access: writeShipping,
      input: c.createShippingOptionRequest,
      response: c.shippingOptionResponse,
      handler: async ({ caller, input }) => ({ shippingOption: await options.create(input.shippingOption, caller) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/query`,
      summary: 'Query shipping options',
      tag,
      access: readShipping,
      queryRoute: true,
      input: c.platformQueryRequest,
      response: c.queryShippingOptionsResponse,
      handler: async ({ input }) => options.query(input.query),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/:shippingOptionId`,
      summary: 'Get a shipping option',
      tag,
      access: readShipping,
      params: optionParams,
      response: c.shippingOptionResponse,
      handler: async ({ params }) => ({ shippingOption: await options.get(params.shippingOptionId) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:shippingOptionId`,
      summary: 'Update a shipping option (compare-and-set on revision)',
      tag,
      access: writeShipping,
      params: optionParams,
      input: c.updateShippingOptionRequest,
      response: c.shippingOptionResponse,
      handler: async ({ caller, params, input }) => ({
        shippingOption: await options.update(params.shippingOptionId, input.shippingOption, caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/:shippingOptionId`,
      summary: 'Delete a shipping option',
      tag,
      access: writeShipping,
      params: optionParams,
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await options.delete(params.shippingOptionId, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:shippingOptionId/add-delivery-region`,
      summary: 'Offer a shipping option in one more delivery region',
      tag,
      access: writeShipping,
      params: optionParams,
      input: c.deliveryRegionChangeRequest,
      response: c.shippingOptionResponse,
      handler: async ({ caller, params, input }) => ({
        shippingOption: await options.addDeliveryRegion(
          params.shippingOptionId,
          input.deliveryRegionId,
          input.revision,
          caller,
        ),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/:shippingOptionId/remove-delivery-region`,
      summary: 'Stop offering a shipping option in a delivery region',
      tag,
      access: writeShipping,
      params: optionParams,
      input: c.deliveryRegionChangeRequest,
      response: c.shippingOptionResponse,
      handler: async ({ caller, params, input }) => ({
        shippingOption: await options.removeDeliveryRegion(
          params.shippingOptionId,
          input.deliveryRegionId,
          input.revision,
          caller,
        ),
      }),
    }),
    defineRoute({
      method: 'POST',
      // The contract's template is `{id}`; the segment is the same one the other routes call shippingOptionId.
      url: `${BASE}/:shippingOptionId/update-extended-fields`,
      summary: "Replace one namespace of a shipping option's extended fields",
      tag,
      access: writeShipping,
      params: optionParams,
      input: c.updateShippingOptionExtendedFieldsRequest,
      response: c.shippingOptionResponse,
      handler: async ({ caller, params, input }) => ({
        shippingOption: await options.updateExtendedFields(
          params.shippingOptionId,
          input.namespace,
          input.namespaceData,
          caller,
        ),
      }),
    }),
  ];
}

const REGIONS = '/_api/merx/v1/delivery-regions';

/** Merx delivery regions: CRUD and list. */
export function deliveryRegionRoutes(regions: DeliveryRegionService): AnyRoute[] {
  const regionTag = 'Delivery regions';
  return [
    defineRoute({
      method: 'POST',
      url: REGIONS,
      summary: 'Create a delivery region',
      tag: regionTag,
      access: writeShipping,
      input: c.createDeliveryRegionRequest,
      response: c.deliveryRegionResponse,
      handler: async ({ caller, input }) => ({ deliveryRegion: await regions.create(input.deliveryRegion, caller) }),
    }),
    defineRoute({
      method: 'GET',
      url: REGIONS,
      summary: 'List delivery regions',
      tag: regionTag,
      access: readShipping,
      response: c.listDeliveryRegionsResponse,
      handler: async () => ({ deliveryRegions: await regions.list() }),
    }),
    defineRoute({
      method: 'GET',
      url: `${REGIONS}/:id`,
      summary: 'Get a delivery region',
      tag: regionTag,
      access: readShipping,
      params: idParams,
      response: c.deliveryRegionResponse,
      handler: async ({ params }) => ({ deliveryRegion: await regions.get(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${REGIONS}/:id`,
      summary: 'Update a delivery region',
      tag: regionTag,
      access: writeShipping,
      params: idParams,
      input: c.updateDeliveryRegionRequest,
      response: c.deliveryRegionResponse,
      handler: async ({ caller, params, input }) => ({
        deliveryRegion: await regions.update(params.id, input.deliveryRegion, caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${REGIONS}/:id`,
      summary: 'Delete a delivery region no shipping option uses',
      tag: regionTag,
      access: writeShipping,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await regions.delete(params.id, caller);
        return {};
      },
    }),
  ];
}
