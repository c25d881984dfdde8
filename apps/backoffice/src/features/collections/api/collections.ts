import type { Collection, Product } from '@merx/contract';
import type { Filter, PlatformQuery } from '@merx/sdk';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';
import { messageOf } from '../../../lib/errors';

export const PAGE_SIZE = 50;
/**
 * The collection that always holds every product and cannot be changed (the contract's ALL_PRODUCTS_COLLECTION_ID,
 * written here so that the page does not load the contract's schemas).
 */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';

export interface CollectionListView {
  q: string;
  visibility: string;
  sort: string;
  cursor: string;
}

export const LIST_KEYS = ['q', 'visibility', 'sort'] as const;

export const SORTS = [
  { value: '', label: 'Name A–Z', sort: { fieldName: 'name', order: 'ASC' as const } },
  { value: 'name-desc', label: 'Name Z–A', sort: { fieldName: 'name', order: 'DESC' as const } },
  { value: 'updated', label: 'Last updated', sort: { fieldName: 'lastUpdated', order: 'DESC' as const } },
  { value: 'created', label: 'Newest', sort: { fieldName: 'createdDate', order: 'DESC' as const } },
];

function listQueryOf(view: CollectionListView): PlatformQuery {
  const and: Filter[] = [];
  if (view.q.trim()) and.push({ name: { $contains: view.q.trim() } });
  if (view.visibility === 'visible') and.push({ visible: true });
  if (view.visibility === 'hidden') and.push({ visible: false });
  return {
    filter: and.length === 0 ? {} : and.length === 1 ? (and[0] as Filter) : { $and: and },
    sort: [(SORTS.find((s) => s.value === view.sort) ?? (SORTS[0] as (typeof SORTS)[number])).sort],
    cursorPaging: { limit: PAGE_SIZE, ...(view.cursor ? { cursor: view.cursor } : {}) },
  };
}

/** One page of the store's collections (hidden ones too), by cursor. */
export const collectionListQuery = (view: CollectionListView) =>
  queryOptions({
    queryKey: ['collections', 'list', view],
    queryFn: async ({ signal }) => (await admin()).collections.queryCollectionsPage(listQueryOf(view), { signal }),
    placeholderData: keepPreviousData,
  });

export const useCollectionList = (view: CollectionListView) => useQuery(collectionListQuery(view));

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: ['collections', 'one', id],
    queryFn: async ({ signal }): Promise<Collection> =>
      (await (await admin()).collections.getCollection(id, { signal })).collection,
    staleTime: 0,
  });

export const useCollection = (id: string | undefined) =>
  useQuery({ ...collectionQuery(id ?? ''), enabled: Boolean(id) });

/** A page of a collection's products (hidden ones too), by name. */
export const collectionProductsQuery = (collectionId: string, cursor: string) =>
  queryOptions({
    queryKey: ['products', 'list', 'in-collection', collectionId, cursor],
    queryFn: async ({ signal }) =>
      (await admin()).products.queryProductsPage(
        {
          filter: { collectionIds: { $hasSome: [collectionId] } },
          sort: [{ fieldName: 'name', order: 'ASC' }],
          cursorPaging: { limit: 20, ...(cursor ? { cursor } : {}) },
        },
        { includeHiddenProducts: true },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** Products whose name or SKU matches, for the picker (the first 20). */
export const productSearchQuery = (term: string) =>
  queryOptions({
    queryKey: ['products', 'list', 'picker', term],
    queryFn: async ({ signal }): Promise<Product[]> =>
      (
        await (
          await admin()
        ).products.queryProductsPage(
          {
            filter: term ? { $or: [{ name: { $contains: term } }, { sku: { $startsWith: term } }] } : {},
            sort: [{ fieldName: 'name', order: 'ASC' }],
            cursorPaging: { limit: 20 },
          },
          { includeHiddenProducts: true },
          { signal },
        )
      ).products,
    placeholderData: keepPreviousData,
  });

type CollectionInput = Parameters<Admin['products']['createCollection']>[0];
type CollectionPatch = Parameters<Admin['products']['updateCollection']>[1];

/** Every write of a collection reads the collections (and the products' lists) again after. */
function useCollectionMutation<In, Out>(fn: (a: Admin, input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: In) => fn(await admin(), input),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['collections'] });
      void client.invalidateQueries({ queryKey: ['products', 'list'] });
    },
  });
}

export const useCreateCollection = () =>
  useCollectionMutation(async (a, input: CollectionInput) => (await a.products.createCollection(input)).collection);

export const useUpdateCollection = () =>
  useCollectionMutation(
    async (a, { id, patch }: { id: string; patch: CollectionPatch }) =>
      (await a.products.updateCollection(id, patch)).collection,
  );

export const useDeleteCollections = () =>
  useCollectionMutation(async (a, ids: string[]) => {
    const failed: Array<{ id: string; message: string }> = [];
    for (const id of ids) {
      try {
        await a.products.deleteCollection(id);
      } catch (error) {
        failed.push({ id, message: messageOf(error) });
      }
    }
    return { done: ids.length - failed.length, failed };
  });

export const useSetCollectionsVisible = () =>
  useCollectionMutation(async (a, { ids, visible }: { ids: string[]; visible: boolean }) => {
    const failed: Array<{ id: string; message: string }> = [];
    for (const id of ids) {
      try {
        await a.products.updateCollection(id, { visible });
      } catch (error) {
        failed.push({ id, message: messageOf(error) });
      }
    }
    return { done: ids.length - failed.length, failed };
  });

export const useCollectionMembership = () =>
  useCollectionMutation(async (a, { id, productIds, add }: { id: string; productIds: string[]; add: boolean }) => {
    if (add) await a.products.addProductsToCollection(id, productIds);
    else await a.products.removeProductsFromCollection(id, productIds);
    return productIds.length;
  });
