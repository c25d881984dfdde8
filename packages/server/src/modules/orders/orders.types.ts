import type { ChannelType, EcomPrice, PaymentProvider } from '@merx/contract';
import type {
  FulfillmentStatus,
  OrderLine,
  OrderStatus,
  PaymentStatus,
  PaymentTransactionStatus,
  RefundTransactionStatus,
} from '@merx/domain';
import type { CartOwner } from '../cart/cart.types.js';

/** A line as kept on the order: what the rules read (@merx/domain `OrderLine`) and its name. */
export interface StoredLine extends OrderLine {
  name: string;
}

/**
 * What the buyer saw at checkout, frozen when the order was placed, in wire names (Price objects, addresses with
 * `addressLine`). Changes by staff (addresses, note) rewrite the parts they change.
 */
export interface OrderData {
  lineItems: Array<Record<string, unknown> & { id: string }>;
  buyerInfo: Record<string, unknown>;
  billingInfo?: Record<string, unknown>;
  shippingInfo?: Record<string, unknown>;
  recipientInfo?: Record<string, unknown>;
  buyerNote?: string;
  priceSummary: Record<string, EcomPrice>;
  taxSummary: Record<string, unknown>;
  appliedDiscounts: Array<Record<string, unknown>>;
  additionalFees: Array<Record<string, unknown>>;
  weightUnit: 'KG' | 'LB';
  taxIncludedInPrices: boolean;
  channelType: ChannelType;
  siteLanguage: string;
  buyerLanguage: string;
  purchaseFlowId?: string;
  seenByAHuman: boolean;
  /** Applied discount rule ids and coupon, for reports. */
  discountRuleIds: string[];
  couponCode?: string;
  /** The buyer asked to authorize the card now and capture later (create-order's `delayCapture`). */
  delayCapture?: boolean;
  /** Tag ids assigned by staff (bulk update-tags); on the wire `tags: {tags: {tagIds}, privateTags: {tagIds}}`. */
  tags?: { tags: string[]; privateTags: string[] };
  /** Imported from another system (importOrder): no stock was taken; only these may be deleted. */
  imported?: boolean;
}

export interface OrderRecord {
  id: string;
  number: number;
  checkoutId: string | null;
  cartId: string | null;
  owner: CartOwner;
  email: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  currency: string;
  subtotalMinor: number;
  shippingMinor: number;
  taxMinor: number;
  discountMinor: number;
  totalMinor: number;
  paymentMethod: PaymentProvider | null;
  lines: StoredLine[];
  data: OrderData;
  archived: boolean;
  createdDate: string;
  updatedDate: string;
  purchasedDate: string | null;
  revision: number;
}

/** A payment or refund of an order. */
export interface TransactionRecord {
  id: string;
  orderId: string;
  kind: 'PAYMENT' | 'REFUND';
  status: PaymentTransactionStatus | RefundTransactionStatus;
  amountMinor: number;
  provider: PaymentProvider;
  providerTransactionId: string | null;
  /** The payment a refund returns money from. */
  paymentId: string | null;
  details: Record<string, unknown>;
  createdDate: string;
  updatedDate: string;
}

export interface ActivityRecord {
  id: string;
  orderId: string;
  type: string;
  author: string | null;
  data: Record<string, unknown>;
  createdDate: string;
  updatedDate: string;
}

export interface FulfillmentRecord {
  id: string;
  orderId: string;
  lineItems: Array<{ id: string; quantity: number }>;
  trackingInfo: Record<string, unknown> | null;
  createdDate: string;
  updatedDate: string;
}

/** An order with everything hanging off it, as one read brings it. */
export interface OrderState {
  order: OrderRecord;
  transactions: TransactionRecord[];
  activities: ActivityRecord[];
  fulfillments: FulfillmentRecord[];
}
