import type { Database, ProductsTable, ProductVariantsTable } from '@merx/db';
import type { Selectable } from 'kysely';
import { Lru } from '../../lib/lru.js';
import { type ProductRow, toProductRecord, toVariantRecord } from '../products/products.repo.js';
import type { CartLineRecord, CartRecord, CartState, CatalogEntry, OwnerKind } from './cart.types.js';

/*
 * Rows of the cart tables and the records the module works with; the columns each read selects.
 */

type CartsTable = Database['carts'];
type CartLinesTable = Database['cart_lines'];
type CartRow = Selectable<CartsTable>;
type LineRow = Selectable<CartLinesTable>;
/** A cart row with its lines and its products' rows as JSON text, all read in the same statement. */
export type StateRow = CartRow & {
  /** Null when the lines held for the cart (HeldLines) are its lines. */
  lines_json: string | null;
  /** Full rows of the products being added (and of products the cache lacks, on a second read). */
  products_json: string;
  variants_json: string;
  /** `{id, revision}` of every product on the lines or being added. */
  revisions_json: string;
  /** Collection memberships of those products; a take does not read them. */
  memberships_json?: string;
  /** A take's: the cart's revision as its statement's snapshot saw it (see `linesInStep`). */
  base_revision?: number | string | null;
};

/** Columns read of a line. */
export const LINE_COLUMNS = [
  'id',
  'cart_id',
  'line_key',
  'position',
  'catalog_app_id',
  'catalog_item_id',
  'variant_id',
  'options',
  'quantity',
  'custom_data',
  'catalog_override_fields',
  'snapshot',
  'added_date',
  'updated_date',
] as const satisfies readonly (keyof CartLinesTable)[];

/** Columns read of a product: all but the description, which a cart never shows. */
export const PRODUCT_COLUMNS = [
  'id',
  'numeric_id',
  'slug',
  'name',
  'visible',
  'product_type',
  'sku',
  'brand',
  'ribbon',
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

/** Columns read of a variant. */
export const VARIANT_COLUMNS = [
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
] as const satisfies readonly (keyof ProductVariantsTable)[];

/** Columns read of a cart. */
export const CART_COLUMNS = [
  'carts.id',
  'carts.owner_kind',
  'carts.owner_id',
  'carts.currency',
  'carts.coupon_code',
  'carts.coupon_id',
  'carts.buyer_note',
  'carts.contact_info',
  'carts.created_date',
  'carts.updated_date',
  'carts.revision',
] as const;

/** A new line, or more of an existing one (same cart and key): a row of `cart_lines`. */
export interface NewLine {
  id: string;
  cart_id: string;
  line_key: string;
  position: number;
  catalog_app_id: string | null;
  catalog_item_id: string | null;
  variant_id: string | null;
  options: string;
  quantity: number;
  custom_data: string | null;
  catalog_override_fields: string | null;
  snapshot: string;
  added_date: string;
  updated_date: string;
}

/** The cart's own fields a change may set. */
export interface CartFields {
  coupon_code?: string | null;
  coupon_id?: string | null;
  buyer_note?: string | null;
  contact_info?: string | null;
}

function cartOf(row: CartRow): CartRecord {
  return {
    id: row.id,
    owner: { kind: row.owner_kind as OwnerKind, id: row.owner_id },
    currency: row.currency,
    couponCode: row.coupon_code,
    couponId: row.coupon_id,
    buyerNote: row.buyer_note,
    contactInfo: row.contact_info ? JSON.parse(row.contact_info) : null,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    revision: Number(row.revision),
  };
}

/**
 * Lines carry the same JSON texts (snapshot, options) request after request: each text is parsed once per process
 * and the frozen value shared (bounded, least recently used dropped first).
 */
const parsedTexts = new Lru<string, unknown>(20_000);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function parsedOnce<T>(text: string): T {
  const known = parsedTexts.get(text);
  if (known !== undefined) return known as T;
  const value = deepFreeze(JSON.parse(text) as T);
  parsedTexts.set(text, value);
  return value;
}

/** The columns a cart line and a checkout line share. */
export type LineColumns = Omit<LineRow, 'cart_id'>;

/** A line row (of a cart or a checkout; read, or about to be written) as the record the modules work with. */
export function lineOf(row: LineColumns | NewLine): CartLineRecord {
  return {
    id: row.id,
    key: row.line_key,
    position: Number(row.position),
    catalogAppId: row.catalog_app_id,
    catalogItemId: row.catalog_item_id,
    variantId: row.variant_id,
    options: parsedOnce(row.options),
    quantity: Number(row.quantity),
    custom: row.custom_data ? parsedOnce(row.custom_data) : null,
    overrides: row.catalog_override_fields ? parsedOnce(row.catalog_override_fields) : null,
    snapshot: parsedOnce(row.snapshot),
    addedDate: row.added_date,
    updatedDate: row.updated_date,
  };
}

/** A line as a row of `cart_id` (to move it to another cart). */
export function lineRow(line: CartLineRecord, cartId: string): NewLine {
  return {
    id: line.id,
    cart_id: cartId,
    line_key: line.key,
    position: line.position,
    catalog_app_id: line.catalogAppId,
    catalog_item_id: line.catalogItemId,
    variant_id: line.variantId,
    options: JSON.stringify(line.options),
    quantity: line.quantity,
    custom_data: line.custom ? JSON.stringify(line.custom) : null,
    catalog_override_fields: line.overrides ? JSON.stringify(line.overrides) : null,
    snapshot: JSON.stringify(line.snapshot),
    added_date: line.addedDate,
    updated_date: line.updatedDate,
  };
}

/** Parses a JSON value that one engine nests as JSON and the other as text. */
export const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Collection ids by product of membership rows read as a JSON column (a product read twice counts once). */
function collectionsOf(membershipsJson: unknown): Map<string, string[]> {
  const collections = new Map<string, string[]>();
  for (const m of parsed<Array<{ product_id: string; collection_id: string }>>(membershipsJson)) {
    const list = collections.get(m.product_id);
    if (!list) collections.set(m.product_id, [m.collection_id]);
    else if (!list.includes(m.collection_id)) list.push(m.collection_id);
  }
  return collections;
}

/** The catalog entries of product, variant and membership rows read as JSON columns (cart and checkout reads). */
export function catalogOf(
  productsJson: unknown,
  variantsJson: unknown,
  membershipsJson: unknown,
): Map<string, CatalogEntry> {
  const collections = collectionsOf(membershipsJson);
  const variants = new Map<string, Array<Selectable<ProductVariantsTable>>>();
  for (const v of parsed<Array<Selectable<ProductVariantsTable>>>(variantsJson))
    variants.set(v.product_id, [...(variants.get(v.product_id) ?? []), v]);
  const catalog = new Map<string, CatalogEntry>();
  for (const p of parsed<Array<Omit<ProductRow, 'description' | 'collection_ids'>>>(productsJson)) {
    const ids = (collections.get(p.id) ?? []).sort();
    const product = toProductRecord({ ...p, description: '', collection_ids: JSON.stringify(ids) });
    const productVariants = (variants.get(p.id) ?? []).map(toVariantRecord).sort((a, b) => a.position - b.position);
    catalog.set(p.id, { product, variants: productVariants });
  }
  return catalog;
}

/**
 * Parsed catalog entries by product id and revision, per process. Every write of a product or its variants (stock
 * included) bumps `products.revision`, so an entry is never stale: a cart read asks the database only for the
 * revisions of its products, and for the full rows of the products being added or not known at that revision.
 * Collection memberships do not bump the revision: they are read with every cart and set on the entry's copy.
 */
export class CatalogCache {
  private readonly entries = new Lru<string, CatalogEntry>(5000);
  private readonly newest = new Lru<string, number>(5000);

  get(productId: string, revision: number): CatalogEntry | undefined {
    return this.entries.get(`${productId}:${revision}`);
  }

  /** The newest revision of the product held (to be checked against the database), or undefined. */
  newestRevision(productId: string): number | undefined {
    return this.newest.get(productId);
  }

  /** Parses full product and variant rows (JSON columns) and keeps them; returns the entries by product id. */
  add(productsJson: unknown, variantsJson: unknown): Map<string, CatalogEntry> {
    const added = catalogOf(productsJson, variantsJson, '[]');
    for (const entry of added.values()) {
      Object.freeze(entry.product);
      Object.freeze(entry.variants);
      this.entries.set(`${entry.product.id}:${entry.product.revision}`, entry);
      const known = this.newest.get(entry.product.id);
      if (known === undefined || known < entry.product.revision)
        this.newest.set(entry.product.id, entry.product.revision);
    }
    return added;
  }
}

/**
 * The process's catalog entries, shared by cart and checkout reads (keys are product ids with their revision, so
 * apps on different databases in one process, as in tests, never see each other's entries).
 */
export const sharedCatalogCache = new CatalogCache();

/**
 * The catalog of a cart read: entries of the products (full rows for those read in full, else the cache at the
 * revision read), with their collection ids when the read took them (else the cache's own entries, without);
 * `missing` lists products whose revision the cache does not hold.
 */
export function cachedCatalogOf(
  cache: CatalogCache,
  row: { products_json: unknown; variants_json: unknown; revisions_json: unknown; memberships_json?: unknown },
): { catalog: Map<string, CatalogEntry>; missing: string[] } {
  const full = cache.add(row.products_json, row.variants_json);
  const collections = row.memberships_json === undefined ? undefined : collectionsOf(row.memberships_json);
  const catalog = new Map<string, CatalogEntry>();
  const missing = new Set<string>();
  for (const { id, revision } of parsed<Array<{ id: string; revision: number }>>(row.revisions_json)) {
    // A product on two lines (or on a line and being added) comes twice.
    if (catalog.has(id) || missing.has(id)) continue;
    const entry = full.get(id) ?? cache.get(id, Number(revision));
    if (!entry) missing.add(id);
    else if (!collections) catalog.set(id, entry);
    else {
      const collectionIds = (collections.get(id) ?? []).sort();
      catalog.set(id, { product: { ...entry.product, collectionIds }, variants: entry.variants });
    }
  }
  return { catalog, missing: [...missing] };
}

/** Lines read as a JSON column, in their order. */
export function linesOf<R extends LineColumns, L extends CartLineRecord>(json: unknown, map: (row: R) => L): L[] {
  return parsed<R[]>(json)
    .map(map)
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
}

/**
 * Whether the lines a take read are those of the revision before its own: the statement's snapshot saw that
 * revision (SQLite's sees the take's own; a new cart has no lines before). On PostgreSQL a take that waited for the
 * row while another change committed bumps the revision that change wrote, but reads the lines of its snapshot.
 */
function takeInStep(row: StateRow, revision: number): boolean {
  if (row.base_revision === undefined) return true;
  if (row.base_revision === null) return revision === 1;
  return Number(row.base_revision) >= revision - 1;
}

/**
 * A cart row read with its lines and catalog (JSON columns) as a cart state, the catalog completed from `cache`;
 * `held` are the lines when the row has none (they are the ones held); `missing` lists the products to read in full
 * (then call again).
 */
export function stateOf(
  row: StateRow,
  cache: CatalogCache,
  held?: readonly CartLineRecord[],
): { state: CartState; missing: string[] } {
  const cart = cartOf(row);
  const read = row.lines_json !== null;
  const lines = read ? linesOf(row.lines_json, lineOf) : held;
  if (!lines) throw new Error('a cart read answered no lines and none are held');
  const { catalog, missing } = cachedCatalogOf(cache, row);
  const linesInStep = !read || takeInStep(row, cart.revision);
  return { state: { cart, lines, catalog, created: false, linesInStep }, missing };
}
