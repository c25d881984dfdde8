import type { Module, ModuleDeps } from '../module.js';
import { infoSectionRoutes } from './info-sections.routes.js';
import { createInfoSectionsService, type InfoSectionsService } from './info-sections.service.js';

/** Info sections of catalog v3 (docs/decisions/0024-info-sections.md). */
export function createInfoSectionsModule(deps: ModuleDeps): Module<{ infoSections: InfoSectionsService }> {
  const infoSections = createInfoSectionsService(deps);
  return { services: { infoSections }, routes: infoSectionRoutes(infoSections) };
}
