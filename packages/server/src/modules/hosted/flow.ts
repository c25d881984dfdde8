import { type Executor, withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityKind, IdentityRecord } from '../identity/identity.repo.js';
import { BROWSER_SESSION_TTL } from '../identity/sessions.js';
import type { OAuthClient } from '../oauth/clients.service.js';
import { type AuthRequest, REDIRECT_SESSION_NOT_FOUND, type RedirectSession } from '../redirects/redirects.service.js';
import { type HostedContext, PageError } from './context.js';
import { originOf, type PagePolicy, readCookies, setCookie } from './security.js';
import { webMessageView } from './session.views.js';

/** The hosted pages' own sign-in: a browser session token, HttpOnly, on `/auth`. */
export const AUTH_COOKIE = 'merx_auth';

/** A sign-in in progress: for an OAuth client (`auth`) or for the store itself (`login`). */
export type Flow =
  | {
      intent: 'auth';
      id: string;
      kind: IdentityKind;
      client: OAuthClient;
      request: AuthRequest;
      prompt: string | undefined;
      /** The visitor who started the sign-in (their cart follows them). */
      visitorId: string | null;
    }
  | { intent: 'login'; id: string; kind: 'member'; postFlowUrl: string | undefined };
export type AuthFlow = Extract<Flow, { intent: 'auth' }>;

/** The URL of a flow's page, relative to the store (so it works under any host name). */
export function flowPath(id: string, suffix = ''): string {
  return `/auth/session/${encodeURIComponent(id)}${suffix}`;
}

const startAgain = 'Go back to the store and start signing in again.';

/** The redirect session behind a hosted URL; an unknown or expired one is an error page. */
export async function loadSession(ctx: HostedContext, id: string): Promise<RedirectSession> {
  let session: RedirectSession;
  try {
    session = await ctx.services.redirects.get(id);
  } catch (error) {
    if (error instanceof AppError && error.code === REDIRECT_SESSION_NOT_FOUND) {
      throw new PageError(404, 'Link not found', `This sign-in link isn’t valid. ${startAgain}`);
    }
    throw error;
  }
  if (session.expired) {
    throw new PageError(400, 'This link has expired', `Sign-in links work for 30 minutes. ${startAgain}`);
  }
  return session;
}

/** The sign-in a session asks for: the client decides whether members or staff sign in. */
export async function flowOf(ctx: HostedContext, session: RedirectSession): Promise<Flow> {
  if (session.intent === 'login') {
    return { intent: 'login', id: session.id, kind: 'member', postFlowUrl: session.request.callbacks?.postFlowUrl };
  }
  const request = session.request.auth?.authRequest;
  if (session.intent !== 'auth' || !request) {
    throw new PageError(404, 'Link not found', 'This link doesn’t lead to a sign-in.');
  }
  const client = await ctx.services.clients.find(request.clientId);
  // Checked when the session was made; the client may have changed since.
  if (!client?.redirectUris.includes(request.redirectUri)) {
    throw new PageError(400, 'Sign-in not available', `This app is no longer allowed to sign you in. ${startAgain}`);
  }
  return {
    intent: 'auth',
    id: session.id,
    kind: client.kind === 'backoffice' ? 'staff' : 'member',
    client,
    request,
    prompt: session.request.auth?.prompt,
    visitorId: session.visitorId,
  };
}

/** Forms of a flow may end in a redirect to the client (or the login callback): CSP form-action must allow it. */
export function flowPolicy(flow: Flow): PagePolicy {
  const target =
    flow.intent === 'auth'
      ? flow.request.responseMode === 'web_message'
        ? undefined
        : originOf(flow.request.redirectUri)
      : flow.postFlowUrl && originOf(flow.postFlowUrl);
  return target ? { formTargets: [target] } : {};
}

/** Sends the OAuth result (a code or an error, always with `state`) the way the client asked for it. */
export async function deliver(
  ctx: HostedContext,
  reply: FastifyReply,
  flow: AuthFlow,
  result: { code: string } | { error: string; error_description: string },
): Promise<FastifyReply> {
  const params: Record<string, string> = { ...result, state: flow.request.state };
  const { redirectUri, responseMode } = flow.request;
  if (responseMode === 'web_message') {
    const targetOrigin = originOf(redirectUri);
    if (!targetOrigin || !flow.client.allowedOrigins.includes(targetOrigin)) {
      throw new PageError(400, 'Sign-in not available', 'This app can’t receive the result of the sign-in.');
    }
    const view = webMessageView({ targetOrigin, message: params, failed: !('code' in result) });
    return ctx.pages.send(reply, { ...view, policy: { frameAncestors: flow.client.allowedOrigins } });
  }
  let location: string;
  if (responseMode === 'query') {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    location = url.href;
  } else {
    location = `${redirectUri}#${new URLSearchParams(params).toString()}`;
  }
  return reply.status(302).header('location', location).send();
}

/** Remembers the sign-in in this browser (replacing an older one), so that `prompt=none` works later. */
async function rememberBrowser(
  ctx: HostedContext,
  request: FastifyRequest,
  ex: Executor,
  identityId: string,
): Promise<string> {
  const previous = readCookies(request)[AUTH_COOKIE];
  if (previous) await ctx.services.sessions.revoke(ex, previous);
  return ctx.services.sessions.create(ex, identityId, 'browser');
}

function setAuthCookie(ctx: HostedContext, reply: FastifyReply, token: string, maxAge = BROWSER_SESSION_TTL): void {
  setCookie(reply, AUTH_COOKIE, token, { secure: ctx.secureCookies, maxAge });
}

/**
 * The end of a successful sign-in: the login session token is used up, the browser remembered, and the client
 * gets a single-use code (or the store's login callback is followed).
 */
export async function completeSignIn(
  ctx: HostedContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: Flow,
  sessionToken: string,
): Promise<FastifyReply> {
  const { services } = ctx;
  const done = await withTransaction(ctx.db, async (uow) => {
    const identity = await services.identity.consumeSession(uow.trx, sessionToken);
    if (!identity || identity.kind !== flow.kind) {
      throw new PageError(400, 'Sign-in not completed', `The sign-in could not be completed. ${startAgain}`);
    }
    const browser = await rememberBrowser(ctx, request, uow.trx, identity.id);
    const code = flow.intent === 'auth' ? await issueCode(ctx, uow.trx, flow, identity) : undefined;
    return { browser, code };
  });
  setAuthCookie(ctx, reply, done.browser);
  if (flow.intent === 'auth') return deliver(ctx, reply, flow, { code: done.code as string });
  return reply
    .status(flow.postFlowUrl ? 302 : 303)
    .header('location', flow.postFlowUrl ?? '/auth/signed-in')
    .send();
}

function issueCode(ctx: HostedContext, ex: Executor, flow: AuthFlow, identity: IdentityRecord): Promise<string> {
  return ctx.services.oauth.issueCode(ex, {
    clientId: flow.client.id,
    redirectUri: flow.request.redirectUri,
    codeChallenge: flow.request.codeChallenge,
    identityId: identity.id,
    visitorId: flow.visitorId,
  });
}

/**
 * `prompt=none`: a code at once for the session token of the request or this browser's sign-in, else
 * `error=login_required`. Nothing is shown to the member either way.
 */
export async function silentSignIn(
  ctx: HostedContext,
  request: FastifyRequest,
  reply: FastifyReply,
  flow: AuthFlow,
): Promise<FastifyReply> {
  const { services } = ctx;
  const cookie = readCookies(request)[AUTH_COOKIE];
  const done = await withTransaction(ctx.db, async (uow) => {
    let identity: IdentityRecord | undefined;
    let browser: string | undefined;
    if (flow.request.sessionToken) {
      identity = await services.identity.consumeSession(uow.trx, flow.request.sessionToken);
      if (identity && identity.kind === flow.kind) browser = await rememberBrowser(ctx, request, uow.trx, identity.id);
      else identity = undefined;
    }
    if (!identity && cookie) {
      const identityId = await services.sessions.peek(uow.trx, cookie, 'browser');
      const found = identityId ? await services.identity.repo.byId(uow.trx, identityId) : undefined;
      if (found?.status === 'ACTIVE' && found.kind === flow.kind) identity = found;
    }
    if (!identity) return undefined;
    return { browser, code: await issueCode(ctx, uow.trx, flow, identity) };
  });
  if (!done) {
    return deliver(ctx, reply, flow, { error: 'login_required', error_description: 'The user is not signed in' });
  }
  if (done.browser) setAuthCookie(ctx, reply, done.browser);
  return deliver(ctx, reply, flow, { code: done.code });
}

/** Signs this browser out of the hosted pages (the `logout` intent). */
export async function signOutBrowser(ctx: HostedContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cookie = readCookies(request)[AUTH_COOKIE];
  if (cookie) await ctx.services.sessions.revoke(ctx.db, cookie);
  setAuthCookie(ctx, reply, '', 0);
}
