import { MerxError, MerxValidationError } from '@merx/sdk';

/** A sentence a merchant can read for any error thrown by a call. */
export function messageOf(error: unknown): string {
  if (error instanceof MerxValidationError) {
    return error.violations.map((v) => `${labelOf(v.field)} ${v.description}`).join('. ');
  }
  if (error instanceof MerxError) {
    if (error.code === 'SYSTEM_ERROR') {
      return `Something went wrong on the server.${error.requestId ? ` Reference: ${error.requestId}` : ''}`;
    }
    if (error.status === 403) return `You don't have permission to do this. ${error.message}`;
    if (error.status === undefined && error.code !== 'SIGN_IN_REQUIRED') {
      return 'The store could not be reached. Check your connection and try again.';
    }
    return error.message || 'Something went wrong.';
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/** `product.priceData.price` → `Price data price`, for messages without a field to sit beside. */
function labelOf(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/\[\d+\]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The server's field violations by field, for showing each beside its input: `prefix` is stripped
 * (`product.name` → `name` with prefix `product.`). Empty for any other error.
 */
export function fieldErrorsOf(error: unknown, prefix = ''): Record<string, string> {
  if (!(error instanceof MerxValidationError)) return {};
  const out: Record<string, string> = {};
  for (const v of error.violations) {
    const field = v.field.startsWith(prefix) ? v.field.slice(prefix.length) : v.field;
    out[field] ??= v.description.charAt(0).toUpperCase() + v.description.slice(1);
  }
  return out;
}

/** True when the error is the server's "not found". */
export function isNotFound(error: unknown): boolean {
  return error instanceof MerxError && (error.status === 404 || /NOT_FOUND/.test(error.code));
}

/**
 * True when someone else changed the record since it was read (a stale revision): the server answers
 * CONCURRENT_MODIFICATION (a 400). A 409 is a taken name or code (ALREADY_EXISTS), not a stale edit.
 */
export function isConflict(error: unknown): boolean {
  return error instanceof MerxError && /CONCURRENT_MODIFICATION|REVISION|CONFLICT/.test(error.code);
}

/** True when the staff sign-in has ended (no token, a revoked one, or the server refused it). */
export function isSignInRequired(error: unknown): boolean {
  return error instanceof MerxError && (error.code === 'SIGN_IN_REQUIRED' || error.status === 401);
}
