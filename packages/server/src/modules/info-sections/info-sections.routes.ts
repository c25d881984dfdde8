import { infoSectionsV3 as c } from '@merx/contract';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { InfoSectionsService } from './info-sections.service.js';

const TAG = 'Info sections v3';
const BASE = '/stores/v3/info-sections';
const BULK = '/stores/v3/bulk/info-sections';
const idParams = z.object({ infoSectionId: z.string().min(1).max(200) });

/**
 * The routes of `@wix/stores` `infoSectionsV3` (docs/decisions/0024-info-sections.md). Reads are public (a storefront
 * shows info sections); writes need `catalog:write`. Query answers GET (`.r` envelope or plain parameters) and POST
 * (the package GETs and falls back to POST); count is POST.
 */
export function infoSectionRoutes(service: InfoSectionsService): AnyRoute[] {
  const write = elevated('catalog:write');
  return [
    defineRoute({
      method: 'POST',
      url: BASE,
      summary: 'Create an info section',
      tag: TAG,
      access: write,
      input: c.createRequest,
      response: c.entityResponse,
      handler: async ({ input }) => ({ infoSection: await service.create(input.infoSection) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/query`,
      summary: 'Query info sections (cursor paging; filter on id, uniqueName, title and the dates)',
      tag: TAG,
      access: publicAccess,
      queryRoute: true,
      input: c.queryRequest,
      response: c.queryResponse,
      handler: async ({ input }) => {
        const { items, pagingMetadata } = await service.query(input.query, input.fields);
        return { infoSections: items, pagingMetadata };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/count`,
      summary: 'Count info sections matching a filter',
      tag: TAG,
      access: publicAccess,
      queryRoute: true,
      input: c.countRequest,
      response: c.countResponse,
      handler: async ({ input }) => service.count(input.filter),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/get-or-create`,
      summary: 'Get an info section by id or unique name (any case), or create it',
      tag: TAG,
      access: write,
      input: c.getOrCreateRequest,
      response: c.entityResponse,
      handler: async ({ input }) => ({ infoSection: await service.getOrCreate(input.infoSection, input.fields) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/:infoSectionId`,
      summary: 'Get an info section',
      tag: TAG,
      access: publicAccess,
      params: idParams,
      input: c.getRequest,
      response: c.entityResponse,
      handler: async ({ params, input }) => ({ infoSection: await service.get(params.infoSectionId, input.fields) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/:infoSectionId`,
      summary: 'Update an info section (compare-and-set on its revision)',
      tag: TAG,
      access: write,
      params: idParams,
      input: c.updateRequest,
      response: c.entityResponse,
      handler: async ({ params, input }) => ({
        infoSection: await service.update(
          params.infoSectionId,
          input.infoSection.revision,
          input.infoSection,
          input.fields,
        ),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/:infoSectionId`,
      summary: 'Delete an info section',
      tag: TAG,
      access: write,
      params: idParams,
      response: z.object({}),
      handler: async ({ params }) => {
        await service.delete(params.infoSectionId);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BULK}/create`,
      summary: 'Create info sections (a result per item)',
      tag: TAG,
      access: write,
      input: c.bulkCreateRequest,
      response: c.bulkResponse,
      handler: async ({ input }) => service.bulkCreate(input.infoSections, input.returnEntity ?? false),
    }),
    defineRoute({
      method: 'POST',
      url: `${BULK}/update`,
      summary: 'Update info sections (compare-and-set on each revision, a field mask each; a result per item)',
      tag: TAG,
      access: write,
      input: c.bulkUpdateRequest,
      response: c.bulkResponse,
      handler: async ({ input }) => service.bulkUpdate(input.infoSections, input.returnEntity ?? false, input.fields),
    }),
    defineRoute({
      method: 'POST',
      url: `${BULK}/get-or-create`,
      summary: 'Get or create info sections by id or unique name (a result per item)',
      tag: TAG,
      access: write,
      input: c.bulkGetOrCreateRequest,
      response: c.bulkResponse,
      handler: async ({ input }) => service.bulkGetOrCreate(input.infoSections, input.fields),
    }),
    defineRoute({
      method: 'POST',
      url: `${BULK}/delete`,
      summary: 'Delete info sections (a result per id)',
      tag: TAG,
      access: write,
      input: c.bulkDeleteRequest,
      response: c.bulkDeleteResponse,
      handler: async ({ input }) => service.bulkDelete(input.infoSectionIds),
    }),
  ];
}
