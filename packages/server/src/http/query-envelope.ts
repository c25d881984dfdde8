import { invalid } from '@merx/domain';
import { parseJsonInput } from './json-input.js';

/**
 * Reads the input of a GET query route: the `.r` envelope (base64url JSON, padding stripped) when present,
 * otherwise the plain parameters with dotted keys unflattened (`a.b=1` → `{a:{b:1}}`).
 */
export function decodeGetInput(query: Record<string, unknown>): Record<string, unknown> {
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
  return unflatten(query);
}

function plainValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainValue);
  if (typeof value !== 'string') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(value) && value.length < 16) return Number(value);
  return value;
}

function unflatten(query: Record<string, unknown>): Record<string, unknown> {
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
    cur[parts[parts.length - 1] as string] = plainValue(value);
  }
  return out;
}
