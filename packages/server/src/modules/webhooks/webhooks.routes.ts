import {
  createWebhookEndpointRequest,
  eventCatalogue,
  listWebhookDeliveriesQuery,
  listWebhookDeliveriesResponse,
  listWebhookEndpointsResponse,
  replayWebhookEventsRequest,
  replayWebhookEventsResponse,
  rotateWebhookSecretRequest,
  updateWebhookEndpointRequest,
  updateWebhookSettingsRequest,
  webhookDeliveryDetailResponse,
  webhookDeliveryResponse,
  webhookEndpointResponse,
  webhookEndpointWithSecretResponse,
  webhookSettingsResponse,
} from '@merx/contract';
import { AppError, ValidationError } from '@merx/domain';
import { z } from 'zod';
import type { EventStreams } from '../../events/event-stream.js';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { WebhookService } from './webhooks.service.js';

const BASE = '/_api/merx/v1/webhooks';
const tag = 'Webhooks';
const read = elevated('webhooks:read');
const manage = elevated('webhooks:manage');
const byId = z.object({ id: z.string().min(1).max(200) });

/** Webhook endpoints, their delivery log and replays, the store's webhook settings, and the live event stream. */
export function webhookRoutes(s: { webhooks: WebhookService; streams: EventStreams }): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: `${BASE}/endpoints`,
      summary: 'List webhook endpoints (never their secrets)',
      tag,
      access: read,
      response: listWebhookEndpointsResponse,
      handler: async () => ({ endpoints: await s.webhooks.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/endpoints`,
      summary: 'Add a webhook endpoint for event types the caller may read; its signing secret is answered once',
      tag,
      access: manage,
      input: createWebhookEndpointRequest,
      response: webhookEndpointWithSecretResponse,
      handler: async ({ caller, input }) => s.webhooks.create(caller, input),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/endpoints/:id`,
      summary: 'Get a webhook endpoint',
      tag,
      access: read,
      params: byId,
      response: webhookEndpointResponse,
      handler: async ({ params }) => ({ endpoint: await s.webhooks.get(params.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/endpoints/:id`,
      summary: 'Change, pause, resume or re-enable a webhook endpoint',
      tag,
      access: manage,
      params: byId,
      input: updateWebhookEndpointRequest,
      response: webhookEndpointResponse,
      handler: async ({ caller, params, input }) => ({ endpoint: await s.webhooks.update(caller, params.id, input) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/endpoints/:id`,
      summary: 'Delete a webhook endpoint and its delivery log',
      tag,
      access: manage,
      params: byId,
      response: z.object({}),
      handler: async ({ params }) => {
        await s.webhooks.remove(params.id);
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/endpoints/:id/rotate-secret`,
      summary: 'Make a new signing secret; the old one signs beside it for a grace period (24 hours unless told)',
      tag,
      access: manage,
      params: byId,
      input: rotateWebhookSecretRequest,
      response: webhookEndpointWithSecretResponse,
      handler: async ({ params, input }) => s.webhooks.rotateSecret(params.id, input.graceHours),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/endpoints/:id/test`,
      summary: 'Send a test event to this endpoint only',
      tag,
      access: manage,
      params: byId,
      response: webhookDeliveryResponse,
      handler: async ({ caller, params }) => ({ delivery: await s.webhooks.sendTest(caller, params.id) }),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/endpoints/:id/replay`,
      summary: 'Deliver again every event since a time that this endpoint receives (those it missed too), in order',
      tag,
      access: manage,
      params: byId,
      input: replayWebhookEventsRequest,
      response: replayWebhookEventsResponse,
      handler: async ({ params, input }) => ({ replayed: await s.webhooks.replaySince(params.id, input.since) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/endpoints/:id/deliveries`,
      summary: 'The delivery log of an endpoint, newest first',
      tag,
      access: read,
      params: byId,
      input: listWebhookDeliveriesQuery,
      response: listWebhookDeliveriesResponse,
      handler: async ({ params, input }) => s.webhooks.deliveries(params.id, input),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/deliveries/:id`,
      summary: 'A delivery with its attempts and the event it carries',
      tag,
      access: read,
      params: byId,
      response: webhookDeliveryDetailResponse,
      handler: async ({ params }) => s.webhooks.delivery(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/deliveries/:id/replay`,
      summary: 'Send a delivery again now',
      tag,
      access: manage,
      params: byId,
      response: webhookDeliveryResponse,
      handler: async ({ params }) => ({ delivery: await s.webhooks.replay(params.id) }),
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/settings`,
      summary: "The store's webhook settings",
      tag,
      access: read,
      response: webhookSettingsResponse,
      handler: async () => ({ settings: await s.webhooks.settings() }),
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/settings`,
      summary: "Change the store's webhook settings (deliveries to private network addresses)",
      tag,
      access: manage,
      input: updateWebhookSettingsRequest,
      response: webhookSettingsResponse,
      handler: async ({ input }) => ({ settings: await s.webhooks.updateSettings(input) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/events/stream',
      summary:
        'The live event stream (text/event-stream): each event the caller may read, resumable with Last-Event-ID',
      tag,
      access: elevated('events:listen'),
      input: z.object({
        /** Comma-separated event types (all the caller may read when absent). */
        types: z.string().max(5000).optional(),
        lastEventId: z.string().max(30).optional(),
      }),
      response: z.object({}),
      handler: async ({ caller, input, request, reply }) => {
        // An event stream for clients that ask for one (EventSource does; @merx/sdk's listen() does); any other
        // client (a generic one sending `*/*` too) gets a clear refusal instead of an answer that never ends.
        if (!String(request.headers.accept ?? '').includes('text/event-stream'))
          throw new AppError(
            'FAILED_PRECONDITION',
            'NOT_ACCEPTABLE',
            'This route answers a live event stream: send Accept: text/event-stream',
          );
        const types = (input.types ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
        types.forEach((type, i) => {
          if (!(type in eventCatalogue))
            throw new ValidationError([
              { field: `types[${i}]`, description: `"${type}" is not an event Merx sends`, violatedRule: 'VALIDATION' },
            ]);
        });
        const resume = request.headers['last-event-id'] ?? input.lastEventId;
        const text = Array.isArray(resume) ? resume[0] : resume;
        if (text !== undefined && !/^\d{1,15}$/.test(text))
          throw new ValidationError([
            { field: 'lastEventId', description: 'is not an id this stream sent', violatedRule: 'FORMAT' },
          ]);
        const cursor = text === undefined ? await s.streams.head() : Number(text);
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          // What the request path set (the request id), then the stream's own headers.
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        response.write(`retry: 2000\nid: ${cursor}\n\n`);
        await s.streams.serve({ caller, types: new Set(types), cursor, response: reply.raw });
        return {};
      },
    }),
  ];
}
