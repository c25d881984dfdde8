import type { Product } from '@merx/contract';
import { type AuthStrategy, createClient, recommendations } from '@merx/sdk';
import { queryOptions } from '@tanstack/react-query';
import { STORES_APP_ID } from '../../../lib/catalog-ids';
import { queryClient } from '../../../lib/query-client';
import { catalog } from '../../../lib/shop';
import { productBySlugQuery } from './product';

/** How many related products the page shows: one row on a wide screen, two by two on a phone. */
export const RELATED_SHOWN = 4;

/*
 * Wix Stores' algorithm ids as @merx/contract has them (`recommendationAlgorithmIds`), copied: the contract's module
 * also loads zod, which the shop's bundle must not carry. Tried in this order; the first that finds a full row wins.
 */
const BOUGHT_TOGETHER = 'd5aac1e1-2e53-4d11-85f7-7172710b4783';
const SAME_COLLECTIONS = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
const BEST_SELLERS = 'ba491fd2-b172-4552-9ea6-7202e01d1d3c';
const ALGORITHMS = [BOUGHT_TOGETHER, SAME_COLLECTIONS, BEST_SELLERS].map((id) => ({ id, appId: STORES_APP_ID }));

/** Recommendations are public: no token, like the catalog reads. */
const noToken: AuthStrategy = { getAuthHeaders: async () => ({ headers: {} }) };
const related = createClient({ baseUrl: location.origin, auth: noToken, modules: { recommendations } });

/** Products to show beside `productId` ("You may also like"), in the order recommended; empty when too few. */
export const relatedProductsQuery = (productId: string) =>
  queryOptions({
    queryKey: ['product', 'related', productId],
    queryFn: async (): Promise<Product[]> => {
      const { recommendation } = await related.recommendations.getRecommendation(ALGORITHMS, {
        items: [{ appId: STORES_APP_ID, catalogItemId: productId }],
        minimumRecommendedItems: RELATED_SHOWN,
      });
      const ids = (recommendation.items ?? []).map((i) => i.catalogItemId).slice(0, RELATED_SHOWN);
      if (ids.length === 0) return [];
      const page = await catalog.products.queryProducts().in('id', ids).limit(ids.length).find();
      const byId = new Map(page.items.map((p) => [p.id, p]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    staleTime: 5 * 60_000,
  });

/** Starts the related products as soon as the product of `slug` is known (from the route's loader). */
export function warmRelated(slug: string): void {
  void queryClient.ensureQueryData(productBySlugQuery(slug)).then(
    (product) => queryClient.prefetchQuery(relatedProductsQuery(product.id)),
    () => undefined,
  );
}
