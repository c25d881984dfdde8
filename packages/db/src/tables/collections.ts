/** Product collections; `media` is JSON. */
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
}

/** Which products a collection holds, in merchant order. */
export interface CollectionProductsTable {
  collection_id: string;
  product_id: string;
  position: number;
}
