import { describe, expect, it } from 'vitest';
import { fakeClock } from '../test-helpers.js';
import { getCookie, serializeCookie } from './cookies.js';
import { cookieStorage, localStorageStorage, memoryStorage } from './storage.js';
import { EMPTY_TOKENS, type Tokens } from './types.js';

const tokens: Tokens = {
  accessToken: { value: 'a.b.c', expiresAt: 1_900_000_000 },
  refreshToken: { value: 'r=;1', role: 'member' },
};

/** A cookie jar that keeps the last value of each cookie, as a browser's document.cookie does. */
function jar() {
  const cookies = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (/expires=Thu, 01 Jan 1970/.test(line)) cookies.delete(pair.slice(0, eq));
      else cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    },
  };
}

describe('token storage', () => {
  it('keeps tokens in memory', () => {
    const storage = memoryStorage();
    expect(storage.getTokens()).toEqual(EMPTY_TOKENS);
    storage.setTokens(tokens);
    expect(storage.getTokens()).toEqual(tokens);
  });

  it('keeps tokens in localStorage under one key, and reads a damaged entry as no tokens', () => {
    const map = new Map<string, string>();
    const fake = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => {
        map.set(k, v);
      },
    } as unknown as Storage;
    const storage = localStorageStorage({ storage: fake });
    storage.setTokens(tokens);
    expect(JSON.parse(map.get('merx-tokens') ?? '')).toEqual(tokens);
    expect(localStorageStorage({ storage: fake }).getTokens()).toEqual(tokens);
    map.set('merx-tokens', '{oops');
    expect(storage.getTokens()).toEqual(EMPTY_TOKENS);
  });

  it('keeps tokens in a cookie on path / that expires a number of days from now', () => {
    const clock = fakeClock(Date.UTC(2030, 0, 1));
    const cookies = jar();
    const storage = cookieStorage({ jar: cookies, expires: 30, clock, sameSite: 'Lax' });
    storage.setTokens(tokens);
    expect(cookies.written[0]).toContain('; path=/; expires=Thu, 31 Jan 2030 00:00:00 GMT; samesite=Lax');
    expect(storage.getTokens()).toEqual(tokens);
    storage.setTokens(EMPTY_TOKENS);
    expect(getCookie(cookies, 'merx-tokens')).toBeUndefined();
  });

  it('writes cookies with path / by default and numeric expiry in days', () => {
    const clock = fakeClock(Date.UTC(2030, 0, 1));
    expect(serializeCookie('n', 'v', {}, clock)).toBe('n=v; path=/');
    expect(serializeCookie('n', 'v w', { expires: 1 }, clock)).toBe(
      'n=v%20w; path=/; expires=Wed, 02 Jan 2030 00:00:00 GMT',
    );
    expect(serializeCookie('n', 'v', { expires: 0.5, path: '/shop', secure: true }, clock)).toBe(
      'n=v; path=/shop; expires=Tue, 01 Jan 2030 12:00:00 GMT; secure',
    );
  });
});
