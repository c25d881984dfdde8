/**
 * Ribbons and brands of the catalog (v3 entities; the v1 product's `ribbon` and `brand` strings name them). Both
 * tables have the same columns: `name_key` is the name trimmed and lower-cased, unique, so a name is used once
 * whatever its case. Timestamps are ISO-8601 text.
 */
export interface NamedCatalogTable {
  id: string;
  name: string;
  name_key: string;
  created_date: string;
  updated_date: string;
  revision: number;
}
