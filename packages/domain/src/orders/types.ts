/** Plain data the order rules work on; the orders module maps its rows to these shapes. */

/** Order status of spec section 4. */
export type OrderStatus = 'INITIALIZED' | 'APPROVED' | 'CANCELED' | 'PENDING' | 'REJECTED';

/** Order payment status of spec section 4, always derived from the transactions. */
export type PaymentStatus =
  | 'NOT_PAID'
  | 'PAID'
  | 'PARTIALLY_PAID'
  | 'PARTIALLY_REFUNDED'
  | 'FULLY_REFUNDED'
  | 'PENDING'
  | 'PENDING_MERCHANT'
  | 'CANCELED'
  | 'DECLINED';

/** Order fulfillment status of spec section 4, always derived from the fulfillments. */
export type FulfillmentStatus = 'NOT_FULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED';

/** One order line as the rules need it; amounts in integer minor units. */
export interface OrderLine {
  id: string;
  /** Catalog product and variant the stock belongs to; null for custom lines without stock. */
  productId: string | null;
  variantId: string | null;
  quantity: number;
  /** What the buyer paid for the whole line (after discounts, with tax), in minor units. */
  totalMinor: number;
  /** True when placing (or paying) the order took this line's stock. */
  stockTaken: boolean;
  /** Units already refunded (default 0). */
  refundedQuantity?: number;
  /** Units already given back to stock (default 0). */
  restockedQuantity?: number;
}

/** The order fields the rules read. */
export interface OrderSnapshot {
  status: OrderStatus;
  currency: string;
  totalMinor: number;
  /** Shipping charged, part of `totalMinor`. */
  shippingMinor: number;
  lines: OrderLine[];
  fulfillmentStatus: FulfillmentStatus;
  /** The payment method chosen at checkout, null when none was. */
  paymentMethod: string | null;
}

/** Status of a payment transaction (spec section 4). */
export type PaymentTransactionStatus = 'APPROVED' | 'PENDING' | 'DECLINED' | 'CANCELED' | 'AUTHORIZED' | 'VOIDED';

/** Status of a refund transaction (spec section 4). */
export type RefundTransactionStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** Money taken (or tried) from the buyer. */
export interface PaymentTransaction {
  kind: 'PAYMENT';
  id: string;
  status: PaymentTransactionStatus;
  amountMinor: number;
  /** Collected by hand (cash, bank transfer): only a manual refund is possible. */
  offline: boolean;
  /** Whether the provider can refund this payment at all. */
  refundSupported: boolean;
  /** ISO instant after which the provider no longer refunds; absent when there is no limit. */
  refundableUntil?: string;
}

/** Money given back against one payment. */
export interface RefundTransaction {
  kind: 'REFUND';
  id: string;
  paymentId: string;
  status: RefundTransactionStatus;
  amountMinor: number;
}

export type Transaction = PaymentTransaction | RefundTransaction;

/** A quantity of one order line (fulfilled, refunded). */
export interface LineQuantity {
  lineItemId: string;
  quantity: number;
}

/** Stock to give back for one catalog variant. */
export interface StockReturn {
  productId: string;
  variantId: string | null;
  quantity: number;
}
