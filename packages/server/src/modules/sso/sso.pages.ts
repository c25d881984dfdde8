import { randomBytes } from 'node:crypto';
import { AppError } from '@merx/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { systemClock } from '../../lib/clock.js';
import { createSealer } from '../../lib/secrets.js';
import { createAuditLog } from '../audit/audit.service.js';
import { type HostedContext, PageError } from '../hosted/context.js';
import { completeSignIn, type Flow, flowOf, flowPath, loadSession } from '../hosted/flow.js';
import { readCookies, setCookie } from '../hosted/security.js';
import type { SsoButton } from '../hosted/session.views.js';
import { createSsoService, SSO_STATE_TTL, type SsoService, ssoErrorCodes } from './sso.service.js';

/** The browser that starts a single sign-on must be the one that comes back (no sign-in handed to another). */
export const SSO_COOKIE = 'merx_sso';
/** The tenant segment of the links the pages make (one store per Merx: any well-formed value is accepted). */
const TENANT = 'store';
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

const services = new WeakMap<HostedContext, Promise<SsoService>>();

/** The single sign-on service for the hosted pages: the app's when it has one, else made from the pages' own. */
export function ssoOf(ctx: HostedContext): Promise<SsoService> {
  const own = (ctx.services as { sso?: SsoService }).sso;
  if (own) return Promise.resolve(own);
  let made = services.get(ctx);
  if (!made) {
    made = (async () =>
      createSsoService({
        db: ctx.db,
        clock: systemClock,
        sealer: createSealer(await ctx.services.settings.secret('sealer')),
        identity: ctx.services.identity,
        sessions: ctx.services.sessions,
        audit: createAuditLog({ db: ctx.db, clock: systemClock }),
        memberSettings: ctx.services.memberSettings,
        publicUrl: ctx.config.publicUrl,
        allowPrivateHosts: ctx.config.fetchPrivateHosts ?? false,
      }))();
    services.set(ctx, made);
  }
  return made;
}

/** "Continue with <name>" for each enabled provider, for a member flow (none for staff). */
export async function ssoButtons(ctx: HostedContext, flow: Flow): Promise<SsoButton[]> {
  if (flow.kind !== 'member') return [];
  const providers = await (await ssoOf(ctx)).enabled();
  return providers.map((p) => ({ name: p.name, href: startPath(p.id, flow.id) }));
}

const startPath = (idpConnectionId: string, sessionId: string) =>
  `/auth/v1/sso/login/${TENANT}/${encodeURIComponent(idpConnectionId)}?sessionId=${encodeURIComponent(sessionId)}`;

/** The start of a single sign-on when the sign-in asked for an enabled provider (`authRequest.idp`), if `allowed`. */
export async function ssoDirect(ctx: HostedContext, flow: Flow, allowed: boolean): Promise<string | undefined> {
  if (!allowed || flow.intent !== 'auth' || flow.kind !== 'member' || !flow.request.idp) return undefined;
  const idp = flow.request.idp;
  const enabled = await (await ssoOf(ctx)).enabled();
  return enabled.some((p) => p.id === idp) ? startPath(idp, flow.id) : undefined;
}

/** What each refusal reads as on the page. */
function pageOf(error: AppError, sessionId: string | null | undefined): PageError {
  const back = sessionId
    ? [{ href: `${flowPath(sessionId)}?direct=0`, label: 'Back to sign-in', primary: true }]
    : [{ href: '/auth/sign-in', label: 'Sign in', primary: true }];
  const titles: Record<string, [number, string]> = {
    [ssoErrorCodes.providerNotFound]: [404, 'Sign-in option not found'],
    [ssoErrorCodes.providerDisabled]: [400, 'Sign-in option turned off'],
    [ssoErrorCodes.providerUnavailable]: [502, 'The sign-in service is not answering'],
    [ssoErrorCodes.stateInvalid]: [400, 'This sign-in has expired'],
    [ssoErrorCodes.tokenInvalid]: [400, 'Sign-in not completed'],
    [ssoErrorCodes.providerError]: [400, 'Sign-in not completed'],
    [ssoErrorCodes.emailMissing]: [400, 'Sign-in not completed'],
    [ssoErrorCodes.emailNotVerified]: [403, 'This email already has an account'],
    [ssoErrorCodes.memberBlocked]: [403, 'This account cannot sign in'],
    [ssoErrorCodes.approvalRequired]: [403, 'Waiting for approval'],
  };
  const [status, title] = titles[error.code] ?? [400, 'Sign-in not completed'];
  return new PageError(status, title, error.message, back);
}

/**
 * The single sign-on pages, in the hosted scope (`/auth`): `v1/sso/login/:tenantId/:idpConnectionId` sends the
 * browser to the provider, `v1/callback` takes its answer and ends the sign-in like a password sign-in.
 */
export function registerSsoPages(scope: FastifyInstance, ctx: HostedContext): void {
  const secure = ctx.secureCookies;

  scope.get<{
    Params: { tenantId: string; idpConnectionId: string };
    Querystring: Record<string, string | undefined>;
  }>('/v1/sso/login/:tenantId/:idpConnectionId', async (request, reply) => {
    const { tenantId, idpConnectionId } = request.params;
    if (!SAFE_ID.test(tenantId) || !SAFE_ID.test(idpConnectionId)) {
      throw new PageError(404, 'Sign-in option not found', 'This sign-in link isn’t valid.');
    }
    const sessionId = typeof request.query.sessionId === 'string' ? request.query.sessionId : '';
    let flow: Flow | undefined;
    if (sessionId) {
      if (!SAFE_ID.test(sessionId)) throw new PageError(404, 'Link not found', 'This sign-in link isn’t valid.');
      flow = await flowOf(ctx, await loadSession(ctx, sessionId));
      if (flow.kind !== 'member') {
        throw new PageError(400, 'Sign-in option not available', 'Staff sign in with their store account.');
      }
    }
    const browserKey = randomBytes(32).toString('base64url');
    let target: URL;
    try {
      target = await (await ssoOf(ctx)).start(idpConnectionId, {
        sessionId: flow?.id ?? null,
        visitorId: flow?.intent === 'auth' ? flow.visitorId : null,
        browserKey,
      });
    } catch (error) {
      if (error instanceof AppError) throw pageOf(error, flow?.id);
      throw error;
    }
    setCookie(reply, SSO_COOKIE, browserKey, { secure, maxAge: SSO_STATE_TTL });
    return reply.status(302).header('location', target.href).send();
  });

  scope.get('/v1/callback', async (request: FastifyRequest, reply: FastifyReply) => {
    const sso = await ssoOf(ctx);
    // The URL the provider sent the browser to, as registered (the public URL), with every parameter it added.
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const current = new URL(`${sso.callbackUrl}${query}`);
    let done: Awaited<ReturnType<SsoService['finish']>>;
    try {
      done = await sso.finish(current, { browserKey: readCookies(request)[SSO_COOKIE], ip: request.ip });
    } catch (error) {
      if (error instanceof AppError) throw pageOf(error, error.data.sessionId as string | null | undefined);
      throw error;
    }
    const flow: Flow = done.sessionId
      ? await flowOf(ctx, await loadSession(ctx, done.sessionId))
      : { intent: 'login', id: '', kind: 'member', postFlowUrl: undefined };
    return completeSignIn(ctx, request, reply, flow, done.sessionToken);
  });
}
