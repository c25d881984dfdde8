import { describe, expect, it } from 'vitest';
import { discountRuleApplies, discountRuleStatus } from './discounts.js';
import {
  amountOff,
  coupon,
  fixedPrice,
  flatShipping,
  line,
  NEW_YORK,
  NOW,
  percentOff,
  purchase,
  rule,
} from './test-factories.js';
import { calculateTotals } from './totals.js';
import type { DiscountTrigger } from './types.js';

const subtotalFrom = (from: number, to?: number): DiscountTrigger => ({
  triggerType: 'SUBTOTAL_RANGE',
  subtotalRange: { from, ...(to !== undefined ? { to } : {}) },
});
const quantityFrom = (from: number): DiscountTrigger => ({
  triggerType: 'ITEM_QUANTITY_RANGE',
  itemQuantityRange: { from },
});

describe('discountRuleStatus', () => {
  const window = { activeTimeInfo: { start: '2025-06-01T00:00:00Z', end: '2025-07-01T00:00:00Z' } };

  it('is PENDING before the start, LIVE from the start and EXPIRED from the end', () => {
    expect(discountRuleStatus(window, '2025-05-31T23:59:59Z')).toBe('PENDING');
    expect(discountRuleStatus(window, '2025-06-01T00:00:00Z')).toBe('LIVE');
    expect(discountRuleStatus(window, new Date('2025-06-30T23:59:59Z'))).toBe('LIVE');
    expect(discountRuleStatus(window, '2025-07-01T00:00:00Z')).toBe('EXPIRED');
  });

  it('is LIVE at any time without a window, and with only one bound it is open on the other side', () => {
    expect(discountRuleStatus({}, NOW)).toBe('LIVE');
    expect(discountRuleStatus({ activeTimeInfo: { end: '2030-01-01T00:00:00Z' } }, NOW)).toBe('LIVE');
    expect(discountRuleStatus({ activeTimeInfo: { start: '2030-01-01T00:00:00Z' } }, NOW)).toBe('PENDING');
  });

  it('throws on a date it cannot read', () => {
    expect(() => discountRuleStatus({}, 'not a date')).toThrow(RangeError);
  });
});

describe('discount rule triggers', () => {
  const lines = [line('a', { quantity: 2 }), line('b', { price: 500, collectionIds: ['summer'] })];

  it('holds a subtotal range with both bounds inclusive', () => {
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger: subtotalFrom(2500, 2500) }), lines, NOW)).toBe(
      true,
    );
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger: subtotalFrom(2501) }), lines, NOW)).toBe(false);
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger: subtotalFrom(0, 2499) }), lines, NOW)).toBe(false);
  });

  it('counts only the items in the rule scope', () => {
    const onSummer = percentOff(10, 'SPECIFIC_ITEMS', [{ collectionIds: ['summer'] }]);
    expect(discountRuleApplies(rule('r', onSummer, { trigger: quantityFrom(2) }), lines, NOW)).toBe(false);
    expect(discountRuleApplies(rule('r', onSummer, { trigger: quantityFrom(1) }), lines, NOW)).toBe(true);
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger: quantityFrom(3) }), lines, NOW)).toBe(true);
  });

  it('counts the items of the trigger own scopes when it has some', () => {
    const trigger: DiscountTrigger = {
      triggerType: 'SUBTOTAL_RANGE',
      subtotalRange: { scopes: [{ catalogItemIds: ['product-a'] }], from: 2000, to: 2000 },
    };
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger }), lines, NOW)).toBe(true);
  });

  it('combines triggers with AND and OR', () => {
    const and: DiscountTrigger = { triggerType: 'AND', and: { triggers: [subtotalFrom(1000), quantityFrom(4)] } };
    const or: DiscountTrigger = { triggerType: 'OR', or: { triggers: [subtotalFrom(1000), quantityFrom(4)] } };
    const nested: DiscountTrigger = { triggerType: 'AND', and: { triggers: [or, subtotalFrom(0, 2500)] } };
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger: and }), lines, NOW)).toBe(false);
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger: or }), lines, NOW)).toBe(true);
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger: nested }), lines, NOW)).toBe(true);
  });

  it('holds a custom trigger only when the caller says it is met', () => {
    const trigger: DiscountTrigger = { triggerType: 'CUSTOM', customTrigger: { id: 'first-order' } };
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger }), lines, NOW)).toBe(false);
    expect(discountRuleApplies(rule('r', percentOff(10), { trigger }), lines, NOW, ['first-order'])).toBe(true);
  });

  it('does not apply a rule that is switched off, pending or expired', () => {
    expect(discountRuleApplies(rule('r', percentOff(10), { active: false }), lines, NOW)).toBe(false);
    const pending = { activeTimeInfo: { start: '2026-01-01T00:00:00Z' } };
    const expired = { activeTimeInfo: { end: '2025-01-01T00:00:00Z' } };
    expect(discountRuleApplies(rule('r', percentOff(10), pending), lines, NOW)).toBe(false);
    expect(discountRuleApplies(rule('r', percentOff(10), expired), lines, NOW)).toBe(false);
  });
});

describe('item discounts', () => {
  it('takes a percentage of the scope once and splits it so the shares sum exactly', () => {
    const totals = calculateTotals(
      purchase([line('a', { price: 335 }), line('b', { price: 335 }), line('c', { price: 335 })], {
        discountRules: [rule('r', percentOff(10))],
      }),
    );
    // 10% of 10.05 is 1.005 → 1.01 (per-line rounding would give 3 × 0.34 = 1.02); the spare cents go to a, b.
    expect(totals.appliedDiscounts[0]?.amount).toBe(101);
    expect(totals.lineItems.map((l) => l.totalDiscount)).toEqual([34, 34, 33]);
    expect(totals.priceSummary.discount).toBe(101);
  });

  it('splits by largest remainder, whatever the order of the lines', () => {
    const lines = [line('a', { price: 333 }), line('b', { price: 333 }), line('c', { price: 334 })];
    const forward = calculateTotals(purchase(lines, { discountRules: [rule('r', percentOff(10))] }));
    const backward = calculateTotals(purchase([...lines].reverse(), { discountRules: [rule('r', percentOff(10))] }));
    expect(forward.lineItems.map((l) => l.totalDiscount)).toEqual([33, 33, 34]);
    expect(backward.lineItems.map((l) => l.totalDiscount)).toEqual([34, 33, 33]);
  });

  it('takes a fixed amount once from the whole scope, not per unit', () => {
    const totals = calculateTotals(
      purchase([line('a', { quantity: 2 }), line('b', { price: 500 })], { discountRules: [rule('r', amountOff(300))] }),
    );
    expect(totals.lineItems.map((l) => l.totalDiscount)).toEqual([240, 60]);
    expect(totals.appliedDiscounts[0]?.lineItems).toEqual([
      { lineItemId: 'a', amount: 240 },
      { lineItemId: 'b', amount: 60 },
    ]);
  });

  it('never takes a line below zero', () => {
    const totals = calculateTotals(purchase([line('a')], { discountRules: [rule('r', amountOff(5000))] }));
    expect(totals.lineItems[0]?.totalPriceAfterTax).toBe(0);
    expect(totals.priceSummary.total).toBe(0);
  });

  it('sets each unit in scope to a fixed price and never raises a price', () => {
    const totals = calculateTotals(
      purchase([line('a', { quantity: 3 }), line('b', { price: 500 })], {
        discountRules: [rule('r', fixedPrice(700))],
      }),
    );
    expect(totals.lineItems.map((l) => l.totalDiscount)).toEqual([900, 0]);
    expect(totals.appliedDiscounts[0]?.lineItems).toEqual([{ lineItemId: 'a', amount: 900 }]);
  });

  it('reaches only the products and collections in scope', () => {
    const scoped = percentOff(50, 'SPECIFIC_ITEMS', [{ catalogItemIds: ['product-a'] }, { collectionIds: ['sale'] }]);
    const totals = calculateTotals(
      purchase([line('a'), line('b'), line('c', { collectionIds: ['new', 'sale'] })], {
        discountRules: [rule('r', scoped)],
      }),
    );
    expect(totals.lineItems.map((l) => l.totalDiscount)).toEqual([500, 0, 500]);
  });

  it('stacks rules in the given order, each on the price the previous ones left', () => {
    const tenPercent = rule('ten', percentOff(10));
    const oneDollar = rule('one', amountOff(100));
    const first = calculateTotals(purchase([line('a')], { discountRules: [tenPercent, oneDollar] }));
    const second = calculateTotals(purchase([line('a')], { discountRules: [oneDollar, tenPercent] }));
    expect(first.lineItems[0]?.discounts).toEqual([
      { discountRule: { id: 'ten', name: 'Rule ten' }, amount: 100 },
      { discountRule: { id: 'one', name: 'Rule one' }, amount: 100 },
    ]);
    expect(first.priceSummary.total).toBe(800);
    expect(second.priceSummary.total).toBe(810);
  });

  it('evaluates every trigger on prices before discounts, so one rule never switches another off', () => {
    const half = rule('half', percentOff(50));
    const bigSpender = rule('big', percentOff(10), { trigger: subtotalFrom(1000) });
    const totals = calculateTotals(purchase([line('a')], { discountRules: [half, bigSpender] }));
    expect(totals.appliedDiscounts.map((d) => [d.discountRule?.id, d.amount])).toEqual([
      ['half', 500],
      ['big', 50],
    ]);
  });

  it('leaves out rules that took nothing and lists each value of a rule as its own discount', () => {
    const twoValues = rule('two', percentOff(10), { discounts: { values: [percentOff(10), amountOff(10)] } });
    const nothing = rule('none', fixedPrice(5000));
    const totals = calculateTotals(purchase([line('a')], { discountRules: [nothing, twoValues] }));
    expect(totals.appliedDiscounts.map((d) => [d.discountRule?.id, d.discountValueType, d.amount])).toEqual([
      ['two', 'PERCENTAGE', 100],
      ['two', 'FIXED_AMOUNT', 10],
    ]);
  });
});

describe('shipping discounts', () => {
  const shipped = (overrides: Parameters<typeof purchase>[1]) =>
    calculateTotals(
      purchase([line('a')], { shippingAddress: NEW_YORK, shippingOptions: [flatShipping('std', 500)], ...overrides }),
    );

  it('takes SHIPPING rules off the shipping price, not off the items', () => {
    const totals = shipped({ discountRules: [rule('ship', fixedPrice(200, 'SHIPPING'))] });
    expect(totals.priceSummary).toMatchObject({ shipping: 500, shippingDiscount: 300, itemsDiscount: 0, total: 1200 });
    expect(totals.appliedDiscounts).toEqual([
      {
        discountRule: { id: 'ship', name: 'Rule ship' },
        discountType: 'SHIPPING',
        discountValueType: 'FIXED_PRICE',
        amount: 300,
        lineItems: [],
      },
    ]);
  });

  it('stacks shipping rules and never takes shipping below zero', () => {
    const totals = shipped({
      discountRules: [rule('p', percentOff(50, 'SHIPPING')), rule('f', amountOff(900, 'SHIPPING'))],
    });
    expect(totals.shippingInfo.selectedCarrierServiceOption?.cost).toMatchObject({ price: 500, totalDiscount: 500 });
    expect(totals.priceSummary.total).toBe(1000);
  });
});

describe('coupons', () => {
  it('applies after the rules, on the price they left', () => {
    const totals = calculateTotals(
      purchase([line('a', { itemType: 'DIGITAL' })], {
        discountRules: [rule('r', percentOff(10))],
        coupon: coupon('SAVE1', amountOff(100)),
      }),
    );
    expect(totals.appliedDiscounts.map((d) => d.discountRule?.id ?? d.coupon?.code)).toEqual(['r', 'SAVE1']);
    expect(totals.coupon).toEqual({ id: 'coupon-SAVE1', code: 'SAVE1', applied: true, amount: 100 });
    expect(totals.priceSummary.total).toBe(800);
    expect(totals.calculationErrors).toEqual([]);
  });

  it('refuses an expired coupon, takes nothing and says why', () => {
    const expired = coupon('OLD', percentOff(20), { expirationTime: '2025-06-01T12:00:00Z' });
    const totals = calculateTotals(purchase([line('a', { itemType: 'SERVICE' })], { coupon: expired }));
    expect(totals.coupon).toEqual({ id: 'coupon-OLD', code: 'OLD', applied: false, reason: 'EXPIRED', amount: 0 });
    expect(totals.priceSummary.total).toBe(1000);
    expect(totals.calculationErrors).toEqual([
      expect.objectContaining({
        type: 'COUPON',
        code: 'COUPON_EXPIRED',
        data: { couponCode: 'OLD', reason: 'EXPIRED' },
      }),
    ]);
  });

  it('refuses a coupon that is switched off or not started yet as NOT_ACTIVE', () => {
    const off = calculateTotals(purchase([line('a')], { coupon: coupon('OFF', percentOff(20), { active: false }) }));
    const early = calculateTotals(
      purchase([line('a')], { coupon: coupon('SOON', percentOff(20), { startTime: '2025-06-02T00:00:00Z' }) }),
    );
    expect(off.coupon?.reason).toBe('NOT_ACTIVE');
    expect(early.coupon?.reason).toBe('NOT_ACTIVE');
  });

  it('compares the minimum subtotal with the subtotal before discounts', () => {
    const min = (minimumSubtotal: number) => coupon('MIN', amountOff(100), { minimumSubtotal });
    const half = rule('half', percentOff(50));
    expect(calculateTotals(purchase([line('a')], { coupon: min(1001) })).coupon?.reason).toBe('BELOW_MINIMUM_SUBTOTAL');
    const applied = calculateTotals(purchase([line('a')], { coupon: min(1000), discountRules: [half] }));
    expect(applied.coupon).toMatchObject({ applied: true, amount: 100 });
  });

  it('refuses a coupon for items that are not in the purchase', () => {
    const other = coupon('SHOES', percentOff(20, 'SPECIFIC_ITEMS', [{ collectionIds: ['shoes'] }]));
    expect(calculateTotals(purchase([line('a')], { coupon: other })).coupon?.reason).toBe('NO_ITEMS_IN_SCOPE');
  });

  it('refuses a shipping coupon when nothing is shipped, and applies it to a charged shipping', () => {
    const freeShipping = coupon('FREESHIP', percentOff(100, 'SHIPPING'));
    const digital = calculateTotals(purchase([line('e-book', { itemType: 'DIGITAL' })], { coupon: freeShipping }));
    expect(digital.coupon?.reason).toBe('NO_SHIPPING');
    expect(digital.calculationErrors.map((e) => e.code)).toEqual(['COUPON_NO_SHIPPING']);
    const shipped = calculateTotals(
      purchase([line('a')], {
        coupon: freeShipping,
        shippingAddress: NEW_YORK,
        shippingOptions: [flatShipping('std', 500)],
      }),
    );
    expect(shipped.coupon).toMatchObject({ applied: true, amount: 500 });
    expect(shipped.priceSummary.total).toBe(1000);
  });
});
