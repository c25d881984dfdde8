import type { TotalsViolation } from './result-types.js';
import type { TotalsLineItem } from './types.js';

/**
 * Violations for the lines the caller found unavailable: a line that cannot be bought at all is an ERROR
 * the buyer fixes by removing it; a line with less stock than asked is a WARNING (the order takes stock
 * with its own check). The lines stay in the totals as priced; the caller decides what to block.
 */
export function lineViolations(lines: readonly TotalsLineItem[]): TotalsViolation[] {
  return lines.flatMap((line): TotalsViolation[] => {
    const status = line.availability?.status ?? 'AVAILABLE';
    const name = line.name ?? 'This item';
    const target = { lineItemId: line.id };
    if (status === 'NOT_FOUND' || status === 'NOT_AVAILABLE') {
      return [
        {
          severity: 'ERROR',
          target,
          code: status === 'NOT_FOUND' ? 'ITEM_NOT_FOUND' : 'ITEM_NOT_AVAILABLE',
          description: `${name} is no longer available.`,
          suggestedFix: 'REMOVE_LINE_ITEM',
        },
      ];
    }
    if (status === 'PARTIALLY_AVAILABLE') {
      const left = line.availability?.quantityAvailable;
      const description =
        left != null ? `Only ${left} of ${name} left in stock.` : `${name} is not in stock in this quantity.`;
      return [
        { severity: 'WARNING', target, code: 'INSUFFICIENT_STOCK', description, suggestedFix: 'UNKNOWN_SUGGESTED_FIX' },
      ];
    }
    return [];
  });
}
