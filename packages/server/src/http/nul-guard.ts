import type { FieldViolation } from '@merx/domain';
import { formatPath } from './violations.js';

type Path = Array<string | number>;

function nulPaths(value: unknown, path: Path, out: Path[]): Path[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) nulPaths(item, [...path, i], out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) out.push(path);
      nulPaths(item, [...path, key], out);
    }
  }
  return out;
}

/**
 * Violations for every string (key or value) holding a NUL character. PostgreSQL text cannot store NUL, so
 * without this check such input would fail in the database instead of answering 400 on both engines.
 */
export function nulViolations(value: unknown, prefix: string): FieldViolation[] {
  return nulPaths(value, [], []).map((path) => ({
    field: formatPath(prefix, path) || 'body',
    description: 'must not contain the NUL character',
    violatedRule: 'FORMAT',
  }));
}
