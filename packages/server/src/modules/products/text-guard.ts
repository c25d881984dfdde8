import type { z } from 'zod';
import type { AnyRoute } from '../../http/route.js';

type Path = Array<string | number>;

/** Paths of every string (key or value) in `value` that holds a NUL character. */
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
 * `schema`, also refusing NUL characters anywhere in the value. PostgreSQL text cannot store them, so without
 * this a NUL in a name, a filter value or a path id fails in the database instead of answering 400.
 */
export function refuseNul<T>(schema: z.ZodType<T>): z.ZodType<T> {
  return schema.superRefine((value, ctx) => {
    for (const path of nulPaths(value, [], [])) {
      ctx.addIssue({ code: 'custom', path, message: 'must not contain the NUL character', input: value });
    }
  });
}

/** The route with its path parameters and input also refusing NUL characters. */
export function guardText(route: AnyRoute): AnyRoute {
  return {
    ...route,
    ...(route.params ? { params: refuseNul(route.params) } : {}),
    ...(route.input ? { input: refuseNul(route.input) } : {}),
  };
}
