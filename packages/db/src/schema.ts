import type { ApiKeysTable } from './tables/api-keys.js';
import type { CollectionProductsTable, CollectionsTable } from './tables/collections.js';
import type { OutboxTable } from './tables/outbox.js';
import type { ProductVariantsTable } from './tables/product-variants.js';
import type { ProductsTable } from './tables/products.js';
import type { SequencesTable } from './tables/sequences.js';
import type { SettingsTable } from './tables/settings.js';

/** Every table Merx keeps, by name. */
export interface Database {
  settings: SettingsTable;
  sequences: SequencesTable;
  api_keys: ApiKeysTable;
  outbox: OutboxTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  collections: CollectionsTable;
  collection_products: CollectionProductsTable;
}

export type {
  ApiKeysTable,
  CollectionProductsTable,
  CollectionsTable,
  OutboxTable,
  ProductsTable,
  ProductVariantsTable,
};
