import { addressLines as envelopeLines, lineOptions } from '@merx/contract/words';
import { countryName } from '../../../lib/countries';
import { storeMoney } from '../../../lib/format';
import type { Order, OrderLine } from '../api/orders';

/*
 * Reading an order's wire shape for the pages: the contract keeps addresses, images and options as loose records,
 * so what the pages show is picked out here, in one place, with every part optional.
 */

type Loose = Record<string, unknown> | undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const record = (value: unknown): Loose =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;

/** A Price object's amount as a number (0 when absent). */
export function amountOf(price: unknown): number {
  const n = Number(record(price)?.amount ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** A Price object as the server formatted it in the store's currency. */
export function formattedOf(price: unknown): string | undefined {
  return text(record(price)?.formattedAmount);
}

export interface Contact {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
}

export interface Address {
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  postalCode?: string;
  country?: string;
}

/** The contact details and address of an order's billing or recipient info. */
export function contactOf(info: unknown): { contact: Contact; address: Address } {
  const c = record(record(info)?.contactDetails) ?? {};
  const a = record(record(info)?.address) ?? {};
  const pick = (from: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(keys.flatMap((k) => (text(from[k]) ? [[k, text(from[k])]] : [])));
  return {
    contact: pick(c, ['firstName', 'lastName', 'phone', 'company']) as Contact,
    address: pick(a, ['addressLine', 'addressLine2', 'city', 'subdivision', 'postalCode', 'country']) as Address,
  };
}

export const fullName = (c: Contact) => [c.firstName, c.lastName].filter(Boolean).join(' ');

/** The buyer's name: the billing contact's, else the recipient's (as the server searches it). */
export function buyerName(order: Order): string {
  return fullName(contactOf(order.billingInfo).contact) || fullName(contactOf(order.recipientInfo).contact);
}

export { countryName };

/** The name, company and address of a contact as lines on an envelope (`US-NY` shows as `NY`, `US` by name). */
export function addressLines(address: Address, contact?: Contact): string[] {
  const lines = envelopeLines(address as Record<string, unknown>);
  if (address.country && lines.at(-1) === address.country) lines[lines.length - 1] = countryName(address.country);
  return [contact ? fullName(contact) : '', contact?.company ?? '', ...lines].filter(Boolean);
}

/** What a line shows: its name, options chosen, image, SKU, and its units by state. */
export interface LineView {
  id: string;
  name: string;
  /** The options chosen, in words ("Size: 9 · Color: Tan"); empty when none. */
  options: string;
  imageUrl?: string;
  sku?: string;
  quantity: number;
  fulfilled: number;
  refunded: number;
  restocked: number;
  price: unknown;
  total: unknown;
  productId?: string;
}

export function lineView(line: OrderLine): LineView {
  const l = line as Record<string, unknown>;
  const options = lineOptions(
    Array.isArray(l.descriptionLines) ? (l.descriptionLines as Loose[]).flatMap((d) => (d ? [d] : [])) : [],
  );
  const image = record(l.image);
  return {
    id: line.id,
    name: line.productName.translated ?? line.productName.original,
    options,
    imageUrl: text(image?.url),
    sku: text(record(l.physicalProperties)?.sku),
    quantity: line.quantity,
    fulfilled: Number(l.fulfilledQuantity ?? 0),
    refunded: line.refundQuantity,
    restocked: line.restockQuantity,
    price: line.price,
    // What the line adds to the subtotal (before discounts and tax), so the lines add up to the subtotal row.
    total: l.lineItemPrice ?? { amount: String(amountOf(line.priceBeforeDiscounts ?? line.price) * line.quantity) },
    productId: text(record(line.catalogReference)?.catalogItemId),
  };
}

/** Units of each line not fulfilled yet. */
export const unfulfilledOf = (l: LineView) => Math.max(0, l.quantity - l.fulfilled);

/** The shipping method chosen at checkout: its title, cost, delivery window or time, and the pickup place. */
export function deliveryOf(order: Order): {
  title?: string;
  cost?: string;
  detail?: string;
  pickup: boolean;
  pickupAt: string[];
} {
  const info = record(order.shippingInfo);
  const logistics = record(info?.logistics);
  const pickup = record(logistics?.pickupDetails);
  const slot = record(logistics?.deliveryTimeSlot);
  const from = slot && text(slot.from) ? new Date(String(slot.from)) : undefined;
  const to = slot && text(slot.to) ? new Date(String(slot.to)) : undefined;
  const window =
    from && !Number.isNaN(from.getTime())
      ? `Delivery window: ${from.toLocaleString(storeMoney.locale, { dateStyle: 'medium', timeStyle: 'short' })}${
          to && !Number.isNaN(to.getTime())
            ? ` – ${to.toLocaleTimeString(storeMoney.locale, { timeStyle: 'short' })}`
            : ''
        }`
      : undefined;
  const pickupAddress = record(pickup?.address);
  return {
    title: text(info?.title),
    cost: formattedOf(record(info?.cost)?.price),
    detail: window ?? text(logistics?.deliveryTime),
    pickup: Boolean(pickup),
    pickupAt: pickupAddress ? addressLines(pickupAddress as Address) : [],
  };
}

/** The order's tag ids (public tags; private ones are not shown here). */
export function tagsOf(order: Order): string[] {
  const tags = record(record(order.tags)?.tags)?.tagIds;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

/** The coupon the order used, if any. */
export function couponOf(order: Order): string | undefined {
  for (const d of order.appliedDiscounts) {
    const code = text(record(d.coupon)?.code);
    if (code) return code;
  }
  return undefined;
}

export const memberIdOf = (order: Order) => text(record(order.buyerInfo)?.memberId);
export const emailOf = (order: Order) => text(record(order.buyerInfo)?.email);
