import type { Clock } from '../clock.js';
import { type CookieJar, type CookieOptions, getCookie, removeCookie, setCookie } from './cookies.js';
import { EMPTY_TOKENS, type TokenStorage, type Tokens } from './types.js';

/** Tokens kept in this object only (the default; lost on reload). */
export function memoryStorage(initial: Tokens = EMPTY_TOKENS): TokenStorage {
  let tokens = initial;
  return {
    getTokens: () => tokens,
    setTokens: (next) => {
      tokens = next;
    },
  };
}

function parseTokens(text: string | null | undefined): Tokens {
  if (!text) return EMPTY_TOKENS;
  try {
    const t = JSON.parse(text) as Partial<Tokens>;
    if (typeof t.accessToken?.value === 'string' && typeof t.refreshToken?.value === 'string') return t as Tokens;
  } catch {
    // A damaged entry counts as no tokens: the next call mints visitor tokens.
  }
  return EMPTY_TOKENS;
}

/** Tokens in `localStorage` under `key` (default `merx-tokens`), shared by the tabs of one origin. */
export function localStorageStorage(options: { key?: string; storage?: Storage } = {}): TokenStorage {
  const key = options.key ?? 'merx-tokens';
  const store = () => options.storage ?? globalThis.localStorage;
  return {
    getTokens: () => parseTokens(store().getItem(key)),
    setTokens: (tokens) => store().setItem(key, JSON.stringify(tokens)),
  };
}

/**
 * Tokens in a cookie `name` (default `merx-tokens`) on path `/`, kept `expires` days (a number) or until a date.
 * Readable by the page's scripts: prefer memory or localStorage unless a server-rendered page needs the tokens.
 */
export function cookieStorage(
  options: CookieOptions & { name?: string; jar?: CookieJar; clock?: Clock } = {},
): TokenStorage {
  const { name = 'merx-tokens', jar, clock, ...cookie } = options;
  const doc = () => jar ?? (globalThis.document as CookieJar);
  return {
    getTokens: () => parseTokens(getCookie(doc(), name)),
    setTokens: (tokens) => {
      if (!tokens.accessToken.value && !tokens.refreshToken.value) removeCookie(doc(), name, cookie);
      else setCookie(doc(), name, JSON.stringify(tokens), cookie, clock);
    },
  };
}
