import type { Identity } from '@merx/contract';
import { Badge } from '../../../components/badge';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The member's name as they gave it ("Ada Lovelace"), or their email when they gave none. */
export function nameOf(m: Identity): string {
  const name = `${text(m.identityProfile.firstName)} ${text(m.identityProfile.lastName)}`.trim();
  return name || m.email.address;
}

/** True when the member gave a name (the email is then shown beside it). */
export const hasName = (m: Identity) => Boolean(text(m.identityProfile.firstName) || text(m.identityProfile.lastName));

const statuses = {
  ACTIVE: { label: 'Active', tone: 'success' },
  PENDING: { label: 'Waiting for approval', tone: 'warning' },
  BLOCKED: { label: 'Blocked', tone: 'critical' },
  OFFLINE: { label: 'Offline', tone: 'neutral' },
  DELETED: { label: 'Deleted', tone: 'neutral' },
} as const;

export const statusLabel = (status: Identity['status']['name']) => statuses[status].label;

/** The member's status in words. */
export function StatusBadge({ status }: { status: Identity['status']['name'] }) {
  return <Badge tone={statuses[status].tone}>{statuses[status].label}</Badge>;
}

const payment: Record<string, { label: string; tone: 'neutral' | 'success' | 'warning' | 'critical' | 'info' }> = {
  NOT_PAID: { label: 'Not paid', tone: 'warning' },
  PAID: { label: 'Paid', tone: 'success' },
  PARTIALLY_PAID: { label: 'Partly paid', tone: 'warning' },
  PARTIALLY_REFUNDED: { label: 'Partly refunded', tone: 'info' },
  FULLY_REFUNDED: { label: 'Refunded', tone: 'neutral' },
  PENDING: { label: 'Payment pending', tone: 'info' },
  PENDING_MERCHANT: { label: 'Authorized', tone: 'info' },
  CANCELED: { label: 'Payment canceled', tone: 'neutral' },
  DECLINED: { label: 'Declined', tone: 'critical' },
};
const fulfilment: Record<string, { label: string; tone: 'neutral' | 'success' | 'warning' }> = {
  NOT_FULFILLED: { label: 'Unfulfilled', tone: 'warning' },
  PARTIALLY_FULFILLED: { label: 'Partly fulfilled', tone: 'warning' },
  FULFILLED: { label: 'Fulfilled', tone: 'success' },
};

export function PaymentBadge({ status }: { status: string }) {
  const s = payment[status] ?? { label: status, tone: 'neutral' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

export function FulfilmentBadge({ status }: { status: string }) {
  const s = fulfilment[status] ?? { label: status, tone: 'neutral' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}
