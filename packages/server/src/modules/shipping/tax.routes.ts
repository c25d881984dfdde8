import * as c from '@merx/contract';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { readShipping, writeShipping } from './shipping-options.routes.js';
import type { TaxService } from './tax.service.js';

const idParams = z.object({ id: z.string().min(1).max(200) });
const REGIONS = '/_api/merx/v1/tax-regions';
const tag = 'Tax';

/** Merx tax regions (CRUD and list) and tax settings (get and update). */
export function taxRoutes(tax: TaxService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: REGIONS,
      summary: 'Create a tax region (one per country and subdivision)',
      tag,
      access: writeShipping,
      input: c.createTaxRegionRequest,
      response: c.taxRegionResponse,
      handler: async ({ caller, input }) => ({ taxRegion: await tax.createRegion(input.taxRegion, caller) }),
    }),
    defineRoute({
      method: 'GET',
      url: REGIONS,
      summary: 'List tax regions',
      tag,
      access: readShipping,
      response: c.listTaxRegionsResponse,
      handler: async () => ({ taxRegions: await tax.listRegions() }),
    }),
    defineRoute({
      method: 'GET',
      url: `${REGIONS}/:id`,
      summary: 'Get a tax region',
      tag,
      access: readShipping,
      params: idParams,
      response: c.taxRegionResponse,
      handler: async ({ params }) => ({ taxRegion: await tax.getRegion(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${REGIONS}/:id`,
      summary: 'Update a tax region',
      tag,
      access: writeShipping,
      params: idParams,
      input: c.updateTaxRegionRequest,
      response: c.taxRegionResponse,
      handler: async ({ caller, params, input }) => ({
        taxRegion: await tax.updateRegion(params.id, input.taxRegion, caller),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${REGIONS}/:id`,
      summary: 'Delete a tax region',
      tag,
      access: writeShipping,
      params: idParams,
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await tax.deleteRegion(params.id, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/tax-settings',
      summary: 'Get the tax settings',
      tag,
      access: readShipping,
      response: c.taxSettingsResponse,
      handler: async () => ({ taxSettings: await tax.getSettings() }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/tax-settings',
      summary: 'Update the tax settings',
      tag,
      access: writeShipping,
      input: c.updateTaxSettingsRequest,
      response: c.taxSettingsResponse,
      handler: async ({ caller, input }) => ({ taxSettings: await tax.updateSettings(input.taxSettings, caller) }),
    }),
  ];
}
