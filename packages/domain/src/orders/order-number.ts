/** The first order number a store gives out. */
export const FIRST_ORDER_NUMBER = 10001;

/** The number after `previous` (the caller's stored sequence value); 10001 when there was none. */
export function nextOrderNumber(previous: number | null | undefined): number {
  if (previous === null || previous === undefined) return FIRST_ORDER_NUMBER;
  if (!Number.isSafeInteger(previous) || previous < 0)
    throw new RangeError('previous order number must be a non-negative integer');
  return Math.max(previous + 1, FIRST_ORDER_NUMBER);
}
