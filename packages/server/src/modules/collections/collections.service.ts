import {
  ALL_PRODUCTS_COLLECTION_ID,
  type Collection,
  type CollectionInput,
  type CollectionPatch,
  errorCodes,
  eventTypes,
} from '@merx/contract';
import { bumpDataVersion, type Database, type Executor, runQuery, withTransaction } from '@merx/db';
import { AppError, notFound, parseQuery, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import { identityOf, type Who } from '../../events/identity.js';
import type { EventOutbox } from '../../events/outbox.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { productsInCategories, refreshFacetKeys } from '../products/facet-keys.js';
import { collectionQuerySpec } from '../products/products.query.js';
import { CATALOG_VERSION } from '../products/products.repo.js';
import type { StoredMedia } from '../products/products.types.js';
import { chooseSlug } from '../products/slugs.js';
import {
  type CollectionRow,
  collectionOf,
  createCollectionsRepo,
  ensureAllProductsCollection,
  selectCollections,
} from './collections.repo.js';

export interface CollectionDeps {
  db: Kysely<Database>;
  clock: Clock;
  outbox: EventOutbox;
  cursorSecret: string;
  /** Public origin, for absolute media URLs. */
  publicUrl: string;
}

function mediaInput(media: CollectionInput['media']): StoredMedia[] {
  const url = media?.mainMedia?.image?.url;
  return url ? [{ id: newId(), mediaType: 'image', url, width: 0, height: 0, title: '' }] : [];
}

/** The collection changed since the caller read it (or while this request ran): nothing was written. */
function concurrentModification(collectionId: string, current: number): AppError {
  return new AppError(
    'FAILED_PRECONDITION',
    'CONCURRENT_MODIFICATION',
    `The collection was changed since it was read (its revision is now ${current}); read it again and retry`,
    { collectionId, currentRevision: String(current) },
  );
}

/** Product collections, including the "All Products" collection that always holds every product. */
export function createCollectionService(deps: CollectionDeps) {
  const repo = createCollectionsRepo();

  async function load(ex: Executor, id: string, elevated: boolean): Promise<CollectionRow> {
    const row = await selectCollections(ex, elevated).where('collections.id', '=', id).executeTakeFirst();
    if (!row || (!elevated && row.visible !== 1))
      throw notFound(errorCodes.collectionNotFound, 'Collection not found', { collectionId: id });
    return row;
  }

  function guardAllProducts(id: string): void {
    if (id === ALL_PRODUCTS_COLLECTION_ID) {
      throw new AppError(
        'FAILED_PRECONDITION',
        errorCodes.allProductsCollectionReadOnly,
        'The All Products collection always holds every product and cannot be changed',
      );
    }
  }

  async function checkProducts(ex: Executor, productIds: readonly string[]): Promise<void> {
    const rows = await ex.selectFrom('products').select('id').where('id', 'in', productIds).execute();
    const found = new Set(rows.map((r) => r.id));
    const missing = productIds.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
    if (missing.length) {
      throw new ValidationError(
        missing.map(({ id, i }) => ({
          field: `productIds[${i}]`,
          description: `no product "${id}"`,
          violatedRule: 'VALIDATION' as const,
        })),
      );
    }
  }

  return {
    /** Creates the All Products collection on an empty store; safe to call on every start. */
    async ensureAllProducts(): Promise<void> {
      await ensureAllProductsCollection(deps.db, deps.clock.now().toISOString());
    },

    async addToAllProducts(ex: Executor, productId: string): Promise<void> {
      await repo.addProducts(ex, ALL_PRODUCTS_COLLECTION_ID, [productId]);
    },

    async touch(ex: Executor, ids: readonly string[]): Promise<void> {
      await repo.touch(ex, ids, deps.clock.now().toISOString());
    },

    async create(input: CollectionInput, who?: Who): Promise<Collection> {
      return withTransaction(deps.db, async (uow) => {
        const id = newId();
        const now = deps.clock.now().toISOString();
        const slug = await chooseSlug(uow.trx, 'collection', { wanted: input.slug, name: input.name });
        await uow.trx
          .insertInto('collections')
          .values({
            id,
            slug,
            name: input.name,
            description: input.description ?? null,
            visible: input.visible === false ? 0 : 1,
            media: JSON.stringify(mediaInput(input.media)),
            created_date: now,
            updated_date: now,
            revision: 1,
          })
          .execute();
        await deps.outbox.append(uow, {
          type: eventTypes.collectionCreated,
          entityId: id,
          payload: {
            collection_Id: id,
            name: input.name,
            slug,
            visible: input.visible !== false,
            originatedFromVersion: 'V1_CATALOG',
          },
          identity: identityOf(who),
        });
        return collectionOf(await load(uow.trx, id, true), deps.publicUrl);
      });
    },

    async update(id: string, patch: CollectionPatch, who?: Who): Promise<Collection> {
      guardAllProducts(id);
      return withTransaction(deps.db, async (uow) => {
        const before = await load(uow.trx, id, true);
        if (patch.revision !== undefined && Number(patch.revision) !== before.revision)
          throw concurrentModification(id, before.revision);
        const changed: string[] = [];
        const set: Record<string, unknown> = {
          updated_date: deps.clock.now().toISOString(),
          revision: before.revision + 1,
        };
        if (patch.name != null && patch.name !== before.name) {
          set.name = patch.name;
          changed.push('name');
        }
        if (patch.slug != null && patch.slug !== before.slug) {
          set.slug = await chooseSlug(uow.trx, 'collection', { wanted: patch.slug, name: before.name, selfId: id });
          changed.push('slug');
        }
        if (patch.description !== undefined) {
          set.description = patch.description ?? null;
          changed.push('description');
        }
        if (patch.visible != null) {
          set.visible = patch.visible ? 1 : 0;
          changed.push('visible');
        }
        if (patch.media !== undefined) {
          set.media = JSON.stringify(mediaInput(patch.media));
          changed.push('media');
        }
        const res = await uow.trx
          .updateTable('collections')
          .set(set)
          .where('id', '=', id)
          .where('revision', '=', before.revision)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw concurrentModification(id, before.revision);
        await deps.outbox.append(uow, {
          type: eventTypes.collectionChanged,
          entityId: id,
          payload: { collection_Id: id, changedFields: changed, originatedFromVersion: 'V1_CATALOG' },
          identity: identityOf(who),
        });
        return collectionOf(await load(uow.trx, id, true), deps.publicUrl);
      });
    },

    async delete(id: string, who?: Who): Promise<void> {
      guardAllProducts(id);
      await withTransaction(deps.db, async (uow) => {
        await load(uow.trx, id, true);
        const placed = await productsInCategories(uow.trx, [id]);
        await uow.trx.deleteFrom('collections').where('id', '=', id).execute();
        await refreshFacetKeys(uow.trx, placed);
        await bumpDataVersion(uow.trx, CATALOG_VERSION);
        await deps.outbox.append(uow, {
          type: eventTypes.collectionDeleted,
          entityId: id,
          payload: { collection_Id: id, originatedFromVersion: 'V1_CATALOG' },
          identity: identityOf(who),
        });
      });
    },

    async addProducts(id: string, productIds: string[], who?: Who): Promise<void> {
      guardAllProducts(id);
      await withTransaction(deps.db, async (uow) => {
        await load(uow.trx, id, true);
        if (productIds.length === 0) return;
        await checkProducts(uow.trx, productIds);
        const added = await repo.addProducts(uow.trx, id, productIds);
        if (added.length > 0) await this.changed(uow, id, added, who);
      });
    },

    async removeProducts(id: string, productIds: string[], who?: Who): Promise<void> {
      guardAllProducts(id);
      await withTransaction(deps.db, async (uow) => {
        await load(uow.trx, id, true);
        if (productIds.length === 0) return;
        await checkProducts(uow.trx, productIds);
        const removed = await repo.removeProducts(uow.trx, id, productIds);
        if (removed.length > 0) await this.changed(uow, id, removed, who);
      });
    },

    async changed(
      uow: Parameters<EventOutbox['append']>[0],
      id: string,
      productIds: string[],
      who?: Who,
    ): Promise<void> {
      await repo.touch(uow.trx, [id], deps.clock.now().toISOString());
      const identity = identityOf(who);
      await deps.outbox.append(uow, [
        {
          type: eventTypes.collectionChanged,
          entityId: id,
          payload: { collection_Id: id, changedFields: ['productIds'], originatedFromVersion: 'V1_CATALOG' },
          identity,
        },
        ...productIds.map((productId) => ({
          type: eventTypes.productChanged,
          entityId: productId,
          payload: { productId, changedFields: ['collectionIds'] },
          identity,
        })),
      ]);
    },

    async get(id: string, elevated: boolean): Promise<Collection> {
      return collectionOf(await load(deps.db, id, elevated), deps.publicUrl);
    },

    async getBySlug(slug: string, elevated: boolean): Promise<Collection> {
      const row = await selectCollections(deps.db, elevated).where('collections.slug', '=', slug).executeTakeFirst();
      if (!row || (!elevated && row.visible !== 1))
        throw notFound(errorCodes.collectionNotFound, 'Collection not found', { slug });
      return collectionOf(row, deps.publicUrl);
    },

    async query(rawQuery: unknown, elevated: boolean) {
      const query = parseQuery(rawQuery ?? {}, collectionQuerySpec);
      let base = selectCollections(deps.db, elevated);
      let countBase = deps.db.selectFrom('collections');
      if (!elevated) {
        base = base.where('collections.visible', '=', 1);
        countBase = countBase.where('collections.visible', '=', 1);
      }
      const page = await runQuery<CollectionRow>({
        base,
        countBase,
        spec: collectionQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      const collections = page.rows.map((row) => collectionOf(row, deps.publicUrl));
      return {
        collections,
        metadata: {
          count: collections.length,
          offset: page.offset,
          ...(page.total !== undefined ? { total: page.total } : {}),
          tooManyToCount: false,
          ...(page.nextCursor || page.prevCursor ? { cursors: { next: page.nextCursor, prev: page.prevCursor } } : {}),
        },
      };
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
