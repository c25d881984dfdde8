import type { EntityQuerySpec, FilterNode, ParsedQuery, Scalar } from '@merx/domain';
import { invalid } from '@merx/domain';

/*
 * The query allow-lists of discount rules and coupons. `status` is derived from the time window, so a filter on
 * it is rewritten into conditions on the window's columns at the time of the request.
 */

const statusField = { kind: 'column', column: 'id', type: 'string', operators: ['$eq', '$ne', '$in', '$nin'] } as const;
const revisionOps = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists'] as const;
const common = {
  id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
  // The wire's revision is an int64 string; both engines compare it to the integer column as a number.
  revision: {
    kind: 'column',
    column: 'revision',
    type: 'string',
    operators: revisionOps,
    sortable: true,
    notNull: true,
  },
  name: { kind: 'column', column: 'name', type: 'string', sortable: true, notNull: true },
  active: { kind: 'column', column: 'active', type: 'boolean', sortable: true, notNull: true },
  createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true, notNull: true },
  updatedDate: { kind: 'column', column: 'updated_date', type: 'date', sortable: true, notNull: true },
  status: statusField,
} as const;

/** The fields the discount rules query builder offers (plus `status`). */
export const discountRuleQuerySpec: EntityQuerySpec = {
  table: 'discount_rules',
  fields: {
    ...common,
    'activeTimeInfo.start': { kind: 'column', column: 'start_date', type: 'date', sortable: true },
    'activeTimeInfo.end': { kind: 'column', column: 'end_date', type: 'date', sortable: true },
    'tags.privateTags.tagIds': {
      kind: 'relation',
      table: 'discount_rule_tags',
      ownerColumn: 'rule_id',
      valueColumn: 'tag_id',
      type: 'string',
    },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'DESC' }],
};

export const couponQuerySpec: EntityQuerySpec = {
  table: 'coupons',
  fields: {
    ...common,
    code: { kind: 'column', column: 'code_key', type: 'string', sortable: true, notNull: true },
    'discount.discountType': { kind: 'column', column: 'discount_type', type: 'string', notNull: true },
    'discount.targetType': { kind: 'column', column: 'target_type', type: 'string', notNull: true },
    usageCount: { kind: 'column', column: 'usage_count', type: 'number', sortable: true, notNull: true },
    /** Sorted by what it gave; filtered in minor units would mislead, so it is sort-only. */
    totalDiscount: {
      kind: 'column',
      column: 'discount_total',
      type: 'number',
      sortable: true,
      notNull: true,
      operators: [],
    },
    startDate: { kind: 'column', column: 'start_date', type: 'date', sortable: true },
    expirationDate: { kind: 'column', column: 'expiration_date', type: 'date', sortable: true },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'DESC' }],
};

/** Wire fields holding the start and end of an entity's time window. */
export interface WindowFields {
  start: string;
  end: string;
}

const STATUSES = ['LIVE', 'EXPIRED', 'PENDING'];
const all: FilterNode = { kind: 'and', nodes: [] };
const none: FilterNode = { kind: 'or', nodes: [] };

function statusCondition(value: Scalar | null, window: WindowFields, now: string): FilterNode {
  if (value === null) return none;
  if (typeof value !== 'string' || !STATUSES.includes(value)) {
    throw invalid('query.filter.status', `must be one of ${STATUSES.join(', ')}`, 'INVALID_ENUM_VALUE');
  }
  if (value === 'PENDING') return { kind: 'compare', field: window.start, op: '$gt', value: now };
  if (value === 'EXPIRED') return { kind: 'compare', field: window.end, op: '$lte', value: now };
  const open = (field: string): FilterNode => ({ kind: 'exists', field, value: false });
  return {
    kind: 'and',
    nodes: [
      { kind: 'or', nodes: [open(window.start), { kind: 'compare', field: window.start, op: '$lte', value: now }] },
      { kind: 'or', nodes: [open(window.end), { kind: 'compare', field: window.end, op: '$gt', value: now }] },
    ],
  };
}

/** Revisions compare as numbers in SQL, so a value that is not one would fail there rather than here. */
function checkRevision(node: FilterNode): FilterNode {
  const values = node.kind === 'compare' ? [node.value] : node.kind === 'in' ? node.values : [];
  if (values.some((v) => v !== null && !/^\d{1,15}$/.test(String(v)))) {
    throw invalid('query.filter.revision', 'must be a whole number', 'FORMAT');
  }
  return node;
}

function rewriteNode(node: FilterNode, window: WindowFields, now: string, lowerCase: ReadonlySet<string>): FilterNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return { kind: node.kind, nodes: node.nodes.map((n) => rewriteNode(n, window, now, lowerCase)) };
    case 'not':
      return { kind: 'not', node: rewriteNode(node.node, window, now, lowerCase) };
    default:
      break;
  }
  if (node.field === 'revision') return checkRevision(node);
  if (node.field !== 'status') {
    if (!lowerCase.has(node.field)) return node;
    const lower = (v: Scalar) => (typeof v === 'string' ? v.toLowerCase() : v);
    if (node.kind === 'compare') return { ...node, value: node.value === null ? null : lower(node.value) };
    if (node.kind === 'in') return { ...node, values: node.values.map(lower) };
    return node;
  }
  if (node.kind === 'exists') return node.value ? all : none;
  if (node.kind === 'compare') {
    const condition = statusCondition(node.value, window, now);
    return node.op === '$ne' ? { kind: 'not', node: condition } : condition;
  }
  if (node.kind === 'in') {
    const any: FilterNode = { kind: 'or', nodes: node.values.map((v) => statusCondition(v, window, now)) };
    return node.op === '$nin' ? { kind: 'not', node: any } : any;
  }
  return node;
}

/**
 * The query with `status` conditions turned into window conditions at `now`, and the values of `lowerCase`
 * fields (stored lower-cased, e.g. coupon codes) lower-cased.
 */
export function resolveDerivedFields(
  query: ParsedQuery,
  window: WindowFields,
  now: Date,
  lowerCase: readonly string[] = [],
): ParsedQuery {
  if (!query.filter) return query;
  return { ...query, filter: rewriteNode(query.filter, window, now.toISOString(), new Set(lowerCase)) };
}
