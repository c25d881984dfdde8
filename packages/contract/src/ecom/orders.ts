import { z } from 'zod';
import { ecomPrice } from './cart.js';
import { channelType } from './checkout.js';

/*
 * Orders (`/ecom/v1/orders`, WIRE.md 5.3 and Appendix A `ecom_orders`), the payments collector, order fulfillments,
 * orders settings, abandoned checkouts and Merx's own payment call, as the public client sends and reads them.
 * Money is a decimal string inside Price objects on the wire, integer minor units inside.
 */

/** Event names as the client's `onOrderCreated|Updated|Approved|Canceled` and friends subscribe to them. */
export const orderEventTypes = {
  created: 'wix.ecom.v1.order_created',
  updated: 'wix.ecom.v1.order_updated',
  approved: 'wix.ecom.v1.order_approved',
  canceled: 'wix.ecom.v1.order_canceled',
  paymentStatusUpdated: 'wix.ecom.v1.order_payment_status_updated',
  fulfillmentsUpdated: 'wix.ecom.v1.order_fulfillments_updated',
  abandonedCheckoutCreated: 'wix.ecom.v1.abandoned_checkout_created',
  abandonedCheckoutRecovered: 'wix.ecom.v1.abandoned_checkout_recovered',
  inventoryChanged: 'merx.inventory.v1.inventory_changed',
} as const;

export const orderErrorCodes = {
  orderNotFound: 'ORDER_NOT_FOUND',
  /** create-order of a checkout that something stops (data.problems lists each with its field or line). */
  checkoutNotReady: 'CHECKOUT_NOT_READY_FOR_ORDER',
  /** A line's variant has fewer units left than ordered (data: productId, variantId, requested, available). */
  insufficientInventory: 'INSUFFICIENT_INVENTORY',
  activityNotFound: 'ACTIVITY_NOT_FOUND',
  /** Only merchant comments and custom activities are edited or deleted by hand. */
  activityNotEditable: 'ACTIVITY_NOT_EDITABLE',
  fulfillmentNotFound: 'FULFILLMENT_NOT_FOUND',
  fulfillmentQuantityExceeded: 'FULFILLMENT_QUANTITY_EXCEEDS_REMAINING',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  paymentDeclined: 'PAYMENT_DECLINED',
  paymentNotCollectable: 'PAYMENT_NOT_COLLECTABLE',
  paymentNotAuthorized: 'PAYMENT_NOT_AUTHORIZED',
  abandonedCheckoutNotFound: 'ABANDONED_CHECKOUT_NOT_FOUND',
} as const;

export const orderStatus = z.enum(['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED']);
export const orderPaymentStatus = z.enum([
  'NOT_PAID',
  'PAID',
  'PARTIALLY_PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
]);
export const orderFulfillmentStatus = z.enum(['NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED']);

/** Merx's payment providers: the built-in test gateway and manual (offline) payment. */
export const paymentProvider = z.enum(['test', 'offline']);
export type PaymentProvider = z.infer<typeof paymentProvider>;

const id = z.string().min(1).max(100);
const positiveDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,3})?$/, 'must be a decimal amount')
  .refine((s) => Number(s) > 0, 'must be more than zero');
const wireRecord = z.record(z.string(), z.unknown());

// ---------- checkout → order ----------

export const createOrderFromCheckoutRequest = z.object({
  id: z.string().optional(),
  savePaymentMethod: z.boolean().nullish(),
  /** Authorize the card now and capture later (test gateway). */
  delayCapture: z.boolean().nullish(),
  /** Merx: how the buyer pays; `offline` when every line is paid offline, else `test`, when not given. */
  paymentMethod: paymentProvider.nullish(),
});
export type CreateOrderFromCheckoutRequest = z.infer<typeof createOrderFromCheckoutRequest>;

export const createOrderFromCheckoutResponse = z.object({
  orderId: z.string(),
  /** The id to pay the order with (Merx: POST /_api/merx/v1/payments/pay); absent when nothing is paid online. */
  paymentGatewayOrderId: z.string().optional(),
  subscriptionId: z.string().optional(),
});

export const markCheckoutAsCompletedRequest = z.object({ id: z.string().optional(), orderId: id.nullish() });

// ---------- order on the wire ----------

const orderLineItem = z
  .object({
    id: z.string(),
    productName: z.object({ original: z.string(), translated: z.string().optional() }),
    catalogReference: wireRecord.optional(),
    quantity: z.number().int(),
    price: ecomPrice,
    priceBeforeDiscounts: ecomPrice,
    totalPriceBeforeTax: ecomPrice,
    totalPriceAfterTax: ecomPrice,
    totalDiscount: ecomPrice,
    refundQuantity: z.number().int(),
    restockQuantity: z.number().int(),
    paymentOption: z.string(),
  })
  .catchall(z.unknown());

const activity = z.object({
  id: z.string(),
  type: z.string(),
  createdDate: z.string(),
  updatedDate: z.string().optional(),
  merchantComment: z.object({ message: z.string() }).optional(),
  customActivity: z.object({ type: z.string(), additionalData: z.record(z.string(), z.string()) }).optional(),
  authorEmail: z.string().optional(),
});

export const order = z
  .object({
    id: z.string(),
    number: z.string(),
    createdDate: z.string(),
    updatedDate: z.string(),
    purchasedDate: z.string().optional(),
    lineItems: z.array(orderLineItem),
    buyerInfo: wireRecord,
    paymentStatus: orderPaymentStatus,
    fulfillmentStatus: orderFulfillmentStatus,
    status: orderStatus,
    currency: z.string(),
    weightUnit: z.enum(['KG', 'LB']),
    taxIncludedInPrices: z.boolean(),
    priceSummary: z.record(z.string(), ecomPrice),
    billingInfo: wireRecord.optional(),
    shippingInfo: wireRecord.optional(),
    recipientInfo: wireRecord.optional(),
    buyerNote: z.string().optional(),
    archived: z.boolean(),
    seenByAHuman: z.boolean(),
    taxSummary: wireRecord,
    appliedDiscounts: z.array(wireRecord),
    activities: z.array(activity),
    createdBy: wireRecord,
    channelInfo: z.object({ type: channelType }),
    checkoutId: z.string().optional(),
    cartId: z.string().optional(),
    balanceSummary: z.record(z.string(), z.unknown()),
    additionalFees: z.array(wireRecord),
    customFields: z.array(wireRecord),
    purchaseFlowId: z.string().optional(),
    /** Merx: how the order is paid (`test` gateway or `offline`). */
    paymentMethod: paymentProvider.optional(),
    revision: z.string(),
  })
  .catchall(z.unknown());
export type Order = z.infer<typeof order>;

export const orderResponse = z.object({ order });

// ---------- reads ----------

export const searchOrdersRequest = z.object({
  search: z
    .object({
      /** Mongo-like filter; fields and operators are checked by the query parser. */
      filter: z.unknown().optional(),
      sort: z.unknown().optional(),
      cursorPaging: z.object({ limit: z.number().int().nullish(), cursor: z.string().nullish() }).nullish(),
    })
    .optional(),
});
export type SearchOrdersRequest = z.infer<typeof searchOrdersRequest>;

export const searchOrdersResponse = z.object({
  orders: z.array(order),
  metadata: z.object({
    count: z.number().int(),
    cursors: z.object({ next: z.string().optional(), prev: z.string().optional() }),
    hasNext: z.boolean(),
  }),
});

// ---------- changes ----------

const addressWithContactInput = z.object({
  address: wireRecord.nullish(),
  contactDetails: wireRecord.nullish(),
});

export const updateOrderRequest = z.object({
  order: z
    .object({
      id: z.string().optional(),
      buyerNote: z.string().max(1000).nullish(),
      buyerInfo: z.object({ email: z.email().max(320).nullish() }).nullish(),
      billingInfo: addressWithContactInput.nullish(),
      recipientInfo: addressWithContactInput.nullish(),
      archived: z.boolean().nullish(),
      seenByAHuman: z.boolean().nullish(),
    })
    .catchall(z.unknown()),
});
export type UpdateOrderRequest = z.infer<typeof updateOrderRequest>;

export const cancelOrderRequest = z.object({
  id: z.string().optional(),
  sendOrderCanceledEmail: z.boolean().nullish(),
  customMessage: z.string().max(1000).nullish(),
  restockAllItems: z.boolean().nullish(),
});

export const updateOrderStatusRequest = z.object({
  orderId: z.string().optional(),
  status: orderStatus,
});

const activityInput = z
  .object({
    merchantComment: z.object({ message: z.string().trim().min(1).max(4000) }).nullish(),
    customActivity: z
      .object({
        type: z.string().trim().min(1).max(100),
        additionalData: z.record(z.string().max(100), z.string().max(1000)).nullish(),
      })
      .nullish(),
  })
  .refine((a) => (a.merchantComment ? 1 : 0) + (a.customActivity ? 1 : 0) === 1, {
    message: 'must hold exactly one of merchantComment or customActivity',
  });
export type ActivityInput = z.infer<typeof activityInput>;

export const addActivityRequest = z.object({ id: z.string().optional(), activity: activityInput });
export const addActivitiesRequest = z.object({
  orderId: z.string().optional(),
  orderActivities: z.array(activityInput).min(1).max(100),
});
export const updateActivityRequest = z.object({
  id: z.string().optional(),
  activityId: z.string().optional(),
  activity: activityInput,
});
export const activityResponse = z.object({ order, activityId: z.string().optional() });
export const activitiesResponse = z.object({ order, activityIds: z.array(z.string()) });

// ---------- payments collector ----------

export const markAsPaidRequest = z.object({ ecomOrderId: z.string().optional() });
export const bulkMarkAsPaidRequest = z.object({ ecomOrderIds: z.array(id).min(1).max(100) });
export const bulkMarkAsPaidResponse = z.object({
  results: z.array(
    z.object({
      itemMetadata: z.object({
        id: z.string(),
        originalIndex: z.number().int(),
        success: z.boolean(),
        error: z.object({ code: z.string(), description: z.string() }).optional(),
      }),
      item: order.optional(),
    }),
  ),
  bulkActionMetadata: z.object({
    totalSuccesses: z.number().int(),
    totalFailures: z.number().int(),
    undetailedFailures: z.number().int(),
  }),
});

export const paymentCollectabilityResponse = z.object({
  status: z.string(),
  amount: ecomPrice,
});

export const refundabilityResponse = z.object({
  refundabilities: z.array(
    z.object({
      paymentId: z.string(),
      refundable: z.boolean(),
      nonRefundableReason: z.string().optional(),
      manuallyRefundableReason: z.string().optional(),
      refundableAmount: ecomPrice,
    }),
  ),
  refundableAmount: ecomPrice,
});

export const triggerRefundRequest = z.object({
  ecomOrderId: z.string().optional(),
  payments: z
    .array(z.object({ paymentId: id, amount: positiveDecimal.nullish(), externalRefund: z.boolean().nullish() }))
    .max(20)
    .nullish(),
  details: z
    .object({
      items: z
        .array(z.object({ lineItemId: id, quantity: z.number().int().min(1).max(100_000) }))
        .max(300)
        .nullish(),
      shippingIncluded: z.boolean().nullish(),
      reason: z.string().max(1000).nullish(),
    })
    .nullish(),
  sideEffects: z
    .object({
      restockInfo: z
        .object({
          type: z.enum(['NO_ITEMS', 'ALL_ITEMS', 'SOME_ITEMS']),
          items: z
            .array(z.object({ lineItemId: id }))
            .max(300)
            .nullish(),
        })
        .nullish(),
      sendOrderRefundedEmail: z.boolean().nullish(),
      customMessage: z.string().max(1000).nullish(),
    })
    .nullish(),
});
export type TriggerRefundRequest = z.infer<typeof triggerRefundRequest>;

export const orderTransaction = z.object({
  id: z.string(),
  kind: z.enum(['PAYMENT', 'REFUND']),
  status: z.string(),
  amount: ecomPrice,
  provider: paymentProvider,
  paymentId: z.string().optional(),
  createdDate: z.string(),
  details: wireRecord,
});

export const transactionsResponse = z.object({
  order,
  orderTransactions: z.array(orderTransaction),
  refundId: z.string().optional(),
});

export const captureAuthorizedPaymentsRequest = z.object({
  ecomOrderId: z.string().optional(),
  payments: z
    .array(z.object({ paymentId: id, amount: positiveDecimal.nullish() }))
    .min(1)
    .max(20),
});

export const voidAuthorizedPaymentsRequest = z.object({
  ecomOrderId: z.string().optional(),
  paymentIds: z.array(id).min(1).max(20),
});

export const recordManualPaymentRequest = z.object({
  orderId: z.string().optional(),
  amount: positiveDecimal,
});

export const preparePaymentCollectionRequest = z.object({
  ecomOrderId: z.string().optional(),
  amount: z.object({ amount: positiveDecimal }).nullish(),
});
export const preparePaymentCollectionResponse = z.object({ paymentGatewayOrderId: z.string() });

/** Merx: pays an order with the test gateway. */
export const payOrderRequest = z.object({
  paymentGatewayOrderId: id,
  card: z.object({
    number: z
      .string()
      .trim()
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'must be a card number')),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
    holderName: z.string().trim().max(200).nullish(),
  }),
});
export type PayOrderRequest = z.infer<typeof payOrderRequest>;

export const payOrderResponse = z.object({
  orderId: z.string(),
  transaction: orderTransaction,
  paymentStatus: orderPaymentStatus,
});

// ---------- fulfillments ----------

const trackingInfoInput = z.object({
  trackingNumber: z.string().trim().max(200).nullish(),
  shippingProvider: z.string().trim().max(200).nullish(),
  trackingLink: z.url().max(2000).nullish(),
});

export const createFulfillmentRequest = z.object({
  orderId: z.string().optional(),
  fulfillment: z.object({
    lineItems: z
      .array(z.object({ id, quantity: z.number().int().min(1).max(100_000) }))
      .min(1)
      .max(300),
    trackingInfo: trackingInfoInput.nullish(),
  }),
});
export const updateFulfillmentRequest = z.object({
  orderId: z.string().optional(),
  fulfillment: z.object({ id: z.string().optional(), trackingInfo: trackingInfoInput.nullish() }),
});
export const listFulfillmentsByIdsRequest = z.object({ orderIds: z.array(id).min(1).max(100) });

export const fulfillment = z.object({
  id: z.string(),
  createdDate: z.string(),
  updatedDate: z.string().optional(),
  lineItems: z.array(z.object({ id: z.string(), quantity: z.number().int() })),
  trackingInfo: wireRecord.optional(),
});
export const orderWithFulfillments = z.object({ orderId: z.string(), fulfillments: z.array(fulfillment) });
export const fulfillmentResponse = z.object({ orderWithFulfillments, fulfillmentId: z.string().optional() });
export const fulfillmentsListResponse = z.object({ ordersWithFulfillments: z.array(orderWithFulfillments) });

// ---------- aggregate ----------

export const aggregateOrdersRequest = z.object({
  /** Filter on the orders counted (same fields as search); Merx counts paid and unpaid orders, not canceled ones. */
  filter: z.unknown().optional(),
  /** Merx: the offset of the day boundaries from UTC, in minutes (e.g. 120 for UTC+2). */
  utcOffsetMinutes: z.number().int().min(-840).max(840).nullish(),
  aggregation: z.unknown().optional(),
});
export const aggregateOrdersResponse = z.object({
  aggregates: z.object({
    currency: z.string(),
    orders: z.number().int(),
    sales: ecomPrice,
    refunds: ecomPrice,
    byDay: z.array(z.object({ date: z.string(), orders: z.number().int(), sales: ecomPrice })),
  }),
});

// ---------- orders settings ----------

export const ordersSettings = z.object({
  /** When stock is taken: when the order is placed, or when it is paid. */
  inventoryUpdateTrigger: z.enum(['ON_ORDER_PLACED', 'ON_ORDER_PAID']),
  createInvoice: z.boolean(),
  /** Merx: a checkout without an order for this many minutes becomes an abandoned checkout. */
  abandonedCheckoutAfterMinutes: z
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30),
});
export type OrdersSettings = z.infer<typeof ordersSettings>;
export const ordersSettingsResponse = z.object({ ordersSettings });
export const updateOrdersSettingsRequest = z.object({ ordersSettings: ordersSettings.partial() });

// ---------- abandoned checkouts ----------

export const abandonedCheckout = z.object({
  id: z.string(),
  checkoutId: z.string(),
  status: z.enum(['ABANDONED', 'RECOVERED']),
  buyerInfo: wireRecord,
  totalPrice: ecomPrice,
  subtotalPrice: ecomPrice.optional(),
  checkoutRecoveryUrl: z.string(),
  checkoutUpdatedDate: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  recoveredDate: z.string().optional(),
  orderId: z.string().optional(),
  activities: z.array(z.object({ type: z.string(), createdDate: z.string() })),
});
export const abandonedCheckoutResponse = z.object({ abandonedCheckout });
export const abandonedCheckoutsQueryResponse = z.object({
  abandonedCheckouts: z.array(abandonedCheckout),
  metadata: z.object({ count: z.number().int(), offset: z.number().int(), total: z.number().int().optional() }),
});
export const addAbandonedCheckoutActivityRequest = z.object({
  abandonedCheckoutId: z.string().optional(),
  activity: z.object({ type: z.enum(['SCHEDULED_EMAIL_SENT', 'EMAIL_SENT', 'NOTE']) }),
});
export const bulkDeleteAbandonedCheckoutsRequest = z.object({ abandonedCheckoutIds: z.array(id).min(1).max(100) });

// ---------- payments (Merx's payments module) ----------

/** Refusals of the payments module besides `orderErrorCodes`. */
export const paymentErrorCodes = {
  /** A capture asked for more than the payment holds (data: paymentId, requested, authorized). */
  captureExceedsAuthorized: 'CAPTURE_AMOUNT_EXCEEDS_AUTHORIZED',
  /** A manual payment or a collection above what is left to collect (data: requested, remaining). */
  amountExceedsBalance: 'PAYMENT_AMOUNT_EXCEEDS_BALANCE',
  /** The shipping was refunded by an earlier refund. */
  shippingAlreadyRefunded: 'SHIPPING_ALREADY_REFUNDED',
} as const;

/** Refundability with, when nothing can be refunded, the order-level reason (NOT_PAID when no payment exists). */
export const paymentsRefundabilityResponse = refundabilityResponse.extend({
  nonRefundableReason: z.string().optional(),
});

/** create-order-and-charge: create-order's options plus the card to charge (Merx: the test gateway). */
export const createOrderAndChargeRequest = createOrderFromCheckoutRequest
  .extend({ card: payOrderRequest.shape.card.nullish() })
  .refine((b) => b.paymentMethod === 'offline' || b.card, {
    message: 'a card is needed unless the order is paid offline',
    path: ['card'],
  });
export type CreateOrderAndChargeRequest = z.infer<typeof createOrderAndChargeRequest>;

export const createOrderAndChargeResponse = z.object({
  orderId: z.string(),
  /** The payment's id, when a card was charged. */
  paymentResponseToken: z.string().optional(),
  /** Present while something is left to collect through the gateway. */
  paymentGatewayOrderId: z.string().optional(),
  subscriptionId: z.string().optional(),
  paymentStatus: orderPaymentStatus,
  transaction: orderTransaction.optional(),
});
