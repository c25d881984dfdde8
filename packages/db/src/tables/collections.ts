import type { ColumnType, Generated } from 'kysely';

/** A nullable column that inserts may leave out. */
type OptionalNullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/**
 * Product collections, which are also the categories of catalog v3 (docs/decisions/0022-categories.md); `media`,
 * `rich_description` and `seo_data` are JSON.
 */
export interface CollectionsTable {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  visible: number;
  media: string;
  created_date: string;
  updated_date: string;
  revision: number;
  /** The parent category; null for a top-level one (every collection made through v1). */
  parent_id: OptionalNullable<string>;
  /** Place among its siblings (ascending); null sorts after the placed ones, by creation. */
  sibling_position: OptionalNullable<number>;
  rich_description: OptionalNullable<string>;
  seo_data: OptionalNullable<string>;
}

/** Which products a collection holds, in merchant order. */
export interface CollectionProductsTable {
  collection_id: string;
  product_id: string;
  position: number;
  /** 1 when the merchant's arrangement (v3 `setArrangedItems`) placed it; such rows come first. */
  arranged: Generated<number>;
}
