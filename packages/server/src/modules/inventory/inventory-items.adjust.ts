import {
  type DecrementData,
  errorCodes,
  type IncrementData,
  inventoryErrorCodes,
  MAX_STOCK_QUANTITY,
  orderErrorCodes,
} from '@merx/contract';
import { withTransaction } from '@merx/db';
import { AppError, type FieldViolation, notFound, ValidationError } from '@merx/domain';
import { identityOf } from '../../events/identity.js';
import type { Caller } from '../../http/auth.js';
import type { ModuleDeps } from '../module.js';
import { actorOf } from './inventory.log.js';
import { createStockKeeper, type StockItem } from './inventory.stock.js';
import { variantStocks } from './inventory-items.repo.js';

/*
 * Increment and decrement (WIRE.md Appendix B `stores_inventory`): units added to or taken from tracked variants by
 * hand. They go through the stock keeper that orders use: one conditional UPDATE per variant in one transaction
 * (`quantity >= n` to take, `quantity <= max - n` to add), each change in the inventory log as MANUAL
 * (STOCK_ADJUSTED, by the caller) and its inventory event in the outbox. The request is applied whole or not at all:
 * a refused line rolls back every line.
 */

type Kind = 'increment' | 'decrement';
interface Line {
  /** Where the line is in the request, e.g. `decrementData[2]`. */
  at: string;
  /** The line named its item by `productId` (else by `inventoryId`). */
  byProduct: boolean;
  productId: string;
  variantId: string;
  units: number;
  /** A decrement that may sell into the variant's preorder room (`preorderRequest`). */
  preorder: boolean;
}

/** The lines with their item ids: `productId` or `inventoryId` (one id in Merx, so both may come when equal). */
function linesOf(kind: Kind, data: ReadonlyArray<IncrementData | DecrementData>): Line[] {
  const name = `${kind}Data`;
  const violations: FieldViolation[] = [];
  const lines = data.map((d, i): Line => {
    const at = `${name}[${i}]`;
    if (d.productId === undefined && d.inventoryId === undefined) {
      violations.push({
        field: `${at}.productId`,
        description: 'is required (or inventoryId)',
        violatedRule: 'REQUIRED_FIELD',
      });
    } else if (d.productId !== undefined && d.inventoryId !== undefined && d.productId !== d.inventoryId) {
      violations.push({
        field: `${at}.inventoryId`,
        description: 'must name the same item as productId (or be left out)',
        violatedRule: 'ONE_OF_ALIGNMENT',
      });
    }
    const units = 'incrementBy' in d ? d.incrementBy : d.decrementBy;
    const productId = d.productId ?? d.inventoryId ?? '';
    const preorder = 'preorderRequest' in d && d.preorderRequest === true;
    return { at, byProduct: d.productId !== undefined, productId, variantId: d.variantId, units, preorder };
  });
  if (violations.length > 0) throw new ValidationError(violations);
  return lines;
}

const notTracked = (line: Line) =>
  new AppError(
    'FAILED_PRECONDITION',
    inventoryErrorCodes.notTracked,
    `${line.at}: the variant does not count its units; set its inStock with updateInventoryVariants`,
    { field: `${line.at}.variantId`, productId: line.productId, variantId: line.variantId },
  );

/** The stock keeper's refusal of a merged variant, told as the first line of the request that names it. */
function onLine(error: unknown, lines: readonly Line[]): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code !== orderErrorCodes.insufficientInventory && error.code !== inventoryErrorCodes.quantityTooLarge)
    return error;
  const line = lines.find((l) => l.productId === error.data['productId'] && l.variantId === error.data['variantId']);
  if (!line) return error;
  const d = error.data;
  const why =
    error.code === orderErrorCodes.insufficientInventory
      ? `not enough units in stock (${d['requested']} asked, ${d['available']} left)`
      : `a variant may hold at most ${MAX_STOCK_QUANTITY} units (${d['current']} held, ${d['requested']} added)`;
  return new AppError(error.kind, error.code, `${line.at}: ${why}`, { ...d, field: line.at });
}

/** Adds and takes units of tracked variants by hand. */
export function createStockAdjustments(deps: ModuleDeps) {
  const stock = createStockKeeper(deps.dialect);

  async function adjust(
    caller: Caller,
    kind: Kind,
    data: ReadonlyArray<IncrementData | DecrementData>,
  ): Promise<object> {
    const lines = linesOf(kind, data);
    const now = deps.clock.now().toISOString();
    return withTransaction(deps.db, async (uow) => {
      const known = await variantStocks(uow.trx, [...new Set(lines.map((l) => l.productId))]);
      for (const line of lines) {
        const variants = known.get(line.productId);
        if (!variants) {
          const field = `${line.at}.${line.byProduct ? 'productId' : 'inventoryId'}`;
          throw line.byProduct
            ? notFound(errorCodes.productNotFound, `${field}: product not found`, { field, productId: line.productId })
            : notFound(inventoryErrorCodes.itemNotFound, `${field}: inventory item not found`, {
                field,
                inventoryId: line.productId,
              });
        }
        const variant = variants.find((v) => v.id === line.variantId);
        if (!variant) {
          const field = `${line.at}.variantId`;
          throw notFound(errorCodes.variantNotFound, `${field}: variant not found`, {
            field,
            productId: line.productId,
            variantId: line.variantId,
          });
        }
        if (!variant.trackQuantity) throw notTracked(line);
      }
      const items: StockItem[] = lines.map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        quantity: l.units,
        preorder: l.preorder,
      }));
      const ctx = {
        reason: 'STOCK_ADJUSTED' as const,
        actor: await actorOf(uow.trx, caller),
        identity: identityOf(caller),
        orderId: null,
        now,
      };
      const outcome = await (kind === 'increment'
        ? stock.giveBack(uow, items, { ...ctx, ceiling: MAX_STOCK_QUANTITY })
        : stock.take(uow, items, ctx)
      ).catch((error: unknown) => {
        throw onLine(error, lines);
      });
      // The stock keeper leaves untracked variants alone: tracking switched off since the check above refuses all.
      const moved = new Set(outcome.changes.map((c) => `${c.productId}\u0000${c.variantId}`));
      const skipped = lines.find((l) => !moved.has(`${l.productId}\u0000${l.variantId}`));
      if (skipped) throw notTracked(skipped);
      await deps.outbox.append(uow, outcome.events);
      return {};
    });
  }

  return {
    /** Adds `incrementBy` units to each line's variant, all lines or none. */
    increment: (caller: Caller, data: readonly IncrementData[]) => adjust(caller, 'increment', data),
    /** Takes `decrementBy` units from each line's variant, all lines or none (never below zero). */
    decrement: (caller: Caller, data: readonly DecrementData[]) => adjust(caller, 'decrement', data),
  };
}

export type StockAdjustments = ReturnType<typeof createStockAdjustments>;
