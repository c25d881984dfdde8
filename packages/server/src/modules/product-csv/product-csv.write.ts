import { ALL_PRODUCTS_COLLECTION_ID, eventTypes } from '@merx/contract';
import type { DialectName, UnitOfWork } from '@merx/db';
import { identityOfActor } from '../../events/identity.js';
import type { EventOutbox, NewEvent } from '../../events/outbox.js';
import { createCollectionsRepo } from '../collections/collections.repo.js';
import { logManualStock, type StockLog } from '../inventory/inventory.log.js';
import { inventoryEvents } from '../products/inventory-events.js';
import { productOf } from '../products/products.mapper.js';
import { selectProducts, toProductRecord } from '../products/products.repo.js';
import type { ProductService } from '../products/products.service.js';
import { lockSlugs } from '../products/slugs.js';
import { type Applied, type ApplyContext, applyDraft, type Existing } from './product-csv.apply.js';
import { failed, type Problem, type ProductDraft } from './product-csv.draft.js';

/*
 * Saving a batch of drafts in the caller's unit of work: the products their handles name are read in two statements,
 * each draft is laid over its product, and the products are written through the catalog's own repository (derived
 * columns, revision compare-and-set, the inventory log, the All Products collection, outbox events), so that an
 * imported product is the same as one made through the API.
 */

export interface WriteDeps {
  dialect: DialectName;
  outbox: EventOutbox;
  products: ProductService;
}

/** What a batch is laid over with, and how its stock changes are logged (CSV_IMPORT, the job and who started it). */
export interface WriteContext extends ApplyContext {
  log: StockLog;
}

/** What became of each draft of a batch. */
export interface BatchOutcome {
  created: number;
  updated: number;
  /** Drafts that failed here (errors in the draft, or found when laid over the store's product). */
  failed: ProductDraft[];
  problems: Problem[];
}

const collections = createCollectionsRepo();

/** The products of `handles`, with their variants: two statements. */
async function existingOf(uow: UnitOfWork, deps: WriteDeps, handles: string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  if (handles.length === 0) return found;
  const rows = await selectProducts(uow.trx, deps.dialect).where('products.slug', 'in', handles).execute();
  const variants = await deps.products.repo.variantsOf(
    uow.trx,
    rows.map((r) => r.id),
  );
  for (const row of rows) found.set(row.slug, { record: toProductRecord(row), variants: variants.get(row.id) ?? [] });
  return found;
}

/** Writes `drafts` in `uow`; throws if a write fails (the caller then saves them one by one). */
export async function writeBatch(
  uow: UnitOfWork,
  deps: WriteDeps,
  drafts: readonly ProductDraft[],
  ctx: WriteContext,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { created: 0, updated: 0, failed: [], problems: [] };
  const ready = drafts.filter((d) => {
    outcome.problems.push(...d.problems);
    if (failed(d)) outcome.failed.push(d);
    return !failed(d);
  });
  if (ready.length === 0) return outcome;
  await lockSlugs(uow.trx, 'product');
  const existing = await existingOf(uow, deps, [...new Set(ready.map((d) => d.handle))]);
  const creates: Applied[] = [];
  const updates: Array<{ applied: Applied; before: Existing }> = [];
  for (const draft of ready) {
    const problems: Problem[] = [];
    const before = existing.get(draft.handle);
    const applied = applyDraft(draft, before, ctx, problems);
    outcome.problems.push(...problems);
    if (!applied || problems.some((p) => p.severity === 'ERROR')) {
      outcome.failed.push(draft);
      continue;
    }
    if (before) updates.push({ applied, before });
    else creates.push(applied);
  }
  // Every event names who started the import (the staff member or key), as its stock changes are logged.
  const identity = identityOfActor(ctx.log.actor);
  const events: NewEvent[] = [];
  if (creates.length > 0) {
    const first = await reserveNumericIds(uow, creates.length);
    const ctxWire = deps.products.ctx(true);
    for (const [i, applied] of creates.entries()) {
      const { record, variants } = applied;
      record.numericId = first + i;
      await deps.products.repo.insert(uow.trx, record, variants);
      await logManualStock(uow.trx, record.id, [], variants, ctx.now, ctx.log);
      const wire = productOf(record, variants, ctxWire);
      events.push({
        type: eventTypes.productCreated,
        entityId: record.id,
        payload: {
          productId: record.id,
          name: wire.name,
          price: wire.priceData,
          visible: wire.visible,
          media: wire.media,
          sku: wire.sku,
          productPageUrl: wire.productPageUrl,
          brand: wire.brand,
          costAndProfitData: wire.costAndProfitData,
          slug: wire.slug,
        },
      });
      events.push({
        type: eventTypes.productV3Created,
        entityId: record.id,
        payload: { entity: deps.products.v3Entity(record, variants), identity },
      });
    }
    await collections.addProducts(
      uow.trx,
      ALL_PRODUCTS_COLLECTION_ID,
      creates.map((a) => a.record.id),
    );
  }
  for (const { applied, before } of updates) {
    if (applied.unchanged) continue;
    const { record, variants } = applied;
    await deps.products.save(uow, before.record, record, variants, applied.variantsChanged, identity, before.variants);
    await logManualStock(uow.trx, record.id, before.variants, variants, ctx.now, ctx.log);
    events.push(
      {
        type: eventTypes.productChanged,
        entityId: record.id,
        payload: { productId: record.id, changedFields: applied.changedFields },
      },
      ...inventoryEvents(record.id, before.variants, variants, ctx.now),
    );
    if (applied.optionsChanged) {
      events.push({
        type: eventTypes.variantsChanged,
        entityId: record.id,
        payload: {
          productId: record.id,
          variants: variants.map((v) => ({ variantId: v.id, choices: v.choices, changedFields: ['choices'] })),
        },
      });
    }
  }
  // In groups, so that the outbox's statement shapes (one per number of events) stay few.
  const named = events.map((e) => ({ ...e, identity }));
  for (let i = 0; i < named.length; i += 50) await deps.outbox.append(uow, named.slice(i, i + 50));
  outcome.created = creates.length;
  outcome.updated = updates.length;
  return outcome;
}

async function reserveNumericIds(uow: UnitOfWork, n: number): Promise<number> {
  const row = await uow.trx
    .insertInto('sequences')
    .values({ name: 'product', value: n })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', n) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - n + 1;
}
