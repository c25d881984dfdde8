import { type FieldViolation, ValidationError, type ViolatedRule } from '../errors.js';
import { resolveField } from './fields.js';
import { isPlainObject, parseFilter, parseJsonString } from './parse-filter.js';
import type { EntityQuerySpec, Paging, ParsedQuery, SortField } from './types.js';

/** Most fields a request may sort by. */
export const MAX_SORT_FIELDS = 5;

export interface ParseQueryOptions {
  /** Page size when the request gives none (or 0). Default 50, the SDK's default. */
  defaultLimit?: number;
  /** Largest page size a request may ask for. Default 100. */
  maxLimit?: number;
  /** Path of the query object in the request body, used in violations. Default `query`. */
  path?: string;
  /**
   * Marks routes whose wire form sends `filter` and `sort` as JSON strings (stores v1 products and
   * variants). Strings are parsed on every route, so this only documents the call site.
   */
  filterAsString?: boolean;
}

interface Limits {
  defaultLimit: number;
  maxLimit: number;
}

/**
 * Validates the wire `query` object against an entity's allow-list and returns it as plain data.
 * Throws one ValidationError carrying every violation found, sorted by field.
 */
export function parseQuery(input: unknown, spec: EntityQuerySpec, opts: ParseQueryOptions = {}): ParsedQuery {
  const path = opts.path ?? 'query';
  const limits: Limits = { defaultLimit: opts.defaultLimit ?? 50, maxLimit: opts.maxLimit ?? 100 };
  const query = input ?? {};
  if (!isPlainObject(query)) throw new ValidationError([violation(path, 'must be an object')]);

  const violations: FieldViolation[] = [];
  const filter = parseFilter(query['filter'], spec, `${path}.filter`, violations);
  const sort = parseSort(query['sort'], spec, `${path}.sort`, violations);
  const paging = parsePaging(query, path, limits, violations);
  if (violations.length > 0) throw new ValidationError(sortViolations(violations));
  return { filter, sort, paging };
}

function violation(field: string, description: string, violatedRule: ViolatedRule = 'VALIDATION'): FieldViolation {
  return { field, description, violatedRule };
}

/** Stable sort by field path, in code-unit order (locale-independent, like the SDK's own sort). */
function sortViolations(violations: FieldViolation[]): FieldViolation[] {
  return [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

function parseSort(raw: unknown, spec: EntityQuerySpec, path: string, violations: FieldViolation[]): SortField[] {
  let value = raw;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    const parsed = parseJsonString(value);
    if (!parsed) {
      violations.push(violation(path, 'must be valid JSON', 'FORMAT'));
      return [];
    }
    value = parsed.value;
  }
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    violations.push(violation(path, 'must be an array'));
    return [];
  }
  if (value.length > MAX_SORT_FIELDS) {
    violations.push({
      ...violation(path, `must have at most ${MAX_SORT_FIELDS} fields`, 'MAX_SIZE'),
      data: { max: MAX_SORT_FIELDS },
    });
    return [];
  }
  const sort: SortField[] = [];
  value.forEach((item: unknown, i) => {
    const field = parseSortItem(item, spec, `${path}[${i}]`, violations);
    // A repeated field can never change the order, so it is dropped.
    if (field && !sort.some((s) => s.field === field.field)) sort.push(field);
  });
  return sort;
}

function parseSortItem(
  item: unknown,
  spec: EntityQuerySpec,
  path: string,
  violations: FieldViolation[],
): SortField | undefined {
  if (!isPlainObject(item)) {
    violations.push(violation(path, 'must be an object'));
    return undefined;
  }
  const order = parseOrder(item['order'], `${path}.order`, violations);
  const name = item['fieldName'];
  if (typeof name !== 'string' || name === '') {
    violations.push(violation(`${path}.fieldName`, 'is required', 'REQUIRED_FIELD'));
    return undefined;
  }
  const resolved = resolveField(spec, name);
  if (!resolved) {
    violations.push(violation(`${path}.fieldName`, `unknown field "${name}"`, 'FIELD_NOT_ALLOWED'));
    return undefined;
  }
  if (resolved.field.kind !== 'column' || !resolved.field.sortable) {
    violations.push(violation(`${path}.fieldName`, `field "${name}" is not sortable`, 'FIELD_NOT_ALLOWED'));
    return undefined;
  }
  return order && { field: resolved.name, order };
}

function parseOrder(raw: unknown, path: string, violations: FieldViolation[]): SortField['order'] | undefined {
  if (raw === undefined || raw === null) return 'ASC';
  const order = typeof raw === 'string' ? raw.toUpperCase() : raw;
  if (order === 'ASC' || order === 'DESC') return order;
  violations.push(violation(path, 'must be one of ASC, DESC', 'INVALID_ENUM_VALUE'));
  return undefined;
}

function parsePaging(
  query: Record<string, unknown>,
  path: string,
  limits: Limits,
  violations: FieldViolation[],
): Paging {
  const paging = query['paging'];
  const cursorPaging = query['cursorPaging'];
  const hasPaging = paging !== undefined && paging !== null;
  const hasCursorPaging = cursorPaging !== undefined && cursorPaging !== null;
  if (hasPaging && hasCursorPaging) {
    violations.push(violation(`${path}.paging`, 'must not be set together with cursorPaging', 'ONE_OF_ALIGNMENT'));
  }
  if (hasCursorPaging) return parseCursorPaging(cursorPaging, `${path}.cursorPaging`, limits, violations);
  if (!hasPaging) return { kind: 'offset', limit: limits.defaultLimit, offset: 0 };
  if (!isPlainObject(paging)) {
    violations.push(violation(`${path}.paging`, 'must be an object'));
    return { kind: 'offset', limit: limits.defaultLimit, offset: 0 };
  }
  return {
    kind: 'offset',
    limit: parseLimit(paging['limit'], `${path}.paging.limit`, limits, violations),
    offset: parseOffset(paging['offset'], `${path}.paging.offset`, violations),
  };
}

function parseCursorPaging(raw: unknown, path: string, limits: Limits, violations: FieldViolation[]): Paging {
  if (!isPlainObject(raw)) {
    violations.push(violation(path, 'must be an object'));
    return { kind: 'cursor', limit: limits.defaultLimit, cursor: null };
  }
  const cursor = raw['cursor'];
  if (cursor !== undefined && cursor !== null && typeof cursor !== 'string') {
    violations.push(violation(`${path}.cursor`, 'must be a string'));
  }
  return {
    kind: 'cursor',
    limit: parseLimit(raw['limit'], `${path}.limit`, limits, violations),
    cursor: typeof cursor === 'string' && cursor !== '' ? cursor : null,
  };
}

/** Integers, also as digit strings (plain GET parameters arrive as text). */
function toInteger(raw: unknown): number | undefined {
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

function parseLimit(raw: unknown, path: string, limits: Limits, violations: FieldViolation[]): number {
  if (raw === undefined || raw === null) return limits.defaultLimit;
  const limit = toInteger(raw);
  if (limit === undefined) {
    violations.push(violation(path, 'must be an integer'));
  } else if (limit < 0) {
    violations.push({ ...violation(path, 'must be at least 0', 'MIN'), data: { min: 0 } });
  } else if (limit > limits.maxLimit) {
    violations.push({
      ...violation(path, `must be at most ${limits.maxLimit}`, 'MAX'),
      data: { max: limits.maxLimit },
    });
  } else if (limit > 0) {
    return limit;
  }
  return limits.defaultLimit;
}

function parseOffset(raw: unknown, path: string, violations: FieldViolation[]): number {
  if (raw === undefined || raw === null) return 0;
  const offset = toInteger(raw);
  if (offset === undefined) {
    violations.push(violation(path, 'must be an integer'));
    return 0;
  }
  if (offset < 0) {
    violations.push({ ...violation(path, 'must be at least 0', 'MIN'), data: { min: 0 } });
    return 0;
  }
  return offset;
}
