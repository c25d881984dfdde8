import { z } from 'zod';

/** A finite, non-negative amount of money as a JSON number (stores v1 money is numeric). */
export const moneyAmount = z.number().min(0).max(999_999_999);

/** Ids are opaque strings: at most 100 characters of letters, digits, `-` and `_`. */
export const entityId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const sortOrder = z.enum(['ASC', 'DESC']);

/** The contract's query object as sent by every `queryX()` builder. Its filter is checked by the query parser. */
export const platformQuery = z.object({
  /** Mongo-like filter object (or its JSON text); fields and operators are checked by the query parser. */
  filter: z.unknown().optional(),
  /** `[{fieldName, order: 'ASC' | 'DESC'}]` (or its JSON text); checked by the query parser. */
  sort: z.unknown().optional(),
  paging: z.object({ limit: z.number().int().nullish(), offset: z.number().int().nullish() }).nullish(),
  cursorPaging: z.object({ limit: z.number().int().nullish(), cursor: z.string().nullish() }).nullish(),
});

export const platformQueryRequest = z.object({ query: platformQuery.optional() });

/** Offset paging answer: `count` items in this page starting at `offset`, `total` matching in all. */
export const platformPagingMetadata = z.object({
  count: z.number().int(),
  offset: z.number().int(),
  total: z.number().int().optional(),
  tooManyToCount: z.boolean().optional(),
  cursors: z.object({ next: z.string().nullish(), prev: z.string().nullish() }).optional(),
});

export const fieldViolation = z.object({
  field: z.string(),
  description: z.string(),
  violatedRule: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/** The error envelope of WIRE.md section 1. */
export const errorEnvelope = z.object({
  message: z.string(),
  details: z.object({
    applicationError: z
      .object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()) })
      .optional(),
    validationError: z.object({ fieldViolations: z.array(fieldViolation) }).optional(),
    requestId: z.string().optional(),
  }),
});

export const emptyResponse = z.object({});

export const bulkActionMetadata = z.object({
  totalSuccesses: z.number().int(),
  totalFailures: z.number().int(),
  undetailedFailures: z.number().int(),
});

export const itemMetadata = z.object({
  id: z.string().nullable(),
  originalIndex: z.number().int(),
  success: z.boolean(),
  error: z.object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()) }).optional(),
});

/**
 * A bulk update's `fieldMask` of `field` names: a list, or the comma-separated text the packages' field-mask
 * transform sends (`"name,title"`); at most 20.
 */
export function fieldMaskOf<T extends z.ZodType<string>>(field: T) {
  return z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : v,
    z.array(field).max(20),
  );
}
