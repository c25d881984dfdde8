import {
  type GetRecommendationRequest,
  type GetRecommendationResponse,
  recommendationAlgorithmIds as ids,
  type ListAvailableAlgorithmsResponse,
  type RecommendationAlgorithmType,
  recommendationErrorCodes,
  STORES_APP_ID,
} from '@merx/contract';
import { AppError, invalid } from '@merx/domain';
import type { ModuleDeps } from '../module.js';
import { createRecommendationRepo, ORDER_WINDOW, type RecommendationRepo } from './recommendations.repo.js';

/** At most this many items in an answer, unless the caller's minimum asks for more (up to the client's 100). */
export const RECOMMENDATION_LIMIT = 20;

type Runner = 'boughtTogether' | 'sameCollections' | 'bestSellers';

interface AlgorithmDef {
  name: string;
  description: string;
  type: RecommendationAlgorithmType;
  runner: Runner;
  /** Listed by listAvailableAlgorithms (the alias is accepted, not offered). */
  listed: boolean;
}

/**
 * The Wix Stores algorithm ids (as storefronts written for `@wix/ecom` send them) and what Merx runs for each:
 * - 68ebce04-… "From the same categories" → visible products sharing the most visible collections with the items
 *   (catalog v1 collections are Merx's grouping; "All Products" holds everything and is left out);
 * - d5aac1e1-… "Frequently bought together" → visible products in the most orders (not canceled or rejected) that
 *   hold one of the items;
 * - 5dd69f67-… "Frequently viewed together" → the same as bought together: Merx records no views, and an order is
 *   the co-interest it does record (accepted so that storefronts sending it work; not listed);
 * - ba491fd2-… "Best sellers" → visible products with the most units sold (refunds deducted) in approved orders.
 * The order-based ones read the newest ORDER_WINDOW orders.
 */
const ALGORITHMS: Record<string, AlgorithmDef> = {
  [ids.sameCollections]: {
    name: 'From the same collections',
    description: 'Products that share the most collections with the given items.',
    type: 'RELATED_ITEMS',
    runner: 'sameCollections',
    listed: true,
  },
  [ids.boughtTogether]: {
    name: 'Frequently bought together',
    description: `Products ordered together with the given items most often (the newest ${ORDER_WINDOW} orders).`,
    type: 'RELATED_ITEMS',
    runner: 'boughtTogether',
    listed: true,
  },
  [ids.viewedTogether]: {
    name: 'Frequently viewed together',
    description: 'Answered as frequently bought together: the store records no product views.',
    type: 'RELATED_ITEMS',
    runner: 'boughtTogether',
    listed: false,
  },
  [ids.bestSellers]: {
    name: 'Best sellers',
    description: `The products with the most units sold in approved orders (the newest ${ORDER_WINDOW} orders).`,
    type: 'GLOBAL',
    runner: 'bestSellers',
    listed: true,
  },
};

export interface RecommendationService {
  get(input: GetRecommendationRequest): Promise<GetRecommendationResponse>;
  algorithms(): ListAvailableAlgorithmsResponse;
}

/** Refuses algorithms no provider here runs, naming the first by its field; answers their definitions. */
function definitionsOf(algorithms: GetRecommendationRequest['algorithms']): AlgorithmDef[] {
  const unsupported = algorithms
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a.appId !== STORES_APP_ID || !ALGORITHMS[a.id.toLowerCase()]);
  const first = unsupported[0];
  if (first) {
    const known = Object.keys(ALGORITHMS).join(', ');
    throw new AppError(
      'INVALID_ARGUMENT',
      recommendationErrorCodes.algorithmNotSupported,
      first.a.appId !== STORES_APP_ID
        ? `algorithms[${first.i}].appId must be the Wix Stores app id ${STORES_APP_ID}`
        : `algorithms[${first.i}].id is not an algorithm of this store (known: ${known})`,
      { unsupportedAlgorithms: unsupported.map(({ a }) => ({ id: a.id, appId: a.appId })) },
    );
  }
  return algorithms.map((a) => ALGORITHMS[a.id.toLowerCase()] as AlgorithmDef);
}

/** Refuses items of another catalog than Wix Stores; answers the distinct product ids, in the order given. */
function seedIdsOf(input: GetRecommendationRequest): string[] {
  const items = input.items ?? [];
  const foreign = items.map((item, i) => ({ item, i })).filter(({ item }) => item.appId !== STORES_APP_ID);
  const first = foreign[0];
  if (first) {
    throw new AppError(
      'INVALID_ARGUMENT',
      recommendationErrorCodes.itemAppIdNotSupported,
      `items[${first.i}].appId must be the Wix Stores app id ${STORES_APP_ID}`,
      { items: foreign.map(({ item }) => ({ appId: item.appId, catalogItemId: item.catalogItemId })) },
    );
  }
  return [...new Set(items.map((item) => item.catalogItemId))];
}

/** The recommendations of `POST /v1/recommendations/get` and the algorithm list. */
export function createRecommendationService(
  deps: ModuleDeps,
  repo: RecommendationRepo = createRecommendationRepo(deps.db),
) {
  const service: RecommendationService = {
    async get(input) {
      const defs = definitionsOf(input.algorithms);
      const seeds = seedIdsOf(input);
      // Items are needed by related-items algorithms; a list that also holds a global one still has an answer.
      if (seeds.length === 0 && defs.every((d) => d.type === 'RELATED_ITEMS'))
        throw invalid('items', 'must name at least one item for related-items algorithms', 'REQUIRED_FIELD');
      const minimum = input.minimumRecommendedItems ?? 0;
      const limit = Math.max(RECOMMENDATION_LIMIT, minimum);
      const known = [...(await repo.existing(seeds))];
      const ran = new Map<Runner, Promise<string[]>>();
      const run = (r: Runner) => {
        let found = ran.get(r);
        if (!found) {
          found = r === 'bestSellers' ? repo.bestSellers(seeds, limit) : repo[r](known, limit);
          ran.set(r, found);
        }
        return found;
      };
      // The first algorithm, in the order given, that recommends at least the minimum wins.
      for (const [i, def] of defs.entries()) {
        const found = await run(def.runner);
        const algorithm = input.algorithms[i];
        if (found.length >= minimum && algorithm) {
          return {
            recommendation: {
              items: found.map((catalogItemId) => ({ appId: STORES_APP_ID, catalogItemId })),
              algorithm: { id: algorithm.id, appId: algorithm.appId },
            },
          };
        }
      }
      return { recommendation: { items: [] } };
    },

    algorithms() {
      return {
        availableAlgorithms: Object.entries(ALGORITHMS)
          .filter(([, d]) => d.listed)
          .map(([algorithmId, d]) => ({
            appId: STORES_APP_ID,
            catalogAppIds: [STORES_APP_ID],
            config: { algorithmId, name: d.name, description: d.description, algorithmType: d.type },
          })),
      };
    },
  };
  return service;
}
