import type { NamedCatalogTable } from './ribbons-brands.js';

/**
 * Info sections of catalog v3 (docs/decisions/0024-info-sections.md): stand-alone entities with the columns of the
 * named catalog entities (`name` is the wire's `uniqueName`, unique whatever its case through `name_key`), a title,
 * the description as a rich-content document (JSON text) and its HTML rendering, stored beside it so reads never
 * render.
 */
export interface InfoSectionsTable extends NamedCatalogTable {
  title: string;
  description: string;
  description_html: string;
}
