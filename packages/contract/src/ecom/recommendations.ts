import { z } from 'zod';
import { STORES_APP_ID } from '../stores/catalog-v1.js';

/*
 * Item recommendations (`@wix/ecom` `recommendations`, fqdn wix.ecom.recommendations.v1.recommendation):
 * `POST /v1/recommendations/get` and `GET /v1/recommendations/algorithms`. The client sends the same path on both
 * hosts (its www mapping also knows `/ecom/v1/recommendations`, which it never sends). Algorithms and catalog items
 * are named by app id; Merx is the one provider, of the Wix Stores catalog.
 */

/**
 * The algorithm ids the client's users send (Wix Stores' own, as storefronts built on the package hard-code them)
 * and what Merx runs for each. Merx records no product views, so "frequently viewed together" is answered from the
 * orders like "frequently bought together" (an order is the co-interest Merx does record).
 */
export const recommendationAlgorithmIds = {
  sameCollections: '68ebce04-b96a-4c52-9329-08fc9d8c1253',
  boughtTogether: 'd5aac1e1-2e53-4d11-85f7-7172710b4783',
  viewedTogether: '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f',
  bestSellers: 'ba491fd2-b172-4552-9ea6-7202e01d1d3c',
} as const;

export const recommendationErrorCodes = {
  /** An algorithm that no provider of this store runs (its app id or its id is unknown). */
  algorithmNotSupported: 'ALGORITHM_NOT_SUPPORTED',
  /** An item of a catalog other than Wix Stores. */
  itemAppIdNotSupported: 'ITEM_APP_ID_NOT_SUPPORTED',
} as const;

/** The client's own limits: 10 algorithms, 300 items, a minimum of at most 100; answers hold at most 100 items. */
export const MAX_RECOMMENDATION_ALGORITHMS = 10;
export const MAX_RECOMMENDATION_ITEMS = 300;
export const MAX_MINIMUM_RECOMMENDED_ITEMS = 100;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const recommendationAlgorithm = z.object({
  id: z.string().regex(GUID, 'must be a GUID'),
  appId: z.string().min(1).max(36),
});
export type RecommendationAlgorithm = z.infer<typeof recommendationAlgorithm>;

/** A catalog item as the client names it; `options` (variant, choices) is accepted and not used. */
export const recommendationCatalogReference = z.object({
  appId: z.string().min(1).max(36),
  catalogItemId: z.string().min(1).max(36),
  options: z.record(z.string(), z.unknown()).nullish(),
});

export const getRecommendationRequest = z.object({
  algorithms: z.array(recommendationAlgorithm).min(1).max(MAX_RECOMMENDATION_ALGORITHMS),
  items: z.array(recommendationCatalogReference).max(MAX_RECOMMENDATION_ITEMS).nullish(),
  minimumRecommendedItems: z.number().int().min(0).max(MAX_MINIMUM_RECOMMENDED_ITEMS).nullish(),
});
export type GetRecommendationRequest = z.infer<typeof getRecommendationRequest>;

export const recommendedItem = z.object({
  appId: z.literal(STORES_APP_ID),
  catalogItemId: z.string(),
});

/** The items and the algorithm that gave them; `{}` when no algorithm gave at least the minimum. */
export const getRecommendationResponse = z.object({
  recommendation: z.object({
    items: z.array(recommendedItem).optional(),
    algorithm: z.object({ id: z.string(), appId: z.string() }).optional(),
  }),
});
export type GetRecommendationResponse = z.infer<typeof getRecommendationResponse>;

export const recommendationAlgorithmType = z.enum(['UNSPECIFIED', 'RELATED_ITEMS', 'GLOBAL']);
export type RecommendationAlgorithmType = z.infer<typeof recommendationAlgorithmType>;

export const listAvailableAlgorithmsResponse = z.object({
  availableAlgorithms: z.array(
    z.object({
      appId: z.string(),
      catalogAppIds: z.array(z.string()),
      config: z.object({
        algorithmId: z.string(),
        name: z.string(),
        description: z.string(),
        algorithmType: recommendationAlgorithmType,
      }),
    }),
  ),
});
export type ListAvailableAlgorithmsResponse = z.infer<typeof listAvailableAlgorithmsResponse>;
