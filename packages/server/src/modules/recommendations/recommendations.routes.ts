import * as c from '@merx/contract';
import { publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { RecommendationService } from './recommendations.service.js';

const tag = 'Recommendations';

/**
 * `@wix/ecom` recommendations (wix.ecom.recommendations.v1): the client sends `/v1/recommendations/…` on both
 * hosts. Public: visitors call it from product and cart pages, and it answers product ids only (visible ones).
 */
export function recommendationRoutes(recommendations: RecommendationService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/v1/recommendations/get',
      summary: 'Recommend catalog items by the first algorithm that finds enough',
      tag,
      access: publicAccess,
      input: c.getRecommendationRequest,
      response: c.getRecommendationResponse,
      handler: ({ input }) => recommendations.get(input),
    }),
    defineRoute({
      method: 'GET',
      url: '/v1/recommendations/algorithms',
      summary: 'List the recommendation algorithms this store runs',
      tag,
      access: publicAccess,
      response: c.listAvailableAlgorithmsResponse,
      handler: async () => recommendations.algorithms(),
    }),
  ];
}
