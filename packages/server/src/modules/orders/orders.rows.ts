import type { Database } from '@merx/db';
import type { Transaction } from '@merx/domain';
import type { Insertable, Selectable } from 'kysely';
import type { OwnerKind } from '../cart/cart.types.js';
import type { ActivityRecord, FulfillmentRecord, OrderRecord, OrderState, TransactionRecord } from './orders.types.js';

/*
 * Rows of the order tables and the records the module works with.
 */

type OrderRow = Selectable<Database['orders']>;
type TransactionRow = Selectable<Database['order_transactions']>;
type ActivityRow = Selectable<Database['order_activities']>;
type FulfillmentRow = Selectable<Database['order_fulfillments']>;

export const ORDER_COLUMNS = [
  'orders.id',
  'orders.number',
  'orders.checkout_id',
  'orders.cart_id',
  'orders.owner_kind',
  'orders.owner_id',
  'orders.buyer_email',
  'orders.status',
  'orders.payment_status',
  'orders.fulfillment_status',
  'orders.currency',
  'orders.subtotal_minor',
  'orders.shipping_minor',
  'orders.tax_minor',
  'orders.discount_minor',
  'orders.total_minor',
  'orders.payment_method',
  'orders.lines',
  'orders.data',
  'orders.archived',
  'orders.created_date',
  'orders.updated_date',
  'orders.purchased_date',
  'orders.revision',
] as const;

export const TRANSACTION_COLUMNS = [
  'id',
  'order_id',
  'kind',
  'status',
  'amount_minor',
  'provider',
  'provider_transaction_id',
  'payment_id',
  'details',
  'created_date',
  'updated_date',
] as const satisfies readonly (keyof TransactionRow)[];

export const ACTIVITY_COLUMNS = [
  'id',
  'order_id',
  'type',
  'author',
  'data',
  'created_date',
  'updated_date',
] as const satisfies readonly (keyof ActivityRow)[];

export const FULFILLMENT_COLUMNS = [
  'id',
  'order_id',
  'line_items',
  'tracking_info',
  'created_date',
  'updated_date',
] as const satisfies readonly (keyof FulfillmentRow)[];

/** An order row with its transactions, activities and fulfillments as JSON text (same statement). */
export type OrderStateRow = OrderRow & {
  transactions_json: unknown;
  activities_json: unknown;
  fulfillments_json: unknown;
};

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const byDate = <T extends { createdDate: string; id: string }>(a: T, b: T) =>
  a.createdDate < b.createdDate ? -1 : a.createdDate > b.createdDate ? 1 : a.id < b.id ? -1 : 1;

export function orderOf(row: OrderRow): OrderRecord {
  return {
    id: row.id,
    number: Number(row.number),
    checkoutId: row.checkout_id,
    cartId: row.cart_id,
    owner: { kind: row.owner_kind as OwnerKind, id: row.owner_id },
    email: row.buyer_email,
    status: row.status as OrderRecord['status'],
    paymentStatus: row.payment_status as OrderRecord['paymentStatus'],
    fulfillmentStatus: row.fulfillment_status as OrderRecord['fulfillmentStatus'],
    currency: row.currency,
    subtotalMinor: Number(row.subtotal_minor),
    shippingMinor: Number(row.shipping_minor),
    taxMinor: Number(row.tax_minor),
    discountMinor: Number(row.discount_minor),
    totalMinor: Number(row.total_minor),
    paymentMethod: row.payment_method as OrderRecord['paymentMethod'],
    lines: parsed(row.lines),
    data: parsed(row.data),
    archived: Number(row.archived) === 1,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    purchasedDate: row.purchased_date,
    revision: Number(row.revision),
  };
}

/** The buyer's name as the order shows it: the billing contact's first and last name, else the recipient's. */
export function buyerNameOf(data: Pick<OrderRecord['data'], 'billingInfo' | 'recipientInfo'>): string | null {
  for (const contact of [data.billingInfo, data.recipientInfo]) {
    const d = contact?.contactDetails as { firstName?: string; lastName?: string } | undefined;
    const name = [d?.firstName, d?.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ');
    if (name) return name;
  }
  return null;
}

/** The row of an order; `buyer_name` and `channel_type` are kept from its data for searching (never read back). */
export function orderRowOf(o: OrderRecord): Insertable<Database['orders']> {
  return {
    id: o.id,
    number: o.number,
    checkout_id: o.checkoutId,
    cart_id: o.cartId,
    owner_kind: o.owner.kind,
    owner_id: o.owner.id,
    buyer_email: o.email,
    buyer_name: buyerNameOf(o.data),
    channel_type: o.data.channelType,
    status: o.status,
    payment_status: o.paymentStatus,
    fulfillment_status: o.fulfillmentStatus,
    currency: o.currency,
    subtotal_minor: o.subtotalMinor,
    shipping_minor: o.shippingMinor,
    tax_minor: o.taxMinor,
    discount_minor: o.discountMinor,
    total_minor: o.totalMinor,
    payment_method: o.paymentMethod,
    lines: JSON.stringify(o.lines),
    data: JSON.stringify(o.data),
    archived: o.archived ? 1 : 0,
    created_date: o.createdDate,
    updated_date: o.updatedDate,
    purchased_date: o.purchasedDate,
    revision: o.revision,
  };
}

export function transactionOf(row: TransactionRow): TransactionRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    kind: row.kind as TransactionRecord['kind'],
    status: row.status as TransactionRecord['status'],
    amountMinor: Number(row.amount_minor),
    provider: row.provider as TransactionRecord['provider'],
    providerTransactionId: row.provider_transaction_id,
    paymentId: row.payment_id,
    details: parsed(row.details) ?? {},
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

export function transactionRowOf(t: TransactionRecord): Insertable<Database['order_transactions']> {
  return {
    id: t.id,
    order_id: t.orderId,
    kind: t.kind,
    status: t.status,
    amount_minor: t.amountMinor,
    provider: t.provider,
    provider_transaction_id: t.providerTransactionId,
    payment_id: t.paymentId,
    details: JSON.stringify(t.details),
    created_date: t.createdDate,
    updated_date: t.updatedDate,
  };
}

export function activityOf(row: ActivityRow): ActivityRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    type: row.type,
    author: row.author,
    data: parsed(row.data) ?? {},
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

export function activityRowOf(a: ActivityRecord): Insertable<Database['order_activities']> {
  return {
    id: a.id,
    order_id: a.orderId,
    type: a.type,
    author: a.author,
    data: JSON.stringify(a.data),
    created_date: a.createdDate,
    updated_date: a.updatedDate,
  };
}

export function fulfillmentOf(row: FulfillmentRow): FulfillmentRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    lineItems: parsed(row.line_items),
    trackingInfo: row.tracking_info ? parsed(row.tracking_info) : null,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

export function fulfillmentRowOf(f: FulfillmentRecord): Insertable<Database['order_fulfillments']> {
  return {
    id: f.id,
    order_id: f.orderId,
    line_items: JSON.stringify(f.lineItems),
    tracking_info: f.trackingInfo ? JSON.stringify(f.trackingInfo) : null,
    created_date: f.createdDate,
    updated_date: f.updatedDate,
  };
}

export function stateOf(row: OrderStateRow): OrderState {
  return {
    order: orderOf(row),
    transactions: parsed<TransactionRow[]>(row.transactions_json).map(transactionOf).sort(byDate),
    activities: parsed<ActivityRow[]>(row.activities_json).map(activityOf).sort(byDate),
    fulfillments: parsed<FulfillmentRow[]>(row.fulfillments_json).map(fulfillmentOf).sort(byDate),
  };
}

/** The transactions as the order rules (@merx/domain) read them. */
export function domainTransactions(list: readonly TransactionRecord[]): Transaction[] {
  return list.map((t): Transaction => {
    if (t.kind === 'REFUND')
      return {
        kind: 'REFUND',
        id: t.id,
        paymentId: t.paymentId ?? '',
        status: t.status as 'PENDING' | 'SUCCEEDED' | 'FAILED',
        amountMinor: t.amountMinor,
      };
    return {
      kind: 'PAYMENT',
      id: t.id,
      status: t.status as 'APPROVED',
      amountMinor: t.amountMinor,
      offline: t.provider === 'offline',
      refundSupported: t.provider === 'test' || t.provider === 'stripe',
    };
  });
}
