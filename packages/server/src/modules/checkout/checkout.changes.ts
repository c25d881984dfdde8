import {
  type CheckoutCustomLineItemInput,
  type CheckoutInfoInput,
  type CheckoutLineItemInput,
  type CheckoutPaymentOption,
  cartErrorCodes,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from '@merx/contract';
import type { Executor } from '@merx/db';
import { AppError, invalid } from '@merx/domain';
import { checkQuantityChanges, checkStock, lineNotFound, newLineColumns } from '../cart/cart.changes.js';
import { type CatalogContext, type CatalogLineToAdd, customLineOf, resolveCatalogLine } from '../cart/cart.lines.js';
import type { ContactInfo } from '../cart/cart.types.js';
import { toMinorUnits } from '../shipping/decimal.js';
import type { CheckoutRepo } from './checkout.repo.js';
import { type CheckoutFields, lineOf, type NewCheckoutLine } from './checkout.rows.js';
import type { CheckoutLineRecord, CheckoutState } from './checkout.types.js';

/*
 * Changes to a checkout inside a transaction: each checks the request against the checkout and the catalog read
 * with it (nothing is written when a check fails), writes, and keeps the state in step for the answer.
 */

export interface LinesToAdd {
  lineItems?: CheckoutLineItemInput[] | null | undefined;
  customLineItems?: CheckoutCustomLineItemInput[] | null | undefined;
}

export type LineContext = CatalogContext & { now: string; newId: () => string };

/** Drops null members at every depth, so stored JSON holds only what was given. */
function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
  return Object.fromEntries(entries.map(([k, v]) => [k, withoutNulls(v)])) as T;
}

const contactOf = (info: { address?: unknown; contactDetails?: unknown } | null | undefined): ContactInfo | null => {
  const kept = info ? withoutNulls(info) : null;
  return kept && Object.keys(kept).length > 0 ? (kept as ContactInfo) : null;
};

const isoOf = (text: string) => new Date(text).toISOString();

/**
 * Applies what the buyer set (`checkoutInfo` of create, `checkout` of update) to `state`; returns the columns to
 * write and the names of the fields changed. `path` prefixes field violations (`checkout`, `checkoutInfo`).
 */
export function applyInfo(
  state: CheckoutState,
  info: CheckoutInfoInput | null | undefined,
  currency: string,
  path: string,
): { set: CheckoutFields; modified: string[] } {
  const c = state.checkout;
  const set: CheckoutFields = {};
  const modified: string[] = [];
  if (!info) return { set, modified };
  if (info.billingInfo !== undefined) {
    c.billingInfo = contactOf(info.billingInfo);
    set.billing_info = c.billingInfo && JSON.stringify(c.billingInfo);
    modified.push('billingInfo');
  }
  const shipping = info.shippingInfo;
  if (shipping?.shippingDestination !== undefined) {
    c.shippingDestination = contactOf(shipping.shippingDestination);
    set.shipping_destination = c.shippingDestination && JSON.stringify(c.shippingDestination);
    modified.push('shippingInfo.shippingDestination');
  }
  if (shipping?.selectedCarrierServiceOption !== undefined) {
    const option = shipping.selectedCarrierServiceOption;
    const slot = option?.logistics?.deliveryTimeSlot;
    c.shippingOptionCode = option?.code ?? null;
    c.deliveryTimeSlot = option && slot ? { from: isoOf(slot.from), to: isoOf(slot.to) } : null;
    set.shipping_option_code = c.shippingOptionCode;
    set.delivery_time_slot = c.deliveryTimeSlot && JSON.stringify(c.deliveryTimeSlot);
    modified.push('shippingInfo.selectedCarrierServiceOption');
  }
  if (info.buyerNote !== undefined) {
    c.buyerNote = info.buyerNote || null;
    set.buyer_note = c.buyerNote;
    modified.push('buyerNote');
  }
  if (info.buyerInfo?.email !== undefined) {
    c.email = info.buyerInfo.email || null;
    set.buyer_email = c.email;
    modified.push('buyerInfo.email');
  }
  if (info.tipSelection !== undefined) {
    const tip = info.tipSelection;
    c.tip =
      tip == null
        ? null
        : tip.presetIndex != null
          ? { presetIndex: tip.presetIndex }
          : { customAmount: toMinorUnits(tip.customAmount ?? '0', currency, `${path}.tipSelection.customAmount`) };
    set.tip = c.tip && JSON.stringify(c.tip);
    modified.push('tipSelection');
  }
  return { set, modified };
}

/** Catalog lines of the request merged by key (identical references add up), checked against the checkout. */
function plannedCatalogLines(state: CheckoutState, items: readonly CheckoutLineItemInput[], ctx: CatalogContext) {
  const byKey = new Map<string, CatalogLineToAdd & { paymentOption: CheckoutPaymentOption }>();
  items.forEach((item, i) => {
    const line = resolveCatalogLine(item, `lineItems[${i}]`, state.catalog, ctx);
    const same = byKey.get(line.key);
    if (same) same.quantity += line.quantity;
    else
      byKey.set(line.key, {
        ...line,
        paymentOption: item.catalogOverrideFields?.paymentOption?.value ?? 'FULL_PAYMENT_ONLINE',
      });
  });
  const existing = new Map(state.lines.map((l) => [l.key, l]));
  for (const line of byKey.values()) {
    const total = (existing.get(line.key)?.quantity ?? 0) + line.quantity;
    if (total > MAX_LINE_QUANTITY)
      throw invalid(`${line.path}.quantity`, `would make the line hold more than ${MAX_LINE_QUANTITY} units`, 'MAX');
    checkStock(line.productId, line.variant, total);
  }
  return [...byKey.values()];
}

/** Rows for the lines of `input`, numbered after the checkout's last line; refused lines throw. */
export function linesToAdd(state: CheckoutState, input: LinesToAdd, ctx: LineContext): NewCheckoutLine[] {
  const catalogLines = plannedCatalogLines(state, input.lineItems ?? [], ctx);
  const custom = (input.customLineItems ?? []).map((item, i) => ({
    data: customLineOf(item, `customLineItems[${i}]`, ctx.currency),
    quantity: item.quantity,
    paymentOption: item.paymentOption ?? 'FULL_PAYMENT_ONLINE',
  }));
  const keys = new Set(state.lines.map((l) => l.key));
  const newLines = catalogLines.filter((l) => !keys.has(l.key)).length + custom.length;
  if (state.lines.length + newLines > MAX_CART_LINES)
    throw new AppError(
      'FAILED_PRECONDITION',
      cartErrorCodes.tooManyLineItems,
      `A checkout holds at most ${MAX_CART_LINES} lines`,
      { maxLineItems: MAX_CART_LINES },
    );
  const paymentOptions = [...catalogLines, ...custom].map((l) => l.paymentOption);
  return newLineColumns(state.lines, catalogLines, custom, ctx).map((columns, i) => ({
    checkout_id: state.checkout.id,
    ...columns,
    payment_option: paymentOptions[i] ?? 'FULL_PAYMENT_ONLINE',
  }));
}

/** Adds lines (same references add up) and brings `state.lines` in step. */
export async function addLines(ex: Executor, repo: CheckoutRepo, state: CheckoutState, rows: NewCheckoutLine[]) {
  const written = await repo.addLines(ex, rows);
  // A line missing from the answer went over the quantity limit (a concurrent add of the same item).
  if (written.length !== rows.length)
    throw invalid('lineItems', `a line would hold more than ${MAX_LINE_QUANTITY} units`, 'MAX');
  const byKey = new Map(state.lines.map((l) => [l.key, l]));
  for (const w of written) {
    const row = rows.find((r) => r.line_key === w.key);
    if (!row) continue;
    const before = byKey.get(w.key);
    const line: CheckoutLineRecord = before
      ? { ...before, quantity: w.quantity, snapshot: JSON.parse(row.snapshot), updatedDate: row.updated_date }
      : lineOf({ ...row, quantity: w.quantity });
    byKey.set(w.key, line);
  }
  state.lines = [...byKey.values()].sort((a, b) => a.position - b.position);
}

/** Removes lines by id; an id not in the checkout is a 404 and nothing is removed. */
export async function removeLines(ex: Executor, repo: CheckoutRepo, state: CheckoutState, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const missing = unique.find((id) => !state.lines.some((l) => l.id === id));
  if (missing) throw lineNotFound(missing);
  await repo.deleteLines(ex, state.checkout.id, unique);
  state.lines = state.lines.filter((l) => !unique.includes(l.id));
}

/** Sets line quantities; raising one beyond what is in stock is refused (lowering one never is). */
export async function setQuantities(
  ex: Executor,
  repo: CheckoutRepo,
  state: CheckoutState,
  updates: ReadonlyArray<{ id: string; quantity: number }>,
  now: string,
) {
  const wanted = new Map(updates.map((u) => [u.id, u.quantity]));
  checkQuantityChanges(state.lines, state.catalog, wanted);
  await repo.setQuantities(ex, state.checkout.id, wanted, now);
  state.lines = state.lines.map((l) =>
    wanted.has(l.id) ? { ...l, quantity: wanted.get(l.id) ?? l.quantity, updatedDate: now } : l,
  );
}
