import type { DialectName, Executor, MediaFilesTable } from '@merx/db';
import type { Selectable } from 'kysely';

export type MediaRow = Selectable<MediaFilesTable>;

/** What refers to a media file, by the text of its folder (`library/<id>/`) in their stored data. */
export interface MediaUsage {
  productIds: string[];
  collectionIds: string[];
  /** Keys of the settings that name it (`store` for the logo). */
  settings: string[];
}

/** How many referring records of each kind an answer names. */
const SHOWN = 20;

/** The `media_files` table. */
export function createMediaRepo(dialect: DialectName) {
  return {
    async insert(ex: Executor, rows: MediaRow[]): Promise<void> {
      if (rows.length > 0) await ex.insertInto('media_files').values(rows).execute();
    },

    /**
     * One file by id. `lock`: `share` while attaching it (a deletion waits), `update` while deleting it (an attach
     * waits); PostgreSQL only, SQLite runs one writer at a time.
     */
    async find(ex: Executor, id: string, lock?: 'share' | 'update'): Promise<MediaRow | undefined> {
      let query = ex.selectFrom('media_files').selectAll().where('id', '=', id);
      if (lock && dialect === 'postgres') query = lock === 'share' ? query.forShare() : query.forUpdate();
      return query.executeTakeFirst();
    },

    /** A page of the library, newest first, and how many files it holds. */
    async page(ex: Executor, limit: number, offset: number): Promise<{ rows: MediaRow[]; total: number }> {
      const rows = await ex
        .selectFrom('media_files')
        .selectAll()
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await ex
        .selectFrom('media_files')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.n) };
    },

    async remove(ex: Executor, id: string): Promise<void> {
      await ex.deleteFrom('media_files').where('id', '=', id).execute();
    },

    /**
     * Products (media, choices, description), collections and settings whose stored data holds `folder`. Reads
     * text columns with LIKE: a deletion is rare, and no list of references has to be kept in step with them.
     */
    async usage(ex: Executor, folder: string): Promise<MediaUsage> {
      const pattern = `%${folder}%`;
      const products = await ex
        .selectFrom('products')
        .select('id')
        .where((eb) => eb.or([eb('data', 'like', pattern), eb('description', 'like', pattern)]))
        .orderBy('id')
        .limit(SHOWN)
        .execute();
      const collections = await ex
        .selectFrom('collections')
        .select('id')
        .where((eb) => eb.or([eb('media', 'like', pattern), eb('description', 'like', pattern)]))
        .orderBy('id')
        .limit(SHOWN)
        .execute();
      const settings = await ex
        .selectFrom('settings')
        .select('key')
        .where('value', 'like', pattern)
        .orderBy('key')
        .limit(SHOWN)
        .execute();
      return {
        productIds: products.map((r) => r.id),
        collectionIds: collections.map((r) => r.id),
        settings: settings.map((r) => r.key),
      };
    },
  };
}

export type MediaRepo = ReturnType<typeof createMediaRepo>;
