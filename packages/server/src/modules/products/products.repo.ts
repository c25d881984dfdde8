import {
  type AnySelect,
  bumpDataVersion,
  type Database,
  type DialectName,
  type Executor,
  jsonRowArray,
  jsonTextArray,
  type ProductsTable,
  type ProductVariantsTable,
  searchableText,
} from '@merx/db';
import {
  DEFAULT_PREORDER_LIMIT,
  discountedPrice,
  PREORDER_OFF,
  type PreorderSettings,
  productStock,
  variantInStock,
} from '@merx/domain';
import { CompiledQuery, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { linkProductNames } from '../ribbons-brands/product-links.js';
import { refreshFacetKeys } from './facet-keys.js';
import type { ProductData, ProductRecord, VariantRecord } from './products.types.js';

/** Data version bumped by every write to products, variants or collection membership. */
export const CATALOG_VERSION = 'catalog';

/** The columns a product is read from: all but the search columns, which only the index reads. */
const PRODUCT_COLUMNS = [
  'id',
  'numeric_id',
  'slug',
  'name',
  'visible',
  'product_type',
  'sku',
  'brand',
  'ribbon',
  'description',
  'price',
  'discount_type',
  'discount_value',
  'discounted_price',
  'cost',
  'weight',
  'price_min',
  'price_max',
  'cost_min',
  'cost_max',
  'weight_min',
  'weight_max',
  'track_inventory',
  'quantity',
  'in_stock',
  'inventory_status',
  'manage_variants',
  'data',
  'created_date',
  'updated_date',
  'revision',
] as const satisfies readonly (keyof ProductsTable)[];

export type ProductRow = Pick<Selectable<ProductsTable>, (typeof PRODUCT_COLUMNS)[number]> & { collection_ids: string };

const flag = (b: boolean) => (b ? 1 : 0);

/** The collection ids of the `products` row in scope, as a JSON text array, sorted. */
function collectionIdsOf(dialect: DialectName) {
  return jsonTextArray(
    dialect,
    sql`select collection_products.collection_id as v from collection_products where collection_products.product_id = products.id order by collection_products.collection_id`,
  ).as('collection_ids');
}

/** Product columns plus the product's collection ids, in one statement. */
export function selectProducts(db: Executor, dialect: DialectName) {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS.map((c) => `products.${c}` as const))
    .select(collectionIdsOf(dialect));
}

/**
 * runQuery's `rows` for products: the page's product rows with their collection ids, read for the page's rows
 * only (docs/decisions/0040-deferred-pages.md).
 */
export function productPageRows(db: Executor, dialect: DialectName): (page: AnySelect) => AnySelect {
  return (page) =>
    db
      .selectFrom(page.as('page'))
      .innerJoin('products', 'products.id', 'page.page_id' as never)
      .select(PRODUCT_COLUMNS.map((c) => `products.${c}` as const))
      .select(collectionIdsOf(dialect));
}

const VARIANT_COLUMNS = [
  'product_id',
  'id',
  'position',
  'choices',
  'price',
  'cost',
  'weight',
  'sku',
  'visible',
  'track_quantity',
  'quantity',
  'in_stock',
  'preorder_enabled',
  'preorder_limit',
  'preorder_message',
  'created_date',
  'updated_date',
] as const;

/** One product with its variants in ONE statement: the row plus `variants_json` (see variantsFromJson). */
export function selectProductWithVariants(db: Executor, dialect: DialectName) {
  return selectProducts(db, dialect).select((eb) =>
    jsonRowArray(
      dialect,
      eb
        .selectFrom('product_variants')
        .selectAll('product_variants')
        .whereRef('product_variants.product_id', '=', 'products.id'),
      VARIANT_COLUMNS,
    ).as('variants_json'),
  );
}

export function variantsFromJson(json: string): VariantRecord[] {
  const rows = JSON.parse(json) as Array<Selectable<ProductVariantsTable>>;
  return rows.map(toVariantRecord).sort((a, b) => a.position - b.position);
}

/**
 * What decides whether a cached wire form is still right (revision, visibility, collections), without the wide
 * columns: compiled once, run with the id as its only parameter.
 */
export function productHeadQuery(db: Executor, dialect: DialectName) {
  const compiled = db
    .selectFrom('products')
    .select(['products.id', 'products.revision', 'products.visible'])
    .select(collectionIdsOf(dialect))
    .where('products.id', '=', '')
    .compile();
  if (compiled.parameters.length !== 1) throw new Error('productHeadQuery: expected the id as the only parameter');
  return async (id: string) => {
    const res = await db.executeQuery<{ id: string; revision: number; visible: number; collection_ids: string }>(
      CompiledQuery.raw(compiled.sql, [id]),
    );
    return res.rows[0];
  };
}

export function toProductRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    numericId: Number(row.numeric_id),
    slug: row.slug,
    name: row.name,
    visible: row.visible === 1,
    productType: row.product_type as ProductRecord['productType'],
    sku: row.sku,
    brand: row.brand,
    ribbon: row.ribbon,
    description: row.description,
    price: Number(row.price),
    discount: { type: row.discount_type as ProductRecord['discount']['type'], value: Number(row.discount_value) },
    cost: row.cost === null ? null : Number(row.cost),
    weight: row.weight,
    manageVariants: row.manage_variants === 1,
    data: JSON.parse(row.data) as ProductData,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    revision: row.revision,
    collectionIds: JSON.parse(row.collection_ids) as string[],
  };
}

/** A variant row's preorder (the frozen "off" object for the many variants without one). */
export function preorderOfRow(row: {
  preorder_enabled: number | string;
  preorder_limit: number | string;
  preorder_message: string | null;
}): PreorderSettings {
  const enabled = Number(row.preorder_enabled) === 1;
  const limit = Number(row.preorder_limit);
  if (!enabled && limit === DEFAULT_PREORDER_LIMIT && row.preorder_message === null) return PREORDER_OFF;
  return { enabled, limit, message: row.preorder_message };
}

export function toVariantRecord(row: Selectable<ProductVariantsTable>): VariantRecord {
  return {
    id: row.id,
    position: row.position,
    choices: JSON.parse(row.choices) as Record<string, string>,
    price: row.price === null ? null : Number(row.price),
    cost: row.cost === null ? null : Number(row.cost),
    weight: row.weight,
    sku: row.sku,
    visible: row.visible === 1,
    trackQuantity: row.track_quantity === 1,
    quantity: row.quantity === null ? null : Number(row.quantity),
    inStock: row.in_stock === 1,
    preorder: preorderOfRow(row),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

/** The price, cost and weight a variant really has: its own when variants are managed, else the product's. */
export function effectiveVariant(p: ProductRecord, v: VariantRecord) {
  const managed = p.manageVariants;
  const price = managed && v.price !== null ? v.price : p.price;
  return {
    price,
    discounted: discountedPrice(price, p.discount),
    cost: managed && v.cost !== null ? v.cost : p.cost,
    weight: managed && v.weight !== null ? v.weight : p.weight,
    sku: managed && v.sku ? v.sku : p.sku,
  };
}

/** An option choice as the facet index and its filter name it: "Size: M". */
export const optionChoiceOf = (option: string, choice: string) => `${option}: ${choice}`;

/** The option choices a product sells: those of its visible variants, each once. */
export function optionChoicesOf(variants: readonly VariantRecord[]): string[] {
  const out = new Set<string>();
  for (const v of variants) {
    if (!v.visible) continue;
    for (const [option, choice] of Object.entries(v.choices)) out.add(optionChoiceOf(option, choice));
  }
  return [...out];
}

/** Columns derived from the product and its variants (ranges, stock), kept for filtering and sorting. */
function productColumns(p: ProductRecord, variants: readonly VariantRecord[]): Insertable<ProductsTable> {
  const visible = variants.filter((v) => v.visible);
  const pool = (visible.length > 0 ? visible : variants).map((v) => effectiveVariant(p, v));
  const prices = pool.map((v) => v.price);
  const costs = pool.map((v) => v.cost).filter((c): c is number => c !== null);
  const weights = pool.map((v) => v.weight ?? 0);
  const stock = productStock(variants);
  return {
    id: p.id,
    numeric_id: p.numericId,
    slug: p.slug,
    name: p.name,
    visible: flag(p.visible),
    product_type: p.productType,
    sku: p.sku,
    brand: p.brand,
    ribbon: p.ribbon,
    description: p.description,
    price: p.price,
    discount_type: p.discount.type,
    discount_value: p.discount.value,
    discounted_price: discountedPrice(p.price, p.discount),
    cost: p.cost,
    weight: p.weight,
    price_min: prices.length ? Math.min(...prices) : p.price,
    price_max: prices.length ? Math.max(...prices) : p.price,
    cost_min: costs.length ? Math.min(...costs) : p.cost,
    cost_max: costs.length ? Math.max(...costs) : p.cost,
    weight_min: weights.length ? Math.min(...weights) : (p.weight ?? 0),
    weight_max: weights.length ? Math.max(...weights) : (p.weight ?? 0),
    track_inventory: flag(stock.trackInventory),
    quantity: stock.quantity,
    in_stock: flag(stock.inStock),
    inventory_status: stock.inventoryStatus,
    manage_variants: flag(p.manageVariants),
    data: JSON.stringify(p.data),
    created_date: p.createdDate,
    updated_date: p.updatedDate,
    revision: p.revision,
    search_name: searchableText(p.name),
    search_text: searchableText(p.description, p.brand, p.sku),
  };
}

function variantColumns(productId: string, v: VariantRecord): Insertable<ProductVariantsTable> {
  return {
    product_id: productId,
    id: v.id,
    position: v.position,
    choices: JSON.stringify(v.choices),
    price: v.price,
    cost: v.cost,
    weight: v.weight,
    sku: v.sku,
    visible: flag(v.visible),
    track_quantity: flag(v.trackQuantity),
    quantity: v.quantity,
    // Stored as the shopper sees it (a tracked variant is in stock while it has quantity), so filters agree.
    in_stock: flag(variantInStock(v)),
    preorder_enabled: flag(v.preorder.enabled),
    preorder_limit: v.preorder.limit,
    preorder_message: v.preorder.message,
    created_date: v.createdDate,
    updated_date: v.updatedDate,
  };
}

export function createProductsRepo(dialect: DialectName) {
  return {
    async findById(ex: Executor, id: string): Promise<ProductRecord | undefined> {
      const row = await selectProducts(ex, dialect).where('products.id', '=', id).executeTakeFirst();
      return row ? toProductRecord(row) : undefined;
    },

    /** Several products in one statement, by id. */
    async findByIds(ex: Executor, ids: readonly string[]): Promise<Map<string, ProductRecord>> {
      if (ids.length === 0) return new Map();
      const rows = await selectProducts(ex, dialect).where('products.id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, toProductRecord(row)]));
    },

    async findBySlug(ex: Executor, slug: string): Promise<ProductRecord | undefined> {
      const row = await selectProducts(ex, dialect).where('products.slug', '=', slug).executeTakeFirst();
      return row ? toProductRecord(row) : undefined;
    },

    /** Variants of several products in one statement, grouped by product id. */
    async variantsOf(ex: Executor, productIds: readonly string[]): Promise<Map<string, VariantRecord[]>> {
      const byProduct = new Map<string, VariantRecord[]>(productIds.map((id) => [id, []]));
      if (productIds.length === 0) return byProduct;
      const rows = await ex
        .selectFrom('product_variants')
        .selectAll()
        .where('product_id', 'in', productIds)
        .orderBy('product_id')
        .orderBy('position')
        .execute();
      for (const row of rows) byProduct.get(row.product_id)?.push(toVariantRecord(row));
      return byProduct;
    },

    async nextNumericId(ex: Executor): Promise<number> {
      const row = await ex
        .insertInto('sequences')
        .values({ name: 'product', value: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', 1) })))
        .returning('value')
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },

    /**
     * Stores a new product and its variants. `facets: false` leaves its facet keys to the caller, which inserts many
     * and places them in categories before one `refreshFacetKeys` of them all (the large-catalog seeder).
     */
    async insert(
      ex: Executor,
      p: ProductRecord,
      variants: readonly VariantRecord[],
      options: { facets?: boolean } = {},
    ): Promise<void> {
      const links = await linkProductNames(ex, p);
      await ex
        .insertInto('products')
        .values({ ...productColumns(p, variants), ...links })
        .execute();
      await this.replaceVariants(ex, p.id, variants, false);
      if (options.facets !== false) await refreshFacetKeys(ex, [p.id]);
      await bumpDataVersion(ex, CATALOG_VERSION);
    },

    /**
     * Writes the product row (and, when given, its variants) computing the derived columns. The ribbon and brand
     * point at their entities (created when new) and `p` takes their spelling.
     */
    async save(
      ex: Executor,
      p: ProductRecord,
      variants: readonly VariantRecord[],
      variantsChanged: boolean,
    ): Promise<void> {
      const links = await linkProductNames(ex, p);
      const { id: _id, ...columns } = productColumns(p, variants);
      await ex
        .updateTable('products')
        .set({ ...columns, ...links })
        .where('id', '=', p.id)
        .execute();
      if (variantsChanged) await this.replaceVariants(ex, p.id, variants, true);
      await refreshFacetKeys(ex, [p.id]);
      await bumpDataVersion(ex, CATALOG_VERSION);
    },

    async replaceVariants(
      ex: Executor,
      productId: string,
      variants: readonly VariantRecord[],
      clear: boolean,
    ): Promise<void> {
      if (clear) {
        await ex.deleteFrom('product_variants').where('product_id', '=', productId).execute();
        await ex.deleteFrom('product_option_choices').where('product_id', '=', productId).execute();
      }
      // Chunked so that very large option matrices stay under the engines' parameter limits.
      for (let i = 0; i < variants.length; i += 200) {
        const chunk = variants.slice(i, i + 200).map((v) => variantColumns(productId, v));
        await ex.insertInto('product_variants').values(chunk).execute();
      }
      const choices = optionChoicesOf(variants).map((choice) => ({ product_id: productId, choice }));
      for (let i = 0; i < choices.length; i += 300)
        await ex
          .insertInto('product_option_choices')
          .values(choices.slice(i, i + 300))
          .execute();
    },

    async delete(ex: Executor, id: string): Promise<boolean> {
      const res = await ex.deleteFrom('products').where('id', '=', id).executeTakeFirst();
      await refreshFacetKeys(ex, [id]);
      await bumpDataVersion(ex, CATALOG_VERSION);
      return Number(res.numDeletedRows) > 0;
    },

    async existingIds(ex: Executor, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await ex.selectFrom('products').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async count(db: Kysely<Database>): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ProductsRepo = ReturnType<typeof createProductsRepo>;
