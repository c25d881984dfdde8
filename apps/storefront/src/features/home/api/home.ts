import { queryOptions } from '@tanstack/react-query';
import { catalog } from '../../../lib/shop';

/** The newest products, for the home page. */
export const newArrivalsQuery = () =>
  queryOptions({
    queryKey: ['products', 'new'],
    queryFn: async () => (await catalog.products.queryProducts().descending('createdDate').limit(8).find()).items,
  });

/** Products on sale (a product discount), for the home page. */
export const onSaleQuery = () =>
  queryOptions({
    queryKey: ['products', 'on-sale'],
    queryFn: async () =>
      (await catalog.products.queryProducts().ne('discount.type', 'NONE').ascending('name').limit(4).find()).items,
  });

/** Collections to feature: the three largest, "All Products" aside. */
export const featuredCollectionsQuery = () =>
  queryOptions({
    queryKey: ['collections', 'featured'],
    queryFn: async () => {
      const page = await catalog.collections.queryCollections().limit(50).find();
      return page.items
        .filter((c) => c.slug !== 'all-products' && c.visible !== false)
        .sort((a, b) => (b.numberOfProducts ?? 0) - (a.numberOfProducts ?? 0))
        .slice(0, 3);
    },
    staleTime: 5 * 60_000,
  });
