import type { NamedEntityRequestedField } from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty } from '../module.js';
import { type Filter, QueryBuilder } from '../query.js';

/** Per-call options of reads that can add the product count (`ASSIGNED_PRODUCT_COUNT`, either spelling). */
export type CountFieldOptions = FieldOptions<NamedEntityRequestedField>;

export interface BulkItemMetadata {
  id: string | null;
  originalIndex: number;
  success: boolean;
  error?: { code: string; description: string; data: Record<string, unknown> };
}

export interface BulkAnswer<E> {
  results: Array<{ itemMetadata: BulkItemMetadata; item?: E }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

/** Per-call options of reads that can add computed fields (the entity's requested-field values). */
export interface FieldOptions<F> extends CallOptions {
  fields?: F[];
}

/** How a catalog v3 entity's calls are named. */
export interface EntityCallNames {
  /** The SDK module, the first part of each call's name. */
  module: string;
  /** The entity's key in a body (`infoSection`). */
  one: string;
  /** The list's key in a query answer (`infoSections`). */
  many: string;
  /** The URL segment under `/stores/v3` and `/stores/v3/bulk`; `many` when left out. */
  path?: string;
  /** What follows the verb in a call's name, one entity and many (`InfoSection`, `InfoSections`); none when left out. */
  calls?: { one: string; many: string };
}

/**
 * The calls every catalog v3 entity shares (ribbons, brands, info sections, customizations), over their bodies: each
 * puts the entity under its key, reads it back from the answer, and names the call. Reads are public; writes are
 * elevated. The entity modules give the calls their names and argument types.
 */
export function catalogEntityCalls<E, F>(transport: Transport, n: EntityCallNames) {
  const call = caller(transport, n.module);
  const base = `/stores/v3/${n.path ?? n.many}`;
  const bulk = `/stores/v3/bulk/${n.path ?? n.many}`;
  const one = (verb: string) => `${verb}${n.calls?.one ?? ''}`;
  const many = (verb: string) => `${verb}${n.calls?.many ?? ''}`;
  const at = (id: string, tail = '') => fillPath(`${base}/{id}${tail}`, { id });
  const write = <T>(fn: string, path: string, body: unknown, args: unknown[], o?: CallOptions, method = 'POST') =>
    call<T>(fn, { method: method as 'POST', path, body, args, options: o, elevated: true });
  const writeOne = async (fn: string, path: string, body: unknown, args: unknown[], o?: CallOptions, method?: string) =>
    (await write<Record<string, E>>(fn, path, body, args, o, method))[n.one] as E;
  const fieldsOf = (o?: FieldOptions<F>) => (o?.fields ? { fields: o.fields } : {});
  return {
    fieldsOf,
    create: (entity: unknown, args: unknown[], o?: CallOptions) =>
      writeOne(one('create'), base, { [n.one]: entity }, args, o),
    get: async (id: string, o?: FieldOptions<F>) =>
      (
        await call<Record<string, E>>(one('get'), {
          method: 'GET',
          path: at(id),
          params: fieldsOf(o),
          args: [id, o],
          options: o,
        })
      )[n.one] as E,
    update: (id: string, patch: object, o?: FieldOptions<F>) =>
      writeOne(one('update'), at(id), { [n.one]: { ...patch, id }, ...fieldsOf(o) }, [id, patch, o], o, 'PATCH'),
    delete: (id: string, o?: CallOptions) =>
      call<Empty>(one('delete'), { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
    /** Entities matching a query, cursor paging. */
    query: (o?: FieldOptions<F>) =>
      new QueryBuilder<E>(async (query, callOptions) => {
        const body = await call<Record<string, unknown>>(many('query'), {
          method: 'POST',
          path: `${base}/query`,
          body: { query, ...fieldsOf(o) },
          args: [query],
          options: callOptions ?? o,
        });
        const meta = body.pagingMetadata as { cursors?: { next?: string | null; prev?: string | null } };
        return { items: body[n.many] as E[], cursors: meta.cursors };
      }, 'cursor'),
    count: (filter?: Filter, o?: CallOptions) =>
      call<{ count: number }>(many('count'), {
        method: 'POST',
        path: `${base}/count`,
        body: filter ? { filter } : {},
        args: [filter],
        options: o,
      }),
    getOrCreate: (body: object, args: unknown[], o?: FieldOptions<F>) =>
      writeOne(one('getOrCreate'), `${base}/get-or-create`, { ...body, ...fieldsOf(o) }, args, o),
    /** A write on one entity at `…/{id}/<action>` that answers the entity. */
    action: (fn: string, id: string, action: string, body: Record<string, unknown>, o?: FieldOptions<F>) =>
      writeOne(fn, at(id, `/${action}`), { ...body, ...fieldsOf(o) }, [id, body, o], o),
    /** A bulk write at `/stores/v3/bulk/<path>/<action>`. */
    bulk: <T>(fn: string, action: string, body: object, args: unknown[], o?: CallOptions) =>
      write<T>(fn, `${bulk}/${action}`, body, args, o),
  };
}

interface Names {
  module: string;
  one: string;
  many: string;
}

/**
 * The calls of a named catalog entity (ribbons, brands: the same calls under other names). Reads are public;
 * writes need an elevated client. Used by `ribbons` and `brands`, which give the calls their names.
 */
export function namedCatalogEntity<E>(transport: Transport, n: Names) {
  const x = catalogEntityCalls<E, NamedEntityRequestedField>(transport, n);
  const returning = (o?: { returnEntity?: boolean }) => ({ returnEntity: o?.returnEntity ?? false });
  return {
    create: (name: string, o?: CallOptions) => x.create({ name }, [name], o),
    get: x.get,
    update: (id: string, patch: { revision: string; name?: string }, o?: CountFieldOptions) => x.update(id, patch, o),
    delete: x.delete,
    query: x.query,
    count: x.count,
    getOrCreate: (name: string, o?: CountFieldOptions) => x.getOrCreate({ [`${n.one}Name`]: name }, [name, o], o),
    bulkCreate: (names: string[], o?: CallOptions & { returnEntity?: boolean }) =>
      x.bulk<BulkAnswer<E>>(
        'bulkCreate',
        'create',
        { [n.many]: names.map((name) => ({ name })), ...returning(o) },
        [names, o],
        o,
      ),
    bulkUpdate: (
      items: Array<{ id: string; revision: string; name?: string }>,
      o?: CountFieldOptions & { returnEntity?: boolean },
    ) =>
      x.bulk<BulkAnswer<E>>(
        'bulkUpdate',
        'update',
        { [n.many]: items.map((item) => ({ [n.one]: item })), ...returning(o), ...x.fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkGetOrCreate: (names: string[], o?: CountFieldOptions) =>
      x.bulk<BulkAnswer<E>>(
        'bulkGetOrCreate',
        'get-or-create',
        { [`${n.one}Names`]: names, ...x.fieldsOf(o) },
        [names, o],
        o,
      ),
    bulkDelete: (ids: string[], o?: CallOptions) =>
      x.bulk<Omit<BulkAnswer<E>, 'results'> & { results: Array<{ itemMetadata: BulkItemMetadata }> }>(
        'bulkDelete',
        'delete',
        { [`${n.one}Ids`]: ids },
        [ids],
        o,
      ),
  };
}
