import type { Product, ProductV3, RichContent } from '@merx/contract';
import type { Filter, PlatformQuery, SortEntry } from '@merx/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';
import { choiceModifiersOf, type WireChoiceModifier } from '../hooks/modifiers';
import type { PreorderInfo } from '../hooks/preorder';
import { tagsOf } from '../hooks/tags';

export const PAGE_SIZE = 50;
/**
 * The collection that always holds every product and cannot be changed (the contract's ALL_PRODUCTS_COLLECTION_ID,
 * written here so that the page does not load the contract's schemas).
 */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';
/** A tracked product with this many units or fewer (and some) is low on stock. */
export const LOW_STOCK = 5;

/** The product list's view, as kept in the URL. */
export interface ProductListView {
  q: string;
  collection: string;
  visibility: string;
  stock: string;
  min: string;
  max: string;
  sort: string;
  cursor: string;
}

export const LIST_KEYS = ['q', 'collection', 'visibility', 'stock', 'min', 'max', 'sort'] as const;

export const SORTS: ReadonlyArray<{ value: string; label: string; sort: SortEntry }> = [
  { value: '', label: 'Last updated', sort: { fieldName: 'lastUpdated', order: 'DESC' } },
  { value: 'created', label: 'Newest', sort: { fieldName: 'createdDate', order: 'DESC' } },
  { value: 'name', label: 'Name A–Z', sort: { fieldName: 'name', order: 'ASC' } },
  { value: 'name-desc', label: 'Name Z–A', sort: { fieldName: 'name', order: 'DESC' } },
  { value: 'price', label: 'Price, low to high', sort: { fieldName: 'priceData.price', order: 'ASC' } },
  { value: 'price-desc', label: 'Price, high to low', sort: { fieldName: 'priceData.price', order: 'DESC' } },
];

export const STOCK_FILTERS: ReadonlyArray<{ value: string; label: string; filter: Filter }> = [
  { value: 'in', label: 'In stock', filter: { 'stock.inStock': true } },
  {
    value: 'low',
    label: `Low (${LOW_STOCK} or fewer)`,
    filter: {
      $and: [
        { 'stock.trackInventory': true },
        { 'stock.quantity': { $gt: 0 } },
        { 'stock.quantity': { $lte: LOW_STOCK } },
      ],
    },
  },
  { value: 'out', label: 'Out of stock', filter: { 'stock.inStock': false } },
  { value: 'untracked', label: 'Not tracked', filter: { 'stock.trackInventory': false } },
];

const amount = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The catalog query of a view: search by name or SKU, filters, sort, and the page's cursor. */
export function listQueryOf(view: ProductListView): PlatformQuery {
  const and: Filter[] = [];
  const q = view.q.trim();
  if (q) and.push({ $or: [{ name: { $contains: q } }, { sku: { $startsWith: q } }] });
  if (view.collection) and.push({ collectionIds: { $hasSome: [view.collection] } });
  if (view.visibility === 'visible') and.push({ visible: true });
  if (view.visibility === 'hidden') and.push({ visible: false });
  const stock = STOCK_FILTERS.find((s) => s.value === view.stock);
  if (stock) and.push(stock.filter);
  const min = amount(view.min);
  const max = amount(view.max);
  if (min !== undefined) and.push({ 'priceData.price': { $gte: min } });
  if (max !== undefined) and.push({ 'priceData.price': { $lte: max } });
  const sort = (SORTS.find((s) => s.value === view.sort) ?? (SORTS[0] as (typeof SORTS)[number])).sort;
  return {
    filter: and.length === 0 ? {} : and.length === 1 ? (and[0] as Filter) : { $and: and },
    sort: [sort],
    cursorPaging: { limit: PAGE_SIZE, ...(view.cursor ? { cursor: view.cursor } : {}) },
  };
}

/** One page of the whole catalog (hidden products too), by cursor: deep pages cost what the first one does. */
export const productListQuery = (view: ProductListView) =>
  queryOptions({
    queryKey: ['products', 'list', view],
    queryFn: async ({ signal }) =>
      (await admin()).products.queryProductsPage(listQueryOf(view), { includeHiddenProducts: true }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProductList = (view: ProductListView) => useQuery(productListQuery(view));

/** A brand or ribbon of the product: an existing entity (with its id), or a name the save creates. */
export interface NamedRef {
  id?: string | undefined;
  name: string;
}

/** An info-section entity the product references. */
export interface SharedSection {
  id: string;
  uniqueName: string;
  title: string;
}

/** What the editor reads through catalog v3 (the same product and revision as v1). */
export interface CatalogV3Parts {
  /** The description in the node model. */
  description: RichContent;
  brand: NamedRef | null;
  ribbon: NamedRef | null;
  /** The info-section entities it references, in order; null when its sections are its own (or it has none). */
  sharedSections: SharedSection[] | null;
  /** The choice modifiers (decision 0033); the free-text ones are v1's custom text fields. */
  modifiers: WireChoiceModifier[];
  /** Tag ids as stored: the editor edits the public ones and sends the private ones back as read. */
  tags: { public: string[]; private: string[] };
}

/**
 * A product as the editor reads it: v1 with merchant data, the parts only catalog v3 gives, and its preorder setting
 * (the inventory item's).
 */
export type EditedProduct = Product & { v3: CatalogV3Parts; preorder: PreorderInfo };

const namedOf = (x: unknown): NamedRef | null => {
  const r = x as { id?: unknown; name?: unknown } | null | undefined;
  return r && typeof r.name === 'string' ? { id: typeof r.id === 'string' ? r.id : undefined, name: r.name } : null;
};

/**
 * The v3 parts of a product. Its v3 info sections are either the entities it references or its own sections with
 * derived ids (decision 0030): they are the entities when those ids are info sections' ids.
 */
export async function v3PartsOf(a: Admin, v3: ProductV3, signal?: AbortSignal): Promise<CatalogV3Parts> {
  const listed = ((v3.infoSections as Array<Record<string, unknown>> | undefined) ?? []).flatMap((s) =>
    typeof s.id === 'string'
      ? [{ id: s.id, uniqueName: String(s.uniqueName ?? ''), title: String(s.title ?? '') }]
      : [],
  );
  let sharedSections: SharedSection[] | null = null;
  if (listed.length > 0) {
    const found = await a.infoSections
      .queryInfoSections()
      .in(
        'id',
        listed.map((s) => s.id),
      )
      .limit(listed.length)
      .find({ signal });
    if (found.items.length > 0) sharedSections = listed;
  }
  return {
    description: (v3.description as RichContent | undefined) ?? { nodes: [] },
    brand: namedOf(v3.brand),
    ribbon: namedOf(v3.ribbon),
    sharedSections,
    modifiers: choiceModifiersOf(v3.modifiers),
    tags: tagsOf((v3 as { tags?: unknown }).tags),
  };
}

/**
 * Reads a product for the editor: v1 (with merchant data), v3 (description, brand, ribbon, info sections) and its
 * inventory item (preorder).
 * Its modifiers and tags come with every v3 read.
 */
export async function readProduct(a: Admin, id: string, signal?: AbortSignal): Promise<EditedProduct> {
  const [v1, v3, item] = await Promise.all([
    a.products.getProduct(id, { includeMerchantSpecificData: true }, { signal }),
    a.productsV3.getProduct(id, { fields: ['DESCRIPTION', 'INFO_SECTION'], signal }),
    a.inventory.getInventoryVariants(id, { variantIds: [] }, { signal }),
  ]);
  return { ...v1.product, v3: await v3PartsOf(a, v3, signal), preorder: item.inventoryItem.preorderInfo };
}

/** One product with its variants, merchant data (cost, profit) and its catalog v3 parts. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'one', id],
    queryFn: async ({ signal }): Promise<EditedProduct> => readProduct(await admin(), id, signal),
    staleTime: 0,
  });

export const useProduct = (id: string | undefined) => useQuery({ ...productQuery(id ?? ''), enabled: Boolean(id) });

/** The store's collections by name, for filters, bulk actions and the editor (the first 100). */
export const collectionChoicesQuery = () =>
  queryOptions({
    queryKey: ['collections', 'choices'],
    queryFn: async ({ signal }) =>
      (
        await (
          await admin()
        ).collections.queryCollectionsPage(
          { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 100, offset: 0 } },
          { signal },
        )
      ).collections,
    staleTime: 60_000,
  });

export const useCollectionChoices = () => useQuery(collectionChoicesQuery());
