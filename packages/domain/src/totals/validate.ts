import { assertCount, toTime } from './arithmetic.js';
import type { ShippingOption } from './store-types.js';
import type { DiscountValue, TotalsInput, TotalsLineItem } from './types.js';

/**
 * Checks the invariants callers guarantee (unique line ids, integer minor units and quantities, readable
 * dates) and throws a RangeError when one is broken: these are bugs, not buyer mistakes.
 */
export function assertTotalsInput(input: TotalsInput): void {
  toTime(input.now);
  const ids = new Set<string>();
  for (const line of input.lineItems) {
    if (ids.has(line.id)) throw new RangeError(`duplicate line item id ${line.id}`);
    ids.add(line.id);
    assertLine(line);
  }
  for (const rule of input.discountRules ?? []) rule.discounts.values.forEach(assertDiscountValue);
  if (input.coupon) assertDiscountValue(input.coupon.discount);
  for (const option of input.shippingOptions ?? []) assertShippingOption(option);
  for (const fee of input.additionalFees ?? []) assertCount(fee.price, `fee ${fee.code} price`);
}

function assertLine(line: TotalsLineItem): void {
  assertCount(line.quantity, `line ${line.id} quantity`);
  assertCount(line.price, `line ${line.id} price`);
  if (line.fullPrice != null) assertCount(line.fullPrice, `line ${line.id} fullPrice`);
  assertCount(line.price * line.quantity, `line ${line.id} subtotal`);
  if (line.weight != null && !(line.weight >= 0)) throw new RangeError(`line ${line.id} weight must be >= 0`);
  for (const fee of line.additionalFees ?? []) assertCount(fee.price, `line ${line.id} fee ${fee.code} price`);
}

function assertDiscountValue(value: DiscountValue): void {
  if (value.fixedAmount != null) assertCount(value.fixedAmount, 'discount fixedAmount');
  if (value.fixedPrice != null) assertCount(value.fixedPrice, 'discount fixedPrice');
  const p = value.percentage;
  if (p != null && !(p >= 0 && p <= 100)) throw new RangeError(`discount percentage must be 0–100, got ${p}`);
}

function assertShippingOption(option: ShippingOption): void {
  for (const rate of option.rates) assertCount(rate.amount, `shipping option ${option.code} rate amount`);
  if (option.freeShippingThreshold != null) {
    assertCount(option.freeShippingThreshold, `shipping option ${option.code} freeShippingThreshold`);
  }
}
