/** fast-check generators of arbitrary purchases for the totals property tests. */
import fc from 'fast-check';
import type { ManualAdditionalFee, ShippingOption, TaxRegion, TaxSettings, TipSettings } from './store-types.js';
import { NOW } from './test-factories.js';
import type {
  Coupon,
  DiscountRule,
  DiscountTrigger,
  DiscountValue,
  ItemScope,
  LineItemType,
  TotalsAddress,
  TotalsInput,
  TotalsLineItem,
} from './types.js';

const PRODUCTS = ['p1', 'p2', 'p3', 'p4'];
const COLLECTIONS = ['c1', 'c2', 'c3'];
const COUNTRIES = ['US', 'CA', 'JP'];
const SUBDIVISIONS = ['NY', 'US-NJ', 'ON', 'ENG'];
const TAX_GROUPS = ['food', 'clothing'];
const INSTANTS = ['2020-01-01T00:00:00Z', NOW, '2030-01-01T00:00:00Z'];

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Absent three times out of four, so the rarer settings do not starve the rest. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
const amount = (max = 200_000) => fc.integer({ min: 0, max });
/** A decimal with at most `places` decimals, as the wire would carry it. */
const decimal = (max: number, places: number) =>
  fc.integer({ min: 0, max: max * 10 ** places }).map((n) => n / 10 ** places);

const scope: fc.Arbitrary<ItemScope> = fc.record({
  catalogItemIds: fc.subarray(PRODUCTS),
  collectionIds: fc.subarray(COLLECTIONS),
});

const address: fc.Arbitrary<TotalsAddress> = fc.record({
  country: fc.constantFrom(...COUNTRIES),
  subdivision: opt(fc.constantFrom(...SUBDIVISIONS)),
});

const lineBody = fc.record({
  catalogItemId: fc.constantFrom(...PRODUCTS),
  collectionIds: fc.subarray(COLLECTIONS),
  quantity: fc.integer({ min: 0, max: 20 }),
  price: amount(),
  fullPrice: opt(amount()),
  itemType: fc.constantFrom<LineItemType>('PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'),
  weight: opt(decimal(10, 3)),
  shippable: opt(fc.boolean()),
  taxExempt: opt(fc.boolean()),
  taxGroupId: opt(fc.constantFrom(...TAX_GROUPS)),
  additionalFees: fc.array(
    fc.record({
      code: fc.constantFrom('wrap', 'care'),
      name: fc.constant('Item fee'),
      chargeType: fc.constantFrom('HANDLING_FEE' as const, 'INSURANCE' as const),
      price: amount(5_000),
      taxable: fc.boolean(),
    }),
    { maxLength: 1 },
  ),
  availability: opt(
    fc.record({
      status: fc.constantFrom(
        'AVAILABLE' as const,
        'NOT_FOUND' as const,
        'NOT_AVAILABLE' as const,
        'PARTIALLY_AVAILABLE' as const,
      ),
      quantityAvailable: opt(fc.integer({ min: 0, max: 5 })),
    }),
  ),
});

/** Lines with unique ids whose sort order differs from their position. */
const lines: fc.Arbitrary<TotalsLineItem[]> = fc
  .uniqueArray(fc.stringMatching(/^[a-z0-9]{1,4}$/), { maxLength: 8 })
  .chain((ids) => fc.tuple(...ids.map((id) => lineBody.map((body): TotalsLineItem => ({ id, ...body })))));

const discountValue: fc.Arbitrary<DiscountValue> = fc
  .oneof(
    fc.record({ discountType: fc.constant('PERCENTAGE' as const), percentage: decimal(100, 2) }),
    fc.record({ discountType: fc.constant('FIXED_AMOUNT' as const), fixedAmount: amount(100_000) }),
    fc.record({ discountType: fc.constant('FIXED_PRICE' as const), fixedPrice: amount(100_000) }),
  )
  .chain((value) =>
    fc
      .record({
        targetType: fc.constantFrom('GLOBAL' as const, 'SPECIFIC_ITEMS' as const, 'SHIPPING' as const),
        specificItemsInfo: opt(fc.record({ scopes: fc.array(scope, { maxLength: 2 }) })),
      })
      .map((target) => ({ ...value, ...target })),
  );

const range = (max: number) =>
  fc.record({ scopes: rarely(fc.array(scope, { maxLength: 1 })), from: opt(amount(max)), to: rarely(amount(max * 4)) });
const leaf: fc.Arbitrary<DiscountTrigger> = fc.oneof(
  range(50_000).map((subtotalRange) => ({ triggerType: 'SUBTOTAL_RANGE' as const, subtotalRange })),
  range(10).map((itemQuantityRange) => ({ triggerType: 'ITEM_QUANTITY_RANGE' as const, itemQuantityRange })),
  fc.constantFrom('vip', 'first-order').map((id) => ({ triggerType: 'CUSTOM' as const, customTrigger: { id } })),
);
const trigger: fc.Memo<DiscountTrigger> = fc.memo((depth) =>
  depth <= 1
    ? leaf
    : fc.oneof(
        leaf,
        fc
          .array(trigger(depth - 1), { maxLength: 3 })
          .map((triggers) => ({ triggerType: 'AND' as const, and: { triggers } })),
        fc
          .array(trigger(depth - 1), { maxLength: 3 })
          .map((triggers) => ({ triggerType: 'OR' as const, or: { triggers } })),
      ),
);

const rules: fc.Arbitrary<DiscountRule[]> = fc
  .array(
    fc.record({
      active: rarely(fc.boolean()),
      trigger: rarely(trigger(3)),
      activeTimeInfo: rarely(
        fc.record({ start: opt(fc.constantFrom(...INSTANTS)), end: opt(fc.constantFrom(...INSTANTS)) }),
      ),
      discounts: fc.record({ values: fc.array(discountValue, { minLength: 1, maxLength: 2 }) }),
    }),
    { maxLength: 4 },
  )
  .map((bodies) => bodies.map((body, i) => ({ id: `rule-${i}`, name: `Rule ${i}`, ...body })));

const coupon: fc.Arbitrary<Coupon> = fc.record({
  id: fc.constant('coupon-1'),
  code: fc.constant('CODE'),
  active: rarely(fc.boolean()),
  discount: discountValue,
  minimumSubtotal: rarely(amount(300_000)),
  startTime: rarely(fc.constantFrom(...INSTANTS)),
  expirationTime: rarely(fc.constantFrom(...INSTANTS)),
});

const rateCondition = fc
  .oneof(
    fc.record({ type: fc.constant('BY_TOTAL_WEIGHT' as const), value: decimal(50, 3) }),
    fc.record({ type: fc.constant('BY_TOTAL_PRICE' as const), value: amount(500_000) }),
    fc.record({ type: fc.constant('BY_TOTAL_QUANTITY' as const), value: fc.integer({ min: 0, max: 40 }) }),
  )
  .chain((c) =>
    fc
      .constantFrom('EQ' as const, 'GT' as const, 'GTE' as const, 'LT' as const, 'LTE' as const)
      .map((operator) => ({ ...c, operator })),
  );

const shippingOptions: fc.Arbitrary<ShippingOption[]> = fc
  .array(
    fc.record({
      deliveryRegions: rarely(
        fc.array(
          fc.record({
            destinations: fc.array(
              fc.record({ country: fc.constantFrom(...COUNTRIES), subdivisions: opt(fc.subarray(SUBDIVISIONS)) }),
              { minLength: 1, maxLength: 2 },
            ),
          }),
          { maxLength: 2 },
        ),
      ),
      rates: fc.array(
        fc.record({
          amount: amount(50_000),
          conditions: rarely(fc.array(rateCondition, { maxLength: 2 })),
          multiplyByQuantity: rarely(fc.boolean()),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      weightUnit: opt(fc.constantFrom('KG' as const, 'LB' as const)),
      freeShippingThreshold: rarely(amount(300_000)),
      pickup: rarely(
        fc.record({ pickupMethod: fc.constantFrom('STORE_PICKUP' as const, 'PICKUP_POINT' as const), address }),
      ),
      deliveryTimeSlots: opt(fc.constant([{ from: '2025-06-03T09:00:00.000Z', to: '2025-06-03T12:00:00.000Z' }])),
    }),
    { maxLength: 4 },
  )
  .map((bodies) => bodies.map((body, i) => ({ code: `opt-${i}`, title: `Option ${i}`, ...body })));

const taxRegion: fc.Arbitrary<TaxRegion> = fc.record({
  country: fc.constantFrom(...COUNTRIES),
  subdivision: rarely(fc.constantFrom('*', ...SUBDIVISIONS)),
  jurisdictions: fc.array(
    fc.record({
      jurisdiction: fc.constantFrom('Country', 'State', 'City'),
      jurisdictionType: fc.constantFrom('COUNTRY' as const, 'STATE' as const, 'CITY' as const, 'SPECIAL' as const),
      rate: decimal(0.3, 6),
      taxGroupRates: rarely(fc.dictionary(fc.constantFrom(...TAX_GROUPS), decimal(0.3, 6), { maxKeys: 2 })),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const tax: fc.Arbitrary<TaxSettings> = fc.record({
  taxIncludedInPrice: fc.boolean(),
  taxableAddressType: fc.constantFrom('BUSINESS' as const, 'BILLING' as const, 'SHIPPING' as const),
  taxShipping: fc.boolean(),
  regions: fc.array(taxRegion, { minLength: 1, maxLength: 3 }),
});

const tipSettings: fc.Arbitrary<TipSettings> = fc.record({
  allowCustomerTip: rarely(fc.boolean()),
  tipType: fc.constantFrom('PERCENTAGE' as const, 'AMOUNT' as const),
  presets: fc.array(fc.record({ value: decimal(30, 2) }), { maxLength: 3 }),
  allowCustomAmount: fc.boolean(),
});

const manualFees: fc.Arbitrary<ManualAdditionalFee[]> = fc.array(
  fc.record({
    code: fc.constantFrom('handling', 'insurance'),
    name: fc.constant('Fee'),
    chargeType: fc.constantFrom('HANDLING_FEE' as const, 'INSURANCE' as const),
    price: amount(10_000),
    taxable: fc.boolean(),
  }),
  { maxLength: 2 },
);

/** Any purchase: lines, rules, coupon, shipping, tax, tip and fees, in a 0-, 2- or 3-digit currency. */
export const totalsInput: fc.Arbitrary<TotalsInput> = fc.record({
  currency: fc.constantFrom('JPY', 'USD', 'KWD'),
  now: fc.constant(NOW),
  weightUnit: opt(fc.constantFrom('KG' as const, 'LB' as const)),
  lineItems: lines,
  discountRules: rules,
  metCustomTriggerIds: fc.subarray(['vip', 'first-order']),
  coupon: opt(coupon),
  shippingAddress: opt(address),
  billingAddress: opt(address),
  businessAddress: opt(address),
  shippingOptions,
  selectedShippingOption: opt(
    fc.record({
      code: fc.constantFrom('opt-0', 'opt-1', 'opt-2', 'opt-5'),
      deliveryTimeSlot: opt(fc.constant({ from: '2025-06-03T09:00:00Z', to: '2025-06-03T12:00:00Z' })),
    }),
  ),
  tax: opt(tax),
  tipSettings: opt(tipSettings),
  selectedTip: opt(
    fc.oneof(
      fc.record({ presetIndex: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ customAmount: fc.integer({ min: -100, max: 100_000 }) }),
    ),
  ),
  additionalFees: manualFees,
  calculateShipping: rarely(fc.boolean()),
  calculateTax: rarely(fc.boolean()),
});
