import type { StockLevel } from '@merx/contract';
import { runQuery } from '@merx/db';
import { type EntityQuerySpec, parseQuery } from '@merx/domain';
import { sql } from 'kysely';
import type { ModuleDeps } from '../module.js';
import { pagingMetadata } from './inventory.changes.js';

/*
 * Stock levels (`POST /_api/merx/v1/stock-levels/query`): one row per variant of the catalog with its product's name
 * and the SKU a shopper sees, for the back office's inventory table. The inventory items API answers per product and
 * without names, so it cannot search by name or SKU, nor page and filter variant by variant.
 */

const ids = ['$eq', '$ne', '$in', '$nin'] as const;

/**
 * What stock levels may be filtered and sorted by. The fields are columns of one derived table (variants joined to
 * their products), so the SKU a shopper sees — the variant's own when the product manages variants, else the
 * product's — is filtered like any column.
 */
export const stockLevelQuerySpec: EntityQuerySpec = {
  table: 'stock_levels',
  fields: {
    productId: { kind: 'column', column: 'product_id', type: 'id', operators: ids, sortable: true, notNull: true },
    variantId: { kind: 'column', column: 'variant_id', type: 'id', operators: ids, sortable: true, notNull: true },
    /** The variant's place among its product's variants. */
    position: { kind: 'column', column: 'position', type: 'number', sortable: true, notNull: true },
    productName: { kind: 'column', column: 'product_name', type: 'string', sortable: true, notNull: true },
    sku: { kind: 'column', column: 'sku', type: 'string', sortable: true },
    trackQuantity: { kind: 'column', column: 'track_quantity', type: 'boolean', notNull: true },
    quantity: { kind: 'column', column: 'quantity', type: 'number', sortable: true },
    inStock: { kind: 'column', column: 'in_stock', type: 'boolean', notNull: true },
    lastUpdated: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
  },
  tieBreaker: [
    { field: 'productId', order: 'ASC' },
    { field: 'position', order: 'ASC' },
    { field: 'variantId', order: 'ASC' },
  ],
  // A product's variants stay together, in the catalog's order.
  defaultSort: [{ field: 'productName', order: 'ASC' }],
};

/** The SKU a shopper sees: the variant's own when the product manages variants (and it has one), else the product's. */
const shownSku = sql<string | null>`
  case when p.manage_variants = 1 and v.sku is not null and v.sku <> '' then v.sku else p.sku end`;

interface LevelRow {
  product_id: string;
  variant_id: string;
  position: number;
  product_name: string;
  choices: string;
  sku: string | null;
  track_quantity: number;
  quantity: number | string | null;
  in_stock: number;
  updated_date: string;
}

/** A row on the wire (PostgreSQL answers bigint columns as strings). */
export function stockLevelWire(row: LevelRow): StockLevel {
  const tracked = Number(row.track_quantity) === 1;
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    productName: row.product_name,
    choices: JSON.parse(row.choices) as Record<string, string>,
    ...(row.sku ? { sku: row.sku } : {}),
    trackQuantity: tracked,
    ...(tracked ? { quantity: row.quantity === null ? 0 : Number(row.quantity) } : {}),
    inStock: Number(row.in_stock) === 1,
    lastUpdated: row.updated_date,
  };
}

/** Reads of the stock levels. */
export function createStockLevels(deps: ModuleDeps) {
  return {
    /** The stock levels matching `query` (the platform query object: filter, sort, offset or cursor paging). */
    async query(input: unknown) {
      const query = parseQuery(input ?? {}, stockLevelQuerySpec);
      const levels = deps.db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select([
          'v.product_id as product_id',
          'v.id as variant_id',
          'v.position as position',
          'p.name as product_name',
          'v.choices as choices',
          shownSku.as('sku'),
          'v.track_quantity as track_quantity',
          'v.quantity as quantity',
          'v.in_stock as in_stock',
          'v.updated_date as updated_date',
        ]);
      const page = await runQuery<LevelRow>({
        base: deps.db.selectFrom(levels.as('stock_levels')).selectAll(),
        spec: stockLevelQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      return { stockLevels: page.rows.map(stockLevelWire), metadata: pagingMetadata(page) };
    },
  };
}

export type StockLevels = ReturnType<typeof createStockLevels>;
