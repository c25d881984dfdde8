import type { FieldViolation, ViolatedRule } from '../errors.js';
import { isOperator, operatorsFor, resolveField } from './fields.js';
import type { EntityQuerySpec, FieldSpec, FieldType, FilterNode, Operator, Scalar } from './types.js';

/** Deepest nesting of `$and`/`$or`/`$not` a filter may have. */
export const MAX_FILTER_DEPTH = 10;
/** Most values an array operator (or `$and`/`$or`) may carry. */
export const MAX_FILTER_VALUES = 1000;
/**
 * Most values a whole filter may carry, in all its conditions: each becomes a bound parameter, and a statement
 * takes at most 32,766 on SQLite and 65,535 on PostgreSQL.
 */
export const MAX_FILTER_TOTAL_VALUES = 5000;

interface Context {
  spec: EntityQuerySpec;
  violations: FieldViolation[];
  /** Values read so far (each one a bound parameter of the compiled filter). */
  values: number;
}

/** True for `{...}` objects, not arrays or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads JSON sent as a string (stores v1 sends `filter` and `sort` that way); `undefined` when it is not JSON. */
export function parseJsonString(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Turns the wire `filter` (object or JSON string) into a FilterNode, pushing every problem found onto
 * `violations`. Returns `null` for an absent or empty filter.
 */
export function parseFilter(
  raw: unknown,
  spec: EntityQuerySpec,
  path: string,
  violations: FieldViolation[],
): FilterNode | null {
  const ctx: Context = { spec, violations, values: 0 };
  let value = raw;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    const parsed = parseJsonString(value);
    if (!parsed) {
      report(ctx, path, 'must be valid JSON', 'FORMAT');
      return null;
    }
    value = parsed.value;
  }
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) {
    report(ctx, path, 'must be an object');
    return null;
  }
  if (Object.keys(value).length === 0) return null;
  const node = parseConditions(ctx, value, path, 0) ?? null;
  if (ctx.values > MAX_FILTER_TOTAL_VALUES) {
    report(ctx, path, `must carry at most ${MAX_FILTER_TOTAL_VALUES} values in all its conditions`, 'MAX_SIZE');
    return null;
  }
  return node;
}

function report(ctx: Context, field: string, description: string, violatedRule: ViolatedRule = 'VALIDATION'): void {
  ctx.violations.push({ field, description, violatedRule });
}

/** All keys of one filter object, ANDed. */
function parseConditions(
  ctx: Context,
  obj: Record<string, unknown>,
  path: string,
  depth: number,
): FilterNode | undefined {
  const nodes: FilterNode[] = [];
  for (const [key, value] of Object.entries(obj)) {
    const node = parseEntry(ctx, key, value, `${path}.${key}`, depth);
    if (node) nodes.push(node);
  }
  return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
}

function parseEntry(ctx: Context, key: string, value: unknown, path: string, depth: number): FilterNode | undefined {
  if (key === '$and' || key === '$or' || key === '$not') return parseLogical(ctx, key, value, path, depth);
  if (key.startsWith('$')) {
    report(ctx, path, `unknown operator "${key}"`);
    return undefined;
  }
  const resolved = resolveField(ctx.spec, key);
  if (!resolved) {
    report(ctx, path, `unknown field "${key}"`, 'FIELD_NOT_ALLOWED');
    return undefined;
  }
  return parseFieldCondition(ctx, resolved.name, resolved.field, value, path);
}

function parseLogical(
  ctx: Context,
  key: '$and' | '$or' | '$not',
  value: unknown,
  path: string,
  depth: number,
): FilterNode | undefined {
  if (depth >= MAX_FILTER_DEPTH) {
    report(ctx, path, `is nested too deeply (at most ${MAX_FILTER_DEPTH} levels)`, 'MAX');
    return undefined;
  }
  if (key === '$not') {
    if (!isPlainObject(value)) {
      report(ctx, path, 'must be an object');
      return undefined;
    }
    const node = parseConditions(ctx, value, path, depth + 1);
    return node && { kind: 'not', node };
  }
  if (!Array.isArray(value)) {
    report(ctx, path, 'must be an array');
    return undefined;
  }
  if (value.length > MAX_FILTER_VALUES) {
    report(ctx, path, `must have at most ${MAX_FILTER_VALUES} conditions`, 'MAX_SIZE');
    return undefined;
  }
  const nodes: FilterNode[] = [];
  value.forEach((item: unknown, i) => {
    const itemPath = `${path}[${i}]`;
    if (!isPlainObject(item)) {
      report(ctx, itemPath, 'must be an object');
      return;
    }
    const node = parseConditions(ctx, item, itemPath, depth + 1);
    if (node) nodes.push(node);
  });
  return { kind: key === '$and' ? 'and' : 'or', nodes };
}

/** `{field: value}` (equality) or `{field: {$op: value, ...}}` (operators ANDed). */
function parseFieldCondition(
  ctx: Context,
  name: string,
  field: FieldSpec,
  value: unknown,
  path: string,
): FilterNode | undefined {
  if (!isPlainObject(value) || isDateWrapper(value)) return parseOperator(ctx, name, field, '$eq', value, path);
  const ops = Object.keys(value);
  if (ops.length === 0 || ops.some((op) => !op.startsWith('$'))) {
    report(ctx, path, 'must be a value or an object of operators');
    return undefined;
  }
  const nodes: FilterNode[] = [];
  for (const op of ops) {
    const node = parseOperator(ctx, name, field, op, value[op], `${path}.${op}`);
    if (node) nodes.push(node);
  }
  return nodes.length === 1 ? nodes[0] : { kind: 'and', nodes };
}

function parseOperator(
  ctx: Context,
  name: string,
  field: FieldSpec,
  op: string,
  raw: unknown,
  path: string,
): FilterNode | undefined {
  if (!isOperator(op)) {
    report(ctx, path, `unknown operator "${op}"`);
    return undefined;
  }
  if (!operatorsFor(field).includes(op)) {
    report(ctx, path, `operator "${op}" is not allowed on field "${name}"`);
    return undefined;
  }
  return counted(ctx, buildNode(ctx, name, field.type, op, raw, path));
}

function buildNode(
  ctx: Context,
  field: string,
  type: FieldType,
  op: Operator,
  raw: unknown,
  path: string,
): FilterNode | undefined {
  switch (op) {
    case '$eq':
    case '$ne':
      if (raw === null) return { kind: 'compare', field, op, value: null };
      return withValue(parseScalar(ctx, type, raw, path), (value) => ({ kind: 'compare', field, op, value }));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return withValue(parseScalar(ctx, type, raw, path), (value) => ({ kind: 'compare', field, op, value }));
    case '$in':
    case '$nin':
    case '$hasSome':
    case '$hasAll':
      return withValue(parseArray(ctx, type, raw, path), (values) => ({ kind: 'in', field, op, values }));
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      if (typeof raw === 'string') return { kind: 'text', field, op, value: raw };
      report(ctx, path, 'must be a string');
      return undefined;
    case '$exists':
      if (typeof raw === 'boolean') return { kind: 'exists', field, value: raw };
      report(ctx, path, 'must be a boolean');
      return undefined;
  }
}

function withValue<T>(value: T | undefined, build: (value: T) => FilterNode): FilterNode | undefined {
  return value === undefined ? undefined : build(value);
}

/** Counts the values a node binds against the whole filter's budget. */
function counted(ctx: Context, node: FilterNode | undefined): FilterNode | undefined {
  if (node?.kind === 'in') ctx.values += node.values.length;
  else if (node?.kind === 'compare' || node?.kind === 'text') ctx.values += 1;
  return node;
}

function parseArray(ctx: Context, type: FieldType, raw: unknown, path: string): Scalar[] | undefined {
  if (!Array.isArray(raw)) {
    report(ctx, path, 'must be an array');
    return undefined;
  }
  if (raw.length > MAX_FILTER_VALUES) {
    report(ctx, path, `must have at most ${MAX_FILTER_VALUES} values`, 'MAX_SIZE');
    return undefined;
  }
  const values: Scalar[] = [];
  for (const [i, item] of raw.entries()) {
    // One violation for the first bad element is enough; a thousand would drown the answer.
    const value = parseScalar(ctx, type, item, `${path}[${i}]`);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

const TYPE_NAMES: Record<FieldType, string> = {
  string: 'a string',
  id: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  date: 'an ISO-8601 date',
};

function parseScalar(ctx: Context, type: FieldType, raw: unknown, path: string): Scalar | undefined {
  const value = checkScalar(type, raw);
  if (value === undefined) report(ctx, path, `must be ${TYPE_NAMES[type]}`, type === 'date' ? 'FORMAT' : 'VALIDATION');
  return value;
}

function checkScalar(type: FieldType, raw: unknown): Scalar | undefined {
  switch (type) {
    case 'string':
    case 'id':
      return typeof raw === 'string' ? raw : undefined;
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'date':
      return normaliseDate(isDateWrapper(raw) ? raw.$date : raw);
  }
}

/** `{"$date": "..."}`, the extended-JSON date some clients send. */
function isDateWrapper(value: unknown): value is { $date: string } {
  return isPlainObject(value) && Object.keys(value).length === 1 && typeof value['$date'] === 'string';
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Dates are stored as `toISOString()` text, so every accepted form is normalised to it. */
function normaliseDate(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !/\d{4}/.test(raw)) return undefined;
  // A date-time without an offset would otherwise be read in the server's local time zone.
  const text = ISO_DATE_TIME.test(raw) ? `${raw}Z` : raw;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
