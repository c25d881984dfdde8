import { createHmac, timingSafeEqual } from 'node:crypto';
import { type FilterNode, invalid, type Scalar, type SortField } from '@merx/domain';

/** What a cursor carries: the next request sends only the cursor, so filter and sort travel inside it. */
export interface CursorState {
  filter: FilterNode | null;
  sort: SortField[];
  offset: number;
  limit: number;
  /** Words of a full-text search (products), when the list is one. */
  search?: string[] | null;
}

const VERSION = 1;
/** HMAC-SHA256 truncated to 128 bits: ample against forgery, and keeps cursors short. */
const MAC_BYTES = 16;
const MAX_CURSOR_LENGTH = 64_000;

/**
 * Packs the state into an opaque base64url string signed with `secret`. `scope` (e.g. the table name)
 * binds the cursor to one endpoint, so a cursor from one list is refused by another.
 */
export function encodeCursor(state: CursorState, secret: string, scope = ''): string {
  const sort = state.sort.map((s) => (s.order === 'DESC' ? `-${s.field}` : s.field));
  const packed: unknown[] = [VERSION, state.offset, state.limit, sort, state.filter ? packFilter(state.filter) : 0];
  // The search words travel as a sixth element, only when there are any (older cursors have five).
  if (state.search && state.search.length > 0) packed.push(state.search);
  const payload = Buffer.from(JSON.stringify(packed), 'utf8');
  return Buffer.concat([sign(payload, secret, scope), payload]).toString('base64url');
}

/** Reads a cursor made by `encodeCursor`; anything malformed or tampered with is a ValidationError at `path`. */
export function decodeCursor(
  cursor: string,
  secret: string,
  path = 'query.cursorPaging.cursor',
  scope = '',
): CursorState {
  const refuse = () => invalid(path, 'invalid cursor');
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.length <= MAC_BYTES) throw refuse();
  const payload = bytes.subarray(MAC_BYTES);
  if (!timingSafeEqual(bytes.subarray(0, MAC_BYTES), sign(payload, secret, scope))) throw refuse();
  try {
    return unpackState(JSON.parse(payload.toString('utf8')));
  } catch {
    throw refuse();
  }
}

function sign(payload: Buffer, secret: string, scope: string): Buffer {
  return createHmac('sha256', secret).update(scope).update('\0').update(payload).digest().subarray(0, MAC_BYTES);
}

/*
 * Compact form of a FilterNode: ['&', ...nodes], ['|', ...nodes], ['!', node], and for leaves
 * [operator, field, value(s)], e.g. ['$gt', 'price', 10] or ['$exists', 'sku', true].
 */
type Packed = unknown[];

function packFilter(node: FilterNode): Packed {
  switch (node.kind) {
    case 'and':
      return ['&', ...node.nodes.map(packFilter)];
    case 'or':
      return ['|', ...node.nodes.map(packFilter)];
    case 'not':
      return ['!', packFilter(node.node)];
    case 'compare':
    case 'text':
      return [node.op, node.field, node.value];
    case 'in':
      return [node.op, node.field, node.values];
    case 'exists':
      return ['$exists', node.field, node.value];
  }
}

/** Thrown inside `decodeCursor`'s try, which turns it into the ValidationError. */
function fail(): never {
  throw new Error('invalid cursor');
}

function unpackState(value: unknown): CursorState {
  if (!Array.isArray(value) || (value.length !== 5 && value.length !== 6) || value[0] !== VERSION) fail();
  const [, offset, limit, sort, filter, search] = value;
  if (!isCount(offset) || !isCount(limit) || !Array.isArray(sort)) fail();
  if (search !== undefined && !(Array.isArray(search) && search.every((w) => typeof w === 'string' && w !== '')))
    fail();
  return {
    ...(search !== undefined ? { search: search as string[] } : {}),
    offset,
    limit,
    sort: sort.map((s: unknown) => {
      if (typeof s !== 'string' || s === '' || s === '-') fail();
      return s.startsWith('-') ? { field: s.slice(1), order: 'DESC' } : { field: s, order: 'ASC' };
    }),
    filter: filter === 0 ? null : unpackFilter(filter),
  };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function unpackFilter(value: unknown): FilterNode {
  if (!Array.isArray(value) || typeof value[0] !== 'string') fail();
  const [tag, field, arg] = value as [string, unknown, unknown];
  if (tag === '&' || tag === '|') {
    return { kind: tag === '&' ? 'and' : 'or', nodes: value.slice(1).map(unpackFilter) };
  }
  if (tag === '!') return { kind: 'not', node: unpackFilter(field) };
  if (typeof field !== 'string') fail();
  switch (tag) {
    case '$eq':
    case '$ne':
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      if (arg !== null && !isScalar(arg)) fail();
      return { kind: 'compare', field, op: tag, value: arg };
    case '$in':
    case '$nin':
    case '$hasSome':
    case '$hasAll':
      if (!Array.isArray(arg) || !arg.every(isScalar)) fail();
      return { kind: 'in', field, op: tag, values: arg };
    case '$startsWith':
    case '$endsWith':
    case '$contains':
      if (typeof arg !== 'string') fail();
      return { kind: 'text', field, op: tag, value: arg };
    case '$exists':
      if (typeof arg !== 'boolean') fail();
      return { kind: 'exists', field, value: arg };
    default:
      return fail();
  }
}
