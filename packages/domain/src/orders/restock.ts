import type { LineQuantity, OrderLine, StockReturn } from './types.js';

/**
 * Stock to give back for `quantities` of `lines`, merged per variant. Only lines whose stock was taken
 * count, and never more units than were taken and not yet given back.
 */
export function stockReturns(lines: readonly OrderLine[], quantities: readonly LineQuantity[]): StockReturn[] {
  const byLine = new Map(lines.map((l) => [l.id, l]));
  const byVariant = new Map<string, StockReturn>();
  for (const q of quantities) {
    const line = byLine.get(q.lineItemId);
    if (!line?.stockTaken || line.productId === null) continue;
    const quantity = Math.min(q.quantity, line.quantity - (line.restockedQuantity ?? 0));
    if (quantity <= 0) continue;
    const key = `${line.productId}\u0000${line.variantId ?? ''}`;
    const entry = byVariant.get(key);
    if (entry) entry.quantity += quantity;
    else byVariant.set(key, { productId: line.productId, variantId: line.variantId, quantity });
  }
  return [...byVariant.values()];
}
