import type { ColumnType, Generated } from 'kysely';

/**
 * One row per variant of a product (a product without options has one, with the all-zero id).
 * `price`, `cost` and `weight` are the variant's own values (null = inherit the product's).
 */
export interface ProductVariantsTable {
  product_id: string;
  id: string;
  position: number;
  /** JSON object option name → choice description. */
  choices: string;
  price: number | null;
  cost: number | null;
  weight: number | null;
  sku: string | null;
  visible: number;
  track_quantity: number;
  quantity: number | null;
  in_stock: number;
  /** Preorder (docs/decisions/0032-preorder.md): 1 when the variant sells beyond its units. */
  preorder_enabled: Generated<number>;
  /** Most units sold beyond stock; a tracked variant's quantity goes down to minus this. */
  preorder_limit: Generated<number>;
  preorder_message: ColumnType<string | null, string | null | undefined, string | null>;
  created_date: string;
  updated_date: string;
}

/**
 * The option choices a product sells: one row per product and "Option: Choice" of its visible variants, kept by the
 * products repo on every write (docs/decisions/0029-option-choice-facets.md).
 */
export interface ProductOptionChoicesTable {
  product_id: string;
  choice: string;
}

/**
 * The facet keys of a visible product (docs/decisions/0037-facet-tallies.md), as JSON `{"s": [scopes], "v": [[facet,
 * value], …]}`: it has every pair of scope and value. The scopes are the whole catalog (`''`) and the categories it
 * is directly in; the facets `brand`, `choice` and `category`. Kept so that a write can tell what it changed.
 */
export interface ProductFacetsTable {
  product_id: string;
  keys: string;
}

/** How many visible products of a scope have each facet value, kept with the keys above. */
export interface FacetTalliesTable {
  scope: string;
  facet: string;
  value: string;
  n: ColumnType<number | string, number, number>;
}

/** Info-section entities a product references, in order (docs/decisions/0030-product-info-sections.md). */
export interface ProductInfoSectionsTable {
  product_id: string;
  info_section_id: string;
  position: number;
}
