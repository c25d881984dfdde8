import type { EntityQuerySpec, FieldSpec, FieldType, Operator } from './types.js';

/** SDK object names that the SDK normally renames before sending; accepted anyway. */
const SYSTEM_ALIASES = new Map([
  ['_id', 'id'],
  ['_createdDate', 'createdDate'],
  ['_updatedDate', 'updatedDate'],
]);

const COMPARE_OPS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'] as const;
const TEXT_OPS = ['$startsWith', '$endsWith', '$contains'] as const;
const TEXT_TYPE_OPS: readonly Operator[] = [...COMPARE_OPS, '$in', '$nin', ...TEXT_OPS, '$exists'];
const ORDERED_TYPE_OPS: readonly Operator[] = [...COMPARE_OPS, '$in', '$nin', '$exists'];

const COLUMN_OPS: Record<FieldType, readonly Operator[]> = {
  string: TEXT_TYPE_OPS,
  id: TEXT_TYPE_OPS,
  number: ORDERED_TYPE_OPS,
  date: ORDERED_TYPE_OPS,
  boolean: ['$eq', '$ne', '$in', '$nin', '$exists'],
};

const RELATION_OPS: readonly Operator[] = ['$eq', '$ne', '$in', '$nin', '$hasSome', '$hasAll', '$exists'];

/** Every operator of the query language. */
export const OPERATORS: readonly Operator[] = [
  ...COMPARE_OPS,
  '$in',
  '$nin',
  '$hasSome',
  '$hasAll',
  ...TEXT_OPS,
  '$exists',
];

/** True when `name` is an operator of the query language. */
export function isOperator(name: string): name is Operator {
  return (OPERATORS as readonly string[]).includes(name);
}

/** Operators a field accepts: those that fit its type, narrowed by the spec's own list. */
export function operatorsFor(field: FieldSpec): readonly Operator[] {
  if (field.kind === 'relation') return RELATION_OPS;
  const fitting = COLUMN_OPS[field.type];
  const allowed = field.operators;
  return allowed ? fitting.filter((op) => allowed.includes(op)) : fitting;
}

/** Looks a wire field name up in the allow-list, accepting `_id`-style names for the system fields. */
export function resolveField(spec: EntityQuerySpec, name: string): { name: string; field: FieldSpec } | undefined {
  const direct = lookup(spec, name);
  if (direct) return { name, field: direct };
  const renamed = name
    .split('.')
    .map((segment) => SYSTEM_ALIASES.get(segment) ?? segment)
    .join('.');
  const aliased = renamed === name ? undefined : lookup(spec, renamed);
  return aliased ? { name: renamed, field: aliased } : undefined;
}

function lookup(spec: EntityQuerySpec, name: string): FieldSpec | undefined {
  // Own properties only, so names like `constructor` or `__proto__` are never found.
  return Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
}
