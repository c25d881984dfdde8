import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where the hosted pages' cookies live: only requests to `/auth/…` carry them. */
export const COOKIE_PATH = '/auth';

/** A fresh CSP nonce for one response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** What a page may do beyond the strict default: post forms that redirect to, and be framed by, other origins. */
export interface PagePolicy {
  /** Origins a form on the page may end up at (CSP form-action also covers the redirect after a post). */
  formTargets?: readonly string[];
  /** Origins allowed to frame the page (web_message and prompt=none); none by default. */
  frameAncestors?: readonly string[];
  /**
   * The captcha widget's origins (its script's own, or the provider's set): they may serve scripts, styles and
   * frames to the page and answer its requests. None unless the store asks for a captcha.
   */
  widgetOrigins?: readonly string[];
}

/** The Content-Security-Policy of one page: nothing but this origin, the nonce and the named targets. */
export function contentSecurityPolicy(nonce: string, policy: PagePolicy = {}): string {
  const forms = ["'self'", ...new Set(policy.formTargets ?? [])].join(' ');
  const frames = policy.frameAncestors?.length ? [...new Set(policy.frameAncestors)].join(' ') : "'none'";
  const widget = [...new Set(policy.widgetOrigins ?? [])].map((o) => ` ${o}`).join('');
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'${widget}`,
    `style-src 'self' 'nonce-${nonce}'${widget}`,
    "img-src 'self' data:",
    ...(widget ? [`frame-src${widget}`, `connect-src${widget}`] : []),
    `form-action ${forms}`,
    `frame-ancestors ${frames}`,
    "base-uri 'none'",
  ].join('; ');
}

/** Headers every hosted response carries; pages replace the CSP with their own. */
export function baseHeaders(reply: FastifyReply): void {
  reply
    .header(
      'content-security-policy',
      "default-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY');
}

/** Sets the page's own policy (and lifts X-Frame-Options when some origins may frame it). */
export function pageHeaders(reply: FastifyReply, nonce: string, policy: PagePolicy): void {
  reply.header('content-security-policy', contentSecurityPolicy(nonce, policy));
  if (policy.frameAncestors?.length) reply.removeHeader('x-frame-options');
}

/** The origin of an absolute URL, or undefined when it is not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The cookies of a request, by name (the first wins, as browsers send the most specific path first). */
export function readCookies(request: FastifyRequest): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // A malformed value is treated as absent.
    }
  }
  return cookies;
}

export interface CookieOptions {
  secure: boolean;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
}

/** Adds a `Set-Cookie` for an HttpOnly, SameSite=Lax cookie on `/auth` (Secure when the store runs on https). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${options.maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}
