import type { Module, ModuleDeps } from '../module.js';
import { recommendationRoutes } from './recommendations.routes.js';
import { createRecommendationService, type RecommendationService } from './recommendations.service.js';

/** Item recommendations for product and cart pages (`POST /v1/recommendations/get`). */
export function createRecommendationsModule(deps: ModuleDeps): Module<{ recommendations: RecommendationService }> {
  const recommendations = createRecommendationService(deps);
  return { services: { recommendations }, routes: recommendationRoutes(recommendations) };
}
