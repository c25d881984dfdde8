import { createHmac, timingSafeEqual } from 'node:crypto';
import { INVENTORY_V3_MAX_LIMIT } from '@merx/contract';
import { type FieldViolation, ValidationError } from '@merx/domain';
import { type RawBuilder, sql } from 'kysely';

/*
 * The small query language of inventory items v3 and read-only variants v3 (docs/decisions/0027-inventory-v3.md):
 * a filter over a fixed set of fields, compiled to SQL over `product_variants v JOIN products p`; one order (product,
 * variant) ascending or descending; cursors that carry the filter, the order and the offset, signed so that a
 * cursor cannot be forged or edited.
 */

export type FieldKind = 'id' | 'string' | 'bool' | 'int' | 'inStock';
/** A filterable field: its column (none for the composite id and the derived in-stock state) and its kind. */
export interface FieldSpec {
  column?: string;
  kind: FieldKind;
}

/** One item's id: `<productId>_<variantId>` (product ids never hold `_`; see the decision record). */
export function itemIdOf(productId: string, variantId: string): string {
  return `${productId}_${variantId}`;
}
export function splitItemId(id: string): { productId: string; variantId: string } | null {
  const at = id.indexOf('_');
  if (at <= 0 || at === id.length - 1) return null;
  return { productId: id.slice(0, at), variantId: id.slice(at + 1) };
}

const OPS: Record<string, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };
const MAX_IN = 500;
const MAX_DEPTH = 6;
/** Most values one filter compares (each a bound parameter or two; far below either engine's limit). */
const MAX_VALUES = 2000;
interface Budget {
  values: number;
}

type Sql = RawBuilder<unknown>;

function bad(field: string, description: string, rule = 'VALIDATION'): ValidationError {
  return new ValidationError([{ field, description, violatedRule: rule } as FieldViolation]);
}

/** The derived in-stock state of a variant (tracked: units left; untracked: its flag), as SQL. */
const inStockSql = sql`((v.track_quantity = 1 and coalesce(v.quantity, 0) > 0) or (v.track_quantity = 0 and v.in_stock = 1))`;

function checkedValue(spec: FieldSpec, value: unknown, at: string): unknown {
  switch (spec.kind) {
    case 'bool':
    case 'inStock':
      if (typeof value !== 'boolean') throw bad(at, 'must be true or false');
      return value;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 1e12)
        throw bad(at, 'must be a whole number');
      return value;
    default:
      if (typeof value !== 'string' || value.length > 400) throw bad(at, 'must be a string (at most 400 characters)');
      return value;
  }
}

function compare(spec: FieldSpec, op: string, value: unknown, at: string, budget: Budget): Sql {
  if (op === '$in' || op === '$nin') {
    if (!Array.isArray(value) || value.length > MAX_IN) throw bad(at, `must be a list of at most ${MAX_IN} values`);
    if (value.length === 0) return op === '$in' ? sql`1 = 0` : sql`1 = 1`;
    const parts = value.map((v, i) => compare(spec, '$eq', v, `${at}[${i}]`, budget));
    const any = sql`(${sql.join(parts, sql` or `)})`;
    return op === '$in' ? any : sql`not ${any}`;
  }
  const sqlOp = OPS[op];
  if (!sqlOp) throw bad(at, `unknown operator ${op}`, 'FIELD_NOT_ALLOWED');
  const v = checkedValue(spec, value, at);
  budget.values += 1;
  if (budget.values > MAX_VALUES) throw bad(at, `the filter compares more than ${MAX_VALUES} values`);
  if (spec.kind === 'id') {
    const parts = splitItemId(v as string);
    const match = parts ? sql`(v.product_id = ${parts.productId} and v.id = ${parts.variantId})` : sql`1 = 0`;
    if (op === '$eq') return match;
    if (op === '$ne') return sql`not ${match}`;
    throw bad(at, 'ids compare only with $eq, $ne, $in and $nin', 'FIELD_NOT_ALLOWED');
  }
  if (spec.kind === 'inStock' || spec.kind === 'bool') {
    if (op !== '$eq' && op !== '$ne') throw bad(at, 'true/false fields compare only with $eq and $ne');
    const want = op === '$eq' ? v : !v;
    if (spec.kind === 'inStock') return want ? inStockSql : sql`not ${inStockSql}`;
    return sql`${sql.ref(spec.column as string)} = ${want ? 1 : 0}`;
  }
  return sql`${sql.ref(spec.column as string)} ${sql.raw(sqlOp)} ${v}`;
}

function compile(filter: unknown, fields: Record<string, FieldSpec>, at: string, depth: number, budget: Budget): Sql[] {
  if (depth > MAX_DEPTH) throw bad(at, 'is nested too deeply');
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw bad(at, 'must be an object');
  const out: Sql[] = [];
  for (const [key, cond] of Object.entries(filter)) {
    const here = `${at}.${key}`;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(cond) || cond.length === 0 || cond.length > 50)
        throw bad(here, 'must be a list of 1 to 50 filters');
      const parts = cond.map((c, i) => {
        const inner = compile(c, fields, `${here}[${i}]`, depth + 1, budget);
        return inner.length === 0 ? sql`1 = 1` : sql`(${sql.join(inner, sql` and `)})`;
      });
      out.push(sql`(${sql.join(parts, key === '$and' ? sql` and ` : sql` or `)})`);
      continue;
    }
    if (key === '$not') {
      const inner = compile(cond, fields, here, depth + 1, budget);
      if (inner.length > 0) out.push(sql`not (${sql.join(inner, sql` and `)})`);
      continue;
    }
    const spec = fields[key];
    if (!spec)
      throw bad(here, `cannot be filtered on (allowed: ${Object.keys(fields).join(', ')})`, 'FIELD_NOT_ALLOWED');
    if (cond !== null && typeof cond === 'object' && !Array.isArray(cond)) {
      const entries = Object.entries(cond);
      if (entries.length === 0) throw bad(here, 'names no operator');
      for (const [op, value] of entries) out.push(compare(spec, op, value, `${here}.${op}`, budget));
    } else {
      out.push(compare(spec, '$eq', cond, here, budget));
    }
  }
  return out;
}

/** The filter as one SQL condition (`1 = 1` when empty). */
export function whereOf(filter: unknown, fields: Record<string, FieldSpec>, at: string): Sql {
  if (filter === undefined || filter === null) return sql`1 = 1`;
  const parts = compile(filter, fields, at, 0, { values: 0 });
  return parts.length === 0 ? sql`1 = 1` : sql`(${sql.join(parts, sql` and `)})`;
}

/** The sort: only by the item order (product, then variant), ascending or descending. */
export function directionOf(sort: unknown, keys: readonly string[], at: string): 'asc' | 'desc' {
  if (sort === undefined || sort === null) return 'asc';
  if (!Array.isArray(sort) || sort.length > 2) throw bad(at, 'must be a list of at most 2 sort orders');
  let dir: 'asc' | 'desc' = 'asc';
  sort.forEach((s, i) => {
    const o = s as { fieldName?: unknown; order?: unknown };
    if (typeof o !== 'object' || o === null || typeof o.fieldName !== 'string' || !keys.includes(o.fieldName))
      throw bad(`${at}[${i}].fieldName`, `can only be one of ${keys.join(', ')}`, 'FIELD_NOT_ALLOWED');
    if (o.order !== undefined && o.order !== null && o.order !== 'ASC' && o.order !== 'DESC')
      throw bad(`${at}[${i}].order`, 'must be ASC or DESC');
    if (i === 0) dir = o.order === 'DESC' ? 'desc' : 'asc';
  });
  return dir;
}

/** What a cursor carries. */
export interface CursorBody {
  /** Which listing (`items` or `variants`): a cursor of one is refused by the other. */
  k: string;
  f: unknown;
  d: 'asc' | 'desc';
  o: number;
  l: number;
}

export function encodeCursor(body: CursorBody, secret: string): string {
  const json = Buffer.from(JSON.stringify(body)).toString('base64url');
  const mac = createHmac('sha256', secret).update(json).digest('base64url').slice(0, 22);
  return `${json}.${mac}`;
}

export function decodeCursor(cursor: string, kind: string, secret: string, at: string): CursorBody {
  const [json, mac, extra] = cursor.split('.');
  const invalid = () =>
    bad(at, 'is not a cursor of this listing (take it from pagingMetadata.cursors)', 'INVALID_CURSOR');
  if (!json || !mac || extra !== undefined) throw invalid();
  const want = Buffer.from(createHmac('sha256', secret).update(json).digest('base64url').slice(0, 22));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw invalid();
  try {
    const body = JSON.parse(Buffer.from(json, 'base64url').toString('utf8')) as CursorBody;
    if (body.k !== kind || !Number.isInteger(body.o) || body.o < 0) throw invalid();
    return body;
  } catch {
    throw invalid();
  }
}

/** Paging state of a request: from its cursor, or from its filter and sort. */
export function pagingOf(
  q: { filter?: unknown; sort?: unknown; cursorPaging?: { limit?: number | null; cursor?: string | null } | null },
  kind: string,
  keys: readonly string[],
  secret: string,
  at: string,
): CursorBody {
  const limit = q.cursorPaging?.limit ?? INVENTORY_V3_MAX_LIMIT;
  const cursor = q.cursorPaging?.cursor;
  if (cursor) {
    const body = decodeCursor(cursor, kind, secret, `${at}.cursorPaging.cursor`);
    return { ...body, l: q.cursorPaging?.limit ?? body.l };
  }
  return { k: kind, f: q.filter ?? null, d: directionOf(q.sort, keys, `${at}.sort`), o: 0, l: limit };
}

/** Paging metadata of a page read with `limit + 1` rows. */
export function pagingMetadataOf(body: CursorBody, fetched: number, secret: string) {
  const hasNext = fetched > body.l;
  const count = Math.min(fetched, body.l);
  const next = hasNext ? encodeCursor({ ...body, o: body.o + body.l }, secret) : undefined;
  const prev = body.o > 0 ? encodeCursor({ ...body, o: Math.max(0, body.o - body.l) }, secret) : undefined;
  return {
    count,
    cursors: { ...(next ? { next } : {}), ...(prev ? { prev } : {}) },
    hasNext,
  };
}
