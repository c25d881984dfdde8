import {
  type CatalogLineItemInput,
  type CustomLineItemInput,
  cartErrorCodes,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  STORES_APP_ID,
} from '@merx/contract';
import type { Executor } from '@merx/db';
import { AppError, invalid, notFound, unitsForSale, variantBuyable } from '@merx/domain';
import type { VariantRecord } from '../products/products.types.js';
import {
  type CatalogContext,
  type CatalogLineToAdd,
  customLineOf,
  customSnapshotOf,
  resolveCatalogLine,
} from './cart.lines.js';
import type { CartRepo } from './cart.repo.js';
import { lineOf, type NewLine } from './cart.rows.js';
import type { CartLineRecord, CartState, CatalogEntry, CustomLineData } from './cart.types.js';

/*
 * Changes to a cart's lines inside a transaction: each checks the request against the cart and the catalog read
 * with it (nothing is written when a check fails), writes in one statement, and keeps `state.lines` in step.
 */

const outOfStock = (productId: string, variantId: string) =>
  new AppError('FAILED_PRECONDITION', cartErrorCodes.itemOutOfStock, 'The item is out of stock', {
    catalogItemId: productId,
    variantId,
  });

/**
 * Refuses `quantity` units of a variant that is out of stock, or tracked with fewer units left (preorder room counts
 * as units: docs/decisions/0032-preorder.md).
 */
export function checkStock(productId: string, variant: VariantRecord, quantity: number): void {
  if (!variantBuyable(variant)) throw outOfStock(productId, variant.id);
  const left = unitsForSale(variant);
  if (left !== null && quantity > left)
    throw new AppError(
      'FAILED_PRECONDITION',
      cartErrorCodes.insufficientStock,
      `Only ${left} of this item ${left === 1 ? 'is' : 'are'} left in stock`,
      { catalogItemId: productId, variantId: variant.id, quantityAvailable: left },
    );
}

/** 404 for a line id that is not in the caller's cart. */
export const lineNotFound = (lineItemId: string) =>
  notFound(cartErrorCodes.lineItemNotFound, 'The cart has no line item with this id', { lineItemId });

const tooManyLines = () =>
  new AppError('FAILED_PRECONDITION', cartErrorCodes.tooManyLineItems, `A cart holds at most ${MAX_CART_LINES} lines`, {
    maxLineItems: MAX_CART_LINES,
  });

export interface LinesToAdd {
  lineItems?: CatalogLineItemInput[] | null | undefined;
  customLineItems?: CustomLineItemInput[] | null | undefined;
}

/** Catalog lines of the request merged by key (identical references add up), checked against the cart. */
function plannedCatalogLines(state: CartState, input: LinesToAdd, ctx: CatalogContext): CatalogLineToAdd[] {
  const byKey = new Map<string, CatalogLineToAdd>();
  (input.lineItems ?? []).forEach((item, i) => {
    const line = resolveCatalogLine(item, `lineItems[${i}]`, state.catalog, ctx);
    const same = byKey.get(line.key);
    if (same) same.quantity += line.quantity;
    else byKey.set(line.key, line);
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

type LineContext = CatalogContext & { now: string; newId: () => string };

/**
 * Columns of new lines (all but their owner's id), numbered after the last of `lines`: the catalog lines, then the
 * custom lines with keys of their own. Carts and checkouts write the same line columns.
 */
export function newLineColumns(
  lines: readonly { position: number }[],
  catalogLines: readonly CatalogLineToAdd[],
  custom: ReadonlyArray<{ data: CustomLineData; quantity: number }>,
  ctx: { now: string; newId: () => string },
): Array<Omit<NewLine, 'cart_id'>> {
  let position = lines.reduce((max, l) => Math.max(max, l.position), 0);
  const dates = { added_date: ctx.now, updated_date: ctx.now };
  return [
    ...catalogLines.map((l) => ({
      ...dates,
      id: ctx.newId(),
      line_key: l.key,
      position: ++position,
      catalog_app_id: STORES_APP_ID,
      catalog_item_id: l.productId,
      variant_id: l.variant.id,
      options: JSON.stringify(l.options),
      quantity: l.quantity,
      custom_data: null,
      catalog_override_fields: l.overrides ? JSON.stringify(l.overrides) : null,
      snapshot: JSON.stringify(l.snapshot),
    })),
    ...custom.map(({ data, quantity }) => {
      const id = ctx.newId();
      return {
        ...dates,
        id,
        line_key: `custom:${id}`,
        position: ++position,
        catalog_app_id: null,
        catalog_item_id: null,
        variant_id: null,
        options: '{}',
        quantity,
        custom_data: JSON.stringify(data),
        catalog_override_fields: null,
        snapshot: JSON.stringify(customSnapshotOf(data)),
      };
    }),
  ];
}

/** Rows for the lines to add to the cart. */
function rowsToAdd(
  state: CartState,
  catalogLines: readonly CatalogLineToAdd[],
  custom: ReadonlyArray<{ data: CustomLineData; quantity: number }>,
  ctx: LineContext,
): NewLine[] {
  return newLineColumns(state.lines, catalogLines, custom, ctx).map((columns) => ({
    cart_id: state.cart.id,
    ...columns,
  }));
}

/** Brings `state.lines` in step with rows just written (`written`: the quantities the database now holds). */
export function applyWritten(
  state: CartState,
  rows: readonly NewLine[],
  written: ReadonlyArray<{ key: string; quantity: number }>,
  now: string,
): CartLineRecord[] {
  const byKey = new Map(state.lines.map((l) => [l.key, l]));
  const changed: CartLineRecord[] = [];
  for (const w of written) {
    const row = rows.find((r) => r.line_key === w.key);
    if (!row) continue;
    const before = byKey.get(w.key);
    const line = before
      ? { ...before, quantity: w.quantity, snapshot: JSON.parse(row.snapshot), updatedDate: now }
      : lineOf({ ...row, quantity: w.quantity });
    changed.push(line);
    byKey.set(w.key, line);
  }
  state.lines = [...byKey.values()].sort((a, b) => a.position - b.position);
  return changed;
}

/** Adds catalog and custom lines (same references add up); returns the lines written, as they now are. */
export async function addLines(
  ex: Executor,
  repo: CartRepo,
  state: CartState,
  input: LinesToAdd,
  ctx: LineContext,
): Promise<CartLineRecord[]> {
  const catalogLines = plannedCatalogLines(state, input, ctx);
  const custom = (input.customLineItems ?? []).map((item, i) => ({
    data: customLineOf(item, `customLineItems[${i}]`, ctx.currency),
    quantity: item.quantity,
  }));
  const keys = new Set(state.lines.map((l) => l.key));
  const newLines = catalogLines.filter((l) => !keys.has(l.key)).length + custom.length;
  if (state.lines.length + newLines > MAX_CART_LINES) throw tooManyLines();
  const rows = rowsToAdd(state, catalogLines, custom, ctx);
  const written = await repo.addLines(ex, rows);
  // A line missing from the answer went over the quantity limit (a concurrent add of the same item).
  if (written.length !== rows.length)
    throw invalid('lineItems', `a line would hold more than ${MAX_LINE_QUANTITY} units`, 'MAX');
  return applyWritten(state, rows, written, ctx.now);
}

/** Removes lines by id; an id not in the cart is a 404 and nothing is removed. */
export async function removeLines(ex: Executor, repo: CartRepo, state: CartState, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const missing = unique.find((id) => !state.lines.some((l) => l.id === id));
  if (missing) throw lineNotFound(missing);
  const removed = await repo.deleteLines(ex, state.cart.id, unique);
  if (removed.length !== unique.length) throw lineNotFound(unique.find((id) => !removed.includes(id)) ?? unique[0]!);
  state.lines = state.lines.filter((l) => !removed.includes(l.id));
}

/**
 * Refuses new quantities for lines (of a cart or a checkout) that are not there, or that raise a line beyond what
 * can be bought: stock of its variant, or a custom line's own limit. Lowering a quantity is never refused.
 */
export function checkQuantityChanges(
  lines: readonly CartLineRecord[],
  catalog: ReadonlyMap<string, CatalogEntry>,
  wanted: ReadonlyMap<string, number>,
): void {
  for (const [id, quantity] of wanted) {
    const line = lines.find((l) => l.id === id);
    if (!line) throw lineNotFound(id);
    if (quantity <= line.quantity) continue;
    if (line.custom) {
      const left = line.custom.quantityAvailable;
      if (left !== null && quantity > left)
        throw invalid('lineItems', `only ${left} of this item can be bought`, 'MAX');
      continue;
    }
    const variant = catalog.get(line.catalogItemId ?? '')?.variants.find((v) => v.id === line.variantId);
    if (!variant) throw outOfStock(line.catalogItemId ?? '', line.variantId ?? '');
    checkStock(line.catalogItemId ?? '', variant, quantity);
  }
}

/** Sets line quantities; raising one beyond what is in stock is refused (lowering one never is). */
export async function setQuantities(
  ex: Executor,
  repo: CartRepo,
  state: CartState,
  updates: ReadonlyArray<{ id: string; quantity: number }>,
  now: string,
) {
  const wanted = new Map(updates.map((u) => [u.id, u.quantity]));
  checkQuantityChanges(state.lines, state.catalog, wanted);
  const changed = await repo.setQuantities(ex, state.cart.id, wanted, now);
  if (changed.length !== wanted.size) throw lineNotFound([...wanted.keys()].find((id) => !changed.includes(id)) ?? '');
  state.lines = state.lines.map((l) =>
    wanted.has(l.id) ? { ...l, quantity: wanted.get(l.id)!, updatedDate: now } : l,
  );
}
