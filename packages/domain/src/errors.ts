/** The kinds of refusal the domain can express; `http/error-handler.ts` maps each kind to a status. */
export type ErrorKind =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'FAILED_PRECONDITION'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'RESOURCE_EXHAUSTED'
  /** An outside service (a payment provider) did not answer: nothing was done, the request can be made again. */
  | 'UNAVAILABLE';

/** One broken rule on one field of a request, in the contract's vocabulary. */
export interface FieldViolation {
  /** Path relative to the REST request body, e.g. `product.priceData.price`. */
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  data?: Record<string, unknown>;
}

export type ViolatedRule =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT'
  | 'EXACT_LENGTH'
  | 'EXACT_SIZE';

/** A refused request with a stable string code (the contract's `applicationError.code`). */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly data: Record<string, unknown>;

  constructor(kind: ErrorKind, code: string, description: string, data: Record<string, unknown> = {}) {
    super(description);
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.data = data;
  }
}

/** A request whose fields break the rules; answered as `INVALID_ARGUMENT` with field violations. */
export class ValidationError extends Error {
  readonly violations: FieldViolation[];

  constructor(violations: FieldViolation[]) {
    const first = violations[0];
    super(first ? `${first.field} ${first.description}` : 'invalid request');
    this.name = 'ValidationError';
    this.violations = violations;
  }
}

/** Shorthand for a single-field validation failure. */
export function invalid(
  field: string,
  description: string,
  violatedRule: ViolatedRule = 'VALIDATION',
  data?: Record<string, unknown>,
): ValidationError {
  return new ValidationError([{ field, description, violatedRule, ...(data ? { data } : {}) }]);
}

/** Shorthand for a missing entity. */
export function notFound(code: string, description: string, data: Record<string, unknown> = {}): AppError {
  return new AppError('NOT_FOUND', code, description, data);
}
