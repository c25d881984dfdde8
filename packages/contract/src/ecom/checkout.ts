import { z } from 'zod';
import {
  cartAddressInput,
  cartLineItem,
  catalogLineItemInput,
  catalogOverrideFieldsInput,
  contactDetailsInput,
  customLineItemInput,
  ecomPrice,
  estimateTotalsResponse,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  removeLineItemsRequest,
} from './cart.js';
import { nonNegativeDecimal } from './shipping.js';

/*
 * Checkouts (`/ecom/v1/checkouts`, WIRE.md 5.2 and Appendix A `ecom_checkout`) and the current cart's
 * `create-checkout`, as the public client sends and reads them. Money is a decimal string inside Price objects on
 * the wire, integer minor units of the store currency inside. Only the fields a buyer may set are read from a
 * request; everything else the client sends back (prices, line items of a whole checkout) is ignored.
 */

/** Event names as the client's `onCheckoutCreated|Updated|Completed` subscribe to them. */
export const checkoutEventTypes = {
  created: 'wix.ecom.v1.checkout_created',
  updated: 'wix.ecom.v1.checkout_updated',
  completed: 'wix.ecom.v1.checkout_completed',
} as const;

export const checkoutErrorCodes = {
  /** Unknown id, or a checkout of someone else (never 403: ids do not leak). */
  checkoutNotFound: 'CHECKOUT_NOT_FOUND',
  checkoutAlreadyCompleted: 'CHECKOUT_ALREADY_COMPLETED',
  /** create-checkout of a current cart without lines. */
  cartIsEmpty: 'CART_IS_EMPTY',
  shippingOptionNotFound: 'SHIPPING_OPTION_NOT_FOUND',
  /** The chosen option does not deliver to the checkout's address. */
  shippingOptionNotAvailable: 'SHIPPING_OPTION_NOT_AVAILABLE',
  deliveryTimeSlotNotAvailable: 'DELIVERY_TIME_SLOT_NOT_AVAILABLE',
  /** The store sells no gift cards, so no code is one. */
  giftCardNotFound: 'GIFT_CARD_NOT_FOUND',
} as const;

export const channelType = z.enum([
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
  'PAYPAL_AGENTIC_CHECKOUT',
  'STRIPE_AGENTIC_CHECKOUT',
]);
export type ChannelType = z.infer<typeof channelType>;

/** How a line is paid: online at checkout, or after it (cash, bank transfer). */
export const checkoutPaymentOption = z.enum(['FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE']);
export type CheckoutPaymentOption = z.infer<typeof checkoutPaymentOption>;

// ---------- requests ----------

const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date and time' });

/** An address with the buyer's contact details, in wire names (`addressLine`, `geocode`). */
export const addressWithContactInput = z.object({
  address: cartAddressInput.nullish(),
  contactDetails: contactDetailsInput
    .extend({
      vatId: z.object({ id: z.string().trim().max(100).nullish(), type: z.enum(['CPF', 'CNPJ']).nullish() }).nullish(),
    })
    .nullish(),
});
export type AddressWithContactInput = z.infer<typeof addressWithContactInput>;

/** The tip the buyer chose (a Merx field: the client's checkout has none): a preset by index, or an amount. */
export const tipSelectionInput = z
  .object({
    presetIndex: z.number().int().min(0).max(2).nullish(),
    customAmount: nonNegativeDecimal(3).nullish(),
  })
  .superRefine((tip, ctx) => {
    if ((tip.presetIndex == null) !== (tip.customAmount == null)) return;
    ctx.addIssue({ code: 'custom', path: ['presetIndex'], message: 'must give either presetIndex or customAmount' });
  });
export type TipSelectionInput = z.infer<typeof tipSelectionInput>;

/** What a buyer may set on a checkout (create's `checkoutInfo`, update's `checkout`). */
export const checkoutInfoInput = z.object({
  billingInfo: addressWithContactInput.nullish(),
  shippingInfo: z
    .object({
      shippingDestination: addressWithContactInput.nullish(),
      selectedCarrierServiceOption: z
        .object({
          code: z.string().trim().min(1).max(100),
          logistics: z
            .object({
              deliveryTimeSlot: z.object({ from: isoDateTime, to: isoDateTime }).nullish(),
            })
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
  buyerNote: z.string().max(1000).nullish(),
  buyerInfo: z
    .object({
      email: z.email({ message: 'must be an email address' }).max(254).nullish(),
    })
    .nullish(),
  tipSelection: tipSelectionInput.nullish(),
});
export type CheckoutInfoInput = z.infer<typeof checkoutInfoInput>;

/** A catalog line; elevated callers may also override catalog values and the payment option. */
export const checkoutLineItemInput = catalogLineItemInput.extend({
  catalogOverrideFields: catalogOverrideFieldsInput
    .extend({ paymentOption: z.object({ value: checkoutPaymentOption.nullish() }).nullish() })
    .nullish(),
});
export type CheckoutLineItemInput = z.infer<typeof checkoutLineItemInput>;

/** A line that is not in the catalog (elevated callers only). */
export const checkoutCustomLineItemInput = customLineItemInput.extend({
  paymentOption: checkoutPaymentOption.nullish(),
});
export type CheckoutCustomLineItemInput = z.infer<typeof checkoutCustomLineItemInput>;

const overrideCheckoutUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^https?:\/\/[^\s]+$/, 'must be an http or https URL');

export const createCheckoutRequest = z.object({
  checkoutInfo: checkoutInfoInput.nullish(),
  couponCode: z.string().max(100).nullish(),
  lineItems: z.array(checkoutLineItemInput).max(MAX_CART_LINES).nullish(),
  customLineItems: z.array(checkoutCustomLineItemInput).max(MAX_CART_LINES).nullish(),
  /** `UNSPECIFIED` is not a channel; absent means WEB. */
  channelType: channelType.nullish(),
  giftCardCode: z.string().max(100).nullish(),
  overrideCheckoutUrl: overrideCheckoutUrl.nullish(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequest>;

export const updateCheckoutRequest = z.object({
  checkout: checkoutInfoInput,
  couponCode: z.string().max(100).nullish(),
  giftCardCode: z.string().max(100).nullish(),
  overrideCheckoutUrl: overrideCheckoutUrl.nullish(),
  lineItems: z.array(checkoutLineItemInput).max(MAX_CART_LINES).nullish(),
  customLineItems: z.array(checkoutCustomLineItemInput).max(MAX_CART_LINES).nullish(),
});
export type UpdateCheckoutRequest = z.infer<typeof updateCheckoutRequest>;

export const addToCheckoutRequest = z
  .object({
    lineItems: z.array(checkoutLineItemInput).max(100).nullish(),
    customLineItems: z.array(checkoutCustomLineItemInput).max(100).nullish(),
  })
  .superRefine((value, ctx) => {
    if ((value.lineItems?.length ?? 0) + (value.customLineItems?.length ?? 0) > 0) return;
    ctx.addIssue({
      code: 'invalid_type',
      expected: 'array',
      input: undefined,
      path: ['lineItems'],
      message: 'at least one line item or custom line item is required',
    });
  });
export type AddToCheckoutRequest = z.infer<typeof addToCheckoutRequest>;

export const removeCheckoutLineItemsRequest = removeLineItemsRequest;

export const updateCheckoutLineItemsQuantityRequest = z.object({
  lineItems: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        quantity: z
          .number()
          .min(1)
          .max(MAX_LINE_QUANTITY)
          .refine((n) => Number.isInteger(n), 'must be a whole number'),
      }),
    )
    .min(1)
    .max(100),
});

/** The current cart's `create-checkout` (WIRE.md 5.1). */
export const createCheckoutFromCartRequest = z.object({
  channelType: channelType.nullish(),
  email: z.email({ message: 'must be an email address' }).max(254).nullish(),
  shippingAddress: cartAddressInput.nullish(),
  billingAddress: cartAddressInput.nullish(),
  selectedShippingOption: z
    .object({ code: z.string().trim().min(1).max(100), carrierId: z.string().max(100).nullish() })
    .nullish(),
});
export type CreateCheckoutFromCartRequest = z.infer<typeof createCheckoutFromCartRequest>;

// ---------- responses ----------

const totals = estimateTotalsResponse.shape;
const wireRecord = z.record(z.string(), z.unknown());

export const checkoutLineItem = cartLineItem.omit({ image: true, paymentOption: true }).extend({
  media: cartLineItem.shape.image,
  paymentOption: checkoutPaymentOption,
  totalPriceAfterTax: ecomPrice,
  totalPriceBeforeTax: ecomPrice,
  taxDetails: wireRecord,
  discount: ecomPrice,
});
export type CheckoutLineItem = z.infer<typeof checkoutLineItem>;

const addressWithContact = z.object({ address: wireRecord.optional(), contactDetails: wireRecord.optional() });
const identityOf = z.object({
  visitorId: z.string().optional(),
  memberId: z.string().optional(),
  userId: z.string().optional(),
});

export const checkout = z.object({
  id: z.string(),
  lineItems: z.array(checkoutLineItem),
  billingInfo: addressWithContact.optional(),
  shippingInfo: totals.shippingInfo.extend({ shippingDestination: addressWithContact.optional() }),
  buyerNote: z.string().optional(),
  buyerInfo: identityOf.extend({ email: z.string().optional(), contactId: z.string().optional() }),
  conversionCurrency: z.string(),
  priceSummary: totals.priceSummary.extend({ tip: ecomPrice.optional() }),
  calculationErrors: totals.calculationErrors,
  appliedDiscounts: totals.appliedDiscounts,
  customFields: z.array(wireRecord),
  weightUnit: z.enum(['KG', 'LB']),
  taxSummary: totals.taxSummary,
  currency: z.string(),
  channelType,
  siteLanguage: z.string(),
  buyerLanguage: z.string(),
  completed: z.boolean(),
  taxIncludedInPrice: z.boolean(),
  createdBy: identityOf,
  createdDate: z.string(),
  updatedDate: z.string(),
  payNow: wireRecord,
  payLater: wireRecord,
  membershipOptions: z.object({
    eligibleMemberships: z.array(z.unknown()),
    invalidMemberships: z.array(z.unknown()),
    selectedMemberships: z.object({ memberships: z.array(z.unknown()) }),
  }),
  additionalFees: totals.additionalFees,
  cartId: z.string().optional(),
  violations: totals.violations,
  paymentCurrency: z.string(),
  purchaseFlowId: z.string(),
  /** Merx: the tip the buyer chose (the client's checkout has no tip field). */
  tipSelection: z.object({ presetIndex: z.number().optional(), customAmount: z.string().optional() }).optional(),
  /** Merx: the tips the buyer may choose from and what each would be on this checkout; absent without tips. */
  tipOptions: z
    .object({
      tipType: z.enum(['PERCENTAGE', 'AMOUNT']),
      allowCustomAmount: z.boolean(),
      presets: z.array(
        z.object({
          presetIndex: z.number().int(),
          percentage: z.number().optional(),
          default: z.boolean(),
          amount: ecomPrice,
        }),
      ),
    })
    .optional(),
  overrideCheckoutUrl: z.string().optional(),
  revision: z.string(),
});
export type Checkout = z.infer<typeof checkout>;

export const checkoutResponse = z.object({ checkout });
export const checkoutUrlResponse = z.object({ checkoutUrl: z.string() });
export const createCheckoutFromCartResponse = z.object({ checkoutId: z.string() });
