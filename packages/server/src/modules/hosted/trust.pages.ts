import type { FastifyInstance } from 'fastify';
import { BROWSER_SESSION_TTL } from '../identity/sessions.js';
import { messageView, trustBrowserView } from './account.views.js';
import { formField, type HostedContext, PageError } from './context.js';
import { setCookie } from './security.js';

/** This browser may sign in to an account whose sign-ins are paused (sign-in-guard.ts): set from a mailed link. */
export const TRUST_COOKIE = 'merx_trusted';

type WithToken = { Querystring: { token?: string } };

const linkExpired = () =>
  new PageError(
    400,
    'This link has expired',
    'Sign-in links work once, for one hour. Try signing in again to get a new one.',
    [{ href: '/auth/sign-in', label: 'Sign in', primary: true }],
  );

/** `/auth/trust-browser?token=…`: the link mailed when an account's sign-ins are paused. */
export function registerTrustPages(scope: FastifyInstance, ctx: HostedContext): void {
  const guard = ctx.services.signInGuard;

  scope.get<WithToken>('/trust-browser', async (request, reply) => {
    const token = (request.query.token ?? '').slice(0, 500);
    if (!token || !(await guard.linkValid(token))) throw linkExpired();
    return ctx.pages.send(
      reply,
      trustBrowserView({ action: '/auth/trust-browser', csrf: ctx.csrf.token(request, reply), token }),
    );
  });

  scope.post('/trust-browser', async (request, reply) => {
    const trusted = await guard.trustBrowser(formField(request.body, 'token', 500));
    if (!trusted) throw linkExpired();
    setCookie(reply, TRUST_COOKIE, trusted.trustedBrowser, { secure: ctx.secureCookies, maxAge: BROWSER_SESSION_TTL });
    return ctx.pages.send(
      reply,
      messageView({
        title: 'This browser can sign in again',
        message: 'Sign in with your email and password as usual.',
        links: [{ href: trusted.returnTo ?? '/auth/sign-in', label: 'Continue to sign in', primary: true }],
      }),
    );
  });
}
