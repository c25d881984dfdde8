/** Option and variant rules of the v1 catalog: the variant matrix, choice availability, stock status. */

export interface OptionChoice {
  value: string;
  description: string;
}

export interface OptionSpec {
  name: string;
  choices: OptionChoice[];
}

export type Choices = Record<string, string>;

/** Every combination of one choice (by description) per option, in option order; `[{}]` without options. */
export function variantMatrix(options: readonly OptionSpec[]): Choices[] {
  let combos: Choices[] = [{}];
  for (const option of options) {
    const next: Choices[] = [];
    for (const combo of combos) {
      for (const choice of option.choices) next.push({ ...combo, [option.name]: choice.description });
    }
    combos = next;
  }
  return combos;
}

/** Stable key of a choice set, independent of key order and letter case. */
export function choicesKey(choices: Choices): string {
  return Object.keys(choices)
    .map((k) => [k.toLowerCase(), String(choices[k]).toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\u0000');
}

/** True when every choice in `partial` is part of `choices` (case-insensitive). */
export function matchesChoices(choices: Choices, partial: Choices): boolean {
  const lower = new Map(Object.entries(choices).map(([k, v]) => [k.toLowerCase(), v.toLowerCase()]));
  return Object.entries(partial).every(([k, v]) => lower.get(k.toLowerCase()) === v.toLowerCase());
}

/**
 * Preorder of one variant (docs/decisions/0032-preorder.md): once its units are gone it still sells, a tracked variant
 * down to `-limit` units (a negative quantity is units owed to buyers), an untracked one marked out of stock without
 * a count.
 */
export interface PreorderSettings {
  enabled: boolean;
  /** Most units sold beyond stock (tracked variants only). */
  limit: number;
  /** Shown to buyers while the variant sells on preorder. */
  message: string | null;
}

/** The limit a variant gets when preorder is turned on without one (the contract's default). */
export const DEFAULT_PREORDER_LIMIT = 100_000;
export const PREORDER_OFF: PreorderSettings = Object.freeze({
  enabled: false,
  limit: DEFAULT_PREORDER_LIMIT,
  message: null,
});

export interface StockState {
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
  visible: boolean;
  preorder?: PreorderSettings;
}

type Stock = Pick<StockState, 'trackQuantity' | 'quantity' | 'inStock' | 'preorder'>;

/** Whether one variant has units on hand (preorder aside): what v1's `inStock` says. */
export function variantInStock(v: Stock): boolean {
  return v.trackQuantity ? (v.quantity ?? 0) > 0 : v.inStock;
}

/** Whether a variant has nothing on hand but still sells on preorder. */
export function variantOnPreorder(v: Stock): boolean {
  if (!v.preorder?.enabled || variantInStock(v)) return false;
  return v.trackQuantity ? (v.quantity ?? 0) + v.preorder.limit > 0 : true;
}

/** Whether a variant can be bought now: units on hand, or preorder room left. */
export function variantBuyable(v: Stock): boolean {
  return variantInStock(v) || variantOnPreorder(v);
}

/** How many units of a tracked variant can be sold now, preorder included; null when the variant is not counted. */
export function unitsForSale(v: Stock): number | null {
  if (!v.trackQuantity) return null;
  const onHand = v.quantity ?? 0;
  return Math.max(0, onHand + (v.preorder?.enabled ? v.preorder.limit : 0));
}

/** Of `quantity` units bought now, how many are preordered (beyond the units on hand). */
export function preorderedUnits(v: Stock, quantity: number): number {
  if (!v.preorder?.enabled) return 0;
  if (!v.trackQuantity) return v.inStock ? 0 : quantity;
  return Math.min(quantity, Math.max(0, quantity - Math.max(0, v.quantity ?? 0)));
}

/** Catalog v3's availability of one variant. */
export function variantAvailability(v: Stock): 'IN_STOCK' | 'PREORDER' | 'OUT_OF_STOCK' {
  return variantInStock(v) ? 'IN_STOCK' : variantOnPreorder(v) ? 'PREORDER' : 'OUT_OF_STOCK';
}

export type InventoryStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';

/** Stock of the whole product from its visible variants (all variants when none is visible). */
export function productStock(variants: readonly StockState[]): {
  trackInventory: boolean;
  quantity: number | null;
  inStock: boolean;
  inventoryStatus: InventoryStatus;
} {
  const visible = variants.filter((v) => v.visible);
  const pool = visible.length > 0 ? visible : variants;
  const tracked = pool.filter((v) => v.trackQuantity);
  const trackInventory = pool.length > 0 && tracked.length === pool.length;
  // Units on hand: units a variant owes to preorders (a negative quantity) do not take from the others'.
  const quantity = trackInventory ? tracked.reduce((sum, v) => sum + Math.max(0, v.quantity ?? 0), 0) : null;
  const inStockCount = pool.filter(variantInStock).length;
  const inventoryStatus: InventoryStatus =
    inStockCount === 0 ? 'OUT_OF_STOCK' : inStockCount === pool.length ? 'IN_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
  return { trackInventory, quantity, inStock: inStockCount > 0, inventoryStatus };
}

/** Preorder of a whole product from its visible variants (all variants when none is visible): catalog v3's fields. */
export function productPreorder(variants: readonly StockState[]): {
  preorderStatus: 'ENABLED' | 'DISABLED' | 'PARTIALLY_ENABLED';
  preorderAvailability: 'ALL_VARIANTS' | 'NO_VARIANTS' | 'SOME_VARIANTS';
} {
  const visible = variants.filter((v) => v.visible);
  const pool = visible.length > 0 ? visible : variants;
  const enabled = pool.filter((v) => v.preorder?.enabled).length;
  const available = pool.filter(variantOnPreorder).length;
  const all = pool.length;
  return {
    preorderStatus: enabled === 0 ? 'DISABLED' : enabled === all ? 'ENABLED' : 'PARTIALLY_ENABLED',
    preorderAvailability: available === 0 ? 'NO_VARIANTS' : available === all ? 'ALL_VARIANTS' : 'SOME_VARIANTS',
  };
}

/** What a write asks of a preorder: each part left out (undefined or null) is kept; a message of "" removes it. */
export interface PreorderChange {
  enabled?: boolean | null;
  limit?: number | null;
  message?: string | null;
}

/** `current` with what `change` asks (the one rule of every API that sets preorder). */
export function changePreorder(current: PreorderSettings, change: PreorderChange): PreorderSettings {
  return {
    enabled: change.enabled ?? current.enabled,
    limit: change.limit ?? current.limit,
    message: change.message === undefined ? current.message : change.message || null,
  };
}
