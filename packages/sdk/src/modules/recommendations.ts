import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

export type RecommendationResponse = Out<typeof c.getRecommendationResponse>;
export type RecommendationAlgorithmInfo = Out<typeof c.listAvailableAlgorithmsResponse>['availableAlgorithms'][number];
export type RecommendationOptions = Omit<In<typeof c.getRecommendationRequest>, 'algorithms'>;

/**
 * Related products (`@wix/ecom` recommendations): public, no token needed. Algorithm ids are Wix Stores' own
 * (`recommendationAlgorithmIds` of @merx/contract); the first algorithm, in the order given, that finds at least
 * `minimumRecommendedItems` answers.
 */
export function recommendations(transport: Transport) {
  const call = caller(transport, 'recommendations');
  return {
    /** Recommended product ids (at most 20, or the minimum when it asks for more) and the algorithm that found them. */
    getRecommendation: (
      algorithms: In<typeof c.getRecommendationRequest>['algorithms'],
      options: RecommendationOptions = {},
      o?: CallOptions,
    ) =>
      call<RecommendationResponse>('getRecommendation', {
        method: 'POST',
        path: '/v1/recommendations/get',
        body: { algorithms, ...options },
        args: [algorithms, options],
        options: o,
      }),
    /** The algorithms this store runs. */
    listAvailableAlgorithms: (o?: CallOptions) =>
      call<Out<typeof c.listAvailableAlgorithmsResponse>>('listAvailableAlgorithms', {
        method: 'GET',
        path: '/v1/recommendations/algorithms',
        args: [],
        options: o,
      }),
  };
}

export type RecommendationsModule = ReturnType<typeof recommendations>;
