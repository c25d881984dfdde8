import type { ribbonsV3 } from '@merx/contract';
import { z } from 'zod';
import { elevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { NamedEntityService } from './named-entities.service.js';

/** The contract of one named entity: ribbons' and brands' schemas have the same shape under other key names. */
type NamedContract = typeof ribbonsV3;

export interface NamedRoutesSpec {
  one: 'ribbon' | 'brand';
  many: 'ribbons' | 'brands';
  contract: unknown;
  tag: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the input's keys are the entity's (`ribbon`, `brandNames`, …)
type AnyInput = Record<string, any>;

/**
 * The v3 routes of a named entity (WIRE.md Appendix B `stores_ribbons-v-3`; brands the same under `/brands`). Reads
 * are public (a storefront shows ribbons and brands); writes need `catalog:write`. Query and count answer GET
 * (`.r` envelope or plain parameters) and POST: the ribbon package posts both, the brand package GETs its query.
 */
export function namedEntityRoutes(service: NamedEntityService, spec: NamedRoutesSpec): AnyRoute[] {
  const c = spec.contract as NamedContract;
  const base = `/stores/v3/${spec.many}`;
  const bulk = `/stores/v3/bulk/${spec.many}`;
  const write = elevated('catalog:write');
  const { one, many, tag } = spec;
  const idParams = z.object({ [`${one}Id`]: z.string().min(1).max(200) }) as z.ZodType<Record<string, string>>;
  const idOf = (params: Record<string, string>) => params[`${one}Id`] as string;
  const patchOf = (entity: AnyInput) => ({ revision: String(entity.revision), name: entity.name });
  return [
    defineRoute({
      method: 'POST',
      url: base,
      summary: `Create a ${one}`,
      tag,
      access: write,
      input: c.createRequest as z.ZodType<AnyInput>,
      response: c.entityResponse,
      handler: async ({ input }) => ({ [one]: await service.create(input[one].name) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/query`,
      summary: `Query ${many} (cursor paging; filter and sort on id, name, createdDate, updatedDate)`,
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.queryRequest as z.ZodType<AnyInput>,
      response: c.queryResponse,
      handler: async ({ input }) => {
        const { items, pagingMetadata } = await service.query(input.query, input.fields);
        return { [many]: items, pagingMetadata };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/count`,
      summary: `Count ${many} matching a filter`,
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.countRequest as z.ZodType<AnyInput>,
      response: c.countResponse,
      handler: async ({ input }) => service.count(input.filter),
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/get-or-create`,
      summary: `Get the ${one} with a name (any case), or create it`,
      tag,
      access: write,
      input: c.getOrCreateRequest as z.ZodType<AnyInput>,
      response: c.entityResponse,
      handler: async ({ input }) => ({ [one]: await service.getOrCreate(input[`${one}Name`], input.fields) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/:${one}Id`,
      summary: `Get a ${one}`,
      tag,
      access: publicAccess,
      params: idParams,
      input: c.getRequest as z.ZodType<AnyInput>,
      response: c.entityResponse,
      handler: async ({ params, input }) => ({ [one]: await service.get(idOf(params), input.fields) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${base}/:${one}Id`,
      summary: `Rename a ${one} (compare-and-set on its revision); its products show the new name`,
      tag,
      access: write,
      params: idParams,
      input: c.updateRequest as z.ZodType<AnyInput>,
      response: c.entityResponse,
      handler: async ({ params, input }) => ({
        [one]: await service.update(idOf(params), patchOf(input[one]), input.fields),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/:${one}Id`,
      summary: `Delete a ${one}; the products that had it are left without one`,
      tag,
      access: write,
      params: idParams,
      response: z.object({}),
      handler: async ({ params }) => {
        await service.delete(idOf(params));
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/create`,
      summary: `Create ${many} (a result per item)`,
      tag,
      access: write,
      input: c.bulkCreateRequest as z.ZodType<AnyInput>,
      response: c.bulkResponse,
      handler: async ({ input }) =>
        service.bulkCreate(
          (input[many] as Array<{ name: string }>).map((e) => e.name),
          input.returnEntity ?? false,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/update`,
      summary: `Rename ${many} (compare-and-set on each revision; a result per item)`,
      tag,
      access: write,
      input: c.bulkUpdateRequest as z.ZodType<AnyInput>,
      response: c.bulkResponse,
      handler: async ({ input }) =>
        service.bulkUpdate(
          (input[many] as Array<AnyInput>).map((m) => {
            const entity = m[one] as AnyInput;
            const masked = Array.isArray(m.fieldMask) && m.fieldMask.length > 0 && !m.fieldMask.includes('name');
            return { id: entity.id as string, patch: { ...patchOf(entity), ...(masked ? { name: undefined } : {}) } };
          }),
          input.returnEntity ?? false,
          input.fields,
        ),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/get-or-create`,
      summary: `Get or create ${many} by name (a result per name)`,
      tag,
      access: write,
      input: c.bulkGetOrCreateRequest as z.ZodType<AnyInput>,
      response: c.bulkResponse,
      handler: async ({ input }) => service.bulkGetOrCreate(input[`${one}Names`], input.fields),
    }),
    defineRoute({
      method: 'POST',
      url: `${bulk}/delete`,
      summary: `Delete ${many} (a result per id)`,
      tag,
      access: write,
      input: c.bulkDeleteRequest as z.ZodType<AnyInput>,
      response: c.bulkDeleteResponse,
      handler: async ({ input }) => service.bulkDelete(input[`${one}Ids`]),
    }),
  ];
}
