import type { InventoryItem } from '@merx/contract';
import type { Executor } from '@merx/db';
import { type EntityQuerySpec, type PreorderSettings, variantOnPreorder } from '@merx/domain';
import { preorderOfRow } from '../products/products.repo.js';

/*
 * Inventory items read from the catalog itself: one item per product (its id is the product's id), its variants
 * the product's variants. Nothing here writes: stock changes go through the catalog's own paths (variants.setStock
 * and the stock keeper), so the product rows, their revisions, the inventory log and the events stay in step.
 */

const ids = ['$eq', '$ne', '$in', '$nin'] as const;
const variantsOf = { kind: 'relation', table: 'product_variants', ownerColumn: 'product_id' } as const;

/**
 * What inventory items may be filtered and sorted by: the fields the real module documents for its items (id,
 * productId / externalId, trackQuantity, lastUpdated, numericId), and the variants' ids and stock states. A
 * `variants.*` condition holds when some variant of the item matches it.
 */
export const inventoryItemQuerySpec: EntityQuerySpec = {
  table: 'products',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', operators: ids, sortable: true, notNull: true },
    productId: { kind: 'column', column: 'id', type: 'id', operators: ids, sortable: true, notNull: true },
    externalId: { kind: 'column', column: 'id', type: 'id', operators: ids, notNull: true },
    trackQuantity: { kind: 'column', column: 'track_inventory', type: 'boolean', notNull: true },
    numericId: { kind: 'column', column: 'numeric_id', type: 'number', sortable: true, notNull: true },
    lastUpdated: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
    'variants.variantId': { ...variantsOf, valueColumn: 'id', type: 'id' },
    'variants.inStock': { ...variantsOf, valueColumn: 'in_stock', type: 'boolean' },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  // The order the real module suggests for crawling every item: by numericId, oldest first.
  defaultSort: [{ field: 'numericId', order: 'ASC' }],
};

/** The columns of a product an inventory item shows. */
export const ITEM_COLUMNS = ['id', 'numeric_id', 'track_inventory', 'updated_date', 'product_type'] as const;

export interface ItemRow {
  id: string;
  /** Digital products take no preorder. */
  product_type: string;
  numeric_id: number | string;
  track_inventory: number;
  updated_date: string;
}

interface VariantRow {
  product_id: string;
  id: string;
  track_quantity: number;
  quantity: number | string | null;
  in_stock: number;
  preorder_enabled: number;
  preorder_limit: number | string;
  preorder_message: string | null;
}

/** The stock of one variant as the inventory API works with it. */
export interface VariantStock {
  id: string;
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
  preorder: PreorderSettings;
}

/** The products' items, by id (absent ids are left out). */
export async function findItems(ex: Executor, productIds: readonly string[]): Promise<ItemRow[]> {
  if (productIds.length === 0) return [];
  return ex.selectFrom('products').select(ITEM_COLUMNS).where('id', 'in', productIds).execute();
}

/** The variants of several products in one statement, in the catalog's order, grouped by product id. */
export async function variantStocks(ex: Executor, productIds: readonly string[]): Promise<Map<string, VariantStock[]>> {
  const byProduct = new Map<string, VariantStock[]>();
  if (productIds.length === 0) return byProduct;
  const rows: VariantRow[] = await ex
    .selectFrom('product_variants')
    .select([
      'product_id',
      'id',
      'track_quantity',
      'quantity',
      'in_stock',
      'preorder_enabled',
      'preorder_limit',
      'preorder_message',
    ])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push({
      id: row.id,
      trackQuantity: Number(row.track_quantity) === 1,
      quantity: row.quantity === null ? null : Number(row.quantity),
      inStock: Number(row.in_stock) === 1,
      preorder: preorderOfRow(row),
    });
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/**
 * v1's preorder of a whole product (docs/decisions/0032-preorder.md): on when some variant has it, with the message
 * and limit of the first such variant.
 */
export function productPreorderInfo(variants: readonly VariantStock[]): InventoryItem['preorderInfo'] {
  const first = variants.find((v) => v.preorder.enabled);
  if (!first) return { enabled: false };
  return {
    enabled: true,
    ...(first.preorder.message ? { message: first.preorder.message } : {}),
    limit: first.preorder.limit,
  };
}

/** An item on the wire (PostgreSQL answers bigint columns as strings). */
export function inventoryItemOf(row: ItemRow, variants: readonly VariantStock[]): InventoryItem {
  return {
    id: row.id,
    externalId: row.id,
    productId: row.id,
    trackQuantity: Number(row.track_inventory) === 1,
    variants: variants.map((v) => ({
      variantId: v.id,
      // Stored as the shopper sees it: a tracked variant is in stock while it has units.
      inStock: v.inStock,
      ...(v.trackQuantity ? { quantity: v.quantity ?? 0 } : {}),
      availableForPreorder: variantOnPreorder(v),
    })),
    lastUpdated: row.updated_date,
    numericId: String(row.numeric_id),
    preorderInfo: productPreorderInfo(variants),
  };
}
