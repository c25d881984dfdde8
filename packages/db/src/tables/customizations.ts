import type { NamedCatalogTable } from './ribbons-brands.js';

/**
 * Customizations of catalog v3 (docs/decisions/0025-customizations.md): options and modifiers as stand-alone entities
 * with the columns of the named catalog entities (`name_key` is `<customization_type>:<name lower-cased>`, so a name
 * is unique per type whatever its case), their type and render type, and their settings (the choices, or the
 * free-text input) as JSON text.
 */
export interface CustomizationsTable extends NamedCatalogTable {
  customization_type: string;
  render_type: string;
  settings: string;
}
