import { type ProductV3Input, type ProductV3RequestedField, type productTagsV3, productV3Input } from '@merx/contract';
import { type Database, type UnitOfWork, withTransaction } from '@merx/db';
import { AppError, invalid, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../http/auth.js';
import { violationsFromZod } from '../../http/violations.js';
import { type BulkItemResult, bulkAnswerOf, runBulk } from '../../lib/bulk-results.js';
import { newId } from '../../lib/ids.js';
import { itemIdOf } from '../inventory-v3/inventory-v3.query.js';
import type { ProductService } from '../products/products.service.js';
import type { ProductsV3Service } from './products-v3.service.js';
import type { ProductsV3Writer, VariantAdjustment, VariantIn, WriteOptions } from './products-v3.write.js';

type Fields = readonly ProductV3RequestedField[] | undefined;
type BulkItems = readonly Record<string, unknown>[];
type Expression = string | null | undefined;
type Tags = z.infer<typeof productTagsV3> | null | undefined;

/** Reads an inventory item v3 by id (the inventory-v3 module). */
export interface InventoryItemReader {
  get(id: string): Promise<{ inventoryItem: Record<string, unknown> }>;
}

/** Products placed in and taken out of categories (v1 collections, decision 0022), by `who` (whom the events name). */
export interface CategoryMembership {
  addProducts(collectionId: string, productIds: string[], who?: Caller): Promise<void>;
  removeProducts(collectionId: string, productIds: string[], who?: Caller): Promise<void>;
}

const tagSets = (t: Tags) => ({ public: t?.publicTags?.tagIds ?? [], private: t?.privateTags?.tagIds ?? [] });

/**
 * The v3 product write calls as the package sends them (WIRE.md Appendix A): single and bulk creates and updates
 * (with their `…-with-inventory` forms), deletes, tags, and the calls over the products a filter selects. Each product
 * is its own transaction; a bulk answer has a result per item in request order.
 */
export function createProductsV3Commands(x: {
  db: Kysely<Database>;
  writer: ProductsV3Writer;
  reader: ProductsV3Service;
  products: ProductService;
  inventory: InventoryItemReader;
  collections: CategoryMembership;
}) {
  const read = async (id: string, fields: Fields, caller: Caller) =>
    JSON.parse(await x.reader.getJson(id, fields, caller)) as Record<string, unknown>;

  /** The stock of a product's variants as inventory items v3, one result each. */
  async function inventoryOf(productId: string) {
    const product = await read(productId, undefined, { kind: 'none' }).catch(() => undefined);
    const variants = ((product?.variantsInfo as { variants?: Array<{ id: string }> } | undefined)?.variants ?? []).map(
      (v) => v.id,
    );
    const results: BulkItemResult[] = [];
    for (const [originalIndex, variantId] of variants.entries()) {
      const id = itemIdOf(productId, variantId);
      const { inventoryItem } = await x.inventory.get(id);
      results.push({ itemMetadata: { id, originalIndex, success: true }, item: inventoryItem });
    }
    return bulkAnswerOf(results);
  }

  /**
   * Bulk writes: a result per product, the product read back when `returnEntity` is true. Each item's shape is checked
   * here, so a wrong item fails alone with its violations named `products[i].…`.
   */
  async function bulk(
    items: readonly Record<string, unknown>[],
    write: (input: ProductV3Input) => Promise<string>,
    returnEntity: boolean,
    fields: Fields,
    caller: Caller,
    at: (i: number) => string,
  ) {
    return bulkAnswerOf(
      await runBulk(items, async (raw, i) => {
        const parsed = productV3Input.safeParse(raw);
        if (!parsed.success) throw new ValidationError(violationsFromZod(parsed.error, at(i), raw));
        const id = await write(parsed.data);
        return { id, ...(returnEntity ? { item: await read(id, fields, caller) } : {}) };
      }),
    );
  }

  /**
   * Runs `each` on every product a filter (and search words) selects, all in one transaction: one product the change
   * does not fit refuses the whole call, naming it, and nothing is written. Merx runs the job before it answers.
   */
  async function eachMatching(
    filter: unknown,
    expression: Expression,
    each: (uow: UnitOfWork, id: string) => Promise<unknown>,
  ) {
    const ids = await x.reader.matchingIds(filter, expression);
    await withTransaction(x.db, async (uow) => {
      for (const id of ids) await each(uow, id).catch((error: unknown) => refusedFor(id, error));
    });
    return { jobId: newId() };
  }

  const updateOf = (input: ProductV3Input, opts: WriteOptions) => {
    if (!input.id) throw invalid('product.id', 'is required', 'REQUIRED_FIELD');
    return x.writer.update(input.id, input, opts);
  };

  return {
    async create(input: ProductV3Input, fields: Fields, caller: Caller) {
      const id = await x.writer.create(input, { withInventory: false, caller });
      return { product: await read(id, fields, caller) };
    },

    async update(pathId: string, input: ProductV3Input, fields: Fields, caller: Caller) {
      const id = await x.writer.update(pathId, { ...input, id: pathId }, { withInventory: false, caller });
      return { product: await read(id, fields, caller) };
    },

    async createWithInventory(input: ProductV3Input, returnEntity: boolean, fields: Fields, caller: Caller) {
      const id = await x.writer.create(input, { withInventory: true, caller });
      return {
        ...(returnEntity ? { product: await read(id, fields, caller) } : {}),
        inventoryResults: await inventoryOf(id),
      };
    },

    async updateWithInventory(
      pathId: string,
      input: ProductV3Input,
      returnEntity: boolean,
      fields: Fields,
      caller: Caller,
    ) {
      const id = await x.writer.update(pathId, { ...input, id: pathId }, { withInventory: true, caller });
      return {
        ...(returnEntity ? { product: await read(id, fields, caller) } : {}),
        inventoryResults: await inventoryOf(id),
      };
    },

    async delete(id: string, caller: Caller) {
      await x.products.delete(id, caller);
      return {};
    },

    bulkCreate: (items: BulkItems, returnEntity: boolean, fields: Fields, caller: Caller) =>
      bulk(items, (p) => x.writer.create(p, { withInventory: false, caller }), returnEntity, fields, caller, createdAt),

    bulkUpdate: (items: BulkItems, returnEntity: boolean, fields: Fields, caller: Caller) =>
      bulk(items, (p) => updateOf(p, { withInventory: false, caller }), returnEntity, fields, caller, updatedAt),

    async bulkCreateWithInventory(items: BulkItems, returnEntity: boolean, fields: Fields, caller: Caller) {
      const productResults = await bulk(
        items,
        (p) => x.writer.create(p, { withInventory: true, caller }),
        returnEntity,
        fields,
        caller,
        createdAt,
      );
      return { productResults, inventoryResults: await inventoriesOf(productResults.results) };
    },

    async bulkUpdateWithInventory(items: BulkItems, returnEntity: boolean, fields: Fields, caller: Caller) {
      const productResults = await bulk(
        items,
        (p) => updateOf(p, { withInventory: true, caller }),
        returnEntity,
        fields,
        caller,
        updatedAt,
      );
      return { productResults, inventoryResults: await inventoriesOf(productResults.results) };
    },

    async bulkDelete(productIds: string[], caller: Caller) {
      return bulkAnswerOf(
        await runBulk(productIds, async (id) => {
          await x.products.delete(id, caller);
          return { id };
        }),
      );
    },

    /** Deletes every product a filter (and search words) selects; the job is done when the call returns. */
    async deleteByFilter(filter: unknown, expression: string | null | undefined, caller: Caller) {
      const ids = await x.reader.matchingIds(filter, expression);
      for (const id of ids) await x.products.delete(id, caller).catch(ignoreGone);
      return { jobId: newId() };
    },

    bulkUpdateTags: async (productIds: string[], assign: Tags, unassign: Tags, caller: Caller) =>
      bulkAnswerOf(
        await runBulk(productIds, (id) =>
          withTransaction(x.db, async (uow) => ({
            id: await x.writer.retagIn(uow, id, tagSets(assign), tagSets(unassign), caller),
          })),
        ),
      ),

    updateTagsByFilter: (filter: unknown, assign: Tags, unassign: Tags, caller: Caller) =>
      eachMatching(filter, null, (uow, id) => x.writer.retagIn(uow, id, tagSets(assign), tagSets(unassign), caller)),

    updateByFilter: (filter: unknown, expression: Expression, product: ProductV3Input, caller: Caller) =>
      eachMatching(filter, expression, (uow, id) =>
        x.writer.updateIn(uow, id, { ...product, id }, { withInventory: false, caller, anyRevision: true }),
      ),

    updateVariantsByFilter: (filter: unknown, expression: Expression, variant: VariantIn, caller: Caller) =>
      eachMatching(filter, expression, (uow, id) => x.writer.setVariantsIn(uow, id, variant, caller)),

    adjustVariantsByFilter: (filter: unknown, expression: Expression, adjustment: VariantAdjustment, caller: Caller) =>
      eachMatching(filter, expression, (uow, id) => x.writer.adjustIn(uow, id, adjustment, caller)),

    /** Adds (or removes) info sections to the products named with the revision read: a result per product. */
    changeSections: async (
      items: Array<{ productId: string; revision?: string | null | undefined }>,
      change: { add?: string[]; remove?: string[] },
      returnEntity: boolean,
      fields: Fields,
      caller: Caller,
    ) =>
      bulkAnswerOf(
        await runBulk(items, async (item) => {
          const id = await withTransaction(x.db, (uow) =>
            x.writer.changeSectionsIn(uow, item.productId, { ...change, revision: item.revision }, caller),
          );
          return { id, ...(returnEntity ? { item: await read(id, fields, caller) } : {}) };
        }),
      ),

    changeSectionsByFilter: (
      filter: unknown,
      expression: Expression,
      change: { add?: string[]; remove?: string[] },
      caller: Caller,
    ) => eachMatching(filter, expression, (uow, id) => x.writer.changeSectionsIn(uow, id, change, caller)),

    async addToCategoriesByFilter(filter: unknown, expression: Expression, categoryIds: string[], caller: Caller) {
      const ids = await x.reader.matchingIds(filter, expression);
      for (const categoryId of categoryIds)
        for (const part of chunksOf(ids)) await x.collections.addProducts(categoryId, part, caller);
      return { jobId: newId() };
    },

    async removeFromCategoriesByFilter(filter: unknown, expression: Expression, categoryIds: string[], caller: Caller) {
      const ids = await x.reader.matchingIds(filter, expression);
      for (const categoryId of categoryIds)
        for (const part of chunksOf(ids)) await x.collections.removeProducts(categoryId, part, caller);
      return { jobId: newId() };
    },
  };

  async function inventoriesOf(results: BulkItemResult[]) {
    const all: BulkItemResult[] = [];
    for (const r of results) {
      if (!r.itemMetadata.success || !r.itemMetadata.id) continue;
      const { results: items } = await inventoryOf(r.itemMetadata.id);
      for (const item of items)
        all.push({ ...item, itemMetadata: { ...item.itemMetadata, originalIndex: all.length } });
    }
    return bulkAnswerOf(all);
  }
}

const createdAt = (i: number) => `products[${i}]`;
const updatedAt = (i: number) => `products[${i}].product`;

/**
 * `ids` in parts of at most 1,000 (the engines bound the parameters of one statement), and one empty part for none, so
 * that an unknown category is still refused when the filter selects nothing. Placing is idempotent, so parts commit
 * one by one.
 */
function chunksOf(ids: readonly string[]): string[][] {
  if (ids.length === 0) return [[]];
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += 1000) out.push(ids.slice(i, i + 1000));
  return out;
}

/** A by-filter call's refusal, naming the product it was refused for. */
function refusedFor(productId: string, error: unknown): never {
  if (error instanceof AppError)
    throw new AppError(error.kind, error.code, `Product ${productId}: ${error.message}`, { ...error.data, productId });
  if (error instanceof ValidationError)
    throw new ValidationError(
      error.violations.map((v) => ({ ...v, description: `product ${productId}: ${v.description}` })),
    );
  throw error;
}

/** A product a by-filter call selected that was deleted before the call reached it: nothing left to do. */
function ignoreGone(error: unknown) {
  if (error instanceof AppError && error.kind === 'NOT_FOUND') return;
  throw error;
}

export type ProductsV3Commands = ReturnType<typeof createProductsV3Commands>;
