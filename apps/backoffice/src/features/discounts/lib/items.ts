import type { DiscountRule } from '@merx/sdk';

/** The catalog app of the store's own products (the contract's `STORES_APP_ID`). */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

type Scope = DiscountRule['discounts']['values'][number]['specificItemsInfo']['scopes'][number];

/** Which products a discount (or its condition) counts: every product, or the products and collections chosen. */
export interface ItemSelection {
  all: boolean;
  productIds: string[];
  collectionIds: string[];
}

export const everyProduct: ItemSelection = { all: true, productIds: [], collectionIds: [] };
/** Specific products and collections, none chosen yet. */
export const someProducts: ItemSelection = { all: false, productIds: [], collectionIds: [] };

/** The selection that scopes stand for (a catalog scope without item ids is every product). */
export function selectionOf(scopes: readonly Scope[]): ItemSelection {
  const all = scopes.some((s) => s.type === 'CATALOG_ITEM' && (s.catalogItemFilter?.catalogItemIds.length ?? 0) === 0);
  if (all) return everyProduct;
  return {
    all: false,
    productIds: [...new Set(scopes.flatMap((s) => s.catalogItemFilter?.catalogItemIds ?? []))],
    collectionIds: [...new Set(scopes.flatMap((s) => s.customFilter?.params.collectionIds ?? []))],
  };
}

/** The scopes the API takes for a selection. */
export function scopesOf(items: ItemSelection) {
  if (items.all) {
    return [{ type: 'CATALOG_ITEM' as const, catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: [] } }];
  }
  return [
    ...(items.productIds.length
      ? [
          {
            type: 'CATALOG_ITEM' as const,
            catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: items.productIds },
          },
        ]
      : []),
    ...(items.collectionIds.length
      ? [{ type: 'CUSTOM_FILTER' as const, customFilter: { params: { collectionIds: items.collectionIds } } }]
      : []),
  ];
}

export const sameSelection = (a: ItemSelection, b: ItemSelection) =>
  a.all === b.all &&
  [...a.productIds].sort().join() === [...b.productIds].sort().join() &&
  [...a.collectionIds].sort().join() === [...b.collectionIds].sort().join();

/** "All products", "3 products", "2 products and 1 collection". */
export function selectionText(items: ItemSelection): string {
  if (items.all) return 'All products';
  const part = (n: number, one: string) => (n === 0 ? '' : `${n} ${one}${n === 1 ? '' : 's'}`);
  return (
    [part(items.productIds.length, 'product'), part(items.collectionIds.length, 'collection')]
      .filter(Boolean)
      .join(' and ') || 'No products chosen'
  );
}
