import { z } from 'zod';
import { bulkActionMetadata, itemMetadata, platformPagingMetadata } from '../common.js';
import { STORES_APP_ID } from '../stores/catalog-v1.js';
import {
  cartDescriptionLineInput,
  cartImageInput,
  catalogReferenceInput,
  customLineItemInput,
  ecomPrice,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from './cart.js';
import {
  addressWithContactInput,
  channelType,
  checkoutCustomLineItemInput,
  checkoutInfoInput,
  checkoutLineItemInput,
} from './checkout.js';
import { nonNegativeDecimal } from './shipping.js';

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
  /** The orders settings changed (`{ entity, modifiedFields }`). */
  settingsUpdated: 'wix.ecom.v1.orders_settings_updated',
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

/** Merx's payment providers: the built-in test gateway, manual (offline) payment and Stripe. */
export const paymentProvider = z.enum(['test', 'offline', 'stripe']);
export type PaymentProvider = z.infer<typeof paymentProvider>;

const id = z.string().min(1).max(100);
const positiveDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,3})?$/, 'must be a decimal amount')
  .refine((s) => Number(s) > 0, 'must be more than zero');
const wireRecord = z.record(z.string(), z.unknown());

/** A bulk call's answer: per item its metadata (id, position, success or error) and the item, then the counts. */
function bulkResults<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(
      z.object({
        itemMetadata: z.object({
          id: z.string(),
          originalIndex: z.number().int(),
          success: z.boolean(),
          error: z.object({ code: z.string(), description: z.string() }).optional(),
        }),
        item: item.optional(),
      }),
    ),
    bulkActionMetadata: z.object({
      totalSuccesses: z.number().int(),
      totalFailures: z.number().int(),
      undetailedFailures: z.number().int(),
    }),
  });
}

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
      /**
       * Merx: free text a merchant types to find orders: an order number (`10023` or `#10023`) finds that order,
       * and the text is looked for (case-insensitive, anywhere) in the buyer's email and name (the billing contact's,
       * else the recipient's). Buyers search their own orders only, as ever. A cursor keeps the filter and sort, not
       * the expression: send it again with the cursor.
       */
      search: z
        .object({ expression: z.string().trim().max(100).nullish() })
        .catchall(z.unknown())
        .nullish(),
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

/** What an order update changes; every other field of an order is read-only there and refused, not ignored. */
const UPDATABLE_ORDER_FIELDS = new Set([
  'id',
  'revision',
  'buyerNote',
  'buyerInfo',
  'billingInfo',
  'recipientInfo',
  'archived',
  'seenByAHuman',
]);

export const updateOrderRequest = z.object({
  order: z
    .object({
      id: z.string().optional(),
      /**
       * Merx: the revision the change was made on (the order's `revision` as read). Given, the update is
       * compare-and-set: when the order changed since, nothing is written (CONCURRENT_MODIFICATION).
       */
      revision: z
        .string()
        .regex(/^\d{1,15}$/, 'must be a revision as the order answers it')
        .nullish(),
      /** Empty clears the note. */
      buyerNote: z.string().max(1000).nullish(),
      buyerInfo: z
        .strictObject({ email: z.email({ message: 'must be an email address' }).max(254).nullish() })
        .nullish(),
      billingInfo: addressWithContactInput.nullish(),
      /** The shipping destination (also written into `shippingInfo.logistics.shippingDestination`). */
      recipientInfo: addressWithContactInput.nullish(),
      archived: z.boolean().nullish(),
      seenByAHuman: z.boolean().nullish(),
    })
    .catchall(z.unknown())
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) {
        if (UPDATABLE_ORDER_FIELDS.has(key)) continue;
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            key in order.shape
              ? 'is read-only: an order update changes only buyerNote, buyerInfo.email, billingInfo, recipientInfo, archived and seenByAHuman'
              : 'is not a field of an order',
        });
      }
    }),
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
export const bulkMarkAsPaidResponse = bulkResults(order);

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

/** Merx: an order's payments and refunds, oldest first (GET /_api/merx/v1/orders/{orderId}/transactions). */
export const listOrderTransactionsResponse = z.object({ orderTransactions: z.array(orderTransaction) });

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

/** Merx: a time zone by its IANA name (`Europe/Paris`, `America/New_York`, `UTC`). */
export const timeZoneName = z
  .string()
  .max(64)
  .refine((name) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return true;
    } catch {
      return false;
    }
  }, 'must be a time zone such as Europe/Paris');

export const aggregateOrdersRequest = z
  .strictObject({
    /** Filter on the orders counted (same fields as search, e.g. a createdDate range); canceled and rejected orders never count. */
    filter: z.unknown().optional(),
    /** Merx: the offset of the day boundaries from UTC, in minutes (e.g. 120 for UTC+2). */
    utcOffsetMinutes: z.number().int().min(-840).max(840).nullish(),
    /**
     * Merx: the time zone whose local days `byDay` counts, its changes of offset (daylight saving) included; instead
     * of `utcOffsetMinutes`.
     */
    timeZone: timeZoneName.nullish(),
  })
  .refine((r) => r.timeZone == null || r.utcOffsetMinutes == null, {
    path: ['timeZone'],
    message: 'must not be given with utcOffsetMinutes',
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

export const orderTimerUnits = ['MINUTES', 'HOURS', 'DAYS'] as const;
const UNIT_MINUTES: Record<(typeof orderTimerUnits)[number], number> = { MINUTES: 1, HOURS: 60, DAYS: 60 * 24 };

/** Minutes in a timer's duration. */
export const timerMinutes = (t: { duration: number; unit: (typeof orderTimerUnits)[number] }) =>
  t.duration * UNIT_MINUTES[t.unit];

/** A duration in whole minutes, hours or days (spec section 3), from 5 minutes to 30 days. */
export const orderTimer = z
  .object({ duration: z.number().int().min(1), unit: z.enum(orderTimerUnits) })
  .refine((t) => timerMinutes(t) >= 5 && timerMinutes(t) <= 60 * 24 * 30, {
    message: 'must be between 5 minutes and 30 days',
    path: ['duration'],
  });
export type OrderTimer = z.infer<typeof orderTimer>;

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
  /**
   * Merx: how long an order paid online is kept unpaid before it is canceled and its stock released; null keeps it
   * until staff act. Between 5 minutes and 30 days.
   */
  unpaidOrderTimeout: orderTimer.nullable(),
  /** Merx: how buyers who chose "Pay later" pay (bank details, cash on delivery…); shown on their confirmation. */
  offlinePaymentInstructions: z.string().trim().max(2000),
});
export type OrdersSettings = z.infer<typeof ordersSettings>;
export const ordersSettingsResponse = z.object({ ordersSettings });
export const updateOrdersSettingsRequest = z.object({ ordersSettings: ordersSettings.partial() });

// ---------- abandoned checkouts ----------

/** Who left the checkout: one of the ids (as on the order's buyerInfo) and the email given on the checkout. */
const abandonedBuyerInfo = z.object({
  visitorId: z.string().optional(),
  memberId: z.string().optional(),
  userId: z.string().optional(),
  email: z.string().optional(),
});

export const abandonedCheckoutErrorCodes = {
  notFound: orderErrorCodes.abandonedCheckoutNotFound,
  /** The abandoned checkout already holds the most activities it keeps. */
  activitiesFull: 'ABANDONED_CHECKOUT_ACTIVITIES_FULL',
} as const;

/** Automation activity types of an abandoned checkout (the client's ActivityType). */
export const abandonedCheckoutActivityType = z.enum([
  'SCHEDULED',
  'EMAIL_SENT',
  'EMAIL_NOT_SENT',
  'NOTIFICATION_SENT',
  'TASK_CREATED',
  'AUTOMATION_SKIPPED',
]);

/** Most activities one abandoned checkout keeps (the client's `activities` maxSize). */
export const MAX_ABANDONED_CHECKOUT_ACTIVITIES = 20;

export const abandonedCheckout = z.object({
  id: z.string(),
  checkoutId: z.string(),
  status: z.enum(['ABANDONED', 'RECOVERED']),
  buyerInfo: abandonedBuyerInfo,
  currency: z.string(),
  /** The currency the buyer saw (Merx does not convert: the store's currency). */
  conversionCurrency: z.string(),
  /** The cart the checkout was made from (absent for a checkout made from line items). */
  cartId: z.string().optional(),
  /** The buyer's contact details on the checkout when it was abandoned. */
  contactDetails: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      phone: z.string().optional(),
      company: z.string().optional(),
      vatId: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  /** What the lines came to before discounts, shipping and tax when it was abandoned (absent for older rows). */
  subtotalPrice: ecomPrice.optional(),
  /** What the checkout came to when it was abandoned (priced then). */
  totalPrice: ecomPrice,
  /** The storefront's checkout page of the checkout, where the buyer can finish it. */
  checkoutUrl: z.string(),
  activities: z.array(z.object({ type: abandonedCheckoutActivityType, createdDate: z.string() })),
  /** When an order was placed from the checkout (status RECOVERED). */
  checkoutRecoveredDate: z.string().optional(),
  /** Merx: the order placed from the checkout (status RECOVERED). */
  orderId: z.string().optional(),
  /** Merx: when the checkout was last changed before it was abandoned. */
  checkoutUpdatedDate: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckout>;
export const abandonedCheckoutResponse = z.object({ abandonedCheckout });
export const queryAbandonedCheckoutsResponse = z.object({
  abandonedCheckouts: z.array(abandonedCheckout),
  metadata: platformPagingMetadata,
});
export const searchAbandonedCheckoutsRequest = z.object({
  search: z
    .object({
      filter: z.unknown().optional(),
      sort: z.unknown().optional(),
      paging: z.object({ limit: z.number().int().nullish(), offset: z.number().int().nullish() }).nullish(),
      cursorPaging: z.object({ limit: z.number().int().nullish(), cursor: z.string().nullish() }).nullish(),
      /** Merx: the expression is looked for in the buyer's email (case-insensitive, anywhere in it). */
      search: z
        .object({ expression: z.string().trim().max(100).nullish() })
        .catchall(z.unknown())
        .nullish(),
    })
    .optional(),
});
export type SearchAbandonedCheckoutsRequest = z.infer<typeof searchAbandonedCheckoutsRequest>;
export const searchAbandonedCheckoutsResponse = z.object({
  abandonedCheckouts: z.array(abandonedCheckout),
  pagingMetadata: platformPagingMetadata,
});
export const addAbandonedCheckoutActivityRequest = z.object({
  abandonedCheckoutId: z.string().nullish(),
  activityType: abandonedCheckoutActivityType,
});
export const bulkDeleteAbandonedCheckoutsRequest = z.object({ abandonedCheckoutIds: z.array(id).min(1).max(100) });
export const bulkDeleteAbandonedCheckoutsResponse = z.object({
  results: z.array(z.object({ itemMetadata })),
  bulkActionMetadata,
});
export const redirectToCheckoutResponse = z.object({ redirectUrl: z.string() });

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'must be a real date');
export const abandonedCheckoutMetric = z.enum([
  'RECOVERABLE_VALUE',
  'RECOVERABLE_CHECKOUT_COUNT',
  'AVERAGE_RECOVERABLE_CHECKOUT_VALUE',
  'RECOVERED_VALUE',
  'RECOVERED_CHECKOUT_COUNT',
  'RECOVERY_RATE',
]);
/**
 * Days are UTC calendar days (Merx keeps no store time zone) unless `timeZone` names one, both ends included, at most
 * 366 of them.
 */
export const abandonedCheckoutAnalyticsRequest = z
  .object({
    startDate: localDate,
    endDate: localDate,
    metrics: z.array(abandonedCheckoutMetric).max(6).nullish(),
    statuses: z
      .array(z.enum(['ABANDONED', 'RECOVERED']))
      .max(2)
      .nullish(),
    /** Merx: the days are local days of this time zone (UTC days when absent). */
    timeZone: timeZoneName.nullish(),
  })
  .refine((r) => r.endDate >= r.startDate, { path: ['endDate'], message: 'must not be before startDate' })
  .refine((r) => Date.parse(r.endDate) - Date.parse(r.startDate) <= 365 * 86_400_000, {
    path: ['endDate'],
    message: 'must be at most 366 days after startDate',
  });
export type AbandonedCheckoutAnalyticsRequest = z.infer<typeof abandonedCheckoutAnalyticsRequest>;
export const abandonedCheckoutAnalyticsResponse = z.object({
  currency: z.string(),
  recoverableValue: z.string().optional(),
  recoverableCheckoutCount: z.number().int().optional(),
  averageRecoverableCheckoutValue: z.string().optional(),
  recoveredValue: z.string().optional(),
  recoveredCheckoutCount: z.number().int().optional(),
  recoveryRate: z.number().optional(),
});

// ---------- inventory log (Merx) ----------

export const inventoryChangeCause = z.enum(['ORDER', 'MANUAL', 'REVERT_INVENTORY_CHANGE']);
/**
 * What happened, finer than the cause (whose values it refines):
 * - ORDER: `ORDER_PLACED` (stock taken when the order was placed), `ORDER_PAID` (taken when it was paid, for stores
 *   that take stock at payment);
 * - REVERT_INVENTORY_CHANGE: `ORDER_CANCELED` (a canceled order's units returned), `REFUND_RESTOCK` (a refund's units
 *   returned; `reference` is the refund id);
 * - MANUAL: `STOCK_SET` (a count set through the inventory API or the back office), `STOCK_ADJUSTED` (units added or
 *   taken: increment, decrement), `TRACKING_CHANGED` (a variant started or stopped counting its units, through the
 *   inventory API or a product update), `PRODUCT_CREATED` (a new product's starting stock), `PRODUCT_EDITED` (a
 *   product update's stock, or variants added or removed with its options), `CSV_IMPORT` (a product CSV import;
 *   `reference` is the import id).
 * Absent on changes logged before Merx recorded it whose reason could not be told afterwards.
 */
export const inventoryChangeReason = z.enum([
  'ORDER_PLACED',
  'ORDER_PAID',
  'ORDER_CANCELED',
  'REFUND_RESTOCK',
  'STOCK_SET',
  'STOCK_ADJUSTED',
  'TRACKING_CHANGED',
  'PRODUCT_CREATED',
  'PRODUCT_EDITED',
  'CSV_IMPORT',
]);
export type InventoryChangeReason = z.infer<typeof inventoryChangeReason>;
/**
 * Who made a change: a staff account (`name`: their name, else their email, when it happened), an API key (`name`:
 * the key's name), a member or visitor (an order they placed or paid; no name), or the store itself (`SYSTEM`: the
 * command line, the demo seed). A product import records the staff member or key that started it.
 */
export const inventoryChangeActor = z.object({
  kind: z.enum(['STAFF', 'API_KEY', 'MEMBER', 'VISITOR', 'SYSTEM']),
  id: z.string().optional(),
  name: z.string().optional(),
});
export type InventoryChangeActor = z.infer<typeof inventoryChangeActor>;
/** One change of a tracked variant's stock: `delta` units (negative when taken) and what was left after it. */
export const inventoryChange = z.object({
  id: z.string(),
  productId: z.string(),
  variantId: z.string(),
  delta: z.number().int(),
  /** Units left after the change; absent when the variant stopped tracking its quantity. */
  quantityAfter: z.number().int().optional(),
  cause: inventoryChangeCause,
  reason: inventoryChangeReason.optional(),
  actor: inventoryChangeActor.optional(),
  orderId: z.string().optional(),
  /** What else the change belongs to: the refund id (REFUND_RESTOCK) or the product import id (CSV_IMPORT). */
  reference: z.string().optional(),
  createdDate: z.string(),
});
export type InventoryChange = z.infer<typeof inventoryChange>;
export const queryInventoryChangesResponse = z.object({
  inventoryChanges: z.array(inventoryChange),
  metadata: platformPagingMetadata,
});

// ---------- payments (Merx's payments module) ----------

/** Refusals of the payments module besides `orderErrorCodes`. */
export const paymentErrorCodes = {
  /** A capture asked for more than the payment holds (data: paymentId, requested, authorized). */
  captureExceedsAuthorized: 'CAPTURE_AMOUNT_EXCEEDS_AUTHORIZED',
  /** A manual payment or a collection above what is left to collect (data: requested, remaining). */
  amountExceedsBalance: 'PAYMENT_AMOUNT_EXCEEDS_BALANCE',
  /** The shipping was refunded by an earlier refund. */
  shippingAlreadyRefunded: 'SHIPPING_ALREADY_REFUNDED',
  /** Only a PENDING payment can be settled (data: paymentId, status). */
  paymentNotPending: 'PAYMENT_NOT_PENDING',
} as const;

/**
 * The test gateway's notification that a payment it answered PENDING has settled (Merx: what a real gateway tells
 * the store by webhook, sent by staff or a test).
 */
export const settlePendingPaymentRequest = z.object({
  orderId: id,
  paymentId: id,
  outcome: z.enum(['APPROVED', 'DECLINED']),
});
export type SettlePendingPaymentRequest = z.infer<typeof settlePendingPaymentRequest>;

/** Refundability with, when nothing can be refunded, the order-level reason (NOT_PAID when no payment exists). */
export const paymentsRefundabilityResponse = refundabilityResponse.extend({
  nonRefundableReason: z.string().optional(),
});

/** create-order-and-charge: create-order's options plus the card to charge (Merx: the test gateway). */
export const createOrderAndChargeRequest = createOrderFromCheckoutRequest
  .extend({ card: payOrderRequest.shape.card.nullish() })
  .refine((b) => b.paymentMethod === 'offline' || b.paymentMethod === 'stripe' || b.card, {
    message: 'a card is needed unless the order is paid offline or through Stripe',
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

// ---------- order changes, timeline and fulfillments (Merx's orders module) ----------

/** Types of the activities Merx writes on an order's timeline (besides MERCHANT_COMMENT and CUSTOM_ACTIVITY). */
export const orderActivityTypes = {
  placed: 'ORDER_PLACED',
  canceled: 'ORDER_CANCELED',
  pending: 'ORDER_PENDING',
  rejected: 'ORDER_REJECTED',
  fulfilled: 'ORDER_FULFILLED',
  trackingNumberAdded: 'TRACKING_NUMBER_ADDED',
  trackingNumberEdited: 'TRACKING_NUMBER_EDITED',
  shippingAddressEdited: 'SHIPPING_ADDRESS_EDITED',
  emailEdited: 'EMAIL_EDITED',
  merchantComment: 'MERCHANT_COMMENT',
  customActivity: 'CUSTOM_ACTIVITY',
} as const;

/** Refusals of order changes and fulfillments besides `orderErrorCodes`. */
export const orderChangeErrorCodes = {
  /** A canceled or rejected order gets no fulfillment (data: status). */
  orderNotFulfillable: 'ORDER_NOT_FULFILLABLE',
  /** An update carrying a revision the order no longer has: nothing was written (data: orderId, revision). */
  concurrentModification: 'CONCURRENT_MODIFICATION',
} as const;

export const bulkCreateFulfillmentsRequest = z.object({
  ordersWithFulfillments: z
    .array(z.object({ orderId: id, fulfillments: z.array(createFulfillmentRequest.shape.fulfillment).min(1).max(50) }))
    .min(1)
    .max(100),
});

export const bulkCreateFulfillmentsResponse = bulkResults(orderWithFulfillments);

// ---------- merchant orders, bulk changes, tags, line items, imports (Merx's orders module, orders.more.*) ----------

/** Refusals of the routes below besides `orderErrorCodes`. */
export const moreOrderErrorCodes = {
  /** A line id the order does not have (data: orderId, lineItemId). */
  lineItemNotFound: 'LINE_ITEM_NOT_FOUND',
  /** createOrder or importOrder for a member id that is no member of the store (data: memberId). */
  memberNotFound: 'MEMBER_NOT_FOUND',
  /** bulk-delete-imported-orders of an order placed in Merx (data: orderId). */
  orderNotImported: 'ORDER_NOT_IMPORTED',
  /** set-order-number-counter below the next number without allowLowerCounter, or at or below a number in use. */
  orderNumberCounterTooLow: 'ORDER_NUMBER_COUNTER_TOO_LOW',
  /** An order would hold more tags of one kind than MAX_ORDER_TAGS (data: orderId, kind, count). */
  tooManyTags: 'ORDER_TAGS_LIMIT_EXCEEDED',
  /** Merx sells no memberships: no order can be charged to one. */
  membershipNotFound: 'MEMBERSHIP_NOT_FOUND',
} as const;

/** Most tags of each kind (tags, privateTags) one order keeps. */
export const MAX_ORDER_TAGS = 100;

/** Order fields a caller sends that Merx computes itself: refused (never silently ignored) where an order is given. */
function refuseOtherKeys(allowed: ReadonlySet<string>, message: (key: string) => string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(value)) {
      if (!allowed.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: message(key) });
    }
  };
}

const lineQuantityInput = z.number().int('must be a whole number').min(1).max(MAX_LINE_QUANTITY);

/**
 * A line of a merchant order: from the catalog (`catalogReference` and `quantity`, optionally
 * `catalogOverrideFields`), or a custom line when `price` is given (then `productName` is required and
 * `catalogReference` is only a reference).
 */
const merchantOrderLineItem = z
  .object({
    catalogReference: z
      .object({
        appId: z.string().min(1).max(100),
        catalogItemId: z.string().min(1).max(36),
        options: catalogReferenceInput.shape.options,
      })
      .nullish(),
    quantity: lineQuantityInput,
    catalogOverrideFields: checkoutLineItemInput.shape.catalogOverrideFields,
    productName: customLineItemInput.shape.productName.nullish(),
    price: customLineItemInput.shape.price.nullish(),
    fullPrice: customLineItemInput.shape.fullPrice,
    itemType: customLineItemInput.shape.itemType,
    media: customLineItemInput.shape.media,
    physicalProperties: customLineItemInput.shape.physicalProperties,
    descriptionLines: customLineItemInput.shape.descriptionLines,
    paymentOption: checkoutCustomLineItemInput.shape.paymentOption,
  })
  .superRefine((line, ctx) => {
    if (line.price != null) {
      if (!line.productName)
        ctx.addIssue({
          code: 'custom',
          path: ['productName'],
          message: 'is required for a custom line (one with a price)',
        });
      if (line.catalogOverrideFields)
        ctx.addIssue({
          code: 'custom',
          path: ['catalogOverrideFields'],
          message: 'is for catalog lines: a custom line (one with a price) states its own values',
        });
      return;
    }
    if (!line.catalogReference) {
      ctx.addIssue({
        code: 'custom',
        path: ['catalogReference'],
        message: 'is required for a catalog line (give productName and price for a custom line)',
      });
      return;
    }
    if (line.catalogReference.appId !== STORES_APP_ID)
      ctx.addIssue({
        code: 'custom',
        path: ['catalogReference', 'appId'],
        message: `must be the Wix Stores app id ${STORES_APP_ID} (give a price for a custom line)`,
      });
  });
export type MerchantOrderLineItem = z.infer<typeof merchantOrderLineItem>;

const CREATE_ORDER_FIELDS = new Set([
  'appliedDiscounts',
  'lineItems',
  'buyerInfo',
  'billingInfo',
  'shippingInfo',
  'channelInfo',
  'buyerNote',
  'paymentMethod',
]);

const selectedOption = checkoutInfoInput.shape.shippingInfo.unwrap().unwrap().shape.selectedCarrierServiceOption;

/** createOrder (POST /ecom/v1/orders): a merchant places an order (phone, POS), priced and checked like a checkout. */
export const createOrderRequest = z.object({
  order: z
    .object({
      lineItems: z.array(merchantOrderLineItem).min(1).max(MAX_CART_LINES),
      buyerInfo: z.strictObject({
        email: z.email({ message: 'must be an email address' }).max(254),
        /** The member the order belongs to (their account lists it); else it belongs to the caller. */
        memberId: id.nullish(),
      }),
      billingInfo: addressWithContactInput.nullish(),
      shippingInfo: z
        .strictObject({
          /** The code (id) of the shipping option chosen, as on a checkout's selectedCarrierServiceOption. */
          code: z.string().trim().min(1).max(100).nullish(),
          shippingDestination: addressWithContactInput.nullish(),
          logistics: z
            .strictObject({
              shippingDestination: addressWithContactInput.nullish(),
              deliveryTimeSlot: selectedOption.unwrap().unwrap().shape.logistics.unwrap().unwrap().shape
                .deliveryTimeSlot,
            })
            .nullish(),
        })
        .superRefine((info, ctx) => {
          if (info.shippingDestination && info.logistics?.shippingDestination)
            ctx.addIssue({
              code: 'custom',
              path: ['logistics', 'shippingDestination'],
              message: 'give the destination once: shippingDestination or logistics.shippingDestination',
            });
          if (info.logistics?.deliveryTimeSlot && !info.code)
            ctx.addIssue({ code: 'custom', path: ['code'], message: 'is required with a delivery time slot' });
        })
        .nullish(),
      /** Absent: BACKOFFICE_MERCHANT. */
      channelInfo: z.strictObject({ type: channelType }).nullish(),
      buyerNote: z.string().max(1000).nullish(),
      /** Merx: how the order is paid; `offline` (staff mark it paid) when not given. */
      paymentMethod: paymentProvider.nullish(),
      /**
       * A coupon to apply, by its code (at most one), as a shopper would enter it at checkout; the discount rules
       * that apply are applied by themselves. Every other discount is computed, never stated.
       */
      appliedDiscounts: z
        .array(z.strictObject({ coupon: z.strictObject({ code: z.string().trim().min(1).max(100) }) }))
        .max(1)
        .nullish(),
    })
    .catchall(z.unknown())
    .superRefine(
      refuseOtherKeys(CREATE_ORDER_FIELDS, (key) =>
        key in order.shape
          ? 'is computed by Merx: a new order takes lineItems, buyerInfo, billingInfo, shippingInfo, channelInfo, buyerNote, paymentMethod and a coupon in appliedDiscounts'
          : 'is not a field of a new order',
      ),
    ),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

/** Per id: its metadata (success, or the error with its code and data), then the counts. */
export const bulkOrderIdsResponse = z.object({ results: z.array(z.object({ itemMetadata })), bulkActionMetadata });

export const bulkUpdateOrdersRequest = z.object({
  orders: z
    .array(
      z.object({ order: updateOrderRequest.shape.order }).superRefine((item, ctx) => {
        if (!item.order.id) ctx.addIssue({ code: 'custom', path: ['order', 'id'], message: 'is required' });
      }),
    )
    .min(1)
    .max(100),
  /** Answer each updated order (default false). */
  returnEntity: z.boolean().nullish(),
});
export type BulkUpdateOrdersRequest = z.infer<typeof bulkUpdateOrdersRequest>;
export const bulkUpdateOrdersResponse = bulkResults(order);

const tagIds = z.strictObject({
  tagIds: z.array(z.string().trim().min(1).max(100)).max(MAX_ORDER_TAGS).nullish(),
});
const orderTagsInput = z.strictObject({ tags: tagIds.nullish(), privateTags: tagIds.nullish() });
export type OrderTagsInput = z.infer<typeof orderTagsInput>;

/** Merx: the tag ids in use on orders, each with how many orders carry it (GET /_api/merx/v1/order-tags). */
const tagUse = z.object({ tagId: z.string(), orders: z.number().int() });
export const listOrderTagsResponse = z.object({ tags: z.array(tagUse), privateTags: z.array(tagUse) });

/** Tags are kept on the order (`tags.tags.tagIds`, `tags.privateTags.tagIds`) and searched through those fields. */
export const bulkUpdateOrderTagsRequest = z
  .object({
    orderIds: z.array(id).min(1).max(100),
    assignTags: orderTagsInput.nullish(),
    unassignTags: orderTagsInput.nullish(),
  })
  .superRefine((r, ctx) => {
    for (const kind of ['tags', 'privateTags'] as const) {
      const removed = new Set(r.unassignTags?.[kind]?.tagIds ?? []);
      const both = (r.assignTags?.[kind]?.tagIds ?? []).filter((t) => removed.has(t));
      if (both.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['unassignTags', kind, 'tagIds'],
          message: `must not name a tag that is also assigned: ${both.join(', ')}`,
        });
    }
  });
export type BulkUpdateOrderTagsRequest = z.infer<typeof bulkUpdateOrderTagsRequest>;

export const setOrderNumberCounterRequest = z.object({
  /** The number the next order gets. */
  counter: z.number().int('must be a whole number').min(1).max(1_000_000_000_000),
  /** Allow a counter below the next number (never at or below a number in use: numbers stay unique). */
  allowLowerCounter: z.boolean().nullish(),
});
export const setOrderNumberCounterResponse = z.object({
  /** The number the next order gets now. */
  counter: z.number().int(),
  /** The number the next order would have got before. */
  previousCounter: z.number().int(),
});

const UPDATABLE_LINE_FIELDS = new Set(['id', 'descriptionLines', 'image', 'physicalProperties', 'productName']);
const MONEY_LINE_FIELDS = new Set([
  'quantity',
  'price',
  'priceBeforeDiscounts',
  'totalPriceBeforeTax',
  'totalPriceAfterTax',
  'totalDiscount',
  'taxDetails',
  'fullPrice',
  'priceDescription',
  'paymentOption',
  'refundQuantity',
  'restockQuantity',
]);

/**
 * updateOrderLineItem: what may change on a placed line without changing money or stock: its description lines,
 * image, SKU and translated name. Price, quantity and every other field are refused.
 */
export const updateOrderLineItemRequest = z.object({
  id: z.string().optional(),
  lineItem: z
    .object({
      id: z.string().optional(),
      /** Replaces the line's description lines (empty clears them). */
      descriptionLines: z.array(cartDescriptionLineInput).max(20).nullish(),
      /** Replaces the line's image; null removes it. */
      image: cartImageInput.nullish(),
      physicalProperties: z
        .object({ sku: z.string().trim().max(40).nullish() })
        .catchall(z.unknown())
        .superRefine(
          refuseOtherKeys(
            new Set(['sku']),
            () => 'is read-only on a placed line: only the SKU changes (weight and shipping were charged)',
          ),
        )
        .nullish(),
      productName: z
        .object({ translated: z.string().trim().max(400).nullish() })
        .catchall(z.unknown())
        .superRefine(
          refuseOtherKeys(new Set(['translated']), (key) =>
            key === 'original'
              ? 'is read-only: the name the buyer ordered stays; only the translated name changes'
              : 'is not a field of a product name',
          ),
        )
        .nullish(),
    })
    .catchall(z.unknown())
    .superRefine(
      refuseOtherKeys(UPDATABLE_LINE_FIELDS, (key) =>
        MONEY_LINE_FIELDS.has(key)
          ? 'is read-only: a placed line keeps its price and quantity (refund, cancel or place a new order instead)'
          : 'is read-only on a placed line: only descriptionLines, image, physicalProperties.sku and productName.translated change',
      ),
    ),
});
export type UpdateOrderLineItemRequest = z.infer<typeof updateOrderLineItemRequest>;
export const updateOrderLineItemResponse = z.object({ lineItem: orderLineItem, order });

/** A Price object as an import states it (`{amount: "12.50"}`, in the order's currency). */
const statedPrice = z.object({ amount: nonNegativeDecimal(3) });
const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date and time' });

const importedLineItem = z.object({
  /** Kept when given (unique within the order), else a new id. */
  id: id.nullish(),
  productName: customLineItemInput.shape.productName,
  /** Kept for reference; an imported line never takes or gives back stock. */
  catalogReference: customLineItemInput.shape.catalogReference,
  quantity: lineQuantityInput,
  /** The unit price as stated. */
  price: statedPrice,
  /** The line's total as stated; price × quantity when not given. */
  totalPriceAfterTax: statedPrice.nullish(),
  totalDiscount: statedPrice.nullish(),
  itemType: customLineItemInput.shape.itemType,
  image: cartImageInput.nullish(),
  physicalProperties: customLineItemInput.shape.physicalProperties,
  descriptionLines: customLineItemInput.shape.descriptionLines,
  /** Merx: units already fulfilled (they become one fulfillment of the imported order). */
  fulfilledQuantity: z.number().int().min(0).max(MAX_LINE_QUANTITY).nullish(),
});

/** Payment statuses an imported order can hold (gateway states in flight cannot be imported). */
export const importablePaymentStatus = z.enum([
  'NOT_PAID',
  'PAID',
  'PARTIALLY_PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
]);

const IMPORT_ORDER_FIELDS = new Set([
  'number',
  'createdDate',
  'purchasedDate',
  'lineItems',
  'buyerInfo',
  'billingInfo',
  'recipientInfo',
  'shippingInfo',
  'priceSummary',
  'balanceSummary',
  'currency',
  'status',
  'paymentStatus',
  'fulfillmentStatus',
  'channelInfo',
  'buyerNote',
  'archived',
  'seenByAHuman',
  'weightUnit',
  'taxIncludedInPrices',
]);

/** importOrder: a historical order of another system, kept as stated (number when free, dates, prices, statuses). */
export const importOrderRequest = z.object({
  order: z
    .object({
      /** Kept when no order has it yet, else the order gets the next number (and the answer shows which). */
      number: z
        .string()
        .regex(/^[1-9]\d{0,11}$/, 'must be a whole number from 1 to 999999999999')
        .nullish(),
      createdDate: isoDate.nullish(),
      purchasedDate: isoDate.nullish(),
      lineItems: z.array(importedLineItem).min(1).max(MAX_CART_LINES),
      buyerInfo: z
        .strictObject({
          email: z.email({ message: 'must be an email address' }).max(254).nullish(),
          memberId: id.nullish(),
        })
        .nullish(),
      billingInfo: addressWithContactInput.nullish(),
      recipientInfo: addressWithContactInput.nullish(),
      shippingInfo: z
        .strictObject({
          title: z.string().trim().max(200).nullish(),
          code: z.string().trim().max(100).nullish(),
          cost: z.strictObject({ price: statedPrice }).nullish(),
        })
        .nullish(),
      /** As stated; each part not given is derived (subtotal from the lines, total = subtotal + shipping + tax − discount). */
      priceSummary: z
        .strictObject({
          subtotal: statedPrice.nullish(),
          shipping: statedPrice.nullish(),
          tax: statedPrice.nullish(),
          discount: statedPrice.nullish(),
          total: statedPrice.nullish(),
        })
        .nullish(),
      /** What was paid and refunded: needed for PARTIALLY_PAID and PARTIALLY_REFUNDED. */
      balanceSummary: z.strictObject({ paid: statedPrice.nullish(), refunded: statedPrice.nullish() }).nullish(),
      /** ISO 4217; the store currency when not given. */
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code')
        .nullish(),
      /** Absent: APPROVED. */
      status: orderStatus.nullish(),
      /** Absent: NOT_PAID. */
      paymentStatus: importablePaymentStatus.nullish(),
      /** Absent: from the lines' fulfilledQuantity (NOT_FULFILLED without any). */
      fulfillmentStatus: orderFulfillmentStatus.nullish(),
      /** Absent: OTHER_PLATFORM. */
      channelInfo: z.strictObject({ type: channelType }).nullish(),
      buyerNote: z.string().max(1000).nullish(),
      archived: z.boolean().nullish(),
      seenByAHuman: z.boolean().nullish(),
      weightUnit: z.enum(['KG', 'LB']).nullish(),
      taxIncludedInPrices: z.boolean().nullish(),
    })
    .catchall(z.unknown())
    .superRefine(
      refuseOtherKeys(IMPORT_ORDER_FIELDS, (key) =>
        key in order.shape ? 'is not importable: Merx sets it on the imported order' : 'is not a field of an order',
      ),
    ),
});
export type ImportOrderRequest = z.infer<typeof importOrderRequest>;

export const bulkDeleteImportedOrdersRequest = z.object({ orderIds: z.array(id).min(1).max(100) });

export const chargeMembershipsRequest = z.object({
  ecomOrderId: z.string().optional(),
  memberId: id,
  membershipCharges: z.array(z.unknown()).max(300).nullish(),
});
export const chargeMembershipsResponse = z.object({});
