import { type Cart, type CartLineItem, type EcomPrice, STORES_APP_ID } from '@merx/contract';
import { formatMoney } from '@merx/domain';
import { fromMinorUnits } from '../shipping/decimal.js';
import type { CartRecord, CatalogOverrides, LineView, ModifierGroupView, WireImage } from './cart.types.js';

/** What shapes a cart on the wire besides the cart itself. */
export interface WireContext {
  currency: string;
  locale: string;
}

/** Minor units as the ecom wire's Price object (decimal strings, formatted with the currency). */
export function priceOf(minor: number, ctx: WireContext): EcomPrice {
  const amount = fromMinorUnits(minor, ctx.currency);
  const formatted = formatMoney(minor, ctx.currency, ctx.locale);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
}

/** Drops null and undefined members, so the wire never carries `null` for an absent value. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  // A loop, not entries/filter/fromEntries: called for most objects of every answer, and allocation-free but for
  // the result.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v !== null && v !== undefined) out[key] = v;
  }
  return out as T;
}

const imageOf = (image: WireImage | null) => (image ? compact({ ...image }) : undefined);

function overridesWire(o: CatalogOverrides, ctx: WireContext): Record<string, unknown> {
  return compact({
    ...o,
    price: o.price == null ? undefined : fromMinorUnits(o.price, ctx.currency),
    fullPrice: o.fullPrice == null ? undefined : fromMinorUnits(o.fullPrice, ctx.currency),
  });
}

function catalogReferenceOf(v: LineView): CartLineItem['catalogReference'] {
  const { line } = v;
  if (line.custom) {
    const ref = line.custom.catalogReference;
    return ref
      ? compact({ appId: ref.appId, catalogItemId: ref.catalogItemId, options: ref.options ?? undefined })
      : undefined;
  }
  return {
    appId: line.catalogAppId ?? STORES_APP_ID,
    catalogItemId: line.catalogItemId ?? '',
    ...(Object.keys(line.options).length > 0 ? { options: line.options } : {}),
  };
}

/**
 * A line's picked choice modifiers (newer `@wix/ecom` fields): each group with its choice, label and added price,
 * and their total, which the line's price already includes (docs/decisions/0033-choice-modifiers.md).
 */
function modifiersWire(groups: readonly ModifierGroupView[], ctx: WireContext) {
  let total = 0;
  const modifierGroups = groups.map((g) => ({
    id: g.id,
    name: { original: g.name, translated: g.name },
    modifiers: g.modifiers.map((m) => {
      total += m.price;
      const label = { original: m.label, translated: m.label };
      return { id: m.id, quantity: 1, label, price: priceOf(m.price, ctx) };
    }),
  }));
  return { modifierGroups, modifiersTotalPrice: priceOf(total, ctx) };
}

/** One line on the wire: live catalog values or overrides, prices as Price objects. */
export function lineItemOf(v: LineView, ctx: WireContext): CartLineItem {
  const { line } = v;
  const custom = line.custom;
  const rootId = line.catalogItemId ?? custom?.catalogReference?.catalogItemId;
  return {
    id: line.id,
    quantity: line.quantity,
    ...compact({ catalogReference: catalogReferenceOf(v) }),
    productName: { original: v.name.original, translated: v.name.translated ?? v.name.original },
    ...(v.url ? { url: v.url } : {}),
    price: priceOf(v.price, ctx),
    fullPrice: priceOf(v.fullPrice, ctx),
    priceBeforeDiscounts: priceOf(v.price, ctx),
    lineItemPrice: priceOf(v.price * line.quantity, ctx),
    descriptionLines: v.descriptionLines,
    ...compact({ image: imageOf(v.image) }),
    availability: v.availability,
    physicalProperties: compact({ weight: v.weight ?? undefined, sku: v.sku ?? undefined, shippable: v.shippable }),
    itemType: v.itemType,
    paymentOption: 'FULL_PAYMENT_ONLINE',
    customLineItem: custom !== null,
    ...compact({
      rootCatalogItemId: rootId ?? undefined,
      priceDescription: custom?.priceDescription ?? undefined,
      taxGroupId: v.taxGroupId ?? undefined,
      catalogOverrideFields: line.overrides ? overridesWire(line.overrides, ctx) : undefined,
    }),
    ...(v.modifierGroups ? modifiersWire(v.modifierGroups, ctx) : {}),
  } as CartLineItem;
}

function buyerInfoOf(cart: CartRecord): Cart['buyerInfo'] {
  switch (cart.owner.kind) {
    case 'visitor':
      return { visitorId: cart.owner.id };
    case 'member':
      return { memberId: cart.owner.id };
    case 'staff':
      return { userId: cart.owner.id };
    case 'apiKey':
      return {};
  }
}

/**
 * The cart on the wire: its lines as the buyer sees them now (`extra.lineItems`: the views already mapped) and the
 * items subtotal (catalog prices).
 */
export function cartWire(
  cart: CartRecord,
  views: readonly LineView[],
  subtotal: number,
  ctx: WireContext,
  extra: { taxIncludedInPrices?: boolean; lineItems?: CartLineItem[] } = {},
): Cart {
  const language = ctx.locale.split('-')[0] ?? 'en';
  const contact = cart.contactInfo;
  return {
    id: cart.id,
    lineItems: extra.lineItems ?? views.map((v) => lineItemOf(v, ctx)),
    ...(cart.buyerNote ? { buyerNote: cart.buyerNote } : {}),
    buyerInfo: buyerInfoOf(cart),
    currency: ctx.currency,
    conversionCurrency: ctx.currency,
    paymentCurrency: ctx.currency,
    buyerLanguage: language,
    siteLanguage: language,
    ...(extra.taxIncludedInPrices !== undefined ? { taxIncludedInPrices: extra.taxIncludedInPrices } : {}),
    weightUnit: 'KG',
    subtotal: priceOf(subtotal, ctx),
    appliedDiscounts:
      cart.couponCode && cart.couponId ? [{ coupon: { id: cart.couponId, code: cart.couponCode } }] : [],
    ...(contact && (contact.address || contact.contactDetails)
      ? {
          contactInfo: compact({
            address: contact.address ?? undefined,
            contactDetails: contact.contactDetails ?? undefined,
          }),
        }
      : {}),
    createdDate: cart.createdDate,
    updatedDate: cart.updatedDate,
    revision: String(cart.revision),
  } as Cart;
}
