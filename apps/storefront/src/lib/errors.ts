import { MerxError } from '@merx/sdk';

/** A sentence a shopper can read for any error thrown by a call. */
export function messageOf(error: unknown): string {
  if (error instanceof MerxError) {
    if (error.code === 'SYSTEM_ERROR') return 'We could not reach the store. Check your connection and try again.';
    return error.message || 'Something went wrong.';
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** True when the error is the server's "not found" (an unknown product, order or checkout). */
export function isNotFound(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  return error instanceof MerxError && (error.status === 404 || /NOT_FOUND/.test(error.code));
}

/** Something the shop looked for is not there (a product slug no query found). */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}
