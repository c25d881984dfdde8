import {
  errorEnvelope,
  eventCatalogue,
  eventPayloadSchemas,
  type PayloadEventType,
  typedEventEnvelope,
} from '@merx/contract';
import { z } from 'zod';
import type { Access } from './auth.js';
import type { AnyRoute } from './route.js';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as JsonSchema;
  return rest;
}

/** Who may call a route, in the words of its documentation. */
function accessWords(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Anyone may call this.';
    case 'identified':
      return 'Needs a visitor, member or staff token, or an API key; shoppers reach only their own data.';
    case 'member':
      return 'Needs a signed-in member.';
    case 'staff':
      return 'Needs a signed-in staff account (about its own account).';
    case 'elevated':
      return `Needs an API key or a staff account with the \`${access.scope}\` permission.`;
    case 'own-or-elevated':
      return `A visitor or member about their own records, or an API key or staff account with the \`${access.scope}\` permission about any.`;
    case 'self-or-elevated':
      return `A signed-in member or staff account about itself, or an API key or staff account with the \`${access.scope}\` permission about anyone.`;
  }
}

function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The headers of every webhook delivery (Standard Webhooks), as the receiver reads them. */
const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description: "The event's id: the same on every retry and replay of the event. Receivers de-duplicate by it.",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    description: 'When this attempt was signed, in whole seconds since 1970; refuse attempts far from your clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` with the ' +
      "endpoint's secret (the part after `whsec_`, base64-decoded); two while a rotated secret's grace lasts.",
    schema: { type: 'string' },
  },
].map((h) => ({ ...h, in: 'header', required: true }));

/** The component name of an event's envelope schema. */
export const eventSchemaName = (type: string) => `Event.${type}`;

/**
 * The events as OpenAPI sees them: a component schema per event type (its envelope with its payload) and an
 * `x-webhooks` entry per type (the OpenAPI 3.0 extension Redoc reads), a POST that Merx sends to an endpoint.
 */
function eventDocuments() {
  const schemas: Record<string, JsonSchema> = {};
  const webhooks: Record<string, unknown> = {};
  for (const type of Object.keys(eventPayloadSchemas) as PayloadEventType[]) {
    // Receivers read events: the input view keeps objects open to fields added later.
    schemas[eventSchemaName(type)] = toSchema(typedEventEnvelope(type), 'input');
    const { scope, description } = eventCatalogue[type];
    webhooks[type] = {
      post: {
        operationId: `event_${type.replace(/[^A-Za-z0-9]+/g, '_')}`,
        summary: description,
        description:
          `Sent to webhook endpoints subscribed to \`${type}\` whose maker holds \`${scope}\`, and on the live ` +
          'event stream. Delivery is at least once, in order per endpoint and entity; retries keep the `webhook-id`.',
        tags: ['Events'],
        'x-merx-scope': scope,
        parameters: WEBHOOK_HEADERS,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` } } },
        },
        responses: {
          '2XX': { description: 'Accepted: the delivery succeeded and is not sent again.' },
          default: {
            description: 'Not accepted: Merx retries with back-off for about a day (410 Gone disables the endpoint).',
          },
        },
      },
    };
  }
  return { schemas, webhooks };
}

/** The OpenAPI 3 document of every public route, generated from the same zod schemas that validate them. */
export function buildOpenApi(routes: readonly AnyRoute[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = {
    description: 'Error in the contract envelope',
    content: { 'application/json': { schema: toSchema(errorEnvelope, 'output') } },
  };
  for (const route of routes) {
    const path = openApiPath(route.url);
    const parameters: unknown[] = [];
    for (const match of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
      parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
    }
    const inputSchema = route.input ? toSchema(route.input, 'input') : undefined;
    const operation = (method: string) => {
      const op: Record<string, unknown> = {
        operationId: `${method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
        summary: route.summary,
        tags: [route.tag],
        security: route.access.kind === 'public' ? [] : [{ apiKey: [] }],
        parameters: [...parameters],
        responses: {
          200: {
            description: 'Success',
            content: { 'application/json': { schema: toSchema(route.response, 'output') } },
          },
          400: errorResponse,
          ...(route.access.kind === 'public' ? {} : { 401: errorResponse, 403: errorResponse }),
          404: errorResponse,
        },
      };
      op.description = accessWords(route.access);
      op['x-merx-access'] = route.access;
      if (inputSchema && (method === 'post' || method === 'patch' || method === 'put')) {
        op.requestBody = { required: true, content: { 'application/json': { schema: inputSchema } } };
      } else if (inputSchema && method === 'get' && route.queryRoute) {
        (op.parameters as unknown[]).push({
          name: '.r',
          in: 'query',
          required: false,
          description: 'The request payload as base64url-encoded JSON (unpadded). Long queries use POST instead.',
          schema: { type: 'string' },
        });
      } else if (inputSchema && (method === 'get' || method === 'delete')) {
        const props = (inputSchema.properties ?? {}) as Record<string, JsonSchema>;
        for (const [name, schema] of Object.entries(props)) {
          (op.parameters as unknown[]).push({ name, in: 'query', required: false, schema });
        }
      }
      return op;
    };
    paths[path] ??= {};
    const item = paths[path] as Record<string, unknown>;
    if (route.queryRoute) {
      item.get = operation('get');
      item.post = operation('post');
    } else {
      item[route.method.toLowerCase()] = operation(route.method.toLowerCase());
    }
  }
  const events = eventDocuments();
  return {
    openapi: '3.0.3',
    info: { ...info, description: 'The Merx store API: the wire contract of the @wix headless client packages.' },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      schemas: events.schemas,
    },
    paths,
    'x-webhooks': events.webhooks,
  };
}
