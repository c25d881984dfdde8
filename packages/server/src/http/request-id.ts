import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-wix-request-id';

/** Generates the id of each request (also used in logs). */
export function genRequestId(): string {
  return randomUUID();
}

/** Puts `X-Wix-Request-Id` on every response, errors and 404s included. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
