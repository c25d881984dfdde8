import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In } from '../module.js';

const AUTH = '/_api/iam/authentication';
const RECOVERY = '/_api/iam/recovery/v1';
const VERIFICATION = '/_api/iam/verification/v1';

/** A sign-in step's answer: `state` says what comes next (WIRE.md 4.1). */
export type StateResponse = c.StateResponse;
export type IdentityProfileInput = In<typeof c.identityProfileSchema>;
type Register = In<typeof c.registerRequest>;
type Login = In<typeof c.loginRequest>;

/** Identity (`/_api/iam/...`, WIRE.md 4): register, log in, recover and verify, as the hosted pages and strategies do. */
export function identity(transport: Transport) {
  const call = caller(transport, 'identity');
  return {
    /** Registers a member; the answer's `state` says whether they may sign in now. */
    registerV2: (loginId: Register['loginId'], options: Omit<Register, 'loginId'>, o?: CallOptions) =>
      call<StateResponse>('registerV2', {
        method: 'POST',
        path: `${AUTH}/v2/register`,
        body: { loginId, ...options },
        args: [loginId, options],
        options: o,
      }),
    /** Checks a member's password; SUCCESS carries a session token for the hosted page. */
    loginV2: (loginId: Login['loginId'], options: Omit<Login, 'loginId'>, o?: CallOptions) =>
      call<StateResponse>('loginV2', {
        method: 'POST',
        path: `${AUTH}/v2/login`,
        body: { loginId, ...options },
        args: [loginId, options],
        options: o,
      }),
    /** The signed-in member's new password (their other sign-ins end). */
    changePassword: (newPassword: string, o?: CallOptions) =>
      call<Empty>('changePassword', {
        method: 'POST',
        path: `${AUTH}/v2/change-password`,
        body: { newPassword },
        args: ['<redacted>'],
        options: o,
      }),
    /** Elevated: a session for a member found or created by email (external login). */
    signOn: (
      loginId: In<typeof c.signOnRequest>['loginId'],
      options: Omit<In<typeof c.signOnRequest>, 'loginId'> = {},
      o?: CallOptions,
    ) =>
      call<{ sessionToken: string; identity: c.Identity }>('signOn', {
        method: 'POST',
        path: `${AUTH}/v2/sign-on`,
        body: { loginId, ...options },
        args: [loginId, options],
        options: o,
        elevated: true,
      }),
    /** Ends the caller's sign-in; `redirectUrl` when the URL is allowed for the client. */
    logout: (options: In<typeof c.logoutQuery> = {}, o?: CallOptions) =>
      call<{ redirectUrl?: string }>('logout', {
        method: 'GET',
        path: `${AUTH}/v1/logout`,
        params: options,
        args: [options],
        options: o,
      }),
    validateEmail: (email: string, o?: CallOptions) =>
      call<{ valid: boolean }>('validateEmail', {
        method: 'POST',
        path: `${AUTH}/v2/validate-email`,
        body: { email },
        args: [email],
        options: o,
      }),
    /** Passes the second factor of a sign-in (`totp` or `email`). */
    verifyFactor: (factorType: 'totp' | 'email', request: In<typeof c.factorVerifyRequest>, o?: CallOptions) =>
      call<StateResponse>('verifyFactor', {
        method: 'POST',
        path: `${AUTH}/v2/${factorType}/verify`,
        body: request,
        args: [factorType, request],
        options: o,
      }),
    /** Emails a password recovery link (answers the same whether or not the address is known). */
    sendRecoveryEmail: (
      email: string,
      options: Omit<In<typeof c.sendRecoveryEmailRequest>, 'email'> = {},
      o?: CallOptions,
    ) =>
      call<Empty>('sendRecoveryEmail', {
        method: 'POST',
        path: `${RECOVERY}/send-email`,
        body: { email, ...options },
        args: [email, options],
        options: o,
      }),
    /** Elevated: emails an activation link to an identity. */
    sendActivationEmail: (
      identityId: string,
      options: Omit<In<typeof c.activationEmailRequest>, 'identityId'> = {},
      o?: CallOptions,
    ) =>
      call<Empty>('sendActivationEmail', {
        method: 'POST',
        path: `${RECOVERY}/activation-email`,
        body: { identityId, ...options },
        args: [identityId, options],
        options: o,
        elevated: true,
      }),
    /** Sets a new password with the token of a recovery link. */
    recover: (recoveryToken: string, options: { password: string }, o?: CallOptions) =>
      call<{ sessionToken?: string; identity: c.Identity }>('recover', {
        method: 'POST',
        path: `${RECOVERY}/recover`,
        body: { recoveryToken, ...options },
        args: ['<redacted>', { password: '<redacted>' }],
        options: o,
      }),
    /** Starts an email verification of the caller's identity. */
    start: (options: In<typeof c.verificationStartRequest>, o?: CallOptions) =>
      call<{ verificationId: string }>('start', {
        method: 'POST',
        path: `${VERIFICATION}/start`,
        body: options,
        args: [options],
        options: o,
      }),
    /** The emailed code of a sign-in that needs a verified email. */
    verifyDuringAuthentication: (code: string, options: { stateToken: string }, o?: CallOptions) =>
      call<StateResponse>('verifyDuringAuthentication', {
        method: 'POST',
        path: `${VERIFICATION}/auth/verify`,
        body: { code, ...options },
        args: [code, options],
        options: o,
      }),
    /** Sends the sign-in's verification code again. */
    resendDuringAuthentication: (stateToken: string, o?: CallOptions) =>
      call<StateResponse>('resendDuringAuthentication', {
        method: 'POST',
        path: `${VERIFICATION}/auth/resend`,
        body: { stateToken },
        args: [stateToken],
        options: o,
      }),
  };
}

export type IdentityModule = ReturnType<typeof identity>;
