import type { Product } from '@merx/contract';

/*
 * What the product page says about stock (docs/decisions/0032-preorder.md): a variant with units on hand is in stock;
 * one out of units that the merchant lets buyers preorder is sold as a preorder; any other is sold out.
 */

export type Availability = 'in' | 'preorder' | 'out';

/** Said to buyers when the merchant left the preorder message empty (the order line says the same). */
export const DEFAULT_PREORDER_MESSAGE = 'Ships when back in stock';

type Variant = NonNullable<Product['variants']>[number];

/** What the page knows of the chosen variant (the availability call's `selectedVariant`). */
export interface SelectedStock {
  inStock: boolean;
  quantity?: number | undefined;
  availableForPreorder?: boolean | undefined;
  preorderMessage?: string | undefined;
}

/** Where the buy button stands: choose options first, or the chosen variant's availability and what to say. */
export interface BuyState {
  availability: Availability | 'choose';
  /** Shown beside a Preorder button. */
  preorderMessage?: string;
  /** Units on hand, when counted (for "Only 3 left" and the quantity's maximum). */
  left?: number;
}

const same = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** A visible variant carrying `choice` of `optionName` and the other options as chosen (choice names, any case). */
function carries(v: Variant, optionName: string, choice: string, selection: Record<string, string>): boolean {
  if (v.variant?.visible === false || v.choices[optionName] !== choice) return false;
  return Object.entries(selection).every(([name, value]) => name === optionName || same(v.choices[name], value));
}

/**
 * One choice of an option with the other options as chosen: in stock (the availability call's answer), else on
 * preorder when a variant carrying it can be preordered, else sold out.
 */
export function choiceAvailability(
  product: Pick<Product, 'variants'>,
  optionName: string,
  choice: string,
  selection: Record<string, string>,
  inStock: boolean,
): Availability {
  if (inStock) return 'in';
  const preorder = (product.variants ?? []).some(
    (v) => v.stock.availableForPreorder && carries(v, optionName, choice, selection),
  );
  return preorder ? 'preorder' : 'out';
}

const messageOf = (m: string | undefined) => m?.trim() || DEFAULT_PREORDER_MESSAGE;

/**
 * The buy button's state. Without options the product's own stock says it (its one variant gives the preorder
 * message); with options, nothing until every option is chosen, then the chosen variant (while its availability is
 * still on its way, it may be bought unless the call said otherwise).
 */
export function buyState(
  product: Pick<Product, 'stock' | 'variants' | 'productOptions'>,
  complete: boolean,
  selected: SelectedStock | undefined,
  availableForPurchase: boolean | undefined,
): BuyState {
  const tracked = product.stock?.trackInventory === true;
  if ((product.productOptions ?? []).length === 0) {
    const only = product.variants?.[0]?.stock;
    const left = tracked ? (only?.quantity ?? product.stock?.quantity) : undefined;
    if (product.stock?.inStock !== false) return { availability: 'in', ...(left !== undefined ? { left } : {}) };
    return product.stock?.availableForPreorder
      ? { availability: 'preorder', preorderMessage: messageOf(only?.preorderMessage) }
      : { availability: 'out' };
  }
  if (!complete) return { availability: 'choose' };
  if (!selected) return { availability: availableForPurchase === false ? 'out' : 'in' };
  if (selected.inStock)
    return { availability: 'in', ...(selected.quantity !== undefined ? { left: selected.quantity } : {}) };
  return selected.availableForPreorder
    ? { availability: 'preorder', preorderMessage: messageOf(selected.preorderMessage) }
    : { availability: 'out' };
}
