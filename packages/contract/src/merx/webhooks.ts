import { z } from 'zod';

/*
 * Webhook endpoints, their deliveries and the live event stream (`/_api/merx/v1/webhooks/…`,
 * `/_api/merx/v1/events/stream`). Deliveries follow Standard Webhooks (https://www.standardwebhooks.com): headers
 * `webhook-id` (the event's id: the same on every retry and replay), `webhook-timestamp` and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`, two while a rotated secret's grace lasts); the body is
 * one event envelope, `{ id, type, entityId, eventTime, identity, payload }`.
 */

/** Who made a change (spec section 6): a shopper, a member, staff (WIX_USER), an API key (APP), or the store itself. */
export const eventIdentity = z.discriminatedUnion('identityType', [
  z.object({ identityType: z.literal('ANONYMOUS_VISITOR'), anonymousVisitorId: z.string() }),
  z.object({ identityType: z.literal('MEMBER'), memberId: z.string() }),
  z.object({ identityType: z.literal('WIX_USER'), wixUserId: z.string() }),
  z.object({ identityType: z.literal('APP'), appId: z.string() }),
  z.object({ identityType: z.literal('UNKNOWN') }),
]);

/** The envelope of every event, as delivered (webhooks, the stream) and handed to in-process subscribers. */
export const eventEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  entityId: z.string(),
  eventTime: z.string(),
  identity: eventIdentity,
  payload: z.record(z.string(), z.unknown()),
});

export const webhookEndpointStatuses = ['ACTIVE', 'PAUSED', 'DISABLED'] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  /** The event types it receives; `['*']` for every event its maker may read. */
  eventTypes: z.array(z.string()),
  /**
   * ACTIVE: delivered to. PAUSED: by the merchant; deliveries wait and go out on resuming. DISABLED: by Merx after a
   * day of failures (or a 410 answer); nothing is queued for it until re-enabled, then `replay` fills the gap.
   */
  status: z.enum(webhookEndpointStatuses),
  disabledReason: z.string().nullable(),
  disabledDate: z.string().nullable(),
  /** When the current run of failed attempts began (null while deliveries succeed). */
  failingSince: z.string().nullable(),
  /** Until when the previous secret still signs deliveries beside the current one (after a rotation). */
  previousSecretExpiresDate: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

const eventTypeList = z.array(z.string().trim().min(1).max(200)).min(1).max(100);

export const createWebhookEndpointRequest = z.object({
  url: z.string().trim().min(1).max(2000),
  description: z.string().trim().max(500).optional(),
  eventTypes: eventTypeList,
});
/** `secret` (`whsec_…`) is answered here and on rotation only. */
export const webhookEndpointWithSecretResponse = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export const updateWebhookEndpointRequest = z.object({
  url: z.string().trim().min(1).max(2000).optional(),
  description: z.string().trim().max(500).optional(),
  eventTypes: eventTypeList.optional(),
  /** ACTIVE resumes a paused endpoint or re-enables a disabled one; PAUSED pauses it. */
  status: z.enum(['ACTIVE', 'PAUSED']).optional(),
});
export const webhookEndpointResponse = z.object({ endpoint: webhookEndpoint });
export const listWebhookEndpointsResponse = z.object({ endpoints: z.array(webhookEndpoint) });
/** The old secret keeps signing beside the new one for `graceHours` (0 ends it at once). */
export const rotateWebhookSecretRequest = z.object({ graceHours: z.number().int().min(0).max(168).optional() });

export const webhookDeliveryStatuses = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const webhookDelivery = z.object({
  /** `<event id>.<endpoint id>`. */
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  entityId: z.string(),
  eventTime: z.string(),
  /** PENDING: waiting for its first or next attempt. SUCCEEDED: answered 2xx. FAILED: given up after about a day. */
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptDate: z.string().nullable(),
  lastAttemptDate: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdDate: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookAttempt = z.object({
  attemptedDate: z.string(),
  /** The HTTP status answered, or null when none came (refused, timed out, no connection). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** The first kilobyte of the answer's body. */
  responseExcerpt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const listWebhookDeliveriesQuery = z.object({
  status: z.enum(webhookDeliveryStatuses).optional(),
  eventType: z.string().max(200).optional(),
  entityId: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(500).optional(),
});
export const listWebhookDeliveriesResponse = z.object({
  deliveries: z.array(webhookDelivery),
  nextCursor: z.string().nullable(),
});
export const webhookDeliveryDetailResponse = z.object({
  delivery: webhookDelivery,
  attempts: z.array(webhookAttempt),
  /** The event as it is delivered (null once the event has passed the store's retention). */
  event: eventEnvelope.nullable(),
});
export const webhookDeliveryResponse = z.object({ delivery: webhookDelivery });
/** Every event since `since` that the endpoint receives is delivered again (or for the first time), in order. */
export const replayWebhookEventsRequest = z.object({ since: z.iso.datetime({ offset: true }) });
export const replayWebhookEventsResponse = z.object({ replayed: z.number().int() });

/** The store's webhook settings. */
export const webhookSettings = z.object({
  /** Deliveries to private and local network addresses (off by default: no server-side request forgery). */
  allowPrivateNetworks: z.boolean(),
});
export const webhookSettingsResponse = z.object({ settings: webhookSettings });
export const updateWebhookSettingsRequest = z.object({ allowPrivateNetworks: z.boolean() });
