import type { Product } from '@merx/contract';

/*
 * Preorder in the product editor (docs/decisions/0032-preorder.md): the product's setting as the form edits it, what
 * the inventory API takes, and the units owed to buyers that a negative quantity stands for.
 */

/** The most units a variant may sell beyond its stock; the API's default, shown to the merchant as "no limit". */
export const NO_PREORDER_LIMIT = 100_000;
export const PREORDER_MESSAGE_MAX = 250;
/** Said to buyers when the merchant leaves the message empty (the server writes the same on the order line). */
export const DEFAULT_PREORDER_MESSAGE = 'Ships when back in stock';

/** Preorder as the editor holds it: the limit stays text while typed; blank means no limit. */
export interface PreorderDraft {
  enabled: boolean;
  message: string;
  limit: string;
}

/** Preorder as the inventory item answers it. */
export interface PreorderInfo {
  enabled: boolean;
  message?: string | undefined;
  limit?: number | undefined;
}

export const PREORDER_OFF_DRAFT: PreorderDraft = { enabled: false, message: '', limit: '' };

/** The form's preorder from the inventory item's (the default limit shows as blank: no limit). */
export function preorderDraftOf(info: PreorderInfo | undefined): PreorderDraft {
  if (!info) return { ...PREORDER_OFF_DRAFT };
  const limit = info.limit;
  return {
    enabled: info.enabled,
    message: info.message ?? '',
    limit: limit === undefined || limit === NO_PREORDER_LIMIT ? '' : String(limit),
  };
}

/** The preorder limit as a number: blank is no limit; anything else must be a whole number (else NaN). */
export function preorderLimitOf(text: string): number {
  const t = text.trim();
  if (t === '') return NO_PREORDER_LIMIT;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

/** Problems of the preorder fields, keyed as the inventory API names them (so its refusals land there too). */
export function validatePreorder(draft: PreorderDraft, tracked: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.message.trim().length > PREORDER_MESSAGE_MAX)
    errors['preorderInfo.message'] = `Use at most ${PREORDER_MESSAGE_MAX} characters`;
  // The limit counts units, so it only matters (and is only shown) while the product counts them.
  if (tracked) {
    const limit = preorderLimitOf(draft.limit);
    if (Number.isNaN(limit)) errors['preorderInfo.limit'] = 'Enter a whole number, or leave it empty for no limit';
    else if (limit > NO_PREORDER_LIMIT)
      errors['preorderInfo.limit'] = `Enter at most ${NO_PREORDER_LIMIT.toLocaleString('en-US')}, or leave it empty`;
  }
  return errors;
}

/** What `updateInventoryVariants` takes for the draft: a blank message removes it, a blank limit is no limit. */
export function preorderInfoOf(draft: PreorderDraft): { enabled: boolean; message: string | null; limit: number } {
  const limit = preorderLimitOf(draft.limit);
  return {
    enabled: draft.enabled,
    message: draft.message.trim() || null,
    limit: Number.isNaN(limit) ? NO_PREORDER_LIMIT : limit,
  };
}

/** Whether saving must send the preorder setting: it differs from the saved one (any setting, for a new product). */
export function preorderChanged(draft: PreorderDraft, saved: PreorderDraft | undefined): boolean {
  return JSON.stringify(preorderInfoOf(draft)) !== JSON.stringify(preorderInfoOf(saved ?? PREORDER_OFF_DRAFT));
}

/** Units a variant owes to buyers: how far its quantity went below zero. */
export const owedOf = (quantity: number | undefined | null): number => Math.max(0, -(quantity ?? 0));

/** How a product's stock reads in the product list. */
export type StockSummary =
  | { kind: 'untracked'; partly: boolean }
  | { kind: 'out'; owed: number }
  | { kind: 'preorder'; owed: number }
  | { kind: 'low' | 'in'; quantity: number; variants: number; partly: boolean };

/** The product list's stock words: units on hand, or (out of them) whether it still sells on preorder and what is owed. */
export function stockSummary(product: Product, lowStock: number): StockSummary {
  const { stock } = product;
  // Units owed to preorders are per variant: the product's own quantity counts units on hand only.
  const owed = (product.variants ?? []).reduce(
    (sum, v) => sum + (v.stock.trackQuantity ? owedOf(v.stock.quantity) : 0),
    0,
  );
  if (!stock.inStock) return stock.availableForPreorder ? { kind: 'preorder', owed } : { kind: 'out', owed };
  const partly = stock.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK';
  if (!stock.trackInventory) return { kind: 'untracked', partly };
  const quantity = stock.quantity ?? 0;
  const variants = product.productOptions.length > 0 ? (product.variants?.length ?? 0) : 0;
  return { kind: quantity <= lowStock ? 'low' : 'in', quantity, variants, partly };
}
