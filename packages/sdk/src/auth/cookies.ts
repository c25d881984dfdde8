import { type Clock, systemClock } from '../clock.js';

/** Anything with a `cookie` property like `document`. */
export interface CookieJar {
  cookie: string;
}

export interface CookieOptions {
  /** Days from now when a number (spec section 9), or an exact date; absent: a session cookie. */
  expires?: number | Date;
  /** Default `/`. */
  path?: string;
  domain?: string;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `Set-Cookie`-style string `setCookie` writes. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}, clock = systemClock): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.expires !== undefined) {
    const date =
      typeof options.expires === 'number' ? new Date(clock.now() + options.expires * DAY_MS) : options.expires;
    parts.push(`expires=${date.toUTCString()}`);
  }
  if (options.domain) parts.push(`domain=${options.domain}`);
  if (options.secure) parts.push('secure');
  if (options.sameSite) parts.push(`samesite=${options.sameSite}`);
  return parts.join('; ');
}

export function setCookie(jar: CookieJar, name: string, value: string, options?: CookieOptions, clock?: Clock): void {
  jar.cookie = serializeCookie(name, value, options, clock);
}

/** The cookie's value, or undefined. */
export function getCookie(jar: CookieJar, name: string): string | undefined {
  const wanted = encodeURIComponent(name);
  for (const part of jar.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== wanted) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function removeCookie(jar: CookieJar, name: string, options: Omit<CookieOptions, 'expires'> = {}): void {
  jar.cookie = serializeCookie(name, '', { ...options, expires: new Date(0) });
}
