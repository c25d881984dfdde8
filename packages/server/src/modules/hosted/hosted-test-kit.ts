/** Shared by the hosted pages' tests: a server per file, a cookie-keeping browser for `inject`, OAuth helpers. */
process.env.MERX_ARGON2_FAST = '1';

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';
import type { OAuthClient } from '../oauth/clients.service.js';

export const ORIGIN = 'http://localhost:5173';
export const REDIRECT = `${ORIGIN}/callback`;
export const PASSWORD = 'correct horse 1';

/** The running server and the test client (live bindings, set by `startHostedServer`). */
export let server: TestServer;
export let shop: OAuthClient;

/** One server per test file, with an OAuth client on a shop origin of its own (`options` made before it starts). */
export function startHostedServer(options?: () => Promise<Parameters<typeof startTestServer>[0]>): void {
  beforeAll(async () => {
    server = await startTestServer(await options?.());
    shop = await server.services.clients.create({
      name: 'Test shop',
      redirectUris: [REDIRECT],
      allowedOrigins: [ORIGIN],
    });
  });
  afterAll(async () => {
    await server?.close();
  });
}

export const email = () => `m-${randomUUID().slice(0, 8)}@example.com`;

export async function member(address = email(), password = PASSWORD): Promise<string> {
  await server.services.identity.register({ loginId: { email: address }, password }, { ip: undefined });
  return address;
}

/** A browser for `app.inject`: keeps cookies between requests, like the real one on `/auth`. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await server.app.inject({ ...opts, headers: { ...opts.headers, ...(cookie ? { cookie } : {}) } });
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (/Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, fields: Record<string, string>) {
    return this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  /** Opens a page and posts its form (the first form whose action matches), carrying the page's CSRF token. */
  async submit(pageUrl: string, fields: Record<string, string>, action?: string) {
    const page = await this.get(pageUrl);
    return this.post(action ?? pageUrl, { csrf: csrfOf(page.body), ...fields });
  }
}

export function csrfOf(body: string): string {
  return hiddenOf(body, 'csrf');
}

export function hiddenOf(body: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(body);
  if (!match?.[1]) throw new Error(`no ${name} field in the page`);
  return match[1];
}

export const unescapeAmp = (s: string) => s.replace(/&amp;/g, '&');

export interface AuthSession {
  path: string;
  verifier: string;
  state: string;
}

export async function authSession(
  opts: {
    responseMode?: 'fragment' | 'query' | 'web_message';
    prompt?: 'login' | 'none';
    sessionToken?: string;
    client?: OAuthClient;
  } = {},
): Promise<AuthSession> {
  const client = opts.client ?? shop;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const res = await server.app.inject({
    method: 'POST',
    url: '/_api/redirects-api/v1/redirect-session',
    payload: {
      auth: {
        authRequest: {
          redirectUri: client.redirectUris[0],
          clientId: client.id,
          codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
          codeChallengeMethod: 'S256',
          responseMode: opts.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state,
          ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}),
        },
        prompt: opts.prompt ?? 'login',
      },
    },
  });
  expect(res.statusCode).toBe(200);
  return { path: new URL(res.json().redirectSession.fullUrl).pathname, verifier, state };
}

export async function redirectSession(body: Record<string, unknown>): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/_api/redirects-api/v1/redirect-session',
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().redirectSession.fullUrl).pathname;
}

/** The OAuth parameters a redirect carries in its fragment or query. */
export function resultOf(location: string, mode: 'fragment' | 'query' = 'fragment'): URLSearchParams {
  const url = new URL(location);
  return mode === 'query' ? url.searchParams : new URLSearchParams(url.hash.slice(1));
}

export function exchange(code: string, verifier: string, client = shop) {
  return server.app.inject({
    method: 'POST',
    url: '/oauth2/token',
    payload: {
      clientId: client.id,
      grantType: 'authorization_code',
      redirectUri: client.redirectUris[0],
      code,
      codeVerifier: verifier,
    },
  });
}

export async function codeCount(): Promise<number> {
  const row = await server.merx.db
    .selectFrom('auth_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestMail(to: string, kind?: string): Promise<string> {
  let q = server.merx.db.selectFrom('mail_messages').select('text_body').where('to_address', '=', to);
  if (kind) q = q.where('kind', '=', kind);
  const row = await q.orderBy('created_date', 'desc').executeTakeFirst();
  if (!row) throw new Error(`no mail to ${to}`);
  return row.text_body;
}

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] as string;
