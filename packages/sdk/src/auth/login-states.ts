import type { iamErrorCodes } from '@merx/contract';
import { MerxApplicationError, MerxError, MerxSystemError, MerxValidationError } from '../errors.js';
import type { StateResponse } from '../modules/identity.js';

/** The client's login states (spec section 4). */
export type LoginState =
  | 'INITIAL'
  | 'SUCCESS'
  | 'FAILURE'
  | 'EMAIL_VERIFICATION_REQUIRED'
  | 'OWNER_APPROVAL_REQUIRED'
  | 'USER_CAPTCHA_REQUIRED'
  | 'SILENT_CAPTCHA_REQUIRED';

/** Why a login or register failed (spec section 8). */
export type LoginErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'invalidCaptchaToken'
  | 'emailAlreadyExists';

export type LoginResult =
  | { loginState: 'INITIAL' }
  | { loginState: 'SUCCESS'; data: { sessionToken: string } }
  | { loginState: 'EMAIL_VERIFICATION_REQUIRED'; data: { stateToken: string } }
  | { loginState: 'OWNER_APPROVAL_REQUIRED' }
  | { loginState: 'USER_CAPTCHA_REQUIRED' | 'SILENT_CAPTCHA_REQUIRED' }
  | { loginState: 'FAILURE'; error: string; errorCode?: LoginErrorCode };

/** The sign-in flow's application codes, checked against the contract's at compile time. */
const iam = {
  invalidPassword: '-19976',
  emailAlreadyExists: '-19995',
  resetPassword: '-19973',
  missingCaptchaToken: '-19971',
  invalidCaptchaToken: '-19970',
} as const satisfies Partial<typeof iamErrorCodes>;

/** SUCCESS → session token; REQUIRE_OWNER_APPROVAL; REQUIRE_EMAIL_VERIFICATION → state token; else "Unknown _state". */
export function loginStateOf(response: StateResponse): LoginResult {
  switch (response.state) {
    case 'SUCCESS':
      return { loginState: 'SUCCESS', data: { sessionToken: response.sessionToken ?? '' } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: response.stateToken ?? '' } };
    default:
      return { loginState: 'FAILURE', error: 'Unknown _state' };
  }
}

/** Server errors become FAILURE (login and register never throw for them); anything else is a bug: thrown. */
function rethrowUnlessRefusal(error: unknown): asserts error is MerxError {
  if (!(error instanceof MerxError)) throw error;
}

const appCode = (error: MerxError) => (error instanceof MerxApplicationError ? error.code : undefined);

/** Register: an EMAIL field violation → invalidEmail; -19971, -19995, -19970 → their codes; else the message only. */
export function registerFailure(error: unknown): LoginResult {
  rethrowUnlessRefusal(error);
  if (error instanceof MerxValidationError && error.errorCode === 'invalidEmail') {
    const violation = error.violations.find((v) => v.data?.['type'] === 'EMAIL');
    return { loginState: 'FAILURE', error: violation?.description ?? error.message, errorCode: 'invalidEmail' };
  }
  const code = appCode(error);
  const errorCode: LoginErrorCode | undefined =
    code === iam.missingCaptchaToken
      ? 'missingCaptchaToken'
      : code === iam.emailAlreadyExists
        ? 'emailAlreadyExists'
        : code === iam.invalidCaptchaToken
          ? 'invalidCaptchaToken'
          : undefined;
  return { loginState: 'FAILURE', error: error.message, ...(errorCode ? { errorCode } : {}) };
}

/**
 * Login: -19971, -19970, -19976, -19973 → their codes; any other refusal → invalidEmail. A system error (5xx,
 * network) is no verdict on the email: FAILURE without a code.
 */
export function loginFailure(error: unknown): LoginResult {
  rethrowUnlessRefusal(error);
  if (error instanceof MerxSystemError) return { loginState: 'FAILURE', error: error.message };
  const byCode: Record<string, LoginErrorCode> = {
    [iam.missingCaptchaToken]: 'missingCaptchaToken',
    [iam.invalidCaptchaToken]: 'invalidCaptchaToken',
    [iam.invalidPassword]: 'invalidPassword',
    [iam.resetPassword]: 'resetPassword',
  };
  const code = appCode(error);
  return { loginState: 'FAILURE', error: error.message, errorCode: (code && byCode[code]) || 'invalidEmail' };
}
