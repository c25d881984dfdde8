import { Badge } from '../../../components/badge';
import type { WebhookDelivery, WebhookEndpoint } from '../api/client';

/** Active, Paused (by the merchant) or Disabled (by Merx after a day of failures). */
export function EndpointStatusBadge({ status }: { status: WebhookEndpoint['status'] }) {
  if (status === 'ACTIVE') return <Badge tone="success">Active</Badge>;
  if (status === 'PAUSED') return <Badge tone="warning">Paused</Badge>;
  return <Badge tone="critical">Disabled</Badge>;
}

/** Waiting (first or next attempt to come), Succeeded, Failed (given up). */
export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  if (status === 'SUCCEEDED') return <Badge tone="success">Succeeded</Badge>;
  if (status === 'FAILED') return <Badge tone="critical">Failed</Badge>;
  return <Badge tone="info">Pending</Badge>;
}

export const deliveryStatusChoices = [
  { value: '', label: 'Any status' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'SUCCEEDED', label: 'Succeeded' },
  { value: 'FAILED', label: 'Failed' },
] as const;
