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

export interface StockState {
  trackQuantity: boolean;
  quantity: number | null;
  inStock: boolean;
  visible: boolean;
}

/** Whether one variant can be bought now. */
export function variantInStock(v: Pick<StockState, 'trackQuantity' | 'quantity' | 'inStock'>): boolean {
  return v.trackQuantity ? (v.quantity ?? 0) > 0 : v.inStock;
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
  const quantity = trackInventory ? tracked.reduce((sum, v) => sum + (v.quantity ?? 0), 0) : null;
  const inStockCount = pool.filter(variantInStock).length;
  const inventoryStatus: InventoryStatus =
    inStockCount === 0 ? 'OUT_OF_STOCK' : inStockCount === pool.length ? 'IN_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
  return { trackInventory, quantity, inStock: inStockCount > 0, inventoryStatus };
}
