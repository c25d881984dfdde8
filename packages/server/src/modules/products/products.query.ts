import type { EntityQuerySpec, FilterNode } from '@merx/domain';

/**
 * The allow-list of the products query: wire field → column. `price` and `priceData.price` are the list
 * price; `discountedPrice` fields are what a buyer pays. Money compares in major units on the wire.
 */
export function productQuerySpec(minorPerMajor: number): EntityQuerySpec {
  const money = { kind: 'column', type: 'number', sortable: true, scale: minorPerMajor, notNull: true } as const;
  return {
    table: 'products',
    fields: {
      id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
      name: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
      slug: { kind: 'column', column: 'slug', type: 'string', sortable: true, notNull: true },
      productType: { kind: 'column', column: 'product_type', type: 'string', sortable: true, notNull: true },
      description: { kind: 'column', column: 'description', type: 'string', notNull: true },
      sku: { kind: 'column', column: 'sku', type: 'string', sortable: true },
      brand: { kind: 'column', column: 'brand', type: 'string', sortable: true },
      ribbon: { kind: 'column', column: 'ribbon', type: 'string', sortable: true },
      visible: { kind: 'column', column: 'visible', type: 'boolean', notNull: true },
      weight: { kind: 'column', column: 'weight', type: 'number', sortable: true },
      numericId: { kind: 'column', column: 'numeric_id', type: 'number', sortable: true, notNull: true },
      price: { ...money, column: 'price' },
      'price.price': { ...money, column: 'price' },
      'priceData.price': { ...money, column: 'price' },
      'price.discountedPrice': { ...money, column: 'discounted_price' },
      'priceData.discountedPrice': { ...money, column: 'discounted_price' },
      'discount.type': { kind: 'column', column: 'discount_type', type: 'string', notNull: true },
      'stock.inStock': { kind: 'column', column: 'in_stock', type: 'boolean', sortable: true, notNull: true },
      'stock.inventoryStatus': {
        kind: 'column',
        column: 'inventory_status',
        type: 'string',
        sortable: true,
        notNull: true,
      },
      'stock.trackInventory': { kind: 'column', column: 'track_inventory', type: 'boolean', notNull: true },
      'stock.quantity': { kind: 'column', column: 'quantity', type: 'number', sortable: true },
      manageVariants: { kind: 'column', column: 'manage_variants', type: 'boolean', notNull: true },
      lastUpdated: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
      createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
      /**
       * Merx: the merchant's order, sort only. Products in the order they were placed in the collection the filter
       * names (`collectionIds` with one id), else in All Products (the order they were added to the store).
       */
      featured: {
        kind: 'column',
        column: `${FEATURED_ALIAS}.position`,
        type: 'number',
        sortable: true,
        operators: [],
      },
      collectionIds: {
        kind: 'relation',
        table: 'collection_products',
        ownerColumn: 'product_id',
        valueColumn: 'collection_id',
        type: 'id',
      },
      /** Merx's own field: the "Option: Choice" names a product sells (docs/decisions/0029-option-choice-facets.md). */
      optionChoices: {
        kind: 'relation',
        table: 'product_option_choices',
        ownerColumn: 'product_id',
        valueColumn: 'choice',
        type: 'string',
      },
    },
    tieBreaker: [{ field: 'id', order: 'ASC' }],
    defaultSort: [{ field: 'createdDate', order: 'DESC' }],
  };
}

/** Alias of the collection membership row that the `featured` sort reads (joined only when sorting by it). */
export const FEATURED_ALIAS = 'featured_in';

/**
 * The collection whose order `featured` follows: the one collection the filter requires (`collectionIds` $eq, or
 * $hasSome/$in/$hasAll of one id, at the top or inside a top-level $and), else undefined (All Products).
 */
export function featuredCollectionOf(filter: FilterNode | null): string | undefined {
  if (!filter) return undefined;
  const nodes = filter.kind === 'and' ? filter.nodes : [filter];
  for (const node of nodes) {
    if (
      node.kind === 'compare' &&
      node.field === 'collectionIds' &&
      node.op === '$eq' &&
      typeof node.value === 'string'
    )
      return node.value;
    if (node.kind === 'in' && node.field === 'collectionIds' && node.op !== '$nin' && node.values.length === 1) {
      const [only] = node.values;
      if (typeof only === 'string') return only;
    }
  }
  return undefined;
}

/** The allow-list of the collections query. */
export const collectionQuerySpec: EntityQuerySpec = {
  table: 'collections',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    name: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
    slug: { kind: 'column', column: 'slug', type: 'string', sortable: true, notNull: true },
    visible: { kind: 'column', column: 'visible', type: 'boolean', notNull: true },
    description: { kind: 'column', column: 'description', type: 'string' },
    lastUpdated: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'name', order: 'ASC' }],
};
