import type { Module, ModuleDeps } from '../module.js';
import { customizationRoutes } from './customizations.routes.js';
import { type CustomizationsService, createCustomizationsService } from './customizations.service.js';

/** Customizations (options and modifiers) of catalog v3 (docs/decisions/0025-customizations.md). */
export function createCustomizationsModule(deps: ModuleDeps): Module<{ customizations: CustomizationsService }> {
  const customizations = createCustomizationsService(deps);
  return { services: { customizations }, routes: customizationRoutes(customizations) };
}
