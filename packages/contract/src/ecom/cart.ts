import { z } from 'zod';
import { STORES_APP_ID } from '../stores/catalog-v1.js';
import { isoCountryCode, nonNegativeDecimal } from './shipping.js';

/*
 * The current cart (`/ecom/v1/carts/current`, WIRE.md 5.1 and Appendix A `ecom_current-cart`) as the public
 * client sends and reads it, and staff reads of any cart. Money is a decimal string inside Price objects on the
 * wire, integer minor units of the store currency inside.
 */

/** Event names as the client's `onCartCreated|Updated|Deleted` subscribe to them. */
export const cartEventTypes = {
  created: 'wix.ecom.v1.cart_created',
  updated: 'wix.ecom.v1.cart_updated',
  deleted: 'wix.ecom.v1.cart_deleted',
} as const;

export const cartErrorCodes = {
  /** The caller has no current cart (WIRE.md 5.1 server rule). */
  ownedCartNotFound: 'OWNED_CART_NOT_FOUND',
  cartNotFound: 'CART_NOT_FOUND',
  lineItemNotFound: 'LINE_ITEM_NOT_FOUND',
  tooManyLineItems: 'TOO_MANY_LINE_ITEMS',
  itemOutOfStock: 'ITEM_OUT_OF_STOCK',
  insufficientStock: 'INSUFFICIENT_STOCK',
  /** The lines are worth more together than one purchase can hold (prices times quantities past 2^53 minor units). */
  amountTooLarge: 'AMOUNT_TOO_LARGE',
} as const;

/** At most this many lines in one cart, and this many units on one line (the client's own limits). */
export const MAX_CART_LINES = 300;
export const MAX_LINE_QUANTITY = 100_000;

// ---------- shared pieces ----------

const lineQuantity = z
  .number()
  .min(1)
  .max(MAX_LINE_QUANTITY)
  .refine((n) => Number.isInteger(n), 'must be a whole number');
const translatable = (max: number) =>
  z.object({
    original: z.string().trim().min(1).max(max),
    translated: z
      .string()
      .max(max * 2)
      .nullish(),
  });
const lineId = z.string().min(1).max(100);

/** A Wix Stores catalog reference: the product and its variant, by id or by option choices (`{"Size": "M"}`). */
export const catalogReferenceInput = z.object({
  appId: z.string().refine((id) => id === STORES_APP_ID, `must be the Wix Stores app id ${STORES_APP_ID}`),
  catalogItemId: z.string().min(1).max(36),
  options: z
    .looseObject({
      variantId: z.string().min(1).max(100).nullish(),
      options: z.record(z.string().min(1).max(100), z.string().max(200)).nullish(),
      customTextFields: z.record(z.string().min(1).max(100), z.string().max(500)).nullish(),
    })
    .nullish(),
});
export type CatalogReferenceInput = z.infer<typeof catalogReferenceInput>;

/** An image as the wire carries it (the SDK turns `wix:image://` strings into this object). */
export const cartImageInput = z.object({
  id: z.string().max(500).nullish(),
  url: z.string().max(2000).nullish(),
  width: z.number().min(0).nullish(),
  height: z.number().min(0).nullish(),
  altText: z.string().max(500).nullish(),
  filename: z.string().max(500).nullish(),
});

export const cartPhysicalPropertiesInput = z.object({
  weight: z.number().min(0).max(1_000_000).nullish(),
  sku: z.string().max(40).nullish(),
  shippable: z.boolean().nullish(),
});

export const cartDescriptionLineInput = z.object({
  name: translatable(100).nullish(),
  plainText: translatable(600).nullish(),
  colorInfo: z
    .object({
      original: z.string().max(500),
      translated: z.string().max(500).nullish(),
      code: z.string().max(50).nullish(),
    })
    .nullish(),
  lineType: z.enum(['UNRECOGNISED', 'PLAIN_TEXT', 'COLOR']).nullish(),
});

/** What an elevated caller may set over the catalog's values for one line. */
export const catalogOverrideFieldsInput = z.object({
  productName: translatable(200).nullish(),
  price: nonNegativeDecimal(3).nullish(),
  fullPrice: nonNegativeDecimal(3).nullish(),
  descriptionLines: z.array(cartDescriptionLineInput).max(20).nullish(),
  physicalProperties: cartPhysicalPropertiesInput.nullish(),
  image: cartImageInput.nullish(),
});
export type CatalogOverrideFieldsInput = z.infer<typeof catalogOverrideFieldsInput>;

/** A line item from the catalog. */
export const catalogLineItemInput = z.object({
  catalogReference: catalogReferenceInput,
  quantity: lineQuantity,
  catalogOverrideFields: catalogOverrideFieldsInput.nullish(),
});
export type CatalogLineItemInput = z.infer<typeof catalogLineItemInput>;

export const lineItemTypePreset = z.enum(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE']);
export type LineItemTypePreset = z.infer<typeof lineItemTypePreset>;

/** A line item that is not in the catalog (elevated callers only): everything about it is given here. */
export const customLineItemInput = z.object({
  quantity: lineQuantity,
  price: nonNegativeDecimal(3),
  fullPrice: nonNegativeDecimal(3).nullish(),
  productName: translatable(200),
  itemType: z.object({ preset: lineItemTypePreset.nullish(), custom: z.string().min(1).max(100).nullish() }).nullish(),
  media: cartImageInput.nullish(),
  url: z.object({ relativePath: z.string().max(2000).nullish(), url: z.string().max(2000).nullish() }).nullish(),
  physicalProperties: cartPhysicalPropertiesInput.nullish(),
  descriptionLines: z.array(cartDescriptionLineInput).max(10).nullish(),
  quantityAvailable: z.number().int().min(0).max(MAX_LINE_QUANTITY).nullish(),
  priceDescription: translatable(100).nullish(),
  taxGroupId: z.string().max(100).nullish(),
  catalogReference: z
    .object({
      appId: z.string().min(1).max(100),
      catalogItemId: z.string().min(1).max(36),
      options: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});
export type CustomLineItemInput = z.infer<typeof customLineItemInput>;

/** An address in wire names (`addressLine`, `geocode`); the SDK renames its own (WIRE.md 0.8). */
export const cartAddressInput = z.object({
  country: isoCountryCode.nullish(),
  subdivision: z
    .string()
    .regex(/^([A-Z]{2}-)?[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 subdivision code such as "CA" or "US-CA"')
    .nullish(),
  city: z.string().trim().max(50).nullish(),
  postalCode: z.string().trim().max(50).nullish(),
  addressLine: z.string().trim().max(150).nullish(),
  addressLine2: z.string().trim().max(100).nullish(),
  streetAddress: z
    .object({ number: z.string().trim().max(20).nullish(), name: z.string().trim().max(150).nullish() })
    .nullish(),
  geocode: z
    .object({ latitude: z.number().min(-90).max(90).nullish(), longitude: z.number().min(-180).max(180).nullish() })
    .nullish(),
  formattedAddress: z.string().trim().max(500).nullish(),
});
export type CartAddressInput = z.infer<typeof cartAddressInput>;

export const contactDetailsInput = z.object({
  firstName: z.string().trim().max(100).nullish(),
  lastName: z.string().trim().max(100).nullish(),
  phone: z.string().trim().max(50).nullish(),
  company: z.string().trim().max(1000).nullish(),
});

function atLeastOneLine(
  value: { lineItems?: unknown[] | null | undefined; customLineItems?: unknown[] | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((value.lineItems?.length ?? 0) + (value.customLineItems?.length ?? 0) > 0) return;
  ctx.addIssue({
    code: 'invalid_type',
    expected: 'array',
    input: undefined,
    path: ['lineItems'],
    message: 'at least one line item or custom line item is required',
  });
}

// ---------- requests ----------

export const addToCartRequest = z
  .object({
    lineItems: z.array(catalogLineItemInput).max(100).nullish(),
    customLineItems: z.array(customLineItemInput).max(100).nullish(),
    businessLocationId: z.string().max(100).nullish(),
  })
  .superRefine(atLeastOneLine);
export type AddToCartRequest = z.infer<typeof addToCartRequest>;

export const updateCartRequest = z.object({
  cartInfo: z
    .object({
      buyerNote: z.string().max(1000).nullish(),
      contactInfo: z
        .object({ address: cartAddressInput.nullish(), contactDetails: contactDetailsInput.nullish() })
        .nullish(),
    })
    .nullish(),
  couponCode: z.string().max(100).nullish(),
  lineItems: z.array(catalogLineItemInput).max(300).nullish(),
  customLineItems: z.array(customLineItemInput).max(300).nullish(),
});
export type UpdateCartRequest = z.infer<typeof updateCartRequest>;

export const removeLineItemsRequest = z.object({ lineItemIds: z.array(lineId).min(1).max(MAX_CART_LINES) });

export const updateLineItemsQuantityRequest = z.object({
  lineItems: z
    .array(z.object({ id: lineId, quantity: lineQuantity }))
    .min(1)
    .max(MAX_CART_LINES),
});

export const estimateTotalsRequest = z.object({
  selectedShippingOption: z
    .object({ code: z.string().min(1).max(100), carrierId: z.string().max(100).nullish() })
    .nullish(),
  shippingAddress: cartAddressInput.nullish(),
  billingAddress: cartAddressInput.nullish(),
  selectedMemberships: z
    .object({
      memberships: z
        .array(z.object({ id: z.string().max(100), appId: z.string().max(100), lineItemIds: z.array(lineId).max(300) }))
        .max(300)
        .nullish(),
    })
    .nullish(),
  calculateTax: z.boolean().nullish(),
  calculateShipping: z.boolean().nullish(),
  calculateAdditionalFees: z.boolean().nullish(),
});
export type EstimateTotalsRequest = z.infer<typeof estimateTotalsRequest>;

// ---------- responses ----------

/** Money as the ecom wire carries it: decimal strings, formatted with the currency. */
export const ecomPrice = z.object({
  amount: z.string(),
  convertedAmount: z.string(),
  formattedAmount: z.string(),
  formattedConvertedAmount: z.string(),
});
export type EcomPrice = z.infer<typeof ecomPrice>;

const translated = z.object({ original: z.string(), translated: z.string().optional() });
const wireImage = z.object({
  id: z.string().optional(),
  url: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  altText: z.string().optional(),
  filename: z.string().optional(),
});
export const lineItemAvailabilityStatus = z.enum(['AVAILABLE', 'NOT_FOUND', 'NOT_AVAILABLE', 'PARTIALLY_AVAILABLE']);

export const cartLineItem = z.object({
  id: z.string(),
  quantity: z.number().int(),
  catalogReference: z
    .object({ appId: z.string(), catalogItemId: z.string(), options: z.record(z.string(), z.unknown()).optional() })
    .optional(),
  productName: translated,
  url: z.object({ relativePath: z.string(), url: z.string() }).optional(),
  price: ecomPrice,
  fullPrice: ecomPrice,
  priceBeforeDiscounts: ecomPrice,
  lineItemPrice: ecomPrice,
  descriptionLines: z.array(z.record(z.string(), z.unknown())),
  image: wireImage.optional(),
  availability: z.object({ status: lineItemAvailabilityStatus, quantityAvailable: z.number().int().optional() }),
  physicalProperties: z.object({
    weight: z.number().optional(),
    sku: z.string().optional(),
    shippable: z.boolean(),
  }),
  itemType: z.object({ preset: lineItemTypePreset.optional(), custom: z.string().optional() }),
  paymentOption: z.literal('FULL_PAYMENT_ONLINE'),
  customLineItem: z.boolean(),
  rootCatalogItemId: z.string().optional(),
  priceDescription: translated.optional(),
  taxGroupId: z.string().optional(),
  catalogOverrideFields: z.record(z.string(), z.unknown()).optional(),
  /** The picked choice modifiers, one group each; their added prices are in `price` already. */
  modifierGroups: z
    .array(
      z.object({
        id: z.string(),
        name: translated,
        modifiers: z.array(
          z.object({ id: z.string(), quantity: z.number().int(), label: translated, price: ecomPrice }),
        ),
      }),
    )
    .optional(),
  modifiersTotalPrice: ecomPrice.optional(),
});
export type CartLineItem = z.infer<typeof cartLineItem>;

const wireAddress = z.record(z.string(), z.unknown());

export const cart = z.object({
  id: z.string(),
  lineItems: z.array(cartLineItem),
  buyerNote: z.string().optional(),
  buyerInfo: z.object({
    visitorId: z.string().optional(),
    memberId: z.string().optional(),
    userId: z.string().optional(),
  }),
  currency: z.string(),
  conversionCurrency: z.string(),
  paymentCurrency: z.string(),
  buyerLanguage: z.string(),
  siteLanguage: z.string(),
  taxIncludedInPrices: z.boolean().optional(),
  weightUnit: z.enum(['KG', 'LB']),
  subtotal: ecomPrice,
  appliedDiscounts: z.array(z.object({ coupon: z.object({ id: z.string(), code: z.string() }) })),
  contactInfo: z.object({ address: wireAddress.optional(), contactDetails: wireAddress.optional() }).optional(),
  createdDate: z.string(),
  updatedDate: z.string(),
  revision: z.string(),
});
export type Cart = z.infer<typeof cart>;

export const cartResponse = z.object({ cart });

const taxDetails = z.object({
  taxableAmount: ecomPrice,
  taxRate: z.string(),
  totalTax: ecomPrice,
  taxBreakdown: z.array(z.record(z.string(), z.unknown())),
});

export const estimateTotalsResponse = z.object({
  cart,
  calculatedLineItems: z.array(
    z.object({
      lineItemId: z.string(),
      paymentOption: z.string(),
      pricesBreakdown: z.object({
        totalPriceAfterTax: ecomPrice,
        totalPriceBeforeTax: ecomPrice,
        taxDetails,
        totalDiscount: ecomPrice,
        price: ecomPrice,
        priceBeforeDiscounts: ecomPrice,
        lineItemPrice: ecomPrice,
        fullPrice: ecomPrice,
      }),
    }),
  ),
  priceSummary: z.object({
    subtotal: ecomPrice,
    shipping: ecomPrice,
    tax: ecomPrice,
    discount: ecomPrice,
    total: ecomPrice,
    additionalFees: ecomPrice,
  }),
  taxSummary: z.object({
    taxableAmount: ecomPrice,
    totalTax: ecomPrice,
    calculationDetails: z.record(z.string(), z.unknown()),
  }),
  shippingInfo: z.object({
    region: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
    selectedCarrierServiceOption: z.record(z.string(), z.unknown()).optional(),
    carrierServiceOptions: z.array(
      z.object({ carrierId: z.string(), shippingOptions: z.array(z.record(z.string(), z.unknown())) }),
    ),
  }),
  appliedDiscounts: z.array(z.record(z.string(), z.unknown())),
  calculationErrors: z.record(z.string(), z.unknown()),
  membershipOptions: z.object({
    eligibleMemberships: z.array(z.unknown()),
    invalidMemberships: z.array(z.unknown()),
    selectedMemberships: z.array(z.unknown()),
  }),
  additionalFees: z.array(z.record(z.string(), z.unknown())),
  violations: z.array(
    z.object({
      severity: z.enum(['WARNING', 'ERROR']),
      target: z.record(z.string(), z.unknown()),
      description: z.string(),
      suggestedFix: z.enum(['REMOVE_LINE_ITEM', 'UNKNOWN_SUGGESTED_FIX']).optional(),
    }),
  ),
  currency: z.string(),
  weightUnit: z.enum(['KG', 'LB']),
  payNow: z.record(z.string(), z.unknown()),
  payLater: z.record(z.string(), z.unknown()),
});
export type EstimateTotalsResponse = z.infer<typeof estimateTotalsResponse>;
