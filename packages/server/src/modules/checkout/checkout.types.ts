import type { ChannelType, CheckoutPaymentOption } from '@merx/contract';
import type { CartLineRecord, CartOwner, CatalogEntry, ContactInfo } from '../cart/cart.types.js';

/** A delivery window the buyer chose, ISO-8601 UTC. */
export interface StoredTimeSlot {
  from: string;
  to: string;
}

/** The buyer's tip: a preset of the tip settings by index, or an amount in minor units. */
export type StoredTip = { presetIndex: number } | { customAmount: number };

/** A purchase in progress. Addresses are kept in wire names (`addressLine`, `geocode`). */
export interface CheckoutRecord {
  id: string;
  /** Who made it, and so who may use it (besides staff and keys with the checkouts permissions). */
  owner: CartOwner;
  cartId: string | null;
  currency: string;
  channelType: ChannelType;
  email: string | null;
  contactId: string | null;
  billingInfo: ContactInfo | null;
  shippingDestination: ContactInfo | null;
  shippingOptionCode: string | null;
  deliveryTimeSlot: StoredTimeSlot | null;
  tip: StoredTip | null;
  couponCode: string | null;
  couponId: string | null;
  buyerNote: string | null;
  overrideCheckoutUrl: string | null;
  completed: boolean;
  completedDate: string | null;
  orderId: string | null;
  createdDate: string;
  updatedDate: string;
  revision: number;
}

/** A line of a checkout: a cart line's fields and how it is paid. */
export interface CheckoutLineRecord extends CartLineRecord {
  paymentOption: CheckoutPaymentOption;
}

/** A checkout with its lines and the catalog entries of their products (and of products being added). */
export interface CheckoutState {
  checkout: CheckoutRecord;
  lines: CheckoutLineRecord[];
  catalog: Map<string, CatalogEntry>;
}

/** Something that stops an order from being placed from a checkout (`validateForOrder`). */
export interface OrderProblem {
  code:
    | 'NO_LINE_ITEMS'
    | 'EMAIL_MISSING'
    | 'EMAIL_INVALID'
    | 'SHIPPING_ADDRESS_MISSING'
    | 'NO_SHIPPING_OPTION'
    | 'SHIPPING_OPTION_NOT_AVAILABLE'
    | 'DELIVERY_TIME_SLOT_NOT_AVAILABLE'
    | 'LINE_ITEM_NOT_AVAILABLE'
    | 'INSUFFICIENT_STOCK'
    | 'COUPON_NOT_APPLICABLE'
    | 'TOTALS_VIOLATION';
  description: string;
  /** Request-style path of the field to fix, e.g. `checkout.buyerInfo.email`. */
  field?: string;
  lineItemId?: string;
}
