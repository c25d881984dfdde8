import type { NamedEntityRequestedField } from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty } from '../module.js';
import { type Filter, QueryBuilder } from '../query.js';

/** Per-call options of reads that can add the product count (`ASSIGNED_PRODUCT_COUNT`, either spelling). */
export interface CountFieldOptions extends CallOptions {
  fields?: NamedEntityRequestedField[];
}

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
  const call = caller(transport, n.module);
  const base = `/stores/v3/${n.many}`;
  const bulk = `/stores/v3/bulk/${n.many}`;
  const at = (id: string) => fillPath(`${base}/{id}`, { id });
  const write = <T>(fn: string, path: string, body: unknown, args: unknown[], o?: CallOptions, method = 'POST') =>
    call<T>(fn, { method: method as 'POST', path, body, args, options: o, elevated: true });
  const fieldsOf = (o?: CountFieldOptions) => (o?.fields ? { fields: o.fields } : {});
  return {
    create: async (name: string, o?: CallOptions) =>
      (await write<Record<string, E>>('create', base, { [n.one]: { name } }, [name], o))[n.one] as E,
    get: async (id: string, o?: CountFieldOptions) =>
      (
        await call<Record<string, E>>('get', {
          method: 'GET',
          path: at(id),
          params: fieldsOf(o),
          args: [id, o],
          options: o,
        })
      )[n.one] as E,
    update: async (id: string, patch: { revision: string; name?: string }, o?: CountFieldOptions) =>
      (
        await write<Record<string, E>>(
          'update',
          at(id),
          { [n.one]: { ...patch, id }, ...fieldsOf(o) },
          [id, patch, o],
          o,
          'PATCH',
        )
      )[n.one] as E,
    delete: (id: string, o?: CallOptions) =>
      call<Empty>('delete', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
    /** Entities matching a query, cursor paging (50 a page by default). */
    query: (o?: CountFieldOptions) =>
      new QueryBuilder<E>(async (query, callOptions) => {
        const body = await call<Record<string, unknown>>('query', {
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
      call<{ count: number }>('count', {
        method: 'POST',
        path: `${base}/count`,
        body: filter ? { filter } : {},
        args: [filter],
        options: o,
      }),
    getOrCreate: async (name: string, o?: CountFieldOptions) =>
      (
        await write<Record<string, E>>(
          'getOrCreate',
          `${base}/get-or-create`,
          { [`${n.one}Name`]: name, ...fieldsOf(o) },
          [name, o],
          o,
        )
      )[n.one] as E,
    bulkCreate: (names: string[], o?: CallOptions & { returnEntity?: boolean }) =>
      write<BulkAnswer<E>>(
        'bulkCreate',
        `${bulk}/create`,
        { [n.many]: names.map((name) => ({ name })), returnEntity: o?.returnEntity ?? false },
        [names, o],
        o,
      ),
    bulkUpdate: (
      items: Array<{ id: string; revision: string; name?: string }>,
      o?: CountFieldOptions & { returnEntity?: boolean },
    ) =>
      write<BulkAnswer<E>>(
        'bulkUpdate',
        `${bulk}/update`,
        { [n.many]: items.map((item) => ({ [n.one]: item })), returnEntity: o?.returnEntity ?? false, ...fieldsOf(o) },
        [items, o],
        o,
      ),
    bulkGetOrCreate: (names: string[], o?: CountFieldOptions) =>
      write<BulkAnswer<E>>(
        'bulkGetOrCreate',
        `${bulk}/get-or-create`,
        { [`${n.one}Names`]: names, ...fieldsOf(o) },
        [names, o],
        o,
      ),
    bulkDelete: (ids: string[], o?: CallOptions) =>
      write<Omit<BulkAnswer<E>, 'results'> & { results: Array<{ itemMetadata: BulkItemMetadata }> }>(
        'bulkDelete',
        `${bulk}/delete`,
        { [`${n.one}Ids`]: ids },
        [ids],
        o,
      ),
  };
}
