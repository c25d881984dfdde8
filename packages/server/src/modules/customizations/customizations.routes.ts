import { customizationsV3 as c } from '@merx/contract';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { CustomizationsService } from './customizations.service.js';

const TAG = 'Customizations v3';
const BASE = '/stores/v3/customizations';
const BULK = '/stores/v3/bulk/customizations';
const idParams = z.object({ customizationId: z.string().min(1).max(200) });

/**
 * The routes of `@wix/stores` `customizationsV3` (docs/decisions/0025-customizations.md). Reads are public (a
 * storefront shows options and modifiers); writes need `catalog:write`. Query answers GET (`.r` envelope or plain
 * parameters) and POST (the package GETs and falls back to POST); count is POST.
 */
export function customizationRoutes(service: CustomizationsService): AnyRoute[] {
  const write = elevated('catalog:write');
  const choiceRoute = (
    path: string,
    summary: string,
    input: z.ZodType,
    run: (id: string, input: never) => Promise<Record<string, unknown>>,
  ) =>
    defineRoute({
      method: 'POST',
      url: `${BASE}/:customizationId/${path}`,
      summary,
      tag: TAG,
      access: write,
      params: idParams,
      input,
      response: c.entityResponse,
      handler: async ({ params, input: body }) => ({ customization: await run(params.customizationId, body as never) }),
    });
  return [
    defineRoute({
      method: 'POST',
      url: BASE,
      summary: 'Create a customization (an option or a modifier)',
      tag: TAG,
      access: write,
      input: c.createRequest,
      response: c.entityResponse,
      handler: async ({ input }) => ({ customization: await service.create(input.customization) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/query`,
      summary: 'Query customizations (cursor paging; filter on id, name, type, render type and the dates)',
      tag: TAG,
      access: publicAccess,
      queryRoute: true,
      input: c.queryRequest,
      response: c.queryResponse,
      handler: async ({ input }) => {
        const { items, pagingMetadata } = await service.query(input.query, input.fields);
        return { customizations: items, pagingMetadata };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/count`,
      summary: 'Count customizations matching a filter',
      tag: TAG,
      access: publicAccess,
      queryRoute: true,
      input: c.countRequest,
      response: c.countResponse,
      handler: async ({ input }) => service.count(input.filter),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/:customizationId`,
      summary: 'Get a customization',
      tag: TAG,
      access: publicAccess,
      params: idParams,
      input: c.getRequest,
      response: c.entityResponse,
      handler: async ({ params, input }) => ({
        customization: await service.get(params.customizationId, input.fields),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:customizationId`,
      summary: 'Update a customization (compare-and-set on its revision)',
      tag: TAG,
      access: write,
      params: idParams,
      input: c.updateRequest,
      response: c.entityResponse,
      handler: async ({ params, input }) => ({
        customization: await service.update(params.customizationId, input.customization, input.fields),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/:customizationId`,
      summary: 'Delete a customization',
      tag: TAG,
      access: write,
      params: idParams,
      response: z.object({}),
      handler: async ({ params }) => {
        await service.delete(params.customizationId);
        return {};
      },
    }),
    choiceRoute(
      'add-choices',
      'Add choices to a customization',
      c.addChoicesRequest,
      (id, i: z.infer<typeof c.addChoicesRequest>) => service.addChoices(id, i.choices, i.fields),
    ),
    choiceRoute(
      'set-choices',
      'Replace the choices of a customization',
      c.setChoicesRequest,
      (id, i: z.infer<typeof c.setChoicesRequest>) => service.setChoices(id, i.choices, i.fields),
    ),
    choiceRoute(
      'remove-choices',
      'Remove choices from a customization',
      c.removeChoicesRequest,
      (id, i: z.infer<typeof c.removeChoicesRequest>) => service.removeChoices(id, i.choiceIds, i.revision, i.fields),
    ),
    choiceRoute(
      'update-choices',
      'Update choices of a customization (compare-and-set on its revision)',
      c.updateChoicesRequest,
      (id, i: z.infer<typeof c.updateChoicesRequest>) => service.updateChoices(id, i.revision, i.choices, i.fields),
    ),
    choiceRoute(
      'reorder-choices',
      'Reorder the choices of a customization (compare-and-set on its revision)',
      c.reorderChoicesRequest,
      (id, i: z.infer<typeof c.reorderChoicesRequest>) => service.reorderChoices(id, i.revision, i.choiceIds, i.fields),
    ),
    defineRoute({
      method: 'POST',
      url: `${BULK}/create`,
      summary: 'Create customizations (a result per item)',
      tag: TAG,
      access: write,
      input: c.bulkCreateRequest,
      response: c.bulkResponse,
      handler: async ({ input }) =>
        renamed(await service.bulkCreate(input.customizations, input.returnEntity ?? false)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BULK}/update`,
      summary: 'Update customizations (compare-and-set on each revision, a field mask each; a result per item)',
      tag: TAG,
      access: write,
      input: c.bulkUpdateRequest,
      response: c.bulkResponse,
      handler: async ({ input }) =>
        renamed(await service.bulkUpdate(input.customizations, input.returnEntity ?? false, input.fields)),
    }),
    defineRoute({
      method: 'POST',
      url: `${BULK}/add-choices`,
      summary: 'Add choices to customizations (a result per item)',
      tag: TAG,
      access: write,
      input: c.bulkAddChoicesRequest,
      response: c.bulkResponse,
      handler: async ({ input }) =>
        renamed(await service.bulkAddChoices(input.customizationsChoices, input.returnEntity ?? false, input.fields)),
    }),
  ];
}

/** The package reads a bulk item's entity as `customization`, not the machinery's `item`. */
function renamed(answer: {
  results: Array<{ itemMetadata: unknown; item?: Record<string, unknown> }>;
  bulkActionMetadata: unknown;
}) {
  return {
    ...answer,
    results: answer.results.map(({ item, ...rest }) => (item ? { ...rest, customization: item } : rest)),
  };
}
