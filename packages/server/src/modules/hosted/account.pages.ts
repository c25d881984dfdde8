import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forgotSentView, forgotView, invitationView, messageView, type PageLink, resetView } from './account.views.js';
import { formField, type HostedContext, PageError } from './context.js';
import { type Flow, flowOf, flowPath, loadSession } from './flow.js';
import { describeFailure } from './messages.js';
import { originOf } from './security.js';

type WithToken = { Querystring: { token?: string; session?: string } };

const FORGOT_PATH = '/auth/forgot-password';
const SIGN_IN_PATH = '/auth/sign-in';

/** Recovery, invitations, and the pages that only say something (signed in, signed out, errors). */
export function registerAccountPages(scope: FastifyInstance, ctx: HostedContext): void {
  const { services, pages, csrf } = ctx;
  const sessionPrefix = `${ctx.publicBase}/auth/session/`;

  /** The member sign-in a "forgot password" came from, if it is still going. */
  async function memberFlow(id: string | undefined): Promise<Flow | undefined> {
    if (!id) return undefined;
    try {
      const flow = await flowOf(ctx, await loadSession(ctx, id));
      return flow.kind === 'member' ? flow : undefined;
    } catch (error) {
      if (error instanceof PageError) return undefined;
      throw error;
    }
  }

  scope.get<WithToken>('/forgot-password', async (request, reply) => {
    const flow = await memberFlow(request.query.session);
    return pages.send(reply, forgotView(forgotInput(request, reply, flow)));
  });

  function forgotInput(request: FastifyRequest, reply: FastifyReply, flow: Flow | undefined) {
    const query = flow ? `?session=${encodeURIComponent(flow.id)}` : '';
    return {
      action: `${FORGOT_PATH}${query}`,
      csrf: csrf.token(request, reply),
      backUrl: flow ? flowPath(flow.id) : undefined,
    };
  }

  scope.post<WithToken>('/forgot-password', async (request, reply) => {
    const flow = await memberFlow(request.query.session);
    const email = formField(request.body, 'email', 254).trim();
    // The reset page links back to the sign-in this request came from; nothing else is accepted as a redirect.
    const redirect = flow ? { url: `${sessionPrefix}${flow.id}` } : undefined;
    try {
      await services.identity.sendRecoveryEmail({ email, redirect }, async (_clientId, url) =>
        url.startsWith(sessionPrefix),
      );
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      const view = forgotView({
        ...forgotInput(request, reply, flow),
        email,
        error: failure.message,
        fieldErrors: failure.fieldErrors,
      });
      return pages.send(reply, { ...view, status: failure.status });
    }
    return pages.send(reply, forgotSentView({ email, backUrl: flow ? flowPath(flow.id) : undefined }));
  });

  const linkExpired = () =>
    new PageError(400, 'This link has expired', 'Password links work once, for one hour. Ask for a new one.', [
      { href: FORGOT_PATH, label: 'Get a new link', primary: true },
    ]);

  function showReset(request: FastifyRequest, reply: FastifyReply, token: string, state: ResetState = {}) {
    const view = resetView({
      action: '/auth/reset-password',
      csrf: csrf.token(request, reply),
      token,
      error: state.error,
      fieldErrors: state.fieldErrors ?? {},
    });
    return pages.send(reply, { ...view, status: state.status ?? 200 });
  }

  scope.get<WithToken>('/reset-password', async (request, reply) => {
    const token = (request.query.token ?? '').slice(0, 500);
    if (!token || !(await services.identity.recoveryRedirect(token)).valid) throw linkExpired();
    return showReset(request, reply, token);
  });

  scope.post<WithToken>('/reset-password', async (request, reply) => {
    const token = formField(request.body, 'token', 500) || (request.query.token ?? '').slice(0, 500);
    const link = token ? await services.identity.recoveryRedirect(token) : { valid: false };
    if (!link.valid) throw linkExpired();
    try {
      await services.identity.recover({ recoveryToken: token, password: formField(request.body, 'password') });
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      if (failure.restart) throw linkExpired();
      return showReset(request, reply, token, { ...failure, error: failure.message });
    }
    const next = await afterReset(link.redirectUrl);
    return pages.send(
      reply,
      messageView({
        title: 'Password changed',
        message: 'Your new password is saved, and you’ve been signed out on your other devices.',
        links: [next],
      }),
    );
  });

  /** Where the member goes after a new password: back to their sign-in, the link's page, or a fresh sign-in. */
  async function afterReset(redirectUrl: string | undefined): Promise<PageLink> {
    if (redirectUrl?.startsWith(sessionPrefix)) {
      const flow = await memberFlow(redirectUrl.slice(sessionPrefix.length));
      if (flow) return { href: flowPath(flow.id), label: 'Continue to sign in', primary: true };
    } else if (redirectUrl && originOf(redirectUrl)) {
      return { href: redirectUrl, label: 'Continue to the store', primary: true };
    }
    return { href: SIGN_IN_PATH, label: 'Sign in', primary: true };
  }

  registerInvitation(scope, ctx);

  scope.get('/sign-in', async (_request, reply) => {
    const { redirectSession } = await services.redirects.create({ login: {} });
    return reply.status(303).header('location', flowPath(redirectSession.id)).send();
  });

  scope.get('/signed-in', async (_request, reply) =>
    pages.send(
      reply,
      messageView({ title: 'You’re signed in', message: 'You can close this page and go back to the store.' }),
    ),
  );

  scope.get('/signed-out', async (_request, reply) =>
    pages.send(reply, messageView({ title: 'You’re signed out', message: 'You have signed out. See you next time.' })),
  );

  scope.get<{ Querystring: { reason?: string } }>('/error', async (request, reply) => {
    const known = errorReasons[request.query.reason ?? ''] ?? unknownError;
    return pages.send(reply, { ...messageView(known), status: 400 });
  });
}

interface ResetState {
  status?: number;
  error?: string;
  fieldErrors?: { password?: string };
}

/** Messages the error page shows for `?reason=`: never text taken from the URL. */
const errorReasons: Record<string, { title: string; message: string }> = {
  expired: { title: 'This link has expired', message: 'Go back to the store and start again.' },
  access_denied: { title: 'Sign-in cancelled', message: 'You didn’t sign in. Go back to the store to try again.' },
  login_required: { title: 'Please sign in', message: 'Go back to the store and sign in to continue.' },
};
const unknownError = { title: 'Something went wrong', message: 'Go back to the store and try again.' };

/** `/auth/accept-invitation?token=…`: an invited person chooses the password of their staff account. */
function registerInvitation(scope: FastifyInstance, ctx: HostedContext): void {
  const show = async (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    state: { status?: number; error?: string; fieldErrors?: { password?: string } } & {
      values?: { firstName?: string; lastName?: string };
    } = {},
  ) => {
    const view = invitationView({
      action: '/auth/accept-invitation',
      csrf: ctx.csrf.token(request, reply),
      token,
      storeName: (await ctx.services.settings.store()).name,
      values: state.values ?? {},
      error: state.error,
      fieldErrors: state.fieldErrors ?? {},
    });
    return ctx.pages.send(reply, { ...view, status: state.status ?? 200 });
  };
  const invalid = () =>
    new PageError(
      400,
      'This invitation has expired',
      'Invitations work once, for seven days. Ask the store owner to invite you again.',
    );

  scope.get<WithToken>('/accept-invitation', async (request, reply) => {
    const token = (request.query.token ?? '').slice(0, 500);
    if (!token) throw invalid();
    return show(request, reply, token);
  });

  scope.post<WithToken>('/accept-invitation', async (request, reply) => {
    const token = formField(request.body, 'token', 500) || (request.query.token ?? '').slice(0, 500);
    if (!token) throw invalid();
    const values = {
      firstName: formField(request.body, 'firstName', 100).trim(),
      lastName: formField(request.body, 'lastName', 100).trim(),
    };
    const profile = {
      ...(values.firstName ? { firstName: values.firstName } : {}),
      ...(values.lastName ? { lastName: values.lastName } : {}),
    };
    try {
      await ctx.services.staff.acceptInvitation(token, formField(request.body, 'password'), profile);
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      if (failure.restart) throw invalid();
      return show(request, reply, token, { ...failure, error: failure.message, values });
    }
    const backOffice = (await ctx.services.clients.firstOfKind('backoffice'))?.redirectUris[0];
    return ctx.pages.send(
      reply,
      messageView({
        title: 'Your staff account is ready',
        message: 'Sign in to the back office with your email and the password you just chose.',
        links: backOffice ? [{ href: backOffice, label: 'Go to the back office', primary: true }] : [],
      }),
    );
  });
}
