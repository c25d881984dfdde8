import { ValidationError } from '@merx/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Access, assertAccess, type Caller, type CallerResolver } from './auth.js';
import { decodeGetInput, textFieldsOf, type WantsText } from './query-envelope.js';
import { RawJson } from './raw-json.js';
import { textViolations } from './text-guard.js';
import { violationsFromZod } from './violations.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteContext<P, I> {
  params: P;
  /** The request payload: the JSON body, or for GET/DELETE the `.r` envelope or the plain query parameters. */
  input: I;
  caller: Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** One route of the public contract: its schemas, who may call it, and what it does. */
export interface RouteDef<P = unknown, I = unknown> {
  method: HttpMethod;
  /** Fastify path, e.g. `/stores/v1/products/:id`. */
  url: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodType<P>;
  input?: z.ZodType<I>;
  response: z.ZodType;
  /**
   * Query/search/count route: answered on GET (`.r` envelope or plain parameters) and on POST at the same
   * path (the long-query fallback), with the same input.
   */
  queryRoute?: boolean;
  handler(ctx: RouteContext<P, I>): Promise<object>;
}

/** Declares a route with its types inferred from the schemas. */
export function defineRoute<P = Record<string, never>, I = Record<string, never>>(def: RouteDef<P, I>): RouteDef<P, I> {
  return def;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of routes with different param and input types
export type AnyRoute = RouteDef<any, any>;

function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown, prefix: string): T {
  if (!schema) return {} as T;
  const bad = textViolations(value, prefix);
  if (bad.length > 0) throw new ValidationError(bad);
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(violationsFromZod(result.error, prefix, value));
  return result.data;
}

function readInput(request: FastifyRequest, wantsText: WantsText): unknown {
  if (request.method === 'GET' || request.method === 'DELETE') {
    const input = decodeGetInput((request.query ?? {}) as Record<string, unknown>, wantsText);
    // Path parameters come back as duplicate query fields (WIRE.md 0.5): the path wins.
    for (const key of Object.keys((request.params ?? {}) as object)) delete input[key];
    return input;
  }
  return request.body ?? {};
}

/** The caller of each request, resolved in `onRequest`, before the body is read. */
const callerOf = new WeakMap<FastifyRequest, Caller>();

/**
 * Registers `routes` on `app`, each behind its access rule and validation. Credentials are checked first, in
 * `onRequest`: a caller without access gets 401/403 whatever the body holds, and never a validation error that
 * describes an endpoint it may not use.
 */
export function registerRoutes(app: FastifyInstance, routes: readonly AnyRoute[], callers: CallerResolver): void {
  for (const route of routes) {
    const wantsText = textFieldsOf(route.input);
    const methods: HttpMethod[] = route.queryRoute ? ['GET', 'POST'] : [route.method];
    app.route({
      method: methods,
      url: route.url,
      config: { access: route.access },
      onRequest: async (request) => {
        const caller = await callers.resolve(request.headers.authorization);
        assertAccess(caller, route.access);
        callerOf.set(request, caller);
      },
      handler: async (request, reply) => {
        const caller = callerOf.get(request) ?? { kind: 'none' };
        const params = parseWith(route.params, request.params ?? {}, '');
        const input = parseWith(route.input, readInput(request, wantsText), '');
        const result = await route.handler({ params, input, caller, request, reply });
        // A streaming route (the live event stream) answered on the raw response itself.
        if (reply.sent) return reply;
        if (result instanceof RawJson)
          return reply.status(200).type('application/json; charset=utf-8').send(result.text);
        return reply.status(200).send(result);
      },
    });
  }
}
