import type { QueryResult } from '@merx/sdk';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';
import { queryClient } from '../../../lib/query-client';

export const PAGE_SIZE = 50;

/** Ribbons and brands: the same calls under two names, and the count spelled two ways. */
export type Kind = 'ribbons' | 'brands';

/** A ribbon or a brand as the page shows it. */
export interface NamedEntity {
  id: string;
  name: string;
  revision: string;
  updatedDate: string;
  /** Products it is on. */
  products: number;
}

/** The words and limits of each kind. */
export const KINDS = {
  ribbons: {
    one: 'ribbon',
    title: 'Ribbons',
    maxName: 30,
    about: 'A ribbon is a short label such as “New” or “Sale” that the shop shows on a product’s picture.',
  },
  brands: {
    one: 'brand',
    title: 'Brands',
    maxName: 50,
    about: 'A brand names who makes a product; shoppers can filter the shop by it.',
  },
} as const satisfies Record<Kind, { one: string; title: string; maxName: number; about: string }>;

export interface ListView {
  q: string;
  sort: string;
}

export const LIST_KEYS = ['q', 'sort'] as const;

export const SORTS = [
  { value: '', label: 'Name A–Z', field: 'name', order: 'ASC' },
  { value: 'name-desc', label: 'Name Z–A', field: 'name', order: 'DESC' },
  { value: 'updated', label: 'Last updated', field: 'updatedDate', order: 'DESC' },
  { value: 'created', label: 'Newest', field: 'createdDate', order: 'DESC' },
] as const;

interface RawEntity {
  id: string;
  name: string;
  revision: string;
  updatedDate: string;
  assignedProductCount?: number | undefined;
  assignedProductsCount?: number | undefined;
}

const shown = (e: RawEntity): NamedEntity => ({
  id: e.id,
  name: e.name,
  revision: e.revision,
  updatedDate: e.updatedDate,
  products: e.assignedProductCount ?? e.assignedProductsCount ?? 0,
});

/** The calls of one kind, under one set of names. */
function callsOf(a: Admin, kind: Kind) {
  if (kind === 'ribbons') {
    const r = a.ribbons;
    return {
      query: () => r.queryRibbons({ fields: ['ASSIGNED_PRODUCT_COUNT'] }),
      get: (id: string) => r.getRibbon(id, { fields: ['ASSIGNED_PRODUCT_COUNT'] }),
      create: (name: string) => r.createRibbon(name),
      update: (id: string, revision: string, name: string) =>
        r.updateRibbon(id, { revision, name }, { fields: ['ASSIGNED_PRODUCT_COUNT'] }),
      remove: (id: string) => r.deleteRibbon(id),
    };
  }
  const b = a.brands;
  return {
    query: () => b.queryBrands({ fields: ['ASSIGNED_PRODUCTS_COUNT'] }),
    get: (id: string) => b.getBrand(id, { fields: ['ASSIGNED_PRODUCTS_COUNT'] }),
    create: (name: string) => b.createBrand(name),
    update: (id: string, revision: string, name: string) =>
      b.updateBrand(id, { revision, name }, { fields: ['ASSIGNED_PRODUCTS_COUNT'] }),
    remove: (id: string) => b.deleteBrand(id),
  };
}

/** One page of a list, and the SDK's page it came from (which knows how to reach its neighbours). */
export interface ListPage {
  items: NamedEntity[];
  hasNext: boolean;
  result: QueryResult<RawEntity>;
}

async function firstPage(kind: Kind, view: ListView): Promise<QueryResult<RawEntity>> {
  const sort = SORTS.find((s) => s.value === view.sort) ?? SORTS[0];
  let query = callsOf(await admin(), kind).query();
  if (view.q.trim()) query = query.contains('name', view.q.trim());
  query = sort.order === 'ASC' ? query.ascending(sort.field) : query.descending(sort.field);
  return (await query.limit(PAGE_SIZE).find()) as QueryResult<RawEntity>;
}

/**
 * Page `page` (from 1) of a kind's list, by name or date. The server pages by cursor, and a cursor is reached from
 * the page before it: a later page follows the earlier ones (kept in the cache, so paging on costs one call).
 */
export const listQuery = (kind: Kind, view: ListView, page: number) =>
  queryOptions({
    queryKey: [kind, 'list', view, page],
    queryFn: async (): Promise<ListPage> => {
      const result =
        page <= 1
          ? await firstPage(kind, view)
          : await (await queryClient.ensureQueryData(listQuery(kind, view, page - 1))).result.next();
      return { items: result.items.map(shown), hasNext: result.hasNext(), result };
    },
    placeholderData: keepPreviousData,
    structuralSharing: false,
  });

export const useList = (kind: Kind, view: ListView, page: number) => useQuery(listQuery(kind, view, page));

/** One ribbon or brand as stored now, with its product count (before a rename or a delete). */
export async function fetchOne(kind: Kind, id: string): Promise<NamedEntity> {
  return shown((await callsOf(await admin(), kind).get(id)) as RawEntity);
}

/** Every write reads the lists again after, and the products (whose ribbon or brand it may change). */
function useWrite<In, Out>(kind: Kind, fn: (calls: ReturnType<typeof callsOf>, input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: In) => fn(callsOf(await admin(), kind), input),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [kind] });
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export const useCreate = (kind: Kind) =>
  useWrite(kind, async (c, name: string) => shown((await c.create(name)) as RawEntity));

export const useRename = (kind: Kind) =>
  useWrite(kind, async (c, { id, revision, name }: { id: string; revision: string; name: string }) =>
    shown((await c.update(id, revision, name)) as RawEntity),
  );

export const useDelete = (kind: Kind) =>
  useWrite(kind, async (c, id: string) => {
    await c.remove(id);
  });
