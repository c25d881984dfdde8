import type { ribbonsV3 } from '@merx/contract';
import { z } from 'zod';
import { type Caller, elevated, publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { NamedEntityService } from './named-entities.service.js';

/** How a catalog v3 entity is named on the wire, and the answers its single-entity routes share. */
export interface EntityRouteNames {
  /** The entity's key in a body (`infoSection`); its path parameter is `${one}Id`. */
  one: string;
  /** The list's key in a query answer (`infoSections`). */
  many: string;
  /** The URL segment under `/stores/v3` and `/stores/v3/bulk` (`info-sections`). */
  path: string;
  tag: string;
}

/** The answers of an entity's single-entity, query and count routes. */
export interface EntityResponses {
  entityResponse: z.ZodType;
  queryResponse: z.ZodType;
  countResponse: z.ZodType;
}

/** One page of a query, as a service answers it. */
interface Page {
  items: unknown[];
  pagingMetadata: unknown;
}

/**
 * The route shapes every catalog v3 entity shares (ribbons, brands, info sections, customizations): each call makes
 * one route with its URL, access and answer envelope; the caller gives the summary, the input schema and the work.
 * Reads are public (a storefront shows these entities); writes need `catalog:write` and are given the caller, whom
 * their events name. Query and count answer GET (`.r` envelope or plain parameters) and POST.
 */
export function catalogEntityRoutes(n: EntityRouteNames, responses: EntityResponses) {
  const base = `/stores/v3/${n.path}`;
  const bulk = `/stores/v3/bulk/${n.path}`;
  const write = elevated('catalog:write');
  const idKey = `${n.one}Id`;
  const params = z.object({ [idKey]: z.string().min(1).max(200) });
  const idOf = (p: Record<string, string>) => p[idKey] ?? '';
  const wrapped = async (entity: Promise<unknown>) => ({ [n.one]: await entity });
  const common = { tag: n.tag, response: responses.entityResponse };
  return {
    create: <I>(summary: string, input: z.ZodType<I>, run: (input: I, who: Caller) => Promise<unknown>): AnyRoute =>
      defineRoute({
        ...common,
        method: 'POST',
        url: base,
        summary,
        access: write,
        input,
        handler: ({ input, caller }) => wrapped(run(input, caller)),
      }),
    query: <I>(summary: string, input: z.ZodType<I>, run: (input: I) => Promise<Page>): AnyRoute =>
      defineRoute({
        method: 'GET',
        url: `${base}/query`,
        summary,
        tag: n.tag,
        access: publicAccess,
        queryRoute: true,
        input,
        response: responses.queryResponse,
        handler: async ({ input }) => {
          const { items, pagingMetadata } = await run(input);
          return { [n.many]: items, pagingMetadata };
        },
      }),
    count: <I>(summary: string, input: z.ZodType<I>, run: (input: I) => Promise<object>): AnyRoute =>
      defineRoute({
        method: 'POST',
        url: `${base}/count`,
        summary,
        tag: n.tag,
        access: publicAccess,
        queryRoute: true,
        input,
        response: responses.countResponse,
        handler: ({ input }) => run(input),
      }),
    getOrCreate: <I>(
      summary: string,
      input: z.ZodType<I>,
      run: (input: I, who: Caller) => Promise<unknown>,
    ): AnyRoute =>
      defineRoute({
        ...common,
        method: 'POST',
        url: `${base}/get-or-create`,
        summary,
        access: write,
        input,
        handler: ({ input, caller }) => wrapped(run(input, caller)),
      }),
    get: <I>(summary: string, input: z.ZodType<I>, run: (id: string, input: I) => Promise<unknown>): AnyRoute =>
      defineRoute({
        ...common,
        method: 'GET',
        url: `${base}/:${idKey}`,
        summary,
        access: publicAccess,
        params,
        input,
        handler: ({ params, input }) => wrapped(run(idOf(params), input)),
      }),
    update: <I>(
      summary: string,
      input: z.ZodType<I>,
      run: (id: string, input: I, who: Caller) => Promise<unknown>,
    ): AnyRoute =>
      defineRoute({
        ...common,
        method: 'PATCH',
        url: `${base}/:${idKey}`,
        summary,
        access: write,
        params,
        input,
        handler: ({ params, input, caller }) => wrapped(run(idOf(params), input, caller)),
      }),
    delete: (summary: string, run: (id: string, who: Caller) => Promise<void>): AnyRoute =>
      defineRoute({
        method: 'DELETE',
        url: `${base}/:${idKey}`,
        summary,
        tag: n.tag,
        access: write,
        params,
        response: z.object({}),
        handler: async ({ params, caller }) => {
          await run(idOf(params), caller);
          return {};
        },
      }),
    /** A write on one entity at `…/:id/<action>` that answers the entity. */
    action: <I>(
      action: string,
      summary: string,
      input: z.ZodType<I>,
      run: (id: string, input: I, who: Caller) => Promise<unknown>,
    ): AnyRoute =>
      defineRoute({
        ...common,
        method: 'POST',
        url: `${base}/:${idKey}/${action}`,
        summary,
        access: write,
        params,
        input,
        handler: ({ params, input, caller }) => wrapped(run(idOf(params), input, caller)),
      }),
    /** A bulk write at `/stores/v3/bulk/<path>/<action>`, a result per item. */
    bulk: <I>(
      action: string,
      summary: string,
      input: z.ZodType<I>,
      response: z.ZodType,
      run: (input: I, who: Caller) => Promise<object>,
    ): AnyRoute =>
      defineRoute({
        method: 'POST',
        url: `${bulk}/${action}`,
        summary,
        tag: n.tag,
        access: write,
        input,
        response,
        handler: ({ input, caller }) => run(input, caller),
      }),
  };
}

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
 * The v3 routes of a named entity (WIRE.md Appendix B `stores_ribbons-v-3`; brands the same under `/brands`). The
 * ribbon package posts query and count, the brand package GETs its query.
 */
export function namedEntityRoutes(service: NamedEntityService, spec: NamedRoutesSpec): AnyRoute[] {
  const c = spec.contract as NamedContract;
  const { one, many, tag } = spec;
  const r = catalogEntityRoutes({ one, many, path: many, tag }, c);
  const input = (schema: z.ZodType) => schema as z.ZodType<AnyInput>;
  const patchOf = (entity: AnyInput) => ({ revision: String(entity.revision), name: entity.name });
  return [
    r.create(`Create a ${one}`, input(c.createRequest), (i, who) => service.create(i[one].name, who)),
    r.query(
      `Query ${many} (cursor paging; filter and sort on id, name, createdDate, updatedDate)`,
      input(c.queryRequest),
      (i) => service.query(i.query, i.fields),
    ),
    r.count(`Count ${many} matching a filter`, input(c.countRequest), (i) => service.count(i.filter)),
    r.getOrCreate(`Get the ${one} with a name (any case), or create it`, input(c.getOrCreateRequest), (i, who) =>
      service.getOrCreate(i[`${one}Name`], i.fields, who),
    ),
    r.get(`Get a ${one}`, input(c.getRequest), (id, i) => service.get(id, i.fields)),
    r.update(
      `Rename a ${one} (compare-and-set on its revision); its products show the new name`,
      input(c.updateRequest),
      (id, i, who) => service.update(id, patchOf(i[one]), i.fields, who),
    ),
    r.delete(`Delete a ${one}; the products that had it are left without one`, (id, who) => service.delete(id, who)),
    r.bulk('create', `Create ${many} (a result per item)`, input(c.bulkCreateRequest), c.bulkResponse, (i, who) =>
      service.bulkCreate(
        (i[many] as Array<{ name: string }>).map((e) => e.name),
        i.returnEntity ?? false,
        who,
      ),
    ),
    r.bulk(
      'update',
      `Rename ${many} (compare-and-set on each revision; a result per item)`,
      input(c.bulkUpdateRequest),
      c.bulkResponse,
      (i, who) =>
        service.bulkUpdate(
          (i[many] as Array<AnyInput>).map((m) => {
            const entity = m[one] as AnyInput;
            const masked = Array.isArray(m.fieldMask) && m.fieldMask.length > 0 && !m.fieldMask.includes('name');
            return { id: entity.id as string, patch: { ...patchOf(entity), ...(masked ? { name: undefined } : {}) } };
          }),
          i.returnEntity ?? false,
          i.fields,
          who,
        ),
    ),
    r.bulk(
      'get-or-create',
      `Get or create ${many} by name (a result per name)`,
      input(c.bulkGetOrCreateRequest),
      c.bulkResponse,
      (i, who) => service.bulkGetOrCreate(i[`${one}Names`], i.fields, who),
    ),
    r.bulk('delete', `Delete ${many} (a result per id)`, input(c.bulkDeleteRequest), c.bulkDeleteResponse, (i, who) =>
      service.bulkDelete(i[`${one}Ids`], who),
    ),
  ];
}
