import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** A product or collection as a discount's picker shows it. */
export interface Pick {
  id: string;
  name: string;
}

const asPick = (x: { id?: string | undefined; name?: string | undefined }): Pick => ({
  id: x.id ?? '',
  name: x.name ?? '',
});

/** Products whose name starts with `text` (hidden ones too), for choosing what a discount covers. */
export const productSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['discounts', 'product-search', text],
    queryFn: async () => {
      const q = (await admin()).products.queryProducts({ includeHiddenProducts: true });
      const page = await (text ? q.contains('name', text) : q).ascending('name').limit(8).find();
      return page.items.map(asPick);
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useProductSearch = (text: string, enabled: boolean) => useQuery({ ...productSearchQuery(text), enabled });

/** The names of chosen products (ids the catalog no longer has come back without one). */
export function useProductNames(ids: readonly string[]) {
  return useQuery({
    queryKey: ['discounts', 'product-names', [...ids].sort()],
    queryFn: async () => {
      const page = await (await admin()).products
        .queryProducts({ includeHiddenProducts: true })
        .in('id', ids)
        .limit(100)
        .find();
      return new Map(page.items.map((p) => [p.id ?? '', p.name ?? '']));
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/** Every collection of the store (a store has tens, not thousands). */
export const useCollections = (enabled: boolean) =>
  useQuery({
    queryKey: ['discounts', 'collections'],
    queryFn: async () => (await (await admin()).collections.queryCollections().limit(100).find()).items.map(asPick),
    enabled,
    staleTime: 60_000,
  });
