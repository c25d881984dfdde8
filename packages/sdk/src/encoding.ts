/** Query strings of GET requests (WIRE.md 0.6): plain dotted pairs, or the `.r` envelope for queries. */

/** A GET whose query string would be longer than this is sent as a POST to the same path (spec section 9). */
export const GET_FALLBACK_THRESHOLD = 4000;

/** Standard base64 of bytes; works in browsers and Node without Buffer. */
export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** base64url of bytes, padding stripped. */
export function base64UrlEncode(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The `.r` parameter: base64url(JSON.stringify(payload)). */
export function envelopeQuery(payload: unknown): string {
  return `.r=${base64UrlEncode(new TextEncoder().encode(JSON.stringify(payload)))}`;
}

/**
 * Plain pairs: nested objects as dotted keys, arrays as repeated keys, `null`/`undefined` left out, booleans as
 * `true`/`false`, everything URL-encoded.
 */
export function plainQuery(payload: Record<string, unknown>): string {
  const pairs = new URLSearchParams();
  const add = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) add(key, item);
    } else if (value instanceof Date) {
      pairs.append(key, value.toISOString());
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}.${k}`, v);
    } else {
      pairs.append(key, String(value));
    }
  };
  for (const [k, v] of Object.entries(payload)) add(k, v);
  return pairs.toString();
}

/** `/stores/v1/products/{id}` with `{id: 'a b'}` → `/stores/v1/products/a%20b`. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}

/**
 * How a GET query goes out: `?.r=…` when its query string is at most 4000 characters, otherwise a POST to the same
 * path with the payload as the JSON body (WIRE.md 0.6, spec section 7).
 */
export function encodeEnvelopeOrPost(payload: unknown): { post: false; search: string } | { post: true } {
  const search = envelopeQuery(payload);
  return search.length > GET_FALLBACK_THRESHOLD ? { post: true } : { post: false, search };
}
