import type { fieldViolation } from '@merx/contract';
import type { z } from 'zod';

/** One field the server refused, as the validation envelope carries it (WIRE.md 1.1). */
export type FieldViolation = z.infer<typeof fieldViolation>;

/** The call that failed: every SDK error carries it, arguments included. */
export interface FailedRequest {
  method: string;
  path: string;
  /** The arguments the SDK function was called with. */
  args: readonly unknown[];
}

interface MerxErrorInit {
  code: string;
  status?: number | undefined;
  requestId?: string | undefined;
  request?: FailedRequest | undefined;
  cause?: unknown;
}

/** The one base class of everything the SDK throws. `code` is stable: match on it, not on the message. */
export class MerxError extends Error {
  override name = 'MerxError';
  readonly code: string;
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** The server's `X-Wix-Request-Id`, when known: quote it when you report a problem. */
  readonly requestId: string | undefined;
  /** The call that failed, with its arguments. */
  request: FailedRequest | undefined;

  constructor(message: string, init: MerxErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.request = init.request;
  }
}

/** The server refused the request's fields (`details.validationError`): code `INVALID_ARGUMENT`. */
export class MerxValidationError extends MerxError {
  override name = 'MerxValidationError';
  /** Each field with its description, sorted by field. */
  readonly violations: readonly FieldViolation[];
  /** `invalidEmail` when a violation's data type is EMAIL (the sign-in flow's error code). */
  readonly errorCode: 'invalidEmail' | undefined;

  constructor(violations: readonly FieldViolation[], init: Omit<MerxErrorInit, 'code'>) {
    const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    super(`INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(', ')}`, {
      ...init,
      code: 'INVALID_ARGUMENT',
    });
    this.violations = sorted;
    this.errorCode = sorted.some((v) => v.data?.['type'] === 'EMAIL') ? 'invalidEmail' : undefined;
  }
}

/** The server refused the request for a reason of its own (`details.applicationError`). */
export class MerxApplicationError extends MerxError {
  override name = 'MerxApplicationError';
  readonly description: string;
  readonly data: Record<string, unknown>;

  constructor(
    message: string,
    app: { code: string; description: string; data: Record<string, unknown> },
    init: Omit<MerxErrorInit, 'code'>,
  ) {
    super(message === app.description ? message : `${message}: ${app.description}`, { ...init, code: app.code });
    this.description = app.description;
    this.data = app.data;
  }
}

/** A 4xx answer without the contract's envelope: the status text becomes the code (`Not Found` → `NOT_FOUND`). */
export class MerxHttpError extends MerxError {
  override name = 'MerxHttpError';
  readonly description: string;

  constructor(message: string, statusText: string, init: Omit<MerxErrorInit, 'code'>) {
    super(message, { ...init, code: constantCase(statusText) });
    this.description = statusText;
  }
}

/** Anything else: a 5xx, a network failure, an unreadable answer. */
export class MerxSystemError extends MerxError {
  override name = 'MerxSystemError';

  constructor(init: Omit<MerxErrorInit, 'code'> & { code?: string }) {
    super(init.requestId ? `System error occurred, request-id: ${init.requestId}` : 'System error occurred', {
      ...init,
      code: init.code ?? 'SYSTEM_ERROR',
    });
  }
}

/** `/oauth2/token` answered something other than 200 (its body is the OAuth `{error, error_description}`). */
export class MerxOAuthError extends MerxError {
  override name = 'MerxOAuthError';
  /** The OAuth error, e.g. `invalid_grant`. */
  readonly error: string | undefined;
  readonly errorDescription: string | undefined;

  constructor(
    message: string,
    oauth: { error?: string | undefined; errorDescription?: string | undefined },
    init: Omit<MerxErrorInit, 'code'>,
  ) {
    super(message, { ...init, code: oauth.error ? constantCase(oauth.error) : 'OAUTH_ERROR' });
    this.error = oauth.error;
    this.errorDescription = oauth.errorDescription;
  }
}

/** Codes of the checks the SDK makes itself, before or without any request. */
export type ClientErrorCode =
  | 'NO_NEXT_PAGE'
  | 'NO_PREVIOUS_PAGE'
  | 'ELEVATED_CLIENT_REQUIRED'
  | 'INVALID_PKCE_LENGTH'
  | 'MISSING_CODE_OR_STATE'
  | 'INVALID_STATE'
  | 'OAUTH_TIMEOUT'
  | 'MEMBER_TOKENS_FAILED'
  | 'NOT_IN_BROWSER'
  | 'INVALID_WEBHOOK'
  | 'SIGN_IN_REQUIRED';

/** A rule the SDK checks on the client (paging past an end, PKCE bounds, OAuth state, elevated modules). */
export class MerxClientError extends MerxError {
  override name = 'MerxClientError';
  declare readonly code: ClientErrorCode;

  constructor(code: ClientErrorCode, message: string, cause?: unknown) {
    super(message, { code, cause });
  }
}

/** `Not Found` → `NOT_FOUND`, `Too Many Requests` → `TOO_MANY_REQUESTS`. */
export function constantCase(text: string): string {
  return (
    text
      .trim()
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'UNKNOWN'
  );
}

interface Envelope {
  message?: unknown;
  details?: {
    applicationError?: { code?: unknown; description?: unknown; data?: unknown };
    validationError?: { fieldViolations?: unknown };
    requestId?: unknown;
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The one place where a non-200 answer becomes an error (WIRE.md 1): validation → INVALID_ARGUMENT, an
 * application error in a 4xx → its code, another 4xx → its status text, anything else → a system error.
 */
export function errorFromResponse(answer: {
  status: number;
  statusText: string;
  body: unknown;
  requestId: string | undefined;
  request: FailedRequest;
}): MerxError {
  const { status, body, request } = answer;
  const statusText = answer.statusText || defaultStatusText(status);
  const envelope: Envelope = isRecord(body) ? body : {};
  const details = isRecord(envelope.details) ? envelope.details : {};
  const requestId =
    answer.requestId ?? (typeof details.requestId === 'string' ? details.requestId : undefined) ?? undefined;
  const init = { status, requestId, request };
  const violations = details.validationError?.fieldViolations;
  if (status >= 400 && status < 500 && Array.isArray(violations)) {
    return new MerxValidationError(violations.filter(isViolation), init);
  }
  const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : statusText;
  const app = details.applicationError;
  if (status >= 400 && status < 500 && isRecord(app)) {
    return new MerxApplicationError(
      message,
      {
        code: app.code === undefined ? constantCase(statusText) : String(app.code),
        description: typeof app.description === 'string' ? app.description : statusText,
        data: isRecord(app.data) ? app.data : {},
      },
      init,
    );
  }
  if (status >= 400 && status < 500) return new MerxHttpError(message, statusText, init);
  const code = isRecord(app) && typeof app.code === 'string' ? app.code : undefined;
  return new MerxSystemError({ ...init, ...(code ? { code } : {}) });
}

function isViolation(v: unknown): v is FieldViolation {
  return isRecord(v) && typeof v.field === 'string' && typeof v.description === 'string';
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** HTTP/2 answers carry no status text; the standard phrase stands in. */
function defaultStatusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Unknown';
}
