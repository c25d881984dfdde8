import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const BASE = '/_api/merx/v1/webhooks';

export type WebhookEndpoint = c.WebhookEndpoint;
export type WebhookDelivery = c.WebhookDelivery;
export type WebhookAttempt = c.WebhookAttempt;
/** The filters and paging of an endpoint's delivery log. */
export type WebhookDeliveryQuery = In<typeof c.listWebhookDeliveriesQuery>;

/**
 * Webhook endpoints, their delivery log and replays, and the store's webhook settings (Merx; `webhooks:read` to
 * read, `webhooks:manage` to change). Deliveries are signed as Standard Webhooks says: check them with
 * `parseWebhookEvent` and the endpoint's secret, which only `createEndpoint` and `rotateSecret` answer.
 */
export function webhooks(transport: Transport) {
  const call = caller(transport, 'webhooks');
  const endpoint = (id: string, rest = '') => fillPath(`${BASE}/endpoints/{id}${rest}`, { id });
  const delivery = (id: string, rest = '') => fillPath(`${BASE}/deliveries/{id}${rest}`, { id });
  return {
    /** Every endpoint, never with its secret. */
    listEndpoints: (o?: CallOptions) =>
      call<Out<typeof c.listWebhookEndpointsResponse>>('listEndpoints', {
        method: 'GET',
        path: `${BASE}/endpoints`,
        args: [],
        options: o,
        elevated: true,
      }),
    /** `eventTypes: ['*']` is every event the caller may read. The `secret` (`whsec_…`) is in this answer only. */
    createEndpoint: (input: In<typeof c.createWebhookEndpointRequest>, o?: CallOptions) =>
      call<Out<typeof c.webhookEndpointWithSecretResponse>>('createEndpoint', {
        method: 'POST',
        path: `${BASE}/endpoints`,
        body: input,
        args: [input],
        options: o,
        elevated: true,
      }),
    getEndpoint: (id: string, o?: CallOptions) =>
      call<Out<typeof c.webhookEndpointResponse>>('getEndpoint', {
        method: 'GET',
        path: endpoint(id),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** Changes its URL, description or event types; `status` PAUSED pauses it, ACTIVE resumes or re-enables it. */
    updateEndpoint: (id: string, input: In<typeof c.updateWebhookEndpointRequest>, o?: CallOptions) =>
      call<Out<typeof c.webhookEndpointResponse>>('updateEndpoint', {
        method: 'PATCH',
        path: endpoint(id),
        body: input,
        args: [id, input],
        options: o,
        elevated: true,
      }),
    /** Deletes the endpoint and its delivery log. */
    deleteEndpoint: (id: string, o?: CallOptions) =>
      call<Empty>('deleteEndpoint', {
        method: 'DELETE',
        path: endpoint(id),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** A new secret (in this answer only); the old one keeps signing beside it for `graceHours` (24 unless told). */
    rotateSecret: (id: string, input: In<typeof c.rotateWebhookSecretRequest> = {}, o?: CallOptions) =>
      call<Out<typeof c.webhookEndpointWithSecretResponse>>('rotateSecret', {
        method: 'POST',
        path: endpoint(id, '/rotate-secret'),
        body: input,
        args: [id, input],
        options: o,
        elevated: true,
      }),
    /** Sends a test event (`merx.webhooks.v1.test`) to this endpoint only; answers its delivery. */
    sendTest: (id: string, o?: CallOptions) =>
      call<Out<typeof c.webhookDeliveryResponse>>('sendTest', {
        method: 'POST',
        path: endpoint(id, '/test'),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** Delivers again, in order, every event since `since` that the endpoint receives (those it missed too). */
    replaySince: (id: string, since: Date | string, o?: CallOptions) =>
      call<Out<typeof c.replayWebhookEventsResponse>>('replaySince', {
        method: 'POST',
        path: endpoint(id, '/replay'),
        body: { since: since instanceof Date ? since.toISOString() : since },
        args: [id, since],
        options: o,
        elevated: true,
      }),
    /** An endpoint's delivery log, newest first; pass the answer's `nextCursor` as `cursor` for the next page. */
    listDeliveries: (endpointId: string, query: WebhookDeliveryQuery = {}, o?: CallOptions) =>
      call<Out<typeof c.listWebhookDeliveriesResponse>>('listDeliveries', {
        method: 'GET',
        path: endpoint(endpointId, '/deliveries'),
        params: query,
        args: [endpointId, query],
        options: o,
        elevated: true,
      }),
    /** A delivery with its attempts and the event it carries (null once past the store's retention). */
    getDelivery: (id: string, o?: CallOptions) =>
      call<Out<typeof c.webhookDeliveryDetailResponse>>('getDelivery', {
        method: 'GET',
        path: delivery(id),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** Sends a delivery again now (the same `webhook-id`, so the receiver can tell it is the same event). */
    replayDelivery: (id: string, o?: CallOptions) =>
      call<Out<typeof c.webhookDeliveryResponse>>('replayDelivery', {
        method: 'POST',
        path: delivery(id, '/replay'),
        args: [id],
        options: o,
        elevated: true,
      }),
    getSettings: (o?: CallOptions) =>
      call<Out<typeof c.webhookSettingsResponse>>('getSettings', {
        method: 'GET',
        path: `${BASE}/settings`,
        args: [],
        options: o,
        elevated: true,
      }),
    /** `allowPrivateNetworks` lets deliveries go to private and local network addresses. */
    updateSettings: (input: In<typeof c.updateWebhookSettingsRequest>, o?: CallOptions) =>
      call<Out<typeof c.webhookSettingsResponse>>('updateSettings', {
        method: 'PATCH',
        path: `${BASE}/settings`,
        body: input,
        args: [input],
        options: o,
        elevated: true,
      }),
  };
}

export type WebhooksModule = ReturnType<typeof webhooks>;
