import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalog } from '../../../lib/shop';

/** The store's visible collections, largest first; "All Products" is the shop itself, so it is left out. */
export const collectionsQuery = () =>
  queryOptions({
    queryKey: ['collections'],
    queryFn: async () => {
      const page = await catalog.collections.queryCollections().limit(100).find();
      return page.items
        .filter((c) => c.visible !== false && c.slug !== 'all-products')
        .sort((a, b) => (b.numberOfProducts ?? 0) - (a.numberOfProducts ?? 0));
    },
    staleTime: 5 * 60_000,
  });

/** The collection with this slug. */
export const collectionBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: ['collection', slug],
    queryFn: async () => (await catalog.collections.getCollectionBySlug(slug)).collection,
    staleTime: 5 * 60_000,
  });

/** Up to four collections for the header. */
export function useNavCollections() {
  const { data } = useQuery(collectionsQuery());
  return (data ?? []).slice(0, 4);
}
