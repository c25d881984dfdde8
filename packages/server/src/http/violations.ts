import type { FieldViolation, ViolatedRule } from '@merx/domain';
import type { z } from 'zod';

/** Writes a zod issue path as the contract does: `lineItems[0].catalogReference.catalogItemId`. */
export function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function ruleOf(issue: z.core.$ZodIssue, missing: boolean): ViolatedRule {
  switch (issue.code) {
    case 'invalid_type':
      return missing ? 'REQUIRED_FIELD' : 'VALIDATION';
    case 'too_small':
      if (issue.origin === 'string') return 'MIN_LENGTH';
      if (issue.origin === 'array' || issue.origin === 'set') return 'MIN_SIZE';
      return 'MIN';
    case 'too_big':
      if (issue.origin === 'string') return 'MAX_LENGTH';
      if (issue.origin === 'array' || issue.origin === 'set') return 'MAX_SIZE';
      return 'MAX';
    case 'invalid_value':
      return 'INVALID_ENUM_VALUE';
    case 'invalid_format':
      return 'FORMAT';
    case 'unrecognized_keys':
      return 'FIELD_NOT_ALLOWED';
    case 'invalid_union':
      return 'ONE_OF_ALIGNMENT';
    default:
      return 'VALIDATION';
  }
}

function describe(issue: z.core.$ZodIssue, missing: boolean): string {
  switch (issue.code) {
    case 'invalid_type':
      return missing
        ? 'is required'
        : `must be ${issue.expected === 'number' ? 'a finite number' : `a ${issue.expected}`}`;
    case 'too_small':
      if (issue.origin === 'string') return `must be at least ${issue.minimum} characters long`;
      if (issue.origin === 'array') return `must have at least ${issue.minimum} items`;
      return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters long`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown fields ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

/** Turns a failed zod parse into contract field violations, sorted by field. */
export function violationsFromZod(error: z.ZodError, prefix: string, input: unknown): FieldViolation[] {
  const violations = error.issues.map((issue) => {
    const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    const violation: FieldViolation = {
      field: formatPath(prefix, issue.path) || prefix || 'body',
      description: describe(issue, missing),
      violatedRule: ruleOf(issue, missing),
    };
    if (issue.code === 'invalid_format' && issue.format === 'email') violation.data = { type: 'EMAIL' };
    return violation;
  });
  return sortViolations(violations);
}

/** Contract rule: violations are sorted by field. */
export function sortViolations(violations: FieldViolation[]): FieldViolation[] {
  return [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}
