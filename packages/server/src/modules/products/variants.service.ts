import { errorCodes, eventTypes, type Variant, type VariantOverrideInput } from '@merx/contract';
import { type Executor, runQuery, withTransaction } from '@merx/db';
import {
  type EntityQuerySpec,
  matchesChoices,
  notFound,
  type PreorderSettings,
  parseQuery,
  toMinor,
  ValidationError,
} from '@merx/domain';
import { sql } from 'kysely';
import { type EventIdentity, identityOf, identityOfActor } from '../../events/identity.js';
import type { Caller } from '../../http/auth.js';
import { logManualStock, type StockLog, SYSTEM_ACTOR } from '../inventory/inventory.log.js';
import { optionsAvailability } from './availability.js';
import type { CatalogDeps } from './catalog-deps.js';
import { targetsOf } from './products.input.js';
import { storeVariantOf, variantOf } from './products.mapper.js';
import { effectiveVariant, toVariantRecord } from './products.repo.js';
import type { ProductService, ReadOptions } from './products.service.js';
import type { VariantRecord } from './products.types.js';
import { refuseFields } from './refused-fields.js';

/** The allow-list of the store-wide variants query (variants joined to their products). */
const storeVariantQuerySpec: EntityQuerySpec = {
  table: 'product_variants',
  fields: {
    productId: { kind: 'column', column: 'product_id', type: 'id', sortable: true, notNull: true },
    variantId: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    sku: { kind: 'column', column: 'sku', type: 'string', sortable: true },
    'stock.inStock': { kind: 'column', column: 'in_stock', type: 'boolean', notNull: true },
    'stock.trackQuantity': { kind: 'column', column: 'track_quantity', type: 'boolean', notNull: true },
    'stock.quantity': { kind: 'column', column: 'quantity', type: 'number', sortable: true },
    'variant.visible': { kind: 'column', column: 'visible', type: 'boolean', notNull: true },
    productName: { kind: 'column', column: 'products.name', type: 'string', sortable: true, notNull: true },
    managedVariant: { kind: 'column', column: 'products.manage_variants', type: 'boolean', notNull: true },
    collectionIds: {
      kind: 'relation',
      table: 'collection_products',
      ownerColumn: 'product_id',
      valueColumn: 'collection_id',
      type: 'id',
      ownerRef: 'product_variants.product_id',
    },
  },
  tieBreaker: [
    { field: 'productId', order: 'ASC' },
    { field: 'variantId', order: 'ASC' },
  ],
};

/** Variants of v1 products: per-product overrides, availability of choices, and the store-wide variants list. */
export function createVariantService(deps: CatalogDeps, products: ProductService) {
  const { repo } = products;

  async function variantsOf(ex: Executor, productId: string): Promise<VariantRecord[]> {
    return (await repo.variantsOf(ex, [productId])).get(productId) ?? [];
  }

  return {
    async update(
      productId: string,
      overrides: VariantOverrideInput[],
      caller: Caller = { kind: 'none' },
    ): Promise<{ variants: Variant[] }> {
      refuseFields(
        overrides.map((o, i) => [`variants[${i}]`, o]),
        ['stock', 'productDimensions', 'packageDimensions'],
      );
      const { currency } = deps.store();
      // Amounts are converted (or refused) before the transaction starts; null clears the override.
      const minor = (value: number | null | undefined, field: string) =>
        value == null ? value : toMinor(value, currency, field);
      const amounts = overrides.map((o, i) => ({
        price: minor(o.price, `variants[${i}].price`),
        cost: minor(o.cost, `variants[${i}].cost`),
      }));
      return withTransaction(deps.db, async (uow) => {
        const before = await products.load(uow.trx, productId, { elevated: true });
        if (!before.manageVariants) {
          throw new ValidationError([
            {
              field: 'variants',
              description: 'can only be changed when the product has manageVariants set to true',
              violatedRule: 'VALIDATION',
            },
          ]);
        }
        const now = deps.clock.now().toISOString();
        const variants = (await variantsOf(uow.trx, productId)).map((v) => ({ ...v }));
        const touched = new Map<string, { v: VariantRecord; fields: Set<string> }>();
        overrides.forEach((o, i) => {
          for (const target of targetsOf(o, variants, i)) {
            const entry = touched.get(target.id) ?? { v: target, fields: new Set<string>() };
            const { price, cost } = amounts[i]!;
            if (price !== undefined) {
              target.price = price;
              entry.fields.add('price');
            }
            if (cost !== undefined) {
              target.cost = cost;
              entry.fields.add('cost');
            }
            if (o.weight !== undefined) {
              target.weight = o.weight;
              entry.fields.add('weight');
            }
            if (o.sku !== undefined) {
              target.sku = o.sku || null;
              entry.fields.add('sku');
            }
            if (o.visible != null) {
              target.visible = o.visible;
              entry.fields.add('visible');
            }
            target.updatedDate = now;
            touched.set(target.id, entry);
          }
        });
        for (const v of variants) {
          const e = effectiveVariant(before, v);
          if (before.discount.type === 'AMOUNT' && before.discount.value > e.price) {
            throw new ValidationError([
              {
                field: 'variants',
                description: `variant ${v.id} would cost less than the product's discount`,
                violatedRule: 'MIN',
              },
            ]);
          }
        }
        await products.save(uow, before, { ...before, updatedDate: now }, variants, true, caller);
        await deps.outbox.append(uow, {
          type: eventTypes.variantsChanged,
          entityId: productId,
          identity: identityOf(caller),
          payload: {
            productId,
            variants: [...touched.values()].map(({ v, fields }) => ({
              variantId: v.id,
              choices: v.choices,
              changedFields: [...fields],
            })),
          },
        });
        const ctx = products.ctx(true);
        return { variants: variants.map((v) => variantOf(before, v, ctx)) };
      });
    },

    async reset(productId: string, caller: Caller = { kind: 'none' }): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        const before = await products.load(uow.trx, productId, { elevated: true });
        const now = deps.clock.now().toISOString();
        const variants = (await variantsOf(uow.trx, productId)).map((v) => ({
          ...v,
          price: null,
          cost: null,
          weight: null,
          sku: null,
          visible: true,
          updatedDate: now,
        }));
        await products.save(uow, before, { ...before, updatedDate: now }, variants, true, caller);
        await deps.outbox.append(uow, {
          type: eventTypes.variantsChanged,
          entityId: productId,
          identity: identityOf(caller),
          payload: {
            productId,
            variants: variants.map((v) => ({
              variantId: v.id,
              choices: v.choices,
              changedFields: ['price', 'cost', 'weight', 'sku', 'visible'],
            })),
          },
        });
      });
    },

    /**
     * Sets stock of chosen variants (by id), read and written in one transaction; a tracked variant given no
     * quantity keeps the units it has. Used by the demo store and the inventory API, whose caller `log` names (the
     * store itself when not given); a variant whose tracking it switches is logged as TRACKING_CHANGED. The events
     * name `caller`, else the actor of `log`.
     */
    async setStock(
      productId: string,
      changes: Array<{
        variantId: string;
        trackQuantity: boolean;
        quantity?: number | null;
        inStock?: boolean;
        preorder?: PreorderSettings;
      }>,
      log: StockLog<'STOCK_SET'> = { reason: 'STOCK_SET', actor: SYSTEM_ACTOR },
      caller?: Caller | EventIdentity,
    ): Promise<void> {
      const identity = identityOf(caller ?? identityOfActor(log.actor));
      await withTransaction(deps.db, async (uow) => {
        const before = await products.load(uow.trx, productId, { elevated: true });
        const now = deps.clock.now().toISOString();
        const old = await variantsOf(uow.trx, productId);
        const byId = new Map(changes.map((c) => [c.variantId, c]));
        for (const c of changes) {
          if (!old.some((v) => v.id === c.variantId))
            throw notFound(errorCodes.variantNotFound, 'Variant not found', { productId, variantId: c.variantId });
        }
        const next = old.map((v) => {
          const c = byId.get(v.id);
          if (!c) return v;
          return {
            ...v,
            trackQuantity: c.trackQuantity,
            quantity: c.trackQuantity ? (c.quantity ?? v.quantity ?? 0) : null,
            inStock: c.inStock ?? v.inStock,
            preorder: c.preorder ?? v.preorder,
            updatedDate: now,
          };
        });
        await products.save(uow, before, { ...before, updatedDate: now }, next, true, identity, old);
        await logManualStock(uow.trx, productId, old, next, now, log);
        await deps.outbox.append(
          uow,
          deps.inventoryEvents(productId, old, next, now).map((e) => ({ ...e, identity })),
        );
      });
    },

    async queryOfProduct(
      productId: string,
      input: {
        choices?: Record<string, string>;
        variantIds?: string[];
        paging?: { limit?: number | null; offset?: number | null };
      },
      opts: ReadOptions,
    ) {
      const p = await products.load(deps.db, productId, opts);
      let variants = await variantsOf(deps.db, productId);
      if (input.variantIds?.length) {
        const ids = new Set(input.variantIds);
        variants = variants.filter((v) => ids.has(v.id));
      }
      if (input.choices && Object.keys(input.choices).length > 0) {
        const wanted = input.choices;
        variants = variants.filter((v) => matchesChoices(v.choices, wanted));
      }
      if (!opts.elevated) variants = variants.filter((v) => v.visible);
      const offset = input.paging?.offset ?? 0;
      const limit = input.paging?.limit || 100;
      const page = variants.slice(offset, offset + limit);
      const ctx = products.ctx(opts.merchant);
      return {
        variants: page.map((v) => variantOf(p, v, ctx)),
        metadata: { items: page.length, offset },
        totalResults: variants.length,
      };
    },

    /** What a shopper can buy given the choices made so far. */
    async availability(productId: string, options: Record<string, string>, opts: ReadOptions) {
      const p = await products.load(deps.db, productId, opts);
      const variants = (await variantsOf(deps.db, productId)).filter((v) => opts.elevated || v.visible);
      return optionsAvailability(p, variants, options, products.ctx(opts.merchant));
    },

    /** A page of variants across the store: the page, the count, and the page's products (three statements). */
    async queryStore(rawQuery: unknown, opts: ReadOptions) {
      const spec = storeVariantQuerySpec;
      const query = parseQuery(rawQuery ?? {}, spec);
      let base = deps.db
        .selectFrom('product_variants')
        .innerJoin('products', 'products.id', 'product_variants.product_id')
        .selectAll('product_variants');
      if (!opts.elevated)
        base = base.where('products.visible', '=', sql.lit(1)).where('product_variants.visible', '=', 1);
      const page = await runQuery<Parameters<typeof toVariantRecord>[0]>({
        base,
        spec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      const byId = await repo.findByIds(deps.db, [...new Set(page.rows.map((r) => r.product_id))]);
      const ctx = products.ctx(opts.merchant);
      const variants = page.rows.flatMap((row) => {
        const p = byId.get(row.product_id);
        return p ? [storeVariantOf(p, toVariantRecord(row), ctx)] : [];
      });
      return {
        variants,
        metadata: {
          count: variants.length,
          offset: page.offset,
          ...(page.total !== undefined ? { total: page.total } : {}),
          tooManyToCount: false,
          cursors: { next: page.nextCursor, prev: page.prevCursor },
        },
        totalResults: page.total ?? variants.length,
      };
    },

    async getStore(storeVariantId: string, opts: ReadOptions) {
      const match = /^(.+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(storeVariantId);
      if (!match) throw notFound(errorCodes.variantNotFound, 'Variant not found', { id: storeVariantId });
      const [, productId, variantId] = match as unknown as [string, string, string];
      const p = await products.load(deps.db, productId, opts).catch(() => {
        throw notFound(errorCodes.variantNotFound, 'Variant not found', { id: storeVariantId });
      });
      const row = await deps.db
        .selectFrom('product_variants')
        .selectAll()
        .where('product_id', '=', productId)
        .where('id', '=', variantId)
        .executeTakeFirst();
      if (!row || (!opts.elevated && row.visible !== 1))
        throw notFound(errorCodes.variantNotFound, 'Variant not found', { id: storeVariantId });
      return { variant: storeVariantOf(p, toVariantRecord(row), products.ctx(opts.merchant)) };
    },
  };
}

export type VariantService = ReturnType<typeof createVariantService>;
