import { type Server as HttpServer, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorCodes } from '@merx/contract';
import { invalid } from '@merx/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toEnvelope } from './error-handler.js';
import { genRequestId, REQUEST_ID_HEADER } from './request-id.js';

/*
 * Errors born before any route or hook runs still answer in the contract's envelope, with a request id: Fastify's
 * router refusing a URL (`frameworkErrors`) and Node's HTTP parser refusing a request (`clientErrorHandler`).
 */

/** The router's refusals: a URL that is not valid percent-encoding, a path parameter over the router's limit. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? invalid('path', 'has a segment longer than the longest id Merx accepts', 'MAX_LENGTH')
      : error.code === 'FST_ERR_BAD_URL'
        ? invalid('path', 'must be correctly percent-encoded', 'FORMAT')
        : error;
  const { status, body } = toEnvelope(refusal, request.id);
  request.log.info({ status, code: error.code }, 'request refused by the router');
  reply.header(REQUEST_ID_HEADER, request.id).status(status).send(body);
}

const clientErrors: Record<string, { status: number; code: string; description: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: errorCodes.requestHeadersTooLarge,
    description: 'The request line and headers must be at most 16 KB',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: errorCodes.requestTimeout,
    description: 'The request was not received in time',
  },
};

/** Node's HTTP parser refused the request: written straight to the socket, as the connection cannot go on. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = clientErrors[error.code ?? ''] ?? {
    status: 400,
    code: errorCodes.malformedRequest,
    description: 'The request is not well-formed HTTP',
  };
  const requestId = genRequestId();
  const body = JSON.stringify({
    message: known.description,
    details: { applicationError: { code: known.code, description: known.description, data: {} }, requestId },
  });
  // As Node's own handler: only when no answer to this connection's request has begun (the router may have
  // refused the request's URL already, before the parser failed on its body).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
        `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * A client may half-close its side once its request is sent (HTTP/1.0 habits, `nc`, some proxies). Node's HTTP server
 * then drops the requests still being answered and closes; an answer that waits on PostgreSQL was lost. Allowing the
 * half-open connection lets Node finish the answers in flight and close after the last one.
 */
export function keepAnsweringHalfClosed(server: HttpServer): void {
  (server as HttpServer & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}
