import type { Generated } from 'kysely';

/**
 * Catalog v1 products. Columns that queries filter, sort or join on are real columns; presentation data
 * (media, options, info sections, custom text fields, SEO) sits in the JSON `data` column.
 * Money is integer minor units of the store currency; booleans are 0/1; timestamps are ISO-8601 text.
 */
export interface ProductsTable {
  id: string;
  numeric_id: number;
  slug: string;
  name: string;
  visible: number;
  product_type: string;
  sku: string | null;
  brand: string | null;
  ribbon: string | null;
  description: string;
  price: number;
  discount_type: string;
  discount_value: number;
  discounted_price: number;
  cost: number | null;
  weight: number | null;
  price_min: number;
  price_max: number;
  cost_min: number | null;
  cost_max: number | null;
  weight_min: number;
  weight_max: number;
  track_inventory: number;
  quantity: number | null;
  in_stock: number;
  inventory_status: string;
  manage_variants: number;
  data: string;
  created_date: string;
  updated_date: string;
  revision: number;
  /** The name folded for search (lower case, no accents); indexed by full-text search (migration 0020). */
  search_name: Generated<string>;
  /** Description as plain text, brand and SKU, folded for search; indexed with `search_name`. */
  search_text: Generated<string>;
  /** The ribbon entity `ribbon` names (migration 0022); the products repo keeps both in step. */
  ribbon_id: Generated<string | null>;
  /** The brand entity `brand` names (migration 0022). */
  brand_id: Generated<string | null>;
}
