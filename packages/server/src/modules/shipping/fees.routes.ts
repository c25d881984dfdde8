import * as c from '@merx/contract';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { FeeService } from './fees.service.js';
import { readShipping, writeShipping } from './shipping-options.routes.js';

const idParams = z.object({ id: z.string().min(1).max(200) });
const BASE = '/_api/merx/v1/additional-fees';
const tag = 'Additional fees';

/** Merx additional fees (HANDLING_FEE, INSURANCE): CRUD and list. */
export function feeRoutes(fees: FeeService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: BASE,
      summary: 'Create an additional fee',
      tag,
      access: writeShipping,
      input: c.createStoreAdditionalFeeRequest,
      response: c.storeAdditionalFeeResponse,
      handler: async ({ caller, input }) => ({ additionalFee: await fees.create(input.additionalFee, caller) }),
    }),
    defineRoute({
      method: 'GET',
      url: BASE,
      summary: 'List additional fees',
      tag,
      access: readShipping,
      response: c.listStoreAdditionalFeesResponse,
      handler: async () => ({ additionalFees: await fees.list() }),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'Get an additional fee',
      tag,
      access: readShipping,
      params: idParams,
      response: c.storeAdditionalFeeResponse,
      handler: async ({ params }) => ({ additionalFee: await fees.get(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:id`,
      summary: 'Update an additional fee',
      tag,
      access: writeShipping,
      params: idParams,
      input: c.updateStoreAdditionalFeeRequest,
      response: c.storeAdditionalFeeResponse,
      handler: async ({ caller, params, input }) => ({
        additionalFee: await fees.update(params.id, input.additionalFee, caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/:id`,
      summary: 'Delete an additional fee',
      tag,
      access: writeShipping,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await fees.delete(params.id, caller);
        return {};
      },
    }),
  ];
}
