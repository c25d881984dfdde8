import { errorCodes } from '@merx/contract';
import { AppError, type ErrorKind, type FieldViolation, ValidationError } from '@merx/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sortViolations } from './violations.js';

/** The only place where an error becomes an HTTP status and the contract's envelope. */
const statusOfKind: Record<ErrorKind, number> = {
  INVALID_ARGUMENT: 400,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  FAILED_PRECONDITION: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  UNAVAILABLE: 503,
};

interface Envelope {
  message: string;
  details: {
    applicationError?: { code: string; description: string; data: Record<string, unknown> };
    validationError?: { fieldViolations: FieldViolation[] };
    requestId?: string;
  };
}

function validationEnvelope(violations: FieldViolation[]): Envelope {
  const sorted = sortViolations(violations);
  const message = sorted.map((v) => `${v.field} ${v.description}`).join('; ');
  return { message, details: { validationError: { fieldViolations: sorted } } };
}

function applicationEnvelope(code: string, description: string, data: Record<string, unknown> = {}): Envelope {
  return { message: description, details: { applicationError: { code, description, data } } };
}

/**
 * A 404 whose envelope has no `applicationError`, as the services older client releases were written against
 * answered: the SDK then gives the numeric status as `details.applicationError.code`, which those shops test for.
 */
export class BareNotFound extends Error {}

/** Maps any thrown value to a status and envelope. Exported for tests. */
export function toEnvelope(error: unknown, requestId: string): { status: number; body: Envelope } {
  if (error instanceof ValidationError) return { status: 400, body: validationEnvelope(error.violations) };
  if (error instanceof BareNotFound) return { status: 404, body: { message: error.message, details: {} } };
  if (error instanceof AppError) {
    return { status: statusOfKind[error.kind], body: applicationEnvelope(error.code, error.message, error.data) };
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 400,
        body: validationEnvelope([
          { field: 'body', description: 'must be at most 1048576 bytes', violatedRule: 'MAX_SIZE' },
        ]),
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: applicationEnvelope(errorCodes.unsupportedMediaType, 'Request bodies must be application/json'),
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        body: validationEnvelope([
          { field: 'body', description: 'does not match its Content-Length', violatedRule: 'VALIDATION' },
        ]),
      };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = fastifyError.code ?? 'BAD_REQUEST';
    return { status, body: applicationEnvelope(code, fastifyError.message ?? 'Bad request') };
  }
  return {
    status: 500,
    body: {
      message: 'System error occurred',
      details: {
        applicationError: { code: errorCodes.systemError, description: 'System error occurred', data: { requestId } },
        requestId,
      },
    },
  };
}

/**
 * Answers a request no route matched instead of the JSON 404 (the shop's page for a browser asking for one), or
 * returns undefined to leave it to the JSON 404.
 */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;

/**
 * Installs the error and not-found handlers on `app`. `notFoundFallback` is read on each unmatched request (the
 * shop registers later than the handlers).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  opts: { notFoundFallback?: () => NotFoundFallback | undefined } = {},
): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toEnvelope(error, request.id);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.details.applicationError?.code }, 'request refused');
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const answered = opts.notFoundFallback?.()?.(request, reply);
    if (answered) return answered;
    const body = applicationEnvelope(
      errorCodes.routeNotFound,
      `No route ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.status(404).send(body);
  });
}
