import * as c from '@merx/contract';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { readShipping, writeShipping } from './shipping-options.routes.js';
import type { TipService } from './tips.service.js';

const BASE = '/tip-settings/v1/tip-settings';
const tag = 'Tip settings';

/** Tip settings at the contract's paths (WIRE.md Appendix B `ecom_tip-settings`). */
export function tipRoutes(tips: TipService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: `${BASE}/create-default`,
      summary: 'Create the default tip settings',
      tag,
      access: writeShipping,
      input: c.createTipSettingsRequest,
      response: c.tipSettingsResponse,
      handler: async ({ caller, input }) => ({ tipSettings: await tips.createDefault(input.tipSettings, caller) }),
    }),
    defineRoute({
      method: 'POST',
      url: BASE,
      summary: 'Create tip settings',
      tag,
      access: writeShipping,
      input: c.createTipSettingsRequest,
      response: c.tipSettingsResponse,
      handler: async ({ caller, input }) => ({ tipSettings: await tips.create(input.tipSettings, caller) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: BASE,
      summary: 'Update tip settings (the id is in the body)',
      tag,
      access: writeShipping,
      input: c.updateTipSettingsRequest,
      response: c.tipSettingsResponse,
      handler: async ({ caller, input }) => ({ tipSettings: await tips.update(input.tipSettings, caller) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/:tipSettingsId`,
      summary: 'Delete tip settings (not the default ones)',
      tag,
      access: writeShipping,
      params: z.object({ tipSettingsId: z.string().min(1).max(200) }),
      response: c.emptyResponse,
      handler: async ({ caller, params }) => {
        await tips.delete(params.tipSettingsId, caller);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/query`,
      summary: 'Query tip settings',
      tag,
      access: readShipping,
      queryRoute: true,
      input: c.platformQueryRequest,
      response: c.queryTipSettingsResponse,
      handler: async ({ input }) => tips.query(input.query),
    }),
  ];
}
