/**
 * Shipping quotes.
 *
 * An option serves a destination when one of its delivery regions names the country (and, if the region
 * lists subdivisions, the subdivision); an option without regions serves every destination, which is how
 * a store pickup is usually set up. Its price is the cheapest rate row whose conditions all hold (the
 * contract's rule, so the order of rows does not matter), measured on the shippable lines: their weight,
 * their price after item discounts, their units. The free-shipping threshold compares the whole items
 * subtotal after item discounts.
 *
 * Pickup is the buyer's choice, never the address's: without a choice (or when the chosen option is unavailable)
 * the cheapest available delivery option is charged (the first listed on a tie), an option with pickup details
 * never, however cheap; when no delivery option is available nothing is charged and a calculation error says why.
 * The same holds without a destination, even in a store that offers only pickup: nothing is selected until the
 * buyer chooses the pickup (which needs no address) or gives an address a delivery option reaches. Since the tax
 * follows the charged option, a pickup's address is taxed only when the buyer chose the pickup.
 */
import { addressSubdivision, countryCode, subdivisionCode } from './address.js';
import { round6, toTime } from './arithmetic.js';
import type { CarrierServiceOption, ShippingLogistics } from './charge-types.js';
import type { CalculationError } from './result-types.js';
import type {
  ConditionalRate,
  DeliveryRegion,
  RateCondition,
  SelectedShippingOption,
  ShippingOption,
} from './store-types.js';
import type { TotalsAddress, WeightUnit } from './types.js';

/** Kilograms in one pound. */
const KG_PER_LB = 0.45359237;

/** What the rates of an option measure. */
export interface Shipment {
  /** Weight of the shippable units in `weightUnit`. */
  totalWeight: number;
  /** Unit of `totalWeight` (the store's). */
  weightUnit: WeightUnit;
  /** Price of the shippable lines after item discounts, in minor units. */
  totalPrice: number;
  /** Units of the shippable lines. */
  totalQuantity: number;
  /** All lines' subtotal after item discounts (for free-shipping thresholds). */
  itemsSubtotal: number;
}

/** Whether a delivery region serves the address. */
export function regionServes(region: DeliveryRegion, address: TotalsAddress): boolean {
  const country = countryCode(address.country);
  const sub = addressSubdivision(address);
  return region.destinations.some((d) => {
    if (countryCode(d.country) !== country) return false;
    if (!d.subdivisions || d.subdivisions.length === 0) return true;
    return sub !== undefined && d.subdivisions.some((s) => subdivisionCode(s) === sub);
  });
}

function convertWeight(weight: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return weight;
  return from === 'LB' ? weight * KG_PER_LB : weight / KG_PER_LB;
}

function conditionHolds(condition: RateCondition, shipment: Shipment, unit: WeightUnit): boolean {
  const measured =
    condition.type === 'BY_TOTAL_WEIGHT'
      ? round6(convertWeight(shipment.totalWeight, shipment.weightUnit, unit))
      : condition.type === 'BY_TOTAL_PRICE'
        ? shipment.totalPrice
        : shipment.totalQuantity;
  const value = round6(condition.value);
  switch (condition.operator) {
    case 'EQ':
      return measured === value;
    case 'GT':
      return measured > value;
    case 'GTE':
      return measured >= value;
    case 'LT':
      return measured < value;
    case 'LTE':
      return measured <= value;
  }
}

/** The price of an option for a shipment: the cheapest rate row whose conditions hold, if any. */
export function shippingRate(option: ShippingOption, shipment: Shipment, storeUnit: WeightUnit): number | undefined {
  const unit = option.weightUnit ?? storeUnit;
  const prices = option.rates
    .filter((rate: ConditionalRate) => (rate.conditions ?? []).every((c) => conditionHolds(c, shipment, unit)))
    .map((rate) => (rate.multiplyByQuantity ? rate.amount * shipment.totalQuantity : rate.amount));
  return prices.length > 0 ? Math.min(...prices) : undefined;
}

function logisticsOf(option: ShippingOption): ShippingLogistics {
  return {
    ...(option.estimatedDeliveryTime != null ? { deliveryTime: option.estimatedDeliveryTime } : {}),
    ...(option.pickup ? { pickupDetails: option.pickup } : {}),
    deliveryTimeSlots: [...(option.deliveryTimeSlots ?? [])],
  };
}

/** Quotes one option for a destination and shipment, saying why it is unavailable when it is. */
export function quoteShippingOption(
  option: ShippingOption,
  destination: TotalsAddress | null | undefined,
  shipment: Shipment,
): CarrierServiceOption {
  const base = {
    code: option.code,
    title: option.title,
    ...(option.carrierId != null ? { carrierId: option.carrierId } : {}),
    logistics: logisticsOf(option),
  };
  const unavailable = (reason: CarrierServiceOption['unavailableReason']): CarrierServiceOption => ({
    ...base,
    available: false,
    unavailableReason: reason,
    cost: 0,
    freeShipping: false,
  });
  const regions = option.deliveryRegions ?? [];
  const region = destination ? regions.find((r) => regionServes(r, destination)) : undefined;
  if (regions.length > 0 && !destination) return unavailable('NO_DESTINATION');
  if (regions.length > 0 && !region) return unavailable('OUTSIDE_DELIVERY_REGIONS');
  const rate = shippingRate(option, shipment, shipment.weightUnit);
  if (rate === undefined) return unavailable('NO_MATCHING_RATE');
  const threshold = option.freeShippingThreshold;
  const freeShipping = threshold != null && shipment.itemsSubtotal >= threshold;
  return {
    ...base,
    available: true,
    cost: freeShipping ? 0 : rate,
    freeShipping,
    ...(region ? { region: { id: region.id ?? null, name: region.name ?? null } } : {}),
  };
}

/** Every option quoted for the destination, in the given order, available or not (with the reason). */
export function evaluateShippingOptions(
  options: readonly ShippingOption[],
  destination: TotalsAddress | null | undefined,
  shipment: Shipment,
): CarrierServiceOption[] {
  return options.map((option) => quoteShippingOption(option, destination, shipment));
}

/** The options the buyer can choose for the destination, cheapest first (ties keep the given order). */
export function applicableShippingOptions(
  options: readonly ShippingOption[],
  destination: TotalsAddress | null | undefined,
  shipment: Shipment,
): CarrierServiceOption[] {
  return evaluateShippingOptions(options, destination, shipment)
    .filter((quote) => quote.available)
    .sort((a, b) => a.cost - b.cost);
}

/** The charged option: the requested one when available, otherwise the cheapest delivery, plus what went wrong. */
export interface ShippingSelection {
  quote?: CarrierServiceOption;
  requested: boolean;
  errors: CalculationError[];
}

/** Picks the option to charge among the quotes (see `ShippingSelection`). */
export function selectShippingOption(
  quotes: readonly CarrierServiceOption[],
  selected: SelectedShippingOption | null | undefined,
  hasDestination: boolean,
): ShippingSelection {
  const errors: CalculationError[] = [];
  const wanted = selected ? quotes.find((q) => q.code === selected.code) : undefined;
  if (wanted?.available) return { quote: wanted, requested: true, errors };
  if (selected) errors.push(selectedOptionError(selected.code, wanted));
  const available = quotes.filter((q) => q.available);
  // Sorting is stable, so a tie keeps the store's order.
  const delivery = available.filter((q) => !isPickup(q)).sort((a, b) => a.cost - b.cost)[0];
  if (!delivery) errors.push(noOptionError(hasDestination, available.some(isPickup)));
  return { ...(delivery ? { quote: delivery } : {}), requested: false, errors };
}

/** Whether the buyer collects the goods (the option has pickup details) rather than having them delivered. */
function isPickup(quote: CarrierServiceOption): boolean {
  return quote.logistics.pickupDetails != null;
}

function selectedOptionError(code: string, quote: CarrierServiceOption | undefined): CalculationError {
  if (!quote) {
    return {
      type: 'SELECTED_SHIPPING_OPTION',
      code: 'SHIPPING_OPTION_NOT_FOUND',
      description: `There is no shipping option "${code}".`,
      data: { code },
    };
  }
  return {
    type: 'SELECTED_SHIPPING_OPTION',
    code: 'SHIPPING_OPTION_NOT_AVAILABLE',
    description: `The shipping option "${quote.title}" is not available for this purchase.`,
    data: { code, reason: quote.unavailableReason },
  };
}

function noOptionError(hasDestination: boolean, pickupOffered: boolean): CalculationError {
  const orPickup = pickupOffered ? ' They can be picked up instead if the buyer chooses the pickup.' : '';
  return hasDestination
    ? {
        type: 'SHIPPING',
        code: 'NO_SHIPPING_OPTION_FOR_DESTINATION',
        description: `No shipping option delivers these items to this address.${orPickup}`,
      }
    : {
        type: 'SHIPPING',
        code: 'NO_SHIPPING_DESTINATION',
        description: `A shipping address is needed to ship these items.${orPickup}`,
      };
}

/** The offered slot equal to the requested one (same from and to), if the option offers it. */
export function findDeliveryTimeSlot(
  quote: CarrierServiceOption,
  slot: NonNullable<SelectedShippingOption['deliveryTimeSlot']>,
): ShippingLogistics['deliveryTimeSlots'][number] | undefined {
  const from = toTime(slot.from);
  const to = toTime(slot.to);
  return quote.logistics.deliveryTimeSlots.find((s) => toTime(s.from) === from && toTime(s.to) === to);
}
