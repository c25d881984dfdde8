import type { ShippingOption, TaxSettings } from '@merx/sdk';
import { type AddressForm, addressFormOf, addressInputOf } from './address';
import { blankRates, type RatesForm, ratesFormOf, ratesOf } from './rates';
import { decimalOf, isoOfLocalInput, localInputOf, moneyInputOf } from './values';

export type OptionKind = 'delivery' | 'pickup';

/** A shipping option (or pickup point) as its page edits it. */
export interface OptionForm {
  kind: OptionKind;
  title: string;
  estimatedDeliveryTime: string;
  instructions: string;
  regionIds: string[];
  rates: RatesForm;
  weightUnit: 'KG' | 'LB';
  hasFreeThreshold: boolean;
  freeShippingThreshold: string;
  /** Delivery windows in the browser's time zone (`datetime-local` values). */
  slots: Array<{ from: string; to: string }>;
  pickupMethod: 'STORE_PICKUP' | 'PICKUP_POINT';
  address: AddressForm;
  active: boolean;
}

/** A new option; a pickup point is free by default and starts at the business address. */
export function blankOption(kind: OptionKind, business?: TaxSettings['businessAddress']): OptionForm {
  return {
    kind,
    title: kind === 'pickup' ? 'Pickup at the shop' : '',
    estimatedDeliveryTime: '',
    instructions: '',
    regionIds: [],
    rates: kind === 'pickup' ? { ...blankRates, flatAmount: '0' } : blankRates,
    weightUnit: 'KG',
    hasFreeThreshold: false,
    freeShippingThreshold: '',
    slots: [],
    pickupMethod: 'STORE_PICKUP',
    address: addressFormOf(business),
    active: true,
  };
}

export function optionFormOf(o: ShippingOption): OptionForm {
  return {
    kind: o.pickupDetails ? 'pickup' : 'delivery',
    title: o.title,
    estimatedDeliveryTime: o.estimatedDeliveryTime ?? '',
    instructions: o.instructions ?? '',
    regionIds: o.deliveryRegionIds,
    rates: ratesFormOf(o.rates),
    weightUnit: o.weightUnit,
    hasFreeThreshold: o.freeShippingThreshold !== undefined,
    freeShippingThreshold: moneyInputOf(o.freeShippingThreshold),
    slots: o.deliveryTimeSlots.map((s) => ({ from: localInputOf(s.from), to: localInputOf(s.to) })),
    pickupMethod: o.pickupDetails?.pickupMethod ?? 'STORE_PICKUP',
    address: addressFormOf(o.pickupDetails?.address),
    active: o.active,
  };
}

/** Values that must be there before asking the server (which checks everything else). */
export function optionProblems(f: OptionForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.title.trim()) out['title'] = 'Enter a name shoppers will see';
  if (f.rates.mode === 'flat' && !f.rates.flatAmount.trim()) out['rates[0].amount'] = 'Enter a price (0 for free)';
  if (f.rates.mode !== 'flat' && f.rates.mode !== 'custom') {
    if (f.rates.tiers.length === 0) out['rates'] = 'Add at least one rate';
    f.rates.tiers.forEach((t, i) => {
      if (!t.amount.trim()) out[`rates[${i}].amount`] = 'Enter a price (0 for free)';
    });
  }
  if (f.hasFreeThreshold && !f.freeShippingThreshold.trim())
    out['freeShippingThreshold'] = 'Enter the subtotal from which shipping is free';
  f.slots.forEach((s, i) => {
    if (!s.from) out[`deliveryTimeSlots[${i}].from`] = 'Enter when the window starts';
    if (!s.to) out[`deliveryTimeSlots[${i}].to`] = 'Enter when the window ends';
  });
  return out;
}

/** The option as the API takes it: every field given, so an update replaces what the page shows. */
export function optionInputOf(f: OptionForm) {
  const text = (v: string) => v.trim() || null;
  return {
    title: f.title.trim(),
    estimatedDeliveryTime: text(f.estimatedDeliveryTime),
    instructions: text(f.instructions),
    deliveryRegionIds: f.regionIds,
    rates: ratesOf(f.rates),
    weightUnit: f.weightUnit,
    freeShippingThreshold: f.hasFreeThreshold ? decimalOf(f.freeShippingThreshold) : null,
    pickupDetails: f.kind === 'pickup' ? { pickupMethod: f.pickupMethod, address: addressInputOf(f.address) } : null,
    deliveryTimeSlots: f.slots.map((s) => ({ from: isoOfLocalInput(s.from), to: isoOfLocalInput(s.to) })),
    active: f.active,
  };
}
