/** What the order pages call the server's statuses, channels and timeline entries, in a shop owner's words. */

type Tone = 'neutral' | 'success' | 'warning' | 'critical' | 'info';

export const PAYMENT_STATUS: Record<string, { label: string; tone: Tone }> = {
  NOT_PAID: { label: 'Unpaid', tone: 'warning' },
  PAID: { label: 'Paid', tone: 'success' },
  PARTIALLY_PAID: { label: 'Partially paid', tone: 'warning' },
  PARTIALLY_REFUNDED: { label: 'Partially refunded', tone: 'info' },
  FULLY_REFUNDED: { label: 'Refunded', tone: 'neutral' },
  PENDING: { label: 'Payment pending', tone: 'warning' },
  PENDING_MERCHANT: { label: 'Authorized', tone: 'info' },
  CANCELED: { label: 'Payment voided', tone: 'neutral' },
  DECLINED: { label: 'Payment declined', tone: 'critical' },
};

export const FULFILMENT_STATUS: Record<string, { label: string; tone: Tone }> = {
  NOT_FULFILLED: { label: 'Unfulfilled', tone: 'warning' },
  PARTIALLY_FULFILLED: { label: 'Partially fulfilled', tone: 'info' },
  FULFILLED: { label: 'Fulfilled', tone: 'success' },
};

export const ORDER_STATUS: Record<string, { label: string; tone: Tone }> = {
  INITIALIZED: { label: 'Awaiting payment', tone: 'warning' },
  APPROVED: { label: 'Open', tone: 'neutral' },
  PENDING: { label: 'On hold', tone: 'warning' },
  CANCELED: { label: 'Canceled', tone: 'critical' },
  REJECTED: { label: 'Rejected', tone: 'critical' },
};

export const CHANNELS: Record<string, string> = {
  WEB: 'Online store',
  BACKOFFICE_MERCHANT: 'Back office',
  POS: 'Point of sale',
  OTHER_PLATFORM: 'Another platform',
  EBAY: 'eBay',
  AMAZON: 'Amazon',
  FACEBOOK: 'Facebook',
  ETSY: 'Etsy',
  TIKTOK: 'TikTok',
};

export const channelLabel = (type: string | undefined) =>
  type ? (CHANNELS[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' ')) : '—';

/** The timeline's entries (what the server writes; comments show their text). */
export const ACTIVITY: Record<string, string> = {
  ORDER_PLACED: 'Order placed',
  ORDER_PAID: 'Order paid',
  ORDER_PARTIALLY_PAID: 'Order partially paid',
  AUTHORIZED_PAYMENT_CREATED: 'Payment authorized, waiting for capture',
  PAYMENT_PENDING: 'Payment pending',
  PAYMENT_DECLINED: 'Payment declined',
  PAYMENT_CANCELED: 'Authorized payment voided',
  PAYMENT_REFUNDED: 'Payment partially refunded',
  ORDER_REFUNDED: 'Order refunded',
  ORDER_CANCELED: 'Order canceled',
  ORDER_PENDING: 'Order put on hold',
  ORDER_REJECTED: 'Order rejected',
  ORDER_FULFILLED: 'All items fulfilled',
  TRACKING_NUMBER_ADDED: 'Tracking number added',
  TRACKING_NUMBER_EDITED: 'Tracking number changed',
  SHIPPING_ADDRESS_EDITED: 'Shipping address changed',
  EMAIL_EDITED: 'Customer email changed',
  MERCHANT_COMMENT: 'Comment',
  CUSTOM_ACTIVITY: 'Note',
};

/**
 * What a custom activity says. Merx's own: a payment taken by the card provider after the stock it paid for ran out
 * (the server records the payment and takes nothing).
 */
export function customActivityText(custom: { type: string; additionalData?: Record<string, string> }): string {
  if (custom.type !== 'merx.stock_short_at_payment') return custom.type;
  const d = custom.additionalData ?? {};
  return `Paid after the stock ran out (${d.requested ?? '?'} ordered, ${d.available ?? '?'} left): nothing was taken from stock. Refund the payment or restock, then fulfill.`;
}

export const activityLabel = (type: string) =>
  ACTIVITY[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' ');

/** Why a payment cannot be refunded, as the refundability call names it. */
export const NOT_REFUNDABLE: Record<string, string> = {
  NOT_PAID: 'Nothing has been paid yet.',
  ALREADY_REFUNDED: 'Everything paid has been refunded.',
  PENDING_REFUND: 'A refund is still being processed.',
  ZERO_PRICE: 'The order cost nothing.',
  ORDER_IS_PENDING: 'The order is on hold.',
  ORDER_IS_REJECTED: 'The order was rejected.',
  PARTIALLY_PAID: 'The order is only partly paid.',
};

/** Carriers offered as suggestions when adding tracking (any other name can be typed). */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Canada Post', 'Royal Mail', 'Australia Post', 'La Poste'];
