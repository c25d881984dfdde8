import { AppError, ValidationError } from '@merx/domain';

/** One item's outcome in a bulk call's answer (`results[i].itemMetadata`), as the @wix/* bulk calls read it. */
export interface BulkItemResult<T = Record<string, unknown>> {
  itemMetadata: {
    id: string | null;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data: Record<string, unknown> };
  };
  item?: T;
}

/**
 * Why one item of a bulk call failed: an application error as it is, a field the item got wrong as
 * INVALID_ARGUMENT with its violations. Anything else is a fault and is thrown on (the request fails whole).
 */
export function itemFailureOf(error: unknown): { code: string; description: string; data: Record<string, unknown> } {
  if (error instanceof AppError) return { code: error.code, description: error.message, data: error.data };
  if (error instanceof ValidationError)
    return { code: 'INVALID_ARGUMENT', description: error.message, data: { violations: error.violations } };
  throw error;
}

/** A bulk answer: the results in request order and their tally. */
export function bulkAnswerOf<T>(results: BulkItemResult<T>[]) {
  const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 },
  };
}

/** Runs `each` for every item in order (each its own transaction), turning an item's refusal into its result. */
export async function runBulk<I, T>(
  items: readonly I[],
  each: (item: I, index: number) => Promise<{ id: string; item?: T }>,
): Promise<BulkItemResult<T>[]> {
  const results: BulkItemResult<T>[] = [];
  for (const [originalIndex, input] of items.entries()) {
    try {
      const done = await each(input, originalIndex);
      results.push({
        itemMetadata: { id: done.id, originalIndex, success: true },
        ...(done.item !== undefined ? { item: done.item } : {}),
      });
    } catch (error) {
      results.push({ itemMetadata: { id: null, originalIndex, success: false, error: itemFailureOf(error) } });
    }
  }
  return results;
}
