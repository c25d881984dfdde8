/**
 * Shared by the single sign-on tests: a REAL OpenID provider (`oidc-provider`) on a loopback port, with a login
 * page of its own and switches that make it misbehave (a changed nonce, a discovery document naming another
 * issuer, a stop), a Merx server listening on its public URL, and a cookie-keeping HTTP agent that follows
 * redirects across both.
 */
process.env.MERX_ARGON2_FAST = '1';

import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@merx/db/testing';
// @ts-expect-error oidc-provider 8 ships no type declarations (the tests use a small part of it, typed below)
import OidcProvider from 'oidc-provider';
import { buildApp, type MerxApp } from '../../app.js';
import type { Config } from '../../config.js';
import { registerRoutes } from '../../http/route.js';
import { systemClock } from '../../lib/clock.js';
import { createSealer } from '../../lib/secrets.js';
import { createCallerResolver } from '../oauth/callers.js';
import type { OAuthClient } from '../oauth/clients.service.js';
import { ssoRoutes } from './sso.routes.js';
import { createSsoService, type SsoService } from './sso.service.js';

export interface Account {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

interface ProviderApi {
  callback(): (req: IncomingMessage, res: import('node:http').ServerResponse) => void;
  interactionDetails(
    req: IncomingMessage,
    res: import('node:http').ServerResponse,
  ): Promise<{
    uid: string;
    grantId?: string;
    params: Record<string, string>;
    prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
    session?: { accountId?: string };
  }>;
  interactionFinished(
    req: IncomingMessage,
    res: import('node:http').ServerResponse,
    result: object,
    options?: object,
  ): Promise<void>;
  Grant: {
    new (o: {
      accountId: string;
      clientId: string;
    }): {
      addOIDCScope(scope: string): void;
      addOIDCClaims(claims: string[]): void;
      save(): Promise<string>;
    };
    find(
      id: string,
    ): Promise<{ addOIDCScope(s: string): void; addOIDCClaims(c: string[]): void; save(): Promise<string> }>;
  };
}

/** A local OpenID provider: its issuer, the accounts it knows (login name = subject) and its switches. */
export interface LocalProvider {
  issuer: string;
  /** An issuer URL whose discovery document names it but whose tokens the real issuer signs. */
  liarIssuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, Account>;
  /** The next authorization requests reach the provider with another nonce. */
  tamperNonce: boolean;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** A free loopback port (the server that uses it must know its URL before it starts). */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startLocalProvider(redirectUris: string[]): Promise<LocalProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Account>();
  const clientId = 'merx-store';
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>, error: Error) {
      if (process.env.SSO_TEST_DEBUG) console.error('local provider error', out, error);
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Provider error</title><h1>Provider error</h1><p>${out.error ?? 'error'}</p>`;
    },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
          kid: 'test',
          alg: 'ES256',
          use: 'sig',
        },
      ],
    },
  }) as ProviderApi;
  const handle = provider.callback();
  const state = { tamperNonce: false };

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', issuer);
      const interaction = /^\/interaction\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
      if (interaction && req.method === 'GET') {
        await provider.interactionDetails(req, res);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Local provider</title><h1>Local provider sign-in</h1>
<form method="post" action="/interaction/${interaction[1]}"><label>Account <input name="login" autofocus></label>
<button type="submit">Sign in to the provider</button></form>`);
        return;
      }
      if (interaction && req.method === 'POST') {
        const login = new URLSearchParams(await readBody(req)).get('login') ?? '';
        const details = await provider.interactionDetails(req, res);
        if (!accounts.has(login)) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          res.end('unknown account');
          return;
        }
        const grant = details.grantId
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId: login, clientId: details.params.client_id as string });
        grant.addOIDCScope(details.params.scope ?? 'openid');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (url.pathname === '/liar/.well-known/openid-configuration') {
        const real = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
          string,
          unknown
        >;
        real.issuer = `${issuer}/liar`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(real));
        return;
      }
      if (state.tamperNonce && url.pathname === '/auth' && url.searchParams.has('nonce')) {
        url.searchParams.set('nonce', randomBytes(16).toString('base64url'));
        req.url = `${url.pathname}${url.search}`;
      }
      handle(req, res);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    liarIssuer: `${issuer}/liar`,
    clientId,
    clientSecret,
    accounts,
    get tamperNonce() {
      return state.tamperNonce;
    },
    set tamperNonce(value: boolean) {
      state.tamperNonce = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface SsoServer extends MerxApp {
  merx: import('@merx/db').MerxDb;
  baseUrl: string;
  apiKey: string;
  sso: SsoService;
  shop: OAuthClient;
  close(): Promise<void>;
}

/** A Merx server listening on the public URL it was built with (the provider redirects back to it). */
export async function startSsoServer(): Promise<SsoServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const merx = await createTestDb();
  const dataDir = mkdtempSync(join(tmpdir(), 'merx-sso-'));
  const config: Config = {
    port,
    host: '127.0.0.1',
    databaseUrl: 'test',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    publicUrl: baseUrl,
    logLevel: 'silent',
    seedDemo: false,
    corsOrigins: [],
    mailFrom: 'Merx tests <no-reply@localhost>',
    ownerEmail: 'owner@merx.test',
    development: true,
  };
  const merxApp = await buildApp({ config, merx, logger: false });
  const s = merxApp.services;
  const sso =
    (s as { sso?: SsoService }).sso ??
    createSsoService({
      db: merx.db,
      clock: systemClock,
      sealer: createSealer(await s.settings.secret('sealer')),
      identity: s.identity,
      sessions: s.sessions,
      audit: s.audit,
      memberSettings: s.memberSettings,
      publicUrl: baseUrl,
    });
  // Until app.ts registers the module's routes, the tests register them as it will.
  if (!merxApp.routeTable.some((r) => r.url === '/_api/merx/v1/identity-providers')) {
    registerRoutes(merxApp.app, ssoRoutes({ sso }), createCallerResolver(s.apiKeys, s.tokens));
  }
  const apiKey = (await s.apiKeys.create({ name: 'Test owner' })).key;
  const shop = await s.clients.create({
    name: 'SSO shop',
    redirectUris: [`${baseUrl}/shop/callback`],
    allowedOrigins: [baseUrl],
  });
  await merxApp.app.listen({ port, host: '127.0.0.1' });
  return {
    ...merxApp,
    merx,
    baseUrl,
    apiKey,
    sso,
    shop,
    async close() {
      const closing = merxApp.app.close();
      merxApp.app.server.closeAllConnections();
      await closing;
      await merx.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser without JavaScript: keeps each host's cookies and follows redirects when asked. */
export class Agent {
  private readonly jars = new Map<string, Map<string, string>>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.host) ?? new Map<string, string>();
    this.jars.set(target.host, jar);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const expired = /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    }
    return res;
  }

  cookie(host: string, name: string): string | undefined {
    return this.jars.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string): void {
    const jar = this.jars.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(host, jar);
  }

  /** Follows redirects from `url` until `stop(url)` says so or a page answers; returns the last URL and answer. */
  async follow(url: string, stop: (url: string) => boolean = () => false): Promise<{ url: string; res: Response }> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      if (stop(current)) return { url: current, res: new Response(null, { status: 204 }) };
      const res = await this.request(current);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        current = new URL(location, current).href;
        continue;
      }
      return { url: current, res };
    }
    throw new Error('too many redirects');
  }

  async postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** A storefront's sign-in: a redirect session for `shop` with PKCE; its hosted page path, verifier and state. */
export async function authSession(server: SsoServer, idp?: string) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const res = await fetch(`${server.baseUrl}/_api/redirects-api/v1/redirect-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      auth: {
        authRequest: {
          redirectUri: server.shop.redirectUris[0],
          clientId: server.shop.id,
          codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state,
          ...(idp ? { idp } : {}),
        },
        prompt: 'login',
      },
    }),
  });
  const body = (await res.json()) as { redirectSession: { fullUrl: string; id: string } };
  return { url: body.redirectSession.fullUrl, id: body.redirectSession.id, verifier, state };
}

/** The "Continue with <name>" link of a sign-in page. */
export function continueLink(page: string, name: string): string {
  const re = new RegExp(`href="([^"]+)"[^>]*>Continue with ${name}<`);
  const match = re.exec(page);
  if (!match?.[1]) throw new Error(`no "Continue with ${name}" link`);
  return match[1].replace(/&amp;/g, '&');
}

/** Adds an identity provider through the API as the owner; returns its id. */
export async function addProvider(
  server: SsoServer,
  body: { name: string; issuer: string; clientId: string; clientSecret?: string; enabled?: boolean },
): Promise<Response> {
  return fetch(`${server.baseUrl}/_api/merx/v1/identity-providers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: server.apiKey },
    body: JSON.stringify({ identityProvider: body }),
  });
}

/** The subject of a Merx access token (the member signed in). */
export function subjectOf(accessToken: string): string {
  const [, payload = ''] = accessToken.split('.');
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}
