import * as c from '@merx/contract';
import { AppError } from '@merx/domain';
import { z } from 'zod';
import { type Caller, elevated, hasScope, memberAccess, publicAccess, selfOrElevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { ClientService } from '../oauth/clients.service.js';
import type { TokenService } from '../oauth/tokens.service.js';
import type { IdentityService } from './identity.service.js';

const tag = 'Identity';
const empty = z.object({});
const loginInput = z.object({
  loginId: z.object({ email: z.string().max(254) }),
  password: z.string().max(1000),
  captchaTokens: z
    .array(
      z.object({ Recaptcha: z.string().max(4000).optional(), InvisibleRecaptcha: z.string().max(4000).optional() }),
    )
    .max(5)
    .optional(),
});

/** WIRE.md 4: authentication (both mapped prefixes), recovery and verification. */
export function identityRoutes(s: {
  identity: IdentityService;
  clients: ClientService;
  tokens: TokenService;
  audit: AuditLog;
}): AnyRoute[] {
  const { identity } = s;
  const ctxOf = (request: { ip: string }) => ({ ip: request.ip });

  /** A redirect URL must be registered for the client named (or for any client when none is named). */
  const redirectAllowed = async (clientId: string | undefined, url: string) => {
    const clients = clientId ? [await s.clients.find(clientId)].filter((x) => x !== undefined) : await s.clients.list();
    return clients.some(
      (client) => client.redirectUris.includes(url) || client.allowedOrigins.includes(safeOrigin(url)),
    );
  };

  const authentication = (prefix: string): AnyRoute[] => [
    defineRoute({
      method: 'POST',
      url: `${prefix}/v2/register`,
      summary: 'Register a member with email and password',
      tag,
      access: publicAccess,
      input: c.registerRequest,
      response: c.stateResponse,
      handler: ({ input, request }) => identity.register(input, ctxOf(request)),
    }),
    defineRoute({
      method: 'POST',
      url: `${prefix}/v2/login`,
      summary: 'Sign a member in with email and password',
      tag,
      access: publicAccess,
      // Login failures must always be application errors (WIRE.md 1.3): the body is checked here, not by the
      // route schema, so that a malformed request is an application error too.
      input: z.unknown(),
      response: c.stateResponse,
      handler: ({ input, request }) => {
        const parsed = loginInput.safeParse(input);
        if (!parsed.success) {
          throw new AppError('INVALID_ARGUMENT', c.iamErrorCodes.invalidPassword, 'Wrong email or password');
        }
        return identity.login(parsed.data, ctxOf(request));
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${prefix}/v2/change-password`,
      summary: "Change the signed-in member's password (their other sign-ins end)",
      tag,
      access: memberAccess,
      input: c.changePasswordRequest,
      response: empty,
      handler: async ({ input, caller }) => {
        await identity.changePassword(memberIdOf(caller), input.newPassword);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${prefix}/v2/sign-on`,
      summary:
        'Sign a member on without their password (creates the member when new): only for keys naming members:sign-on',
      tag,
      access: elevated('members:sign-on'),
      input: c.signOnRequest,
      response: z.object({ sessionToken: z.string(), identity: c.identitySchema }),
      handler: async ({ input, caller, request }) =>
        identity.signOn(input, await s.audit.contextOf(caller, request.ip)),
    }),
    defineRoute({
      method: 'GET',
      url: `${prefix}/v1/logout`,
      summary: "End the caller's sign-in (the refresh token it was issued under is revoked)",
      tag,
      access: publicAccess,
      input: c.logoutQuery,
      response: z.object({ redirectUrl: z.string().optional() }),
      handler: async ({ input, caller }) => {
        if (caller.kind === 'member' || caller.kind === 'staff') {
          await s.tokens.revoke(s.tokens.db, caller.tokenId);
        }
        const url = input.postLogoutRedirectUri;
        if (url && (await redirectAllowed(input.clientId, url))) return { redirectUrl: url };
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${prefix}/v2/validate-email`,
      summary: 'Check that an email address is well formed',
      tag,
      access: publicAccess,
      input: c.validateEmailRequest,
      response: z.object({ valid: z.boolean() }),
      handler: async ({ input }) => ({ valid: z.email().max(254).safeParse(input.email.trim()).success }),
    }),
    defineRoute({
      method: 'POST',
      url: `${prefix}/v2/:factorType/verify`,
      summary: 'Pass the second factor of a sign-in (TOTP or EMAIL) with the state token',
      tag,
      access: publicAccess,
      params: z.object({ factorType: z.string().max(20) }),
      input: c.factorVerifyRequest,
      response: c.stateResponse,
      handler: ({ params, input }) => {
        const type = params.factorType.toUpperCase();
        const code = input.totpData?.code ?? input.emailData?.code ?? input.smsData?.code ?? input.callData?.code ?? '';
        return identity.verifyFactor(type, { stateToken: input.stateToken, code });
      },
    }),
  ];

  return [
    ...authentication('/_api/iam/authentication'),
    ...authentication('/iam/authentication'),
    defineRoute({
      method: 'POST',
      url: '/_api/iam/recovery/v1/send-email',
      summary: 'Send a password recovery link (answers alike whether or not the email is a member)',
      tag,
      access: publicAccess,
      input: c.sendRecoveryEmailRequest,
      response: empty,
      handler: async ({ input }) => {
        await identity.sendRecoveryEmail(input, redirectAllowed);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/iam/recovery/v1/activation-email',
      summary: 'Mail a member a link to set their password',
      tag,
      access: elevated('members:manage'),
      input: c.activationEmailRequest,
      response: empty,
      handler: async ({ input }) => {
        await identity.sendActivationEmail(input.identityId);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/iam/recovery/v1/recover',
      summary: 'Set a new password with a recovery token',
      tag,
      access: publicAccess,
      input: c.recoverRequest,
      response: z.object({ sessionToken: z.string().optional(), identity: c.identitySchema }),
      handler: ({ input }) => identity.recover(input),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/iam/verification/v1/start',
      summary:
        "Send a verification code to an identity's email: a member or staff account its own, callers with members:manage a member's",
      tag,
      access: selfOrElevated('members:manage'),
      input: c.verificationStartRequest,
      response: z.object({ verificationId: z.string() }),
      handler: ({ input, caller }) => {
        const self =
          (caller.kind === 'member' && caller.memberId === input.identityId) ||
          (caller.kind === 'staff' && caller.staffId === input.identityId);
        if (self) return identity.startVerification(input.identityId);
        if (!hasScope(caller, 'members:manage')) {
          throw new AppError(
            'PERMISSION_DENIED',
            c.errorCodes.permissionDenied,
            'Only the identity itself, or staff and keys with members:manage, can start its verification',
          );
        }
        return identity.startVerification(input.identityId, 'member');
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/iam/verification/v1/auth/verify',
      summary: 'Verify the emailed code of a sign-up or sign-in',
      tag,
      access: publicAccess,
      input: c.verifyDuringAuthRequest,
      response: c.stateResponse,
      handler: ({ input }) => identity.verifyDuringAuth(input),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/iam/verification/v1/auth/resend',
      summary: 'Send a new code for a sign-up or sign-in verification',
      tag,
      access: publicAccess,
      input: c.resendDuringAuthRequest,
      response: c.stateResponse,
      handler: ({ input }) => identity.resendDuringAuth(input),
    }),
  ];
}

export function memberIdOf(caller: Caller): string {
  if (caller.kind !== 'member') throw new AppError('UNAUTHENTICATED', c.errorCodes.unauthenticated, 'Sign in first');
  return caller.memberId;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
