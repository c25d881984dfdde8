import type { AbandonedCheckout } from '@merx/sdk';
import { Badge } from '../../../components/badge';
import { formatDate } from '../../../lib/format';

/** Who left the checkout: their name from the checkout, else their email. */
export function buyerOf(a: AbandonedCheckout): { name: string; email: string | undefined } {
  const name = [a.contactDetails?.firstName, a.contactDetails?.lastName].filter(Boolean).join(' ');
  return { name: name || a.buyerInfo.email || 'Unknown buyer', email: name ? a.buyerInfo.email : undefined };
}

export const statusLabel = (status: AbandonedCheckout['status'] | '') =>
  status === 'RECOVERED' ? 'Recovered' : 'Not recovered';

export function RecoveryBadge({ status }: { status: AbandonedCheckout['status'] }) {
  return status === 'RECOVERED' ? <Badge tone="success">Recovered</Badge> : <Badge tone="warning">Not recovered</Badge>;
}

const activityWords: Record<AbandonedCheckout['activities'][number]['type'], string> = {
  SCHEDULED: 'Reminder scheduled',
  EMAIL_SENT: 'Reminder emailed',
  EMAIL_NOT_SENT: 'Reminder email not sent',
  NOTIFICATION_SENT: 'Reminder sent',
  TASK_CREATED: 'Follow-up task created',
  AUTOMATION_SKIPPED: 'Reminder skipped',
};

export const activityLabel = (type: AbandonedCheckout['activities'][number]['type']) => activityWords[type];

/** Whether a reminder went out: the latest reminder activity, in words with its date. */
export function reminderOf(a: AbandonedCheckout): string {
  const last = a.activities.at(-1);
  return last ? `${activityWords[last.type]}, ${formatDate(last.createdDate)}` : 'No reminder';
}
