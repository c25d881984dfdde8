// The totals of a cart, checkout or order: one pure function and the helpers its callers need.
export type * from './charge-types.js';
export {
  couponRejection,
  type DiscountRuleStatus,
  discountRuleApplies,
  discountRuleStatus,
  lineInScopes,
  lineInTarget,
} from './discounts.js';
export type * from './result-types.js';
export {
  applicableShippingOptions,
  evaluateShippingOptions,
  quoteShippingOption,
  regionServes,
  type Shipment,
  shippingRate,
} from './shipping.js';
export type * from './store-types.js';
export { findTaxRegion, resolveTaxableAddress, type TaxAddresses } from './tax.js';
export { calculateTip, MAX_TIP_PRESETS } from './tips.js';
export { calculateTotals } from './totals.js';
export type * from './types.js';
