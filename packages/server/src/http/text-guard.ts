import type { FieldViolation } from '@merx/domain';
import { formatPath } from './violations.js';

type Path = Array<string | number>;

/** A value met on the walk, with the way back to the root (paths are built only for the values reported). */
interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): Path {
  const path: Path = [];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent) path.push(v.key);
  return path.reverse();
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL, or a UTF-16 surrogate without its pair: text PostgreSQL cannot store or parse as JSON. */
const badText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Paths of every string (key or value) holding bad text, in document order; iterative, so no input exhausts the
 * stack.
 */
function badPaths(root: unknown): Path[] {
  const out: Path[] = [];
  const stack: Visit[] = [{ value: root, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (badText(value)) out.push(pathOf(visit));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: visit });
      }
      // Bad text in a key is reported on the object that holds it, before its values.
      if (keys.some(badText)) out.push(pathOf(visit));
    }
  }
  return out;
}

/**
 * Violations for every string (key or value) holding a NUL character or a lone surrogate. PostgreSQL text cannot
 * store NUL and its JSON refuses a lone surrogate's escape, so without this check such input would fail in the
 * database instead of answering 400 on both engines.
 */
export function textViolations(value: unknown, prefix: string): FieldViolation[] {
  return badPaths(value).map((path) => ({
    field: formatPath(prefix, path) || 'body',
    description: 'must be text without NUL characters or unpaired surrogates',
    violatedRule: 'FORMAT',
  }));
}
