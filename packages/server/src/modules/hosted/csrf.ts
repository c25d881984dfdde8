import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../lib/ids.js';
import { safeEqual } from '../../lib/secrets.js';
import { readCookies, setCookie } from './security.js';

export const CSRF_COOKIE = 'merx_csrf';
export const CSRF_FIELD = 'csrf';
/** The browser's CSRF cookie outlives any one form: a day. */
const CSRF_TTL = 24 * 3600;
const COOKIE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Signed double-submit CSRF protection: the browser holds a random cookie, every form carries an HMAC of it under
 * a server secret. A cross-site page can neither read the cookie nor forge the HMAC.
 */
export function createCsrf(secret: string, secureCookies: boolean) {
  const sign = (cookie: string) => createHmac('sha256', secret).update(`csrf:${cookie}`).digest('base64url');
  // A page may ask twice (two forms); the cookie is set once per response.
  const issued = new WeakMap<FastifyRequest, string>();

  return {
    /** The token for this browser's forms, setting the cookie first when it has none. */
    token(request: FastifyRequest, reply: FastifyReply): string {
      let cookie = readCookies(request)[CSRF_COOKIE];
      if (!cookie || !COOKIE_SHAPE.test(cookie)) {
        cookie = issued.get(request);
        if (!cookie) {
          cookie = randomToken(32);
          issued.set(request, cookie);
          setCookie(reply, CSRF_COOKIE, cookie, { secure: secureCookies, maxAge: CSRF_TTL });
        }
      }
      return sign(cookie);
    },

    /** True when the posted token matches this browser's cookie. */
    verify(request: FastifyRequest, posted: string | undefined): boolean {
      const cookie = readCookies(request)[CSRF_COOKIE];
      if (!cookie || !COOKIE_SHAPE.test(cookie) || !posted) return false;
      return safeEqual(sign(cookie), posted);
    },
  };
}

export type Csrf = ReturnType<typeof createCsrf>;
