import type { InventoryItem, StockLevel } from '@merx/contract';
import { MerxApplicationError } from '@merx/sdk';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import { isConflict, messageOf } from '../../../lib/errors';
import { formatNumber } from '../../../lib/format';
import { HISTORY_KEY } from './history';
import { LEVELS_KEY } from './stock-levels';

/** Most units a variant may hold (the contract's MAX_STOCK_QUANTITY, written here to keep the schemas out). */
export const MAX_UNITS = 99_999_999;

/** A change of one variant's stock, as the table makes it. */
export type StockEdit =
  /** Sets the units of a tracked variant, if it still has the `expected` units the person saw when typing. */
  | { kind: 'set'; quantity: number; expected: number }
  /** Adds (positive) or takes away (negative) units of a tracked variant, whatever it has now. */
  | { kind: 'adjust'; by: number }
  /** Marks a variant that does not count its units in or out of stock. */
  | { kind: 'availability'; inStock: boolean };

/**
 * The stock changed between the table's read and the save (an order, or someone else): nothing was written. The
 * inventory API takes no revision, so the page compares the units itself just before it writes.
 */
export class StockChangedError extends Error {
  override name = 'StockChangedError';
  constructor(readonly now: number | undefined) {
    super(
      now === undefined
        ? 'This variant no longer counts its units: nothing was saved.'
        : `The stock changed to ${formatNumber(now)} since the table showed it (an order or someone else). Nothing was saved: check the count and save again.`,
    );
  }
}

/** A sentence for a refused stock change: what the server's code means for this field. */
export function stockMessageOf(error: unknown): string {
  if (error instanceof MerxApplicationError) {
    const available = Number(error.data['available'] ?? 0);
    switch (error.code) {
      case 'INSUFFICIENT_INVENTORY':
        return `Only ${formatNumber(available)} ${available === 1 ? 'unit is' : 'units are'} left: that is all you can take away.`;
      case 'INVENTORY_QUANTITY_TOO_LARGE':
        return `A variant holds at most ${formatNumber(MAX_UNITS)} units.`;
      case 'INVENTORY_NOT_TRACKED':
        return 'This variant no longer counts its units. Reload the list to see it as it is.';
    }
  }
  if (isConflict(error)) return 'The stock changed while it was being saved (an order came in). Try again.';
  return messageOf(error);
}

/** Writes one edit of `level` through the inventory API. */
async function write(level: StockLevel, edit: StockEdit): Promise<void> {
  const { inventory } = await admin();
  const { productId, variantId } = level;
  if (edit.kind === 'adjust') {
    if (edit.by > 0) await inventory.incrementInventory([{ productId, variantId, incrementBy: edit.by }]);
    else await inventory.decrementInventory([{ productId, variantId, decrementBy: -edit.by }]);
    return;
  }
  if (edit.kind === 'availability') {
    await inventory.updateInventoryVariants(productId, {
      trackQuantity: false,
      variants: [{ variantId, inStock: edit.inStock }],
    });
    return;
  }
  const { inventoryItem } = await inventory.getInventoryVariants(productId, { variantIds: [variantId] });
  const now = inventoryItem.variants[0]?.quantity;
  if (now !== edit.expected) throw new StockChangedError(now);
  await inventory.updateInventoryVariants(productId, {
    trackQuantity: true,
    variants: [{ variantId, quantity: edit.quantity }],
  });
}

/** The table's rows of `item`'s product as they are now, in every cached page; other rows stay as they are. */
function patchRows(client: QueryClient, item: InventoryItem): void {
  const byVariant = new Map(item.variants.map((v) => [v.variantId, v]));
  client.setQueriesData<{ stockLevels: StockLevel[] }>({ queryKey: LEVELS_KEY }, (page) => {
    if (!page) return page;
    return {
      ...page,
      stockLevels: page.stockLevels.map((level) => {
        const v = level.productId === item.productId ? byVariant.get(level.variantId) : undefined;
        if (!v) return level;
        const { quantity: _old, ...rest } = level;
        return {
          ...rest,
          trackQuantity: v.quantity !== undefined,
          ...(v.quantity !== undefined ? { quantity: v.quantity } : {}),
          inStock: v.inStock,
          lastUpdated: item.lastUpdated,
        };
      }),
    };
  });
}

/**
 * Shows the stock of `productId`'s rows as it is now, in place: a row that no longer matches the table's filter
 * stays until the list is read again, so that what is being worked on does not jump away.
 */
export async function refreshRows(client: QueryClient, productId: string): Promise<void> {
  const { inventoryItem } = await (await admin()).inventory.getInventoryVariants(productId);
  patchRows(client, inventoryItem);
}

/**
 * After a change of `productId`'s stock (or a refusal, which may mean it changed meanwhile): its rows as they are
 * now, and its history and the other pages that show stock read again when next shown.
 */
async function refreshProduct(client: QueryClient, productId: string): Promise<void> {
  await refreshRows(client, productId);
  void client.invalidateQueries({ queryKey: LEVELS_KEY, refetchType: 'none' });
  void client.invalidateQueries({ queryKey: [...HISTORY_KEY, productId] });
  void client.invalidateQueries({ queryKey: ['products'] });
  void client.invalidateQueries({ queryKey: ['home'] });
}

/** Changes one variant's stock, then shows its row as it is (also after a refusal). */
export function useStockEdit(level: StockLevel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: StockEdit) => write(level, edit),
    onSettled: () => refreshProduct(client, level.productId).catch(() => undefined),
  });
}

/**
 * Switches the counting of units on or off for every variant of a product (the inventory API's tracking is the
 * product's). Switched on, variants that did not count start with `startWith` units; switched off, each keeps its
 * state (in stock while it had units).
 */
export function useTracking(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ on, startWith = 0 }: { on: boolean; startWith?: number }) => {
      const { inventory } = await admin();
      if (!on) {
        await inventory.updateInventoryVariants(productId, { trackQuantity: false });
        return;
      }
      const { inventoryItem } = await inventory.getInventoryVariants(productId);
      await inventory.updateInventoryVariants(productId, {
        trackQuantity: true,
        variants: inventoryItem.variants.map((v) => ({ variantId: v.variantId, quantity: v.quantity ?? startWith })),
      });
    },
    onSettled: () => refreshProduct(client, productId).catch(() => undefined),
  });
}
