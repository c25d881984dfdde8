import { type Discount, discountedPrice } from '@merx/domain';
import type { effectiveVariant } from '../products/products.repo.js';
import type { DraftVariant } from './product-csv.draft.js';

/** What a variant sells for (list price and price after the discount), costs, weighs, and its SKU. */
export interface Effective {
  list: number;
  sell: number;
  cost: number | null;
  weight: number | null;
  sku: string | null;
}

/** What a variant row costs and weighs, the store's values standing in for columns the file does not have. */
export function effectiveOf(
  row: DraftVariant,
  was: ReturnType<typeof effectiveVariant> | undefined,
): Effective | undefined {
  let list: number;
  let sell: number;
  if (row.price !== undefined) {
    sell = row.price;
    list = row.compareAt != null && row.compareAt > row.price ? row.compareAt : row.price;
  } else if (was) {
    list = was.price;
    sell = was.discounted;
  } else {
    return undefined;
  }
  return {
    list,
    sell,
    cost: row.cost !== undefined ? row.cost : (was?.cost ?? null),
    weight: row.weight !== undefined ? row.weight : (was?.weight ?? null),
    sku: row.sku !== undefined ? row.sku : (was?.sku ?? null),
  };
}

/**
 * Merx's one discount per product from the variants' compare-at and selling prices: the same amount off each, or
 * the same percentage; otherwise `mismatch` is told and the selling prices become the list prices.
 */
export function discountOf(all: Effective[], base: Effective, mismatch: () => void): Discount {
  const off = base.list - base.sell;
  if (all.every((e) => e.list - e.sell === off))
    return off > 0 ? { type: 'AMOUNT', value: off } : { type: 'NONE', value: 0 };
  const percent: Discount = { type: 'PERCENT', value: Math.round((10_000 * off) / base.list) / 100 };
  if (percent.value <= 100 && all.every((e) => discountedPrice(e.list, percent) === e.sell)) return percent;
  mismatch();
  for (const e of all) e.list = e.sell;
  return { type: 'NONE', value: 0 };
}
