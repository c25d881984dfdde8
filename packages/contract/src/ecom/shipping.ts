import { z } from 'zod';
import { entityId } from '../common.js';

/**
 * Shipping options (`/ecom/v1/shipping-options`, WIRE.md Appendix B `ecom_shipping-options`), tip settings
 * (`/tip-settings/v1/tip-settings`, `ecom_tip-settings`) and Merx's own merchant configuration beside them:
 * delivery regions, tax regions and settings, additional fees (`/_api/merx/v1/…`).
 * Money is a decimal string on the wire (`"12.50"`), integer minor units of the store currency inside.
 */

/** Application error codes of this area (`details.applicationError.code`). */
export const shippingErrorCodes = {
  shippingOptionNotFound: 'SHIPPING_OPTION_NOT_FOUND',
  deliveryRegionNotFound: 'DELIVERY_REGION_NOT_FOUND',
  deliveryRegionInUse: 'DELIVERY_REGION_IN_USE',
  taxRegionNotFound: 'TAX_REGION_NOT_FOUND',
  taxRegionAlreadyExists: 'TAX_REGION_ALREADY_EXISTS',
  tipSettingsNotFound: 'TIP_SETTINGS_NOT_FOUND',
  defaultTipSettingsAlreadyExist: 'DEFAULT_SETTINGS_ALREADY_EXISTS',
  cannotDeleteDefaultTipSettings: 'CANNOT_DELETE_DEFAULT_SETTINGS',
  additionalFeeNotFound: 'ADDITIONAL_FEE_NOT_FOUND',
  concurrentModification: 'CONCURRENT_MODIFICATION',
} as const;

/** Events this area appends to the outbox. */
export const shippingEventTypes = {
  shippingOptionCreated: 'wix.ecom.shipping_options.v1.shipping_option_created',
  shippingOptionUpdated: 'wix.ecom.shipping_options.v1.shipping_option_updated',
  shippingOptionDeleted: 'wix.ecom.shipping_options.v1.shipping_option_deleted',
  deliveryRegionCreated: 'merx.shipping.v1.delivery_region_created',
  deliveryRegionUpdated: 'merx.shipping.v1.delivery_region_updated',
  deliveryRegionDeleted: 'merx.shipping.v1.delivery_region_deleted',
  taxRegionCreated: 'merx.tax.v1.tax_region_created',
  taxRegionUpdated: 'merx.tax.v1.tax_region_updated',
  taxRegionDeleted: 'merx.tax.v1.tax_region_deleted',
  taxSettingsUpdated: 'merx.tax.v1.tax_settings_updated',
  tipSettingsCreated: 'wix.tips.settings.v1.tip_settings_created',
  tipSettingsUpdated: 'wix.tips.settings.v1.tip_settings_updated',
  tipSettingsDeleted: 'wix.tips.settings.v1.tip_settings_deleted',
  additionalFeeCreated: 'merx.ecom.v1.additional_fee_created',
  additionalFeeUpdated: 'merx.ecom.v1.additional_fee_updated',
  additionalFeeDeleted: 'merx.ecom.v1.additional_fee_deleted',
} as const;
export type ShippingEventType = (typeof shippingEventTypes)[keyof typeof shippingEventTypes];

/** Every officially assigned ISO 3166-1 alpha-2 country code. */
export const ISO_COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
    'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
    'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
    'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
    'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
    'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

// ---------- shared values ----------

export const isoCountryCode = z
  .string()
  .refine((c) => ISO_COUNTRY_CODES.has(c), 'must be an ISO 3166-1 alpha-2 country code such as "US"');
/** ISO 3166-2 subdivision code without the country prefix (`CA` for California). */
export const isoSubdivisionCode = z
  .string()
  .regex(/^[A-Z0-9]{1,3}$/, 'must be an ISO 3166-2 subdivision code without the country prefix, such as "CA"');

/** A non-negative decimal string (`"12.50"`) with at most 9 integer digits and `maxScale` decimals. */
export function nonNegativeDecimal(maxScale: number) {
  return z.string().superRefine((text, ctx) => {
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
    if (!m) ctx.addIssue({ code: 'custom', message: 'must be a decimal number such as "12.50"' });
    else if (m[1]) ctx.addIssue({ code: 'custom', message: 'must not be negative' });
    else if ((m[2] as string).replace(/^0+(?=\d)/, '').length > 9)
      ctx.addIssue({ code: 'custom', message: 'must be at most 999999999' });
    else if ((m[3] ?? '').length > maxScale)
      ctx.addIssue({ code: 'custom', message: `must have at most ${maxScale} decimal places` });
  });
}

/** `revision` as the wire sends it (a digit string; a number is accepted too). */
export const wireRevision = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
  z.string().regex(/^\d{1,15}$/, 'must be a revision number such as "3"'),
);

const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date and time' });
const extendedFields = z.object({ namespaces: z.record(z.string(), z.record(z.string(), z.unknown())).optional() });

/** An address on the wire (`addressLine`, not the SDK's `addressLine1`). */
export const storeAddressInput = z.object({
  country: isoCountryCode,
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
});
export type StoreAddressInput = z.infer<typeof storeAddressInput>;
export const storeAddress = z.object({
  country: z.string(),
  subdivision: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
  addressLine: z.string().optional(),
  addressLine2: z.string().optional(),
  streetAddress: z.object({ number: z.string().optional(), name: z.string().optional() }).optional(),
});
export type StoreAddress = z.infer<typeof storeAddress>;

/** Paging answer of the query routes: offset paging counts, cursor paging links pages. */
export const shippingPagingMetadata = z.object({
  count: z.number().int(),
  offset: z.number().int().optional(),
  total: z.number().int().optional(),
  tooManyToCount: z.boolean().optional(),
  hasNext: z.boolean().optional(),
  cursors: z.object({ next: z.string().nullish(), prev: z.string().nullish() }).optional(),
});
export type ShippingPagingMetadata = z.infer<typeof shippingPagingMetadata>;

// ---------- delivery regions (Merx) ----------

export const deliveryDestinationInput = z.object({
  countryCode: isoCountryCode,
  /** Empty or absent: the whole country. */
  subdivisions: z.array(isoSubdivisionCode).max(100).optional(),
});
export const deliveryRegionInput = z.object({
  name: z.string().trim().min(1).max(100),
  destinations: z.array(deliveryDestinationInput).min(1).max(250),
  active: z.boolean().nullish(),
});
export type DeliveryRegionInput = z.infer<typeof deliveryRegionInput>;
export const createDeliveryRegionRequest = z.object({ deliveryRegion: deliveryRegionInput });
export const updateDeliveryRegionRequest = z.object({
  deliveryRegion: deliveryRegionInput
    .partial()
    .extend({ id: z.string().optional(), revision: wireRevision.optional() }),
});
export type DeliveryRegionPatch = z.infer<typeof updateDeliveryRegionRequest>['deliveryRegion'];
export const deliveryRegion = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  name: z.string(),
  destinations: z.array(z.object({ countryCode: z.string(), subdivisions: z.array(z.string()) })),
  active: z.boolean(),
});
export type DeliveryRegion = z.infer<typeof deliveryRegion>;
export const deliveryRegionResponse = z.object({ deliveryRegion });
export const listDeliveryRegionsResponse = z.object({ deliveryRegions: z.array(deliveryRegion) });

// ---------- shipping options ----------

export const shippingConditionType = z.enum(['BY_TOTAL_WEIGHT', 'BY_TOTAL_PRICE', 'BY_TOTAL_QUANTITY']);
export const shippingLogicalOperator = z.enum(['EQ', 'GT', 'GTE', 'LT', 'LTE']);
export const shippingWeightUnit = z.enum(['KG', 'LB']);
export const shippingPickupMethod = z.enum(['STORE_PICKUP', 'PICKUP_POINT']);

export const shippingConditionInput = z.object({
  type: shippingConditionType,
  operator: shippingLogicalOperator,
  value: nonNegativeDecimal(6),
});
export const shippingRateInput = z.object({
  amount: nonNegativeDecimal(3),
  conditions: z.array(shippingConditionInput).max(10).nullish(),
  multiplyByQuantity: z.boolean().nullish(),
});
export const deliveryTimeSlotInput = z.object({ from: isoDateTime, to: isoDateTime }).superRefine((slot, ctx) => {
  if (Date.parse(slot.to) <= Date.parse(slot.from)) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  }
});
export const shippingPickupDetailsInput = z.object({ pickupMethod: shippingPickupMethod, address: storeAddressInput });

export const shippingOptionInput = z.object({
  title: z.string().trim().min(1).max(1000),
  estimatedDeliveryTime: z.string().trim().max(500).nullish(),
  /** Deprecated single region; merged into `deliveryRegionIds`. */
  deliveryRegionId: entityId.nullish(),
  deliveryRegionIds: z.array(entityId).max(50).nullish(),
  rates: z.array(shippingRateInput).min(1).max(50),
  active: z.boolean().nullish(),
  weightUnit: shippingWeightUnit.nullish(),
  freeShippingThreshold: nonNegativeDecimal(3).nullish(),
  pickupDetails: shippingPickupDetailsInput.nullish(),
  instructions: z.string().trim().max(1000).nullish(),
  deliveryTimeSlots: z.array(deliveryTimeSlotInput).max(50).nullish(),
  extendedFields: extendedFields.nullish(),
});
export type ShippingOptionInput = z.infer<typeof shippingOptionInput>;
export const createShippingOptionRequest = z.object({ shippingOption: shippingOptionInput });
export const updateShippingOptionRequest = z.object({
  shippingOption: shippingOptionInput.partial().extend({ id: z.string().optional(), revision: wireRevision }),
});
export type ShippingOptionPatch = z.infer<typeof updateShippingOptionRequest>['shippingOption'];
export const deliveryRegionChangeRequest = z.object({
  deliveryRegionId: entityId,
  revision: wireRevision.nullish(),
});
export const updateShippingOptionExtendedFieldsRequest = z.object({
  namespace: z.string().trim().min(1).max(100),
  namespaceData: z.record(z.string(), z.unknown()),
});

export const shippingOption = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  deliveryRegionId: z.string().optional(),
  deliveryRegionIds: z.array(z.string()),
  title: z.string(),
  estimatedDeliveryTime: z.string().optional(),
  rates: z.array(
    z.object({
      amount: z.string(),
      conditions: z.array(
        z.object({ type: shippingConditionType, operator: shippingLogicalOperator, value: z.string() }),
      ),
      multiplyByQuantity: z.boolean(),
    }),
  ),
  active: z.boolean(),
  weightUnit: shippingWeightUnit,
  freeShippingThreshold: z.string().optional(),
  pickupDetails: z.object({ pickupMethod: shippingPickupMethod, address: storeAddress }).optional(),
  instructions: z.string().optional(),
  deliveryTimeSlots: z.array(z.object({ from: z.string(), to: z.string() })),
  extendedFields: z.object({ namespaces: z.record(z.string(), z.record(z.string(), z.unknown())) }),
});
export type ShippingOption = z.infer<typeof shippingOption>;
export const shippingOptionResponse = z.object({ shippingOption });
export const queryShippingOptionsResponse = z.object({
  shippingOptions: z.array(shippingOption),
  pagingMetadata: shippingPagingMetadata,
});

// ---------- tax (Merx) ----------

export const taxJurisdictionType = z.enum(['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL']);
export const taxRateType = z.enum(['MANUAL_RATE', 'NO_TAX_COLLECTED']);
export const taxableAddressKind = z.enum(['BUSINESS', 'BILLING', 'SHIPPING']);

export const taxJurisdictionInput = z.object({
  name: z.string().trim().min(1).max(200),
  type: taxJurisdictionType,
  /** A decimal fraction: `"0.0825"` is 8.25 %. */
  rate: nonNegativeDecimal(6).refine((r) => !(Number(r) > 1), 'must be at most 1 (a fraction: "0.0825" is 8.25 %)'),
});
export const taxRegionInput = z.object({
  country: isoCountryCode,
  /** Absent, empty or `*`: the whole country. */
  subdivision: z.union([isoSubdivisionCode, z.literal(''), z.literal('*')]).nullish(),
  rateType: taxRateType,
  jurisdictions: z.array(taxJurisdictionInput).max(10).nullish(),
  shippingTaxable: z.boolean().nullish(),
});
export type TaxRegionInput = z.infer<typeof taxRegionInput>;
export const createTaxRegionRequest = z.object({ taxRegion: taxRegionInput });
export const updateTaxRegionRequest = z.object({
  taxRegion: taxRegionInput.partial().extend({ id: z.string().optional(), revision: wireRevision.optional() }),
});
export type TaxRegionPatch = z.infer<typeof updateTaxRegionRequest>['taxRegion'];
export const taxRegion = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  country: z.string(),
  subdivision: z.string().optional(),
  rateType: taxRateType,
  jurisdictions: z.array(z.object({ name: z.string(), type: taxJurisdictionType, rate: z.string() })),
  shippingTaxable: z.boolean(),
});
export type TaxRegion = z.infer<typeof taxRegion>;
export const taxRegionResponse = z.object({ taxRegion });
export const listTaxRegionsResponse = z.object({ taxRegions: z.array(taxRegion) });

export const updateTaxSettingsRequest = z.object({
  taxSettings: z.object({
    taxableAddress: taxableAddressKind.nullish(),
    taxIncludedInItemPrices: z.boolean().nullish(),
    businessAddress: storeAddressInput.nullish(),
    revision: wireRevision.optional(),
  }),
});
export type TaxSettingsPatch = z.infer<typeof updateTaxSettingsRequest>['taxSettings'];
export const taxSettings = z.object({
  taxableAddress: taxableAddressKind,
  taxIncludedInItemPrices: z.boolean(),
  businessAddress: storeAddress.optional(),
  /** `"0"` until the settings are first saved. */
  revision: z.string(),
  createdDate: z.string().optional(),
  updatedDate: z.string().optional(),
});
export type TaxSettings = z.infer<typeof taxSettings>;
export const taxSettingsResponse = z.object({ taxSettings });

// ---------- tip settings ----------

export const tipPresetType = z.enum(['PERCENTAGE', 'AMOUNT']);
export const staffDistributionMethod = z.enum(['UNKNOWN_SPLIT_METHOD', 'EQUAL', 'PROPORTIONAL']);
/** `value` is a percentage (15 = 15 %) or an amount in the store currency (5 = 5.00), as `tipType` says. */
export const tipPresetInput = z.object({ value: z.number().min(0).max(999_999_999), default: z.boolean().nullish() });
export const tipSettingsInput = z.object({
  tipType: tipPresetType.nullish(),
  presets: z.array(tipPresetInput).min(1).max(3),
  allowCustomerTip: z.boolean().nullish(),
  allowBusinessTipAtPayment: z.boolean().nullish(),
  allowCustomAmount: z.boolean().nullish(),
  allowEditDistribution: z.boolean().nullish(),
  staffDistributionMethod: staffDistributionMethod.nullish(),
  locationId: z.string().trim().min(1).max(100).nullish(),
  paymentTerminalId: z.string().trim().min(1).max(30).nullish(),
  userId: z.string().trim().min(1).max(100).nullish(),
  appId: z.string().trim().min(1).max(100).nullish(),
  /** Read-only: only create-default makes default settings. */
  default: z.boolean().nullish(),
  extendedFields: extendedFields.nullish(),
});
export type TipSettingsInput = z.infer<typeof tipSettingsInput>;
export const createTipSettingsRequest = z.object({ tipSettings: tipSettingsInput });
export const updateTipSettingsRequest = z.object({
  tipSettings: tipSettingsInput.partial().extend({ id: z.string().min(1).max(100), revision: wireRevision.optional() }),
});
export type TipSettingsPatch = z.infer<typeof updateTipSettingsRequest>['tipSettings'];
export const tipSettings = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  tipType: tipPresetType,
  presets: z.array(z.object({ value: z.number(), default: z.boolean() })),
  allowCustomerTip: z.boolean(),
  allowBusinessTipAtPayment: z.boolean(),
  allowCustomAmount: z.boolean(),
  allowEditDistribution: z.boolean(),
  staffDistributionMethod,
  default: z.boolean(),
  locationId: z.string().optional(),
  paymentTerminalId: z.string().optional(),
  userId: z.string().optional(),
  appId: z.string().optional(),
  extendedFields: z.object({ namespaces: z.record(z.string(), z.record(z.string(), z.unknown())) }),
});
export type TipSettings = z.infer<typeof tipSettings>;
export const tipSettingsResponse = z.object({ tipSettings });
export const queryTipSettingsResponse = z.object({
  tipSettings: z.array(tipSettings),
  pagingMetadata: shippingPagingMetadata,
});

// ---------- additional fees (Merx) ----------

export const storeAdditionalFeeType = z.enum(['HANDLING_FEE', 'INSURANCE']);
/** Fees kept here are set by the merchant (`MANUAL`); `ITEM` fees come with line items. */
export const storeAdditionalFeeSource = z.enum(['MANUAL']);
export const storeAdditionalFeeInput = z.object({
  type: storeAdditionalFeeType,
  name: z.string().trim().min(1).max(50),
  amount: nonNegativeDecimal(3),
  taxable: z.boolean().nullish(),
  active: z.boolean().nullish(),
  source: storeAdditionalFeeSource.nullish(),
});
export type StoreAdditionalFeeInput = z.infer<typeof storeAdditionalFeeInput>;
export const createStoreAdditionalFeeRequest = z.object({ additionalFee: storeAdditionalFeeInput });
export const updateStoreAdditionalFeeRequest = z.object({
  additionalFee: storeAdditionalFeeInput
    .partial()
    .extend({ id: z.string().optional(), revision: wireRevision.optional() }),
});
export type StoreAdditionalFeePatch = z.infer<typeof updateStoreAdditionalFeeRequest>['additionalFee'];
export const storeAdditionalFee = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  type: storeAdditionalFeeType,
  name: z.string(),
  amount: z.string(),
  taxable: z.boolean(),
  active: z.boolean(),
  source: storeAdditionalFeeSource,
});
export type StoreAdditionalFee = z.infer<typeof storeAdditionalFee>;
export const storeAdditionalFeeResponse = z.object({ additionalFee: storeAdditionalFee });
export const listStoreAdditionalFeesResponse = z.object({ additionalFees: z.array(storeAdditionalFee) });
