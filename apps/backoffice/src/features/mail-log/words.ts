import type { MailMessage } from '@merx/sdk';

/** Each kind of mail the store sends, in words. */
export const kindWords: Record<MailMessage['kind'], string> = {
  'verification-code': 'Email verification code',
  'recovery-link': 'Password reset link',
  'activation-link': 'Account activation link',
  'staff-invitation': 'Staff invitation',
  'factor-code': 'Sign-in code',
  'sign-in-link': 'Sign-in link (account protection)',
  'order-confirmation': 'Order confirmation',
  'order-canceled': 'Order canceled',
  'order-shipped': 'Shipping notice',
  'order-payment-reminder': 'Payment reminder',
};

/** Each status in words, with the badge's tone. */
export const statusWords: Record<
  MailMessage['status'],
  { label: string; tone: 'neutral' | 'success' | 'warning' | 'critical' | 'info' }
> = {
  pending: { label: 'Waiting', tone: 'info' },
  sending: { label: 'Sending', tone: 'info' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'critical' },
  kept: { label: 'Kept here', tone: 'neutral' },
};
