import { type BulkProductsResponse, bulkUpdateProductsRequest, errorCodes, eventTypes } from '@merx/contract';
import { withTransaction } from '@merx/db';
import { AppError, currencyDigits, fromMinor, roundMinor, toMinor, ValidationError } from '@merx/domain';
import { identityOf } from '../../events/identity.js';
import type { Caller } from '../../http/auth.js';
import type { CatalogDeps } from './catalog-deps.js';
import { productOf } from './products.mapper.js';
import type { ProductService } from './products.service.js';
import type { ProductRecord } from './products.types.js';

type Edit = (p: ProductRecord) => ProductRecord;

/** The values a bulk set accepts per field; adjustments are held to the same limits. */
const settable = bulkUpdateProductsRequest.shape.set.shape;

export interface Adjustment {
  amount?: number | undefined;
  rate?: number | undefined;
  percentage?: { rate: number; roundToInt?: boolean | undefined } | undefined;
}

/** Bulk changes: each product in its own transaction, so one failure does not stop the others. */
export function createBulkService(deps: CatalogDeps, products: ProductService) {
  async function run(
    ids: string[],
    changedField: string,
    edit: Edit,
    returnEntity: boolean,
    caller: Caller,
  ): Promise<BulkProductsResponse> {
    const results: BulkProductsResponse['results'] = [];
    for (const [originalIndex, id] of ids.entries()) {
      try {
        const item = await withTransaction(deps.db, async (uow) => {
          const before = await products.load(uow.trx, id, { elevated: true });
          const after = { ...edit(structuredClone(before)), updatedDate: deps.clock.now().toISOString() };
          const variants = (await products.repo.variantsOf(uow.trx, [id])).get(id) ?? [];
          await products.save(uow, before, after, variants, false, caller);
          await deps.outbox.append(uow, {
            type: eventTypes.productChanged,
            entityId: id,
            payload: { productId: id, changedFields: [changedField] },
            identity: identityOf(caller),
          });
          return returnEntity
            ? productOf({ ...after, revision: before.revision + 1 }, variants, products.ctx(true))
            : undefined;
        });
        results.push({ itemMetadata: { id, originalIndex, success: true }, ...(item ? { item } : {}) });
      } catch (error) {
        const failure = describeFailure(error);
        results.push({ itemMetadata: { id, originalIndex, success: false, error: failure } });
      }
    }
    const totalSuccesses = results.filter((r) => r.itemMetadata.success).length;
    return {
      results,
      bulkActionMetadata: { totalSuccesses, totalFailures: results.length - totalSuccesses, undetailedFailures: 0 },
    };
  }

  function checkDiscount(p: ProductRecord): ProductRecord {
    if (p.discount.type === 'AMOUNT' && p.discount.value > p.price) {
      throw new AppError(
        'INVALID_ARGUMENT',
        'PRICE_BELOW_DISCOUNT',
        'The new price would be lower than the product discount',
      );
    }
    return p;
  }

  /** `amount` already in minor units for price and cost (converted, or refused, before any product is touched). */
  function adjusted(value: number, a: Adjustment, field: 'price' | 'cost' | 'weight'): number {
    const currency = deps.store().currency;
    const minor = field !== 'weight';
    const rate = a.percentage?.rate ?? a.rate;
    let next: number;
    if (rate !== undefined) {
      next = value * (1 + rate / 100);
      if (a.percentage?.roundToInt) {
        const unit = minor ? 10 ** currencyDigits(currency) : 1;
        next = Math.round(next / unit) * unit;
      }
    } else {
      next = value + (a.amount ?? 0);
    }
    next = minor ? roundMinor(next) : Math.round(next * 1000) / 1000;
    if (next < 0)
      throw new AppError('INVALID_ARGUMENT', 'NEGATIVE_VALUE', 'The adjustment would make the value negative');
    // An adjustment may not reach a value that setting the field directly would refuse.
    if (!settable[field].safeParse(minor ? fromMinor(next, currency) : next).success) {
      throw new AppError('INVALID_ARGUMENT', 'VALUE_OUT_OF_RANGE', `The adjustment would put ${field} out of range`, {
        field,
      });
    }
    return next;
  }

  return {
    async update(
      ids: string[],
      set: {
        price?: number;
        cost?: number;
        weight?: number;
        ribbon?: string;
        brand?: string;
        productType?: 'physical' | 'digital';
      },
      returnEntity: boolean,
      caller: Caller = { kind: 'none' },
    ) {
      const { currency } = deps.store();
      const [field] = Object.keys(set) as Array<keyof typeof set>;
      const price = set.price === undefined ? undefined : toMinor(set.price, currency, 'set.price');
      const cost = set.cost === undefined ? undefined : toMinor(set.cost, currency, 'set.cost');
      const edit: Edit = (p) => {
        if (price !== undefined) return checkDiscount({ ...p, price });
        if (cost !== undefined) return { ...p, cost };
        if (set.weight !== undefined) return { ...p, weight: set.weight };
        if (set.ribbon !== undefined) return { ...p, ribbon: set.ribbon || null };
        if (set.brand !== undefined) return { ...p, brand: set.brand || null };
        if (set.productType !== undefined) return { ...p, productType: set.productType };
        return p;
      };
      return run(ids, field ?? 'price', edit, returnEntity, caller);
    },

    async adjust(
      ids: string[],
      adjust: { price?: Adjustment; cost?: Adjustment; weight?: Adjustment },
      returnEntity: boolean,
      caller: Caller = { kind: 'none' },
    ) {
      const { currency } = deps.store();
      const inMinor = (a: Adjustment | undefined, field: string): Adjustment | undefined =>
        a?.amount === undefined ? a : { ...a, amount: toMinor(a.amount, currency, `adjust.${field}.amount`) };
      const price = inMinor(adjust.price, 'price');
      const cost = inMinor(adjust.cost, 'cost');
      const edit: Edit = (p) => {
        if (price) return checkDiscount({ ...p, price: adjusted(p.price, price, 'price') });
        if (cost) return { ...p, cost: adjusted(p.cost ?? 0, cost, 'cost') };
        if (adjust.weight) return { ...p, weight: adjusted(p.weight ?? 0, adjust.weight, 'weight') };
        return p;
      };
      return run(ids, adjust.price ? 'price' : adjust.cost ? 'cost' : 'weight', edit, returnEntity, caller);
    },
  };
}

function describeFailure(error: unknown): { code: string; description: string; data: Record<string, unknown> } {
  if (error instanceof AppError) return { code: error.code, description: error.message, data: error.data };
  if (error instanceof ValidationError) return { code: 'INVALID_ARGUMENT', description: error.message, data: {} };
  return { code: errorCodes.systemError, description: 'System error occurred', data: {} };
}

export type BulkService = ReturnType<typeof createBulkService>;
