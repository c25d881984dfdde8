import { type FieldViolation, ValidationError } from '@merx/domain';

/*
 * Fields a catalog v1 write refuses by name (FIELD_NOT_ALLOWED) instead of dropping them: each has a meaning the route
 * would otherwise ignore, so a client that sends one learns it had no effect. Read-only fields that clients send back
 * with a product they read (`media`, `variants`, `numericId`, ...) are not among them: the real service ignores them
 * too. The contract types these fields `never`, so typed clients cannot send them at all.
 */

/** Why each field is refused. */
const reasons = {
  stock: 'is not changed by this route; set stock with PATCH /stores/v2/inventoryItems/product/{productId}',
  productDimensions: 'is not kept by this store (no dimensions are stored)',
  packageDimensions: 'is not kept by this store (no dimensions are stored)',
} as const;

export type RefusedField = keyof typeof reasons;

/** The refused `fields` present in `input`, as violations on `path.field`. */
export function refusedFieldViolations(path: string, input: object, fields: readonly RefusedField[]): FieldViolation[] {
  const values = input as Record<string, unknown>;
  return fields
    .filter((name) => values[name] !== undefined)
    .map((name) => ({ field: `${path}.${name}`, description: reasons[name], violatedRule: 'FIELD_NOT_ALLOWED' }));
}

/** Throws one validation error naming every refused field present in the `inputs` (path → object). */
export function refuseFields(inputs: ReadonlyArray<[path: string, input: object]>, fields: readonly RefusedField[]) {
  const violations = inputs.flatMap(([path, input]) => refusedFieldViolations(path, input, fields));
  // Sorted by field in code-unit order, as every violation list of the contract.
  violations.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  if (violations.length > 0) throw new ValidationError(violations);
}
