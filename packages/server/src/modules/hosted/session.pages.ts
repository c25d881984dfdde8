import type { StateResponse } from '@merx/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerSsoPages, ssoButtons, ssoDirect } from '../sso/sso.pages.js';
import { messageView } from './account.views.js';
import { captchaTokensOf, pageCaptcha } from './captcha.js';
import { formField, type HostedContext, PageError } from './context.js';
import {
  completeSignIn,
  deliver,
  type Flow,
  flowOf,
  flowPath,
  flowPolicy,
  loadSession,
  signOutBrowser,
  silentSignIn,
} from './flow.js';
import { describeFailure } from './messages.js';
import { readCookies } from './security.js';
import {
  approvalView,
  type CancelOption,
  type CodeView,
  codeView,
  type FieldErrors,
  signInView,
  signUpView,
} from './session.views.js';
import { TRUST_COOKIE } from './trust.pages.js';

type WithId = { Params: { id: string } };
type Req = FastifyRequest<WithId>;

const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

interface FormState {
  status?: number;
  email?: string;
  error?: string | undefined;
  fieldErrors?: FieldErrors;
  notice?: string;
  /** The captcha was missing or refused: show the visible challenge. */
  captcha?: boolean | undefined;
}

/** The sign-in journey of a redirect session: `/auth/session/:id` and its steps. */
export function registerSessionPages(scope: FastifyInstance, ctx: HostedContext): void {
  const { services, pages, csrf } = ctx;

  async function open(id: string): Promise<Flow> {
    if (!SESSION_ID.test(id)) throw new PageError(404, 'Link not found', 'This sign-in link isn’t valid.');
    return flowOf(ctx, await loadSession(ctx, id));
  }

  const cancelOf = (flow: Flow): CancelOption =>
    flow.intent === 'auth'
      ? { action: flowPath(flow.id, '/cancel') }
      : flow.postFlowUrl
        ? { href: flow.postFlowUrl }
        : undefined;

  async function showSignIn(request: Req, reply: FastifyReply, flow: Flow, state: FormState = {}) {
    const member = flow.kind === 'member';
    // Staff sign in without the members' captcha (identity.service.ts says why).
    const captcha = await pageCaptcha(ctx, state.captcha === true, member);
    const view = signInView({
      action: flowPath(flow.id),
      csrf: csrf.token(request, reply),
      staff: !member,
      email: state.email,
      error: state.error,
      fieldErrors: state.fieldErrors ?? {},
      notice: state.notice,
      signUpUrl: member ? flowPath(flow.id, '/sign-up') : undefined,
      forgotUrl: member ? `/auth/forgot-password?session=${encodeURIComponent(flow.id)}` : undefined,
      cancel: cancelOf(flow),
      captcha: captcha.block,
      providers: await ssoButtons(ctx, flow),
    });
    return pages.send(reply, {
      ...view,
      status: state.status ?? 200,
      policy: captcha.policy(flowPolicy(flow)),
      widgetScript: captcha.widgetScript,
    });
  }

  function showCode(
    request: Req,
    reply: FastifyReply,
    flow: Flow,
    v: Pick<CodeView, 'mode' | 'stateToken' | 'email' | 'error' | 'notice'> & { status?: number },
  ) {
    const view = codeView({
      ...v,
      action: flowPath(flow.id, v.mode === 'verify' ? '/verify' : '/factor'),
      resendAction: v.mode === 'verify' ? flowPath(flow.id, '/resend') : undefined,
      csrf: csrf.token(request, reply),
      restartUrl: flowPath(flow.id),
    });
    return pages.send(reply, { ...view, status: v.status ?? 200, policy: flowPolicy(flow) });
  }

  /** What follows a password, a code or a sign-up: the next step, or the end of the sign-in. */
  async function proceed(request: Req, reply: FastifyReply, flow: Flow, state: StateResponse, email: string) {
    switch (state.state) {
      case 'SUCCESS':
        if (!state.sessionToken) throw new Error('A successful sign-in came without a session token');
        return completeSignIn(ctx, request, reply, flow, state.sessionToken);
      case 'REQUIRE_EMAIL_VERIFICATION':
        return showCode(request, reply, flow, { mode: 'verify', stateToken: state.stateToken ?? '', email });
      case 'REQUIRE_MFA': {
        const mode = state.additionalData?.factorType === 'TOTP' ? 'TOTP' : 'EMAIL';
        return showCode(request, reply, flow, { mode, stateToken: state.stateToken ?? '', email });
      }
      case 'REQUIRE_OWNER_APPROVAL':
        return pages.send(reply, {
          ...approvalView({ csrf: csrf.token(request, reply), cancel: cancelOf(flow) }),
          policy: flowPolicy(flow),
        });
      default:
        throw new Error(`Unexpected sign-in state ${state.state}`);
    }
  }

  scope.get<WithId>('/session/:id', async (request, reply) => {
    if (!SESSION_ID.test(request.params.id)) throw new PageError(404, 'Link not found', 'This link isn’t valid.');
    const session = await loadSession(ctx, request.params.id);
    if (session.intent === 'logout') {
      await signOutBrowser(ctx, request, reply);
      const next = session.request.callbacks?.postFlowUrl;
      return reply
        .status(next ? 302 : 303)
        .header('location', next ?? '/auth/signed-out')
        .send();
    }
    const flow = await flowOf(ctx, session);
    if (flow.intent === 'auth' && flow.prompt === 'none') return silentSignIn(ctx, request, reply, flow);
    // `authRequest.idp` names an enabled identity provider: straight to it (`?direct=0` shows the page instead).
    const direct = await ssoDirect(ctx, flow, (request.query as Record<string, unknown> | undefined)?.direct !== '0');
    if (direct) return reply.status(302).header('location', direct).send();
    return showSignIn(request, reply, flow);
  });

  scope.post<WithId>('/session/:id', async (request, reply) => {
    const flow = await open(request.params.id);
    const email = formField(request.body, 'email', 254).trim();
    const password = formField(request.body, 'password');
    if (!email || !password) {
      const fieldErrors: FieldErrors = {
        ...(email ? {} : { email: 'Enter your email address.' }),
        ...(password ? {} : { password: 'Enter your password.' }),
      };
      return showSignIn(request, reply, flow, {
        status: 400,
        email,
        error: 'Enter your email and password.',
        fieldErrors,
      });
    }
    let state: StateResponse;
    try {
      const signIn = {
        ip: request.ip,
        trustedBrowser: readCookies(request)[TRUST_COOKIE],
        returnTo: flowPath(flow.id),
      };
      const captchaTokens = captchaTokensOf(request.body);
      state = await services.identity.login(
        { loginId: { email }, password, ...(captchaTokens ? { captchaTokens } : {}) },
        signIn,
        flow.kind,
      );
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      return showSignIn(request, reply, flow, { ...failure, email, error: failure.message });
    }
    return proceed(request, reply, flow, state, email);
  });

  scope.post<WithId>('/session/:id/cancel', async (request, reply) => {
    const flow = await open(request.params.id);
    if (flow.intent === 'auth') {
      return deliver(ctx, reply, flow, { error: 'access_denied', error_description: 'The user cancelled the sign-in' });
    }
    if (flow.postFlowUrl) return reply.status(302).header('location', flow.postFlowUrl).send();
    return pages.send(reply, messageView({ title: 'Sign-in cancelled', message: 'You didn’t sign in.' }));
  });

  registerSignUp(scope, ctx, { open, cancelOf, proceed });
  // "Continue with <provider>": the single sign-on start and the provider's answer (modules/sso).
  registerSsoPages(scope, ctx);

  scope.post<WithId>('/session/:id/verify', async (request, reply) => {
    const flow = await open(request.params.id);
    const stateToken = formField(request.body, 'stateToken', 500);
    const email = formField(request.body, 'email', 254);
    const code = formField(request.body, 'code', 20).replace(/\s+/g, '');
    const again = (error: string, status: number) =>
      showCode(request, reply, flow, { mode: 'verify', stateToken, email, error, status });
    if (!code) return again('Enter the code from the email.', 400);
    try {
      const state = await services.identity.verifyDuringAuth({ code, stateToken });
      return await proceed(request, reply, flow, state, email);
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      if (failure.restart) return showSignIn(request, reply, flow, { status: 400, email, error: failure.message });
      return again(failure.message, failure.status);
    }
  });

  scope.post<WithId>('/session/:id/resend', async (request, reply) => {
    const flow = await open(request.params.id);
    const email = formField(request.body, 'email', 254);
    try {
      const state = await services.identity.resendDuringAuth({
        stateToken: formField(request.body, 'stateToken', 500),
      });
      const notice = `We sent a new code${email ? ` to ${email}` : ''}. Codes work for 15 minutes.`;
      return await showCode(request, reply, flow, {
        mode: 'verify',
        stateToken: state.stateToken ?? '',
        email,
        notice,
      });
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      return showSignIn(request, reply, flow, { status: failure.status, email, error: failure.message });
    }
  });

  scope.post<WithId>('/session/:id/factor', async (request, reply) => {
    const flow = await open(request.params.id);
    const mode = formField(request.body, 'factorType', 10) === 'TOTP' ? 'TOTP' : 'EMAIL';
    const stateToken = formField(request.body, 'stateToken', 500);
    const email = formField(request.body, 'email', 254);
    const code = formField(request.body, 'code', 20).replace(/\s+/g, '');
    const again = (error: string, status: number) =>
      showCode(request, reply, flow, { mode, stateToken, email, error, status });
    if (!code) return again('Enter the 6-digit code.', 400);
    try {
      const state = await services.identity.verifyFactor(mode, { stateToken, code });
      return await proceed(request, reply, flow, state, email);
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      if (failure.restart) return showSignIn(request, reply, flow, { status: 400, email, error: failure.message });
      return again(failure.message, failure.status);
    }
  });
}

/** Sign-up for members: `/auth/session/:id/sign-up`, then the same steps as a sign-in. */
function registerSignUp(
  scope: FastifyInstance,
  ctx: HostedContext,
  flowSteps: {
    open: (id: string) => Promise<Flow>;
    cancelOf: (flow: Flow) => CancelOption;
    proceed: (request: Req, reply: FastifyReply, flow: Flow, state: StateResponse, email: string) => Promise<unknown>;
  },
): void {
  const { open, cancelOf, proceed } = flowSteps;

  async function openForMembers(id: string): Promise<Flow> {
    const flow = await open(id);
    if (flow.kind !== 'member') {
      throw new PageError(404, 'Sign-up not available', 'Staff accounts are created by invitation from the store.');
    }
    return flow;
  }

  async function show(
    request: Req,
    reply: FastifyReply,
    flow: Flow,
    values: { email?: string; firstName?: string; lastName?: string },
    state: FormState = {},
  ) {
    const captcha = await pageCaptcha(ctx, state.captcha === true);
    const view = signUpView({
      action: flowPath(flow.id, '/sign-up'),
      csrf: ctx.csrf.token(request, reply),
      storeName: (await ctx.services.settings.store()).name,
      values,
      error: state.error,
      fieldErrors: state.fieldErrors ?? {},
      signInUrl: flowPath(flow.id),
      cancel: cancelOf(flow),
      captcha: captcha.block,
      providers: await ssoButtons(ctx, flow),
    });
    return ctx.pages.send(reply, {
      ...view,
      status: state.status ?? 200,
      policy: captcha.policy(flowPolicy(flow)),
      widgetScript: captcha.widgetScript,
    });
  }

  scope.get<WithId>('/session/:id/sign-up', async (request, reply) => {
    return show(request, reply, await openForMembers(request.params.id), {});
  });

  scope.post<WithId>('/session/:id/sign-up', async (request, reply) => {
    const flow = await openForMembers(request.params.id);
    const values = {
      email: formField(request.body, 'email', 254).trim(),
      firstName: formField(request.body, 'firstName', 100).trim(),
      lastName: formField(request.body, 'lastName', 100).trim(),
    };
    const password = formField(request.body, 'password');
    const profile = {
      ...(values.firstName ? { firstName: values.firstName } : {}),
      ...(values.lastName ? { lastName: values.lastName } : {}),
    };
    const captchaTokens = captchaTokensOf(request.body);
    let state: StateResponse;
    try {
      state = await ctx.services.identity.register(
        { loginId: { email: values.email }, password, profile, ...(captchaTokens ? { captchaTokens } : {}) },
        { ip: request.ip },
        // The page must not tell whether the address has an account: both get "check your inbox".
        { concealExisting: true },
      );
    } catch (error) {
      const failure = describeFailure(error);
      if (!failure) throw error;
      return show(request, reply, flow, values, { ...failure, error: failure.message });
    }
    return proceed(request, reply, flow, state, values.email);
  });
}
