import {
  createClient,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhooksModule,
  webhooks,
} from '@merx/sdk';
import { staffAuth } from '../../../lib/session';

export type { WebhookAttempt, WebhookDelivery, WebhookEndpoint };
export type DeliveryFilter = WebhookDeliveryQuery;
export type EndpointInput = Parameters<WebhooksModule['createEndpoint']>[0];
export type EndpointPatch = Parameters<WebhooksModule['updateEndpoint']>[1];
export type WebhookSettings = Parameters<WebhooksModule['updateSettings']>[0];

let client: Promise<WebhooksModule> | undefined;

/**
 * The SDK's webhooks module as the signed-in staff member (the back office's own sign-in, shared with `admin()`).
 * Its own client until `lib/admin.ts` carries the module, so that only the webhook pages load it.
 */
export function webhooksApi(): Promise<WebhooksModule> {
  client ??= staffAuth().then(
    (auth) => createClient({ baseUrl: location.origin, auth, modules: { webhooks } }).webhooks,
  );
  return client;
}
