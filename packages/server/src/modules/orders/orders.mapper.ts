import type { Order } from '@merx/contract';
import { fulfilledQuantities, paymentSummaryOf } from '@merx/domain';
import { compact, priceOf, type WireContext } from '../cart/cart.mapper.js';
import type { CartOwner } from '../cart/cart.types.js';
import { domainTransactions } from './orders.rows.js';
import type { ActivityRecord, FulfillmentRecord, OrderRecord, OrderState, TransactionRecord } from './orders.types.js';

/*
 * An order on the wire: what the buyer saw at checkout (frozen in `data`), the live statuses, the balance from the
 * transactions, the per-line refunded and restocked units, and the timeline.
 */

export function createdByOf(owner: CartOwner): Record<string, string> {
  switch (owner.kind) {
    case 'visitor':
      return { visitorId: owner.id };
    case 'member':
      return { memberId: owner.id };
    case 'staff':
      return { userId: owner.id };
    case 'apiKey':
      return { appId: owner.id };
  }
}

export function activityWire(a: ActivityRecord) {
  return compact({
    id: a.id,
    type: a.type,
    createdDate: a.createdDate,
    updatedDate: a.updatedDate,
    merchantComment: a.type === 'MERCHANT_COMMENT' ? { message: String(a.data.message ?? '') } : undefined,
    customActivity:
      a.type === 'CUSTOM_ACTIVITY'
        ? {
            type: String(a.data.type ?? ''),
            additionalData: (a.data.additionalData as Record<string, string> | undefined) ?? {},
          }
        : undefined,
    authorEmail: a.author ?? undefined,
  }) as Order['activities'][number];
}

/**
 * The ORDER_PLACED entry every timeline starts with: the order's creation itself (its id is the order's), so that
 * placing an order writes no activity row.
 */
export function placedActivity(o: OrderRecord): ActivityRecord {
  return {
    id: o.id,
    orderId: o.id,
    type: 'ORDER_PLACED',
    author: null,
    data: {},
    createdDate: o.createdDate,
    updatedDate: o.createdDate,
  };
}

export function transactionWire(t: TransactionRecord, ctx: WireContext) {
  return compact({
    id: t.id,
    kind: t.kind,
    status: t.status,
    amount: priceOf(t.amountMinor, ctx),
    provider: t.provider,
    paymentId: t.paymentId ?? undefined,
    createdDate: t.createdDate,
    details: t.details,
  });
}

export function fulfillmentWire(f: FulfillmentRecord) {
  return compact({
    id: f.id,
    createdDate: f.createdDate,
    updatedDate: f.updatedDate,
    lineItems: f.lineItems,
    trackingInfo: f.trackingInfo ?? undefined,
  });
}

export function orderWire(state: OrderState, locale: string): Order {
  const { order: o, transactions } = state;
  const ctx: WireContext = { currency: o.currency, locale };
  const d = o.data;
  const sums = paymentSummaryOf(domainTransactions(transactions));
  const byLine = new Map(o.lines.map((l) => [l.id, l]));
  const fulfilled = fulfilledQuantities(
    o.lines,
    state.fulfillments.map((f) => ({
      lineItems: f.lineItems.map((l) => ({ lineItemId: l.id, quantity: l.quantity })),
    })),
  );
  const balance = o.status === 'CANCELED' ? 0 : Math.max(0, o.totalMinor - sums.paid + sums.refunded);
  return {
    id: o.id,
    number: String(o.number),
    createdDate: o.createdDate,
    updatedDate: o.updatedDate,
    ...(o.purchasedDate ? { purchasedDate: o.purchasedDate } : {}),
    lineItems: d.lineItems.map((item) => {
      const line = byLine.get(item.id);
      return {
        ...item,
        refundQuantity: line?.refundedQuantity ?? 0,
        restockQuantity: line?.restockedQuantity ?? 0,
        fulfilledQuantity: fulfilled.get(item.id) ?? 0,
      } as unknown as Order['lineItems'][number];
    }),
    buyerInfo: compact({ ...d.buyerInfo, ...createdByOf(o.owner), email: o.email ?? undefined }),
    paymentStatus: o.paymentStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    status: o.status,
    currency: o.currency,
    weightUnit: d.weightUnit,
    taxIncludedInPrices: d.taxIncludedInPrices,
    siteLanguage: d.siteLanguage,
    buyerLanguage: d.buyerLanguage,
    priceSummary: d.priceSummary,
    ...(d.billingInfo ? { billingInfo: d.billingInfo } : {}),
    ...(d.shippingInfo ? { shippingInfo: d.shippingInfo } : {}),
    ...(d.recipientInfo ? { recipientInfo: d.recipientInfo } : {}),
    ...(d.buyerNote ? { buyerNote: d.buyerNote } : {}),
    archived: o.archived,
    seenByAHuman: d.seenByAHuman,
    taxSummary: d.taxSummary,
    appliedDiscounts: d.appliedDiscounts,
    activities: [placedActivity(o), ...state.activities].map(activityWire),
    createdBy: createdByOf(o.owner),
    channelInfo: { type: d.channelType },
    ...(o.checkoutId ? { checkoutId: o.checkoutId } : {}),
    ...(o.cartId ? { cartId: o.cartId } : {}),
    balanceSummary: {
      balance: { amount: priceOf(balance, ctx).amount, formattedAmount: priceOf(balance, ctx).formattedAmount },
      paid: priceOf(sums.paid, ctx),
      refunded: priceOf(sums.refunded, ctx),
      authorized: priceOf(sums.authorized, ctx),
      pending: priceOf(sums.pending, ctx),
      pendingRefund: priceOf(sums.refundPending, ctx),
    },
    additionalFees: d.additionalFees,
    customFields: [],
    ...(d.purchaseFlowId ? { purchaseFlowId: d.purchaseFlowId } : {}),
    ...(o.paymentMethod ? { paymentMethod: o.paymentMethod } : {}),
    ...(d.tags ? { tags: { tags: { tagIds: d.tags.tags }, privateTags: { tagIds: d.tags.privateTags } } } : {}),
    ...(d.imported ? { imported: true } : {}),
    revision: String(o.revision),
  };
}
