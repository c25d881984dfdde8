import { ALL_PRODUCTS_COLLECTION_ID, type Collection } from '@merx/contract';
import { bumpDataVersion, type CollectionsTable, type Executor } from '@merx/db';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { refreshFacetKeys } from '../products/facet-keys.js';
import { mediaOf } from '../products/products.mapper.js';
import { CATALOG_VERSION } from '../products/products.repo.js';
import type { StoredMedia } from '../products/products.types.js';

export type CollectionRow = Selectable<CollectionsTable> & { number_of_products: number | string | null };

/** Collections with their product counts (hidden products count only for elevated callers). */
export function selectCollections(ex: Executor, elevated: boolean) {
  return ex
    .selectFrom('collections')
    .selectAll('collections')
    .select((eb) => {
      let q = eb
        .selectFrom('collection_products')
        .innerJoin('products', 'products.id', 'collection_products.product_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('collection_products.collection_id', '=', 'collections.id');
      if (!elevated) q = q.where('products.visible', '=', sql.lit(1));
      return q.as('number_of_products');
    });
}

export function collectionOf(row: CollectionRow, publicUrl: string): Collection {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    visible: row.visible === 1,
    ...(row.description ? { description: row.description } : {}),
    numberOfProducts: Number(row.number_of_products ?? 0),
    media: mediaOf(JSON.parse(row.media) as StoredMedia[], publicUrl),
    lastUpdated: row.updated_date,
    createdDate: row.created_date,
    revision: String(row.revision),
  };
}

export function createCollectionsRepo() {
  return {
    /** Adds the products not yet in the collection, at its end; returns the ids it added. */
    async addProducts(ex: Executor, collectionId: string, productIds: readonly string[]): Promise<string[]> {
      if (productIds.length === 0) return [];
      const top = await ex
        .selectFrom('collection_products')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('collection_id', '=', collectionId)
        .executeTakeFirst();
      const start = Number(top?.p ?? 0) + 1;
      const wanted = [...new Set(productIds)];
      // ON CONFLICT rather than a prior lookup, so a concurrent add of the same product cannot collide.
      const rows = await ex
        .insertInto('collection_products')
        .values(wanted.map((product_id, i) => ({ collection_id: collectionId, product_id, position: start + i })))
        .onConflict((oc) => oc.columns(['collection_id', 'product_id']).doNothing())
        .returning('product_id')
        .execute();
      if (rows.length > 0) {
        await refreshFacetKeys(
          ex,
          rows.map((r) => r.product_id),
        );
        await bumpDataVersion(ex, CATALOG_VERSION);
      }
      return rows.map((r) => r.product_id);
    },

    /** Removes the products from the collection; returns the ids that were in it. */
    async removeProducts(ex: Executor, collectionId: string, productIds: readonly string[]): Promise<string[]> {
      if (productIds.length === 0) return [];
      const rows = await ex
        .deleteFrom('collection_products')
        .where('collection_id', '=', collectionId)
        .where('product_id', 'in', productIds)
        .returning('product_id')
        .execute();
      if (rows.length > 0) {
        await refreshFacetKeys(
          ex,
          rows.map((r) => r.product_id),
        );
        await bumpDataVersion(ex, CATALOG_VERSION);
      }
      return rows.map((r) => r.product_id);
    },

    async touch(ex: Executor, ids: readonly string[], now: string): Promise<void> {
      const real = ids.filter((id) => id !== ALL_PRODUCTS_COLLECTION_ID);
      if (real.length) await ex.updateTable('collections').set({ updated_date: now }).where('id', 'in', real).execute();
    },
  };
}

/** Creates the All Products collection when it is missing; safe to call on every start. */
export async function ensureAllProductsCollection(ex: Executor, now: string): Promise<void> {
  await ex
    .insertInto('collections')
    .values({
      id: ALL_PRODUCTS_COLLECTION_ID,
      slug: 'all-products',
      name: 'All Products',
      description: null,
      visible: 1,
      media: '[]',
      created_date: now,
      updated_date: now,
      revision: 1,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
