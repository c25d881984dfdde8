import type { ShippingOption, ShippingOptionInput, StoreAddress, StoreAddressInput } from '@merx/contract';
import type { Database } from '@merx/db';
import { invalid } from '@merx/domain';
import type { Selectable } from 'kysely';
import type { StoredExtendedFields } from './common.js';
import { decimalToScaled, fromMinorUnits, scaledToDecimal, toMinorUnits } from './decimal.js';

export type ConditionType = 'BY_TOTAL_WEIGHT' | 'BY_TOTAL_PRICE' | 'BY_TOTAL_QUANTITY';
export type ConditionOperator = 'EQ' | 'GT' | 'GTE' | 'LT' | 'LTE';

/** A rate condition as stored: price in minor units, weight in millionths of the option's unit, quantity in items. */
export interface StoredCondition {
  type: ConditionType;
  operator: ConditionOperator;
  value: number;
}

export interface StoredRate {
  /** Minor units of the store currency. */
  amount: number;
  conditions: StoredCondition[];
  multiplyByQuantity: boolean;
}

export interface StoredTimeSlot {
  from: string;
  to: string;
}

/** A shipping option row with its delivery region links (`region_ids`: JSON `[{id, position}]`). */
export type ShippingOptionRow = Selectable<Database['shipping_options']> & { region_ids: string };

/** Weight values are kept in millionths so that they stay exact integers, like money. */
export const WEIGHT_SCALE = 6;

/** Rates in storage form; a 400 names the value that cannot be stored exactly. */
export function ratesOf(rates: ShippingOptionInput['rates'], currency: string, field: string): StoredRate[] {
  return rates.map((rate, i) => ({
    amount: toMinorUnits(rate.amount, currency, `${field}[${i}].amount`),
    multiplyByQuantity: rate.multiplyByQuantity === true,
    conditions: (rate.conditions ?? []).map((c, j): StoredCondition => {
      const at = `${field}[${i}].conditions[${j}].value`;
      if (c.type === 'BY_TOTAL_PRICE') return { ...c, value: toMinorUnits(c.value, currency, at) };
      if (c.type === 'BY_TOTAL_WEIGHT') return { ...c, value: decimalToScaled(c.value, WEIGHT_SCALE) as number };
      const quantity = decimalToScaled(c.value, 0);
      if (quantity === undefined) throw invalid(at, 'must be a whole number of items', 'VALIDATION');
      return { ...c, value: quantity };
    }),
  }));
}

function conditionValueOf(c: StoredCondition, currency: string): string {
  if (c.type === 'BY_TOTAL_PRICE') return fromMinorUnits(c.value, currency);
  if (c.type === 'BY_TOTAL_WEIGHT') return scaledToDecimal(c.value, WEIGHT_SCALE);
  return String(c.value);
}

/** Time slots in storage form: UTC ISO-8601, in the order given. */
export function timeSlotsOf(slots: ShippingOptionInput['deliveryTimeSlots']): StoredTimeSlot[] {
  return (slots ?? []).map((s) => ({ from: new Date(s.from).toISOString(), to: new Date(s.to).toISOString() }));
}

/** An address in storage (and wire) form, without empty fields. */
export function storeAddressOf(input: StoreAddressInput): StoreAddress {
  const out: StoreAddress = { country: input.country };
  for (const key of ['subdivision', 'city', 'postalCode', 'addressLine', 'addressLine2'] as const) {
    const value = input[key];
    if (value) out[key] = value;
  }
  const street = input.streetAddress;
  if (street?.number || street?.name) {
    out.streetAddress = {
      ...(street.number ? { number: street.number } : {}),
      ...(street.name ? { name: street.name } : {}),
    };
  }
  return out;
}

/** Delivery region ids of a row, in the merchant's order. */
export function regionIdsOf(row: ShippingOptionRow): string[] {
  const links = JSON.parse(row.region_ids) as Array<{ id: string; position: number }>;
  return links.sort((a, b) => a.position - b.position).map((l) => l.id);
}

/** The wire form of a shipping option (money as decimal strings in `currency`). */
export function shippingOptionOf(row: ShippingOptionRow, currency: string): ShippingOption {
  const regionIds = regionIdsOf(row);
  const rates = JSON.parse(row.rates) as StoredRate[];
  const option: ShippingOption = {
    id: row.id,
    revision: String(row.revision),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    ...(regionIds[0] ? { deliveryRegionId: regionIds[0] } : {}),
    deliveryRegionIds: regionIds,
    title: row.title,
    ...(row.estimated_delivery_time ? { estimatedDeliveryTime: row.estimated_delivery_time } : {}),
    rates: rates.map((r) => ({
      amount: fromMinorUnits(r.amount, currency),
      conditions: r.conditions.map((c) => ({
        type: c.type,
        operator: c.operator,
        value: conditionValueOf(c, currency),
      })),
      multiplyByQuantity: r.multiplyByQuantity,
    })),
    active: row.active === 1,
    weightUnit: row.weight_unit as ShippingOption['weightUnit'],
    deliveryTimeSlots: JSON.parse(row.delivery_time_slots) as StoredTimeSlot[],
    extendedFields: JSON.parse(row.extended_fields) as StoredExtendedFields,
  };
  if (row.free_shipping_threshold !== null)
    option.freeShippingThreshold = fromMinorUnits(row.free_shipping_threshold, currency);
  if (row.pickup_method && row.pickup_address) {
    option.pickupDetails = {
      pickupMethod: row.pickup_method as 'STORE_PICKUP' | 'PICKUP_POINT',
      address: JSON.parse(row.pickup_address) as StoreAddress,
    };
  }
  if (row.instructions) option.instructions = row.instructions;
  return option;
}
