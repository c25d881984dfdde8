import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import type { Database } from '@merx/db';
import { type Kysely, sql } from 'kysely';

/*
 * The catalog reads of the shop's pages, the sitemap and robots.txt: visible products and collections only (a
 * hidden one does not exist for the public). Each page is one indexed read by slug.
 */

export interface ProductHeadRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  sku: string | null;
  brand: string | null;
  discounted_price: number;
  inventory_status: string;
  in_stock: number;
  data: string;
}

export interface CollectionHeadRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  media: string;
}

/** A page the sitemap lists: its slug and when it last changed. */
export interface SitemapRow {
  id: string;
  slug: string;
  updated_date: string;
}

export type SitemapKind = 'products' | 'collections';

/** Read-only catalog queries for the shop's pages. */
export function createStorefrontRepo(db: Kysely<Database>) {
  const visibleCollections = () =>
    db
      .selectFrom('collections')
      .where('visible', '=', sql.lit(1))
      // "All Products" is the shop itself (/shop).
      .where('id', '<>', ALL_PRODUCTS_COLLECTION_ID);

  const visibleProducts = () => db.selectFrom('products').where('visible', '=', sql.lit(1));
  // Both tables have the columns the sitemap reads (id, slug, updated_date): one query over either table.
  const visible = (kind: SitemapKind) => {
    const rows = db.selectFrom(kind).where('visible', '=', sql.lit(1));
    return kind === 'collections' ? rows.where('id', '<>', ALL_PRODUCTS_COLLECTION_ID) : rows;
  };

  return {
    /** The visible product with this slug (unique index), or undefined. */
    productBySlug(slug: string): Promise<ProductHeadRow | undefined> {
      return db
        .selectFrom('products')
        .select([
          'id',
          'slug',
          'name',
          'description',
          'sku',
          'brand',
          'discounted_price',
          'inventory_status',
          'in_stock',
          'data',
        ])
        .where('slug', '=', slug)
        .where('visible', '=', sql.lit(1))
        .executeTakeFirst();
    },

    /** The visible collection with this slug (unique index), or undefined. */
    collectionBySlug(slug: string): Promise<CollectionHeadRow | undefined> {
      return db
        .selectFrom('collections')
        .select(['id', 'slug', 'name', 'description', 'media'])
        .where('slug', '=', slug)
        .where('visible', '=', sql.lit(1))
        .executeTakeFirst();
    },

    /** How many visible products and collections the sitemap lists. */
    async counts(): Promise<Record<SitemapKind, number>> {
      const [p, c] = await Promise.all([
        visibleProducts()
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        visibleCollections()
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { products: Number(p.n), collections: Number(c.n) };
    },

    /** When the visible catalog last changed (the home and shop pages' lastmod), or undefined for an empty one. */
    async lastChange(): Promise<string | undefined> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.max('updated_date').as('at'))
        .where('visible', '=', sql.lit(1))
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    /** The `n`th visible row of `kind` by id (0-based): where a numbered sitemap starts. */
    async nthId(kind: SitemapKind, n: number): Promise<string | undefined> {
      const row = await visible(kind).select('id').orderBy('id').offset(n).limit(1).executeTakeFirst();
      return row?.id;
    },

    /** Up to `limit` visible rows of `kind` from id `from` on (inclusive when `inclusive`), by id: keyset paging. */
    batch(kind: SitemapKind, from: string | undefined, inclusive: boolean, limit: number): Promise<SitemapRow[]> {
      let base = visible(kind);
      if (from !== undefined) base = base.where('id', inclusive ? '>=' : '>', from);
      return base.select(['id', 'slug', 'updated_date']).orderBy('id').limit(limit).execute();
    },
  };
}

export type StorefrontRepo = ReturnType<typeof createStorefrontRepo>;
