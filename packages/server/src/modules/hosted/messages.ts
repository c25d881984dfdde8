import { iamErrorCodes } from '@merx/contract';
import { AppError, ValidationError } from '@merx/domain';
import { INVITATION_NOT_VALID } from '../staff/staff.service.js';
import type { FieldErrors } from './session.views.js';

/** An expected failure, put into words for the page that shows it again. */
export interface Failure {
  status: number;
  message: string;
  fieldErrors: FieldErrors;
  /** The state or recovery token is gone: the member must start again. */
  restart?: boolean;
  /** The captcha token was missing or refused: the page shows the visible challenge. */
  captcha?: boolean;
}

const fieldNames: Record<string, keyof FieldErrors> = {
  email: 'email',
  'loginId.email': 'email',
  password: 'password',
  newPassword: 'password',
  'profile.firstName': 'firstName',
  'profile.lastName': 'lastName',
  code: 'code',
};
const labels: Record<keyof FieldErrors, string> = {
  email: 'Email',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  code: 'Code',
};

const statusOfKind = {
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 400,
  ALREADY_EXISTS: 400,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 403,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  UNAVAILABLE: 503,
} as const;

/** Words for the application errors the sign-in services throw, by code. */
const wording: Record<string, { message: string; restart?: boolean; captcha?: boolean }> = {
  [iamErrorCodes.invalidPassword]: { message: 'Wrong email or password. Check both and try again.' },
  [iamErrorCodes.emailAlreadyExists]: {
    message: 'An account with this email already exists. Sign in instead, or reset your password.',
  },
  [iamErrorCodes.memberBlocked]: {
    message: 'This account can’t sign in. Contact the store if you think this is a mistake.',
  },
  [iamErrorCodes.resetPassword]: {
    message: 'You need to choose a new password before you can sign in. Use “Forgot password?” to get a link.',
  },
  [iamErrorCodes.missingCaptchaToken]: {
    message: 'Please confirm you’re a person: complete the check on this page, then send the form again.',
    captcha: true,
  },
  [iamErrorCodes.invalidCaptchaToken]: {
    message: 'The check that you’re a person didn’t go through. Complete the check on this page, then try again.',
    captcha: true,
  },
  [iamErrorCodes.invalidCode]: { message: 'That code isn’t correct. Check it and try again.' },
  [iamErrorCodes.invalidStateToken]: {
    message: 'This step has expired. Sign in again to get a new code.',
    restart: true,
  },
  [iamErrorCodes.invalidRecoveryToken]: {
    message: 'This link has expired or was already used. Ask for a new one.',
    restart: true,
  },
  [INVITATION_NOT_VALID]: {
    message: 'This invitation has expired or was already used. Ask the store owner for a new one.',
    restart: true,
  },
};

function sentence(label: string, description: string): string {
  if (label === 'Email' && /valid email/.test(description))
    return 'Enter a valid email address, like name@example.com.';
  return `${label} ${description.replace(/\.$/, '')}.`;
}

/** What to tell the member about a refused request, or undefined for an unexpected error (shown as a 500). */
export function describeFailure(error: unknown): Failure | undefined {
  if (error instanceof ValidationError) {
    const fieldErrors: FieldErrors = {};
    const loose: string[] = [];
    for (const v of error.violations) {
      const key = fieldNames[v.field];
      if (key && !fieldErrors[key]) fieldErrors[key] = sentence(labels[key], v.description);
      else if (!key) loose.push(`${v.field} ${v.description}`.trim());
    }
    const message = loose.length
      ? `Please check the form: ${loose.join('; ')}.`
      : 'Please correct the highlighted fields.';
    return { status: 400, message, fieldErrors };
  }
  if (error instanceof AppError) {
    const words = wording[error.code];
    const message = words?.message ?? error.message;
    return {
      status: statusOfKind[error.kind],
      message,
      fieldErrors: {},
      ...(words?.restart ? { restart: true } : {}),
      ...(words?.captcha ? { captcha: true } : {}),
    };
  }
  return undefined;
}
