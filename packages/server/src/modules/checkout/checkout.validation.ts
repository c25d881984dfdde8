import { z } from 'zod';
import { totalsAddressOf } from '../cart/cart.totals.js';
import type { PricedCheckout } from './checkout.pricing.js';
import type { OrderProblem } from './checkout.types.js';

/*
 * What stops an order from being placed from a checkout. Pure: create-order prices the checkout inside its own
 * transaction and asks the same question.
 */

const email = z.email();

function buyerProblems(priced: PricedCheckout): OrderProblem[] {
  const { checkout } = priced.state;
  const field = 'checkout.buyerInfo.email';
  if (!checkout.email) return [{ code: 'EMAIL_MISSING', description: 'An email address is needed', field }];
  if (!email.safeParse(checkout.email).success)
    return [{ code: 'EMAIL_INVALID', description: 'The email address is not valid', field }];
  return [];
}

function shippingProblems(priced: PricedCheckout): OrderProblem[] {
  const { checkout } = priced.state;
  const info = priced.totals.shippingInfo;
  if (!info.required) return [];
  const selected = info.selectedCarrierServiceOption;
  const hasAddress = totalsAddressOf(checkout.shippingDestination?.address) !== null;
  const problems: OrderProblem[] = [];
  // A pickup needs no address of the buyer's.
  if (!hasAddress && !selected?.logistics.pickupDetails)
    problems.push({
      code: 'SHIPPING_ADDRESS_MISSING',
      description: 'A shipping address is needed to ship these items',
      field: 'checkout.shippingInfo.shippingDestination.address',
    });
  const field = 'checkout.shippingInfo.selectedCarrierServiceOption';
  if (!selected && hasAddress)
    problems.push({
      code: 'NO_SHIPPING_OPTION',
      description: 'No shipping option delivers these items to this address',
      field,
    });
  if (selected && checkout.shippingOptionCode && !selected.requestedShippingOption)
    problems.push({
      code: 'SHIPPING_OPTION_NOT_AVAILABLE',
      description: 'The chosen shipping option is not available for this checkout',
      field,
    });
  const slot = priced.totals.calculationErrors.find((e) => e.code === 'DELIVERY_TIME_SLOT_NOT_AVAILABLE');
  if (slot) problems.push({ code: 'DELIVERY_TIME_SLOT_NOT_AVAILABLE', description: slot.description, field });
  return problems;
}

function lineProblems(priced: PricedCheckout): OrderProblem[] {
  return priced.views.flatMap((v): OrderProblem[] => {
    const { status, quantityAvailable } = v.availability;
    const lineItemId = v.line.id;
    const name = v.name.original;
    if (status === 'NOT_FOUND' || status === 'NOT_AVAILABLE')
      return [{ code: 'LINE_ITEM_NOT_AVAILABLE', description: `${name} is no longer available`, lineItemId }];
    if (status === 'PARTIALLY_AVAILABLE')
      return [
        {
          code: 'INSUFFICIENT_STOCK',
          description: `Only ${quantityAvailable ?? 0} of ${name} left in stock`,
          lineItemId,
        },
      ];
    return [];
  });
}

/** Everything that must be fixed before an order can be placed from `priced`; empty when it can. */
export function orderProblems(priced: PricedCheckout): OrderProblem[] {
  const problems: OrderProblem[] = [];
  if (priced.state.lines.length === 0)
    problems.push({ code: 'NO_LINE_ITEMS', description: 'The checkout has no line items', field: 'lineItems' });
  problems.push(...buyerProblems(priced), ...shippingProblems(priced), ...lineProblems(priced));
  const coupon = priced.couponRefusal ?? priced.totals.calculationErrors.find((e) => e.type === 'COUPON');
  if (coupon) problems.push({ code: 'COUPON_NOT_APPLICABLE', description: coupon.description, field: 'couponCode' });
  const reported = new Set(problems.map((p) => p.lineItemId).filter(Boolean));
  for (const v of priced.totals.violations) {
    if (v.severity !== 'ERROR') continue;
    const lineItemId = 'lineItemId' in v.target ? v.target.lineItemId : undefined;
    if (lineItemId && reported.has(lineItemId)) continue;
    problems.push({ code: 'TOTALS_VIOLATION', description: v.description, ...(lineItemId ? { lineItemId } : {}) });
  }
  return problems;
}
