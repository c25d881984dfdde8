import { invalid } from '@merx/domain';
import { parseJsonInput } from './json-input.js';

/** True where `schema` takes text at `path` of the input (through optional, nullable, default and pipes). */
export type WantsText = (path: readonly string[]) => boolean;

/** What a zod schema (or none) takes, as a `WantsText`: a plain value is read as a number only where text is not. */
export function textFieldsOf(schema: unknown): WantsText {
  return (path) => {
    let node = schema as { def?: Record<string, unknown> } | undefined;
    for (let i = 0; ; ) {
      const def = node?.def;
      if (!def) return false;
      const type = def.type;
      if (type === 'optional' || type === 'nullable' || type === 'default' || type === 'prefault') {
        node = def.innerType as typeof node;
      } else if (type === 'pipe') {
        node = def.in as typeof node;
      } else if (i === path.length) {
        return type === 'string' || type === 'enum';
      } else if (type === 'object') {
        node = (def.shape as Record<string, typeof node>)[path[i] as string];
        i++;
      } else {
        return false;
      }
    }
  };
}

/**
 * Reads the input of a GET query route: the `.r` envelope (base64url JSON, padding stripped) when present,
 * otherwise the plain parameters with dotted keys unflattened (`a.b=1` → `{a:{b:1}}`). Plain values that look like
 * numbers or booleans become them, except where the route's schema takes text (`wantsText`): a search for `1003`
 * or `007` stays the text typed.
 */
export function decodeGetInput(
  query: Record<string, unknown>,
  wantsText: WantsText = () => false,
): Record<string, unknown> {
  const envelope = query['.r'];
  if (envelope !== undefined) {
    if (typeof envelope !== 'string') throw invalid('.r', 'must be given once', 'VALIDATION');
    const parsed = parseJsonInput(
      Buffer.from(envelope, 'base64url').toString('utf8'),
      '.r',
      'must be base64url-encoded JSON',
    );
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw invalid('.r', 'must encode a JSON object', 'FORMAT');
    }
    return parsed as Record<string, unknown>;
  }
  return unflatten(query, wantsText);
}

function plainValue(value: unknown, text: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => plainValue(v, text));
  if (typeof value !== 'string' || text) return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(value) && value.length < 16) return Number(value);
  return value;
}

function unflatten(query: Record<string, unknown>, wantsText: WantsText): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const parts = key.split('.');
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype' || p === '')) continue;
    let cur = out;
    for (const part of parts.slice(0, -1)) {
      const next = cur[part];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) cur[part] = {};
      cur = cur[part] as Record<string, unknown>;
    }
    cur[parts[parts.length - 1] as string] = plainValue(value, wantsText(parts));
  }
  return out;
}
