import { bumpDataVersion, type Executor, type NamedCatalogTable, searchableText } from '@merx/db';
import type { Selectable } from 'kysely';
import { refreshFacetKeys } from '../products/facet-keys.js';

/** The two named catalog entities: their table and the product column that names them (`<column>_id` points). */
export type NamedTable = 'ribbons' | 'brands';
export type ProductColumn = 'ribbon' | 'brand';

/** Data version every catalog write bumps (the products repo's CATALOG_VERSION: cached lists depend on names). */
const CATALOG_VERSION = 'catalog';

export interface NamedRecord {
  id: string;
  name: string;
  createdDate: string;
  updatedDate: string;
  revision: number;
}

export type NamedRow = Selectable<NamedCatalogTable>;
/** A row of an entity table: the named columns, and the entity's own read by name. */
export type EntityRow = NamedRow & Record<string, unknown>;

/** The uniqueness key of a name: trimmed and lower-cased (names are unique whatever their case). */
export const nameKey = (name: string) => name.trim().toLowerCase();

export function recordOf(row: NamedRow): NamedRecord {
  return {
    id: row.id,
    name: row.name,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    revision: Number(row.revision),
  };
}

function rowOf(r: NamedRecord): NamedRow {
  return {
    id: r.id,
    name: r.name,
    name_key: nameKey(r.name),
    created_date: r.createdDate,
    updated_date: r.updatedDate,
    revision: r.revision,
  };
}

/** True for a unique-constraint failure on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A table of named catalog entities: `ribbons`, `brands` and `info_sections` share the named columns. */
export type EntityTable = NamedTable | 'info_sections' | 'customizations';

/** How one catalog entity is stored beyond the named columns, and how the products that use it follow its writes. */
export interface EntityTableSpec<R extends NamedRecord> {
  table: EntityTable;
  /** The record of a row (the named columns and the entity's own). */
  recordOf(row: EntityRow): R;
  /** The entity's own columns of a record (none for ribbons and brands). */
  extraRow?(r: R): Record<string, unknown>;
  /** After a write replaced the row: the products that use the entity follow. */
  afterReplace?(ex: Executor, r: R): Promise<void>;
  /** After the row was deleted: the products that used the entity let go of it. */
  afterDelete?(ex: Executor, id: string, now: string): Promise<void>;
  /** How many products use each of `ids` (0 for none). */
  productCounts(ex: Executor, ids: readonly string[]): Promise<Map<string, number>>;
}

/**
 * Storage of one named catalog entity: find by id or name (any case), insert unless the name is taken, replace with
 * compare-and-set on the revision, delete. Kysely is given the ribbons' table name for every table: the named
 * columns are the same, and an entity's own columns come from its `extraRow`.
 */
export function entityRepo<R extends NamedRecord>(spec: EntityTableSpec<R>) {
  const t = spec.table as 'ribbons';
  const full = (r: R) => ({ ...rowOf(r), ...(spec.extraRow?.(r) ?? {}) }) as NamedRow;
  const read = (row: NamedRow | undefined) => (row ? spec.recordOf(row) : undefined);

  return {
    table: spec.table,
    recordOf: (row: NamedRow) => spec.recordOf(row),
    select(ex: Executor) {
      return ex.selectFrom(t).selectAll(t);
    },

    async find(ex: Executor, id: string): Promise<R | undefined> {
      return read(await ex.selectFrom(t).selectAll().where('id', '=', id).executeTakeFirst());
    },

    async findByName(ex: Executor, name: string): Promise<R | undefined> {
      return read(await ex.selectFrom(t).selectAll().where('name_key', '=', nameKey(name)).executeTakeFirst());
    },

    /** Inserts unless the name is taken (ON CONFLICT, so two racing creates leave one); false when taken. */
    async insert(ex: Executor, r: R): Promise<boolean> {
      const row = await ex
        .insertInto(t)
        .values(full(r))
        .onConflict((oc) => oc.column('name_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) await bumpDataVersion(ex, CATALOG_VERSION);
      return row !== undefined;
    },

    /** Writes `r` over the row whose revision is still `expected`, and lets its products follow; false if stale. */
    async replace(ex: Executor, r: R, expected: number): Promise<boolean> {
      const { id: _id, created_date: _created, ...set } = full(r);
      const res = await ex
        .updateTable(t)
        .set(set)
        .where('id', '=', r.id)
        .where('revision', '=', expected)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await spec.afterReplace?.(ex, r);
      await bumpDataVersion(ex, CATALOG_VERSION);
      return true;
    },

    /** Deletes the entity and lets go of it on every product that had it; false when there was none. */
    async delete(ex: Executor, id: string, now: string): Promise<boolean> {
      const res = await ex.deleteFrom(t).where('id', '=', id).executeTakeFirst();
      if (Number(res.numDeletedRows) !== 1) return false;
      await spec.afterDelete?.(ex, id, now);
      await bumpDataVersion(ex, CATALOG_VERSION);
      return true;
    },

    productCounts: (ex: Executor, ids: readonly string[]) => spec.productCounts(ex, ids),
  };
}

export type EntityRepo<R extends NamedRecord> = ReturnType<typeof entityRepo<R>>;

/**
 * Storage of one named entity (`ribbons` or `brands`, same columns) and of the products that point at it through
 * `products.<column>_id`, showing its name in `products.<column>`.
 */
export function namedRepo(table: NamedTable, column: ProductColumn) {
  const idColumn = `${column}_id` as 'ribbon_id';
  const nameColumn = column as 'ribbon';

  /** Products whose ribbon (brand) is `id` show `name` (null: none); each such product gets a new revision. */
  async function rewriteProducts(ex: Executor, id: string, name: string | null, now: string): Promise<void> {
    // The brand is part of a product's search text (description, brand, SKU): it follows the name.
    const searched =
      column === 'brand'
        ? await ex.selectFrom('products').select(['id', 'description', 'sku']).where(idColumn, '=', id).execute()
        : [];
    const set = { [nameColumn]: name, [idColumn]: name === null ? null : id, updated_date: now } as {
      ribbon: string | null;
      ribbon_id: string | null;
      updated_date: string;
    };
    const res = await ex
      .updateTable('products')
      .set((eb) => ({ ...set, revision: eb('revision', '+', 1) }))
      .where(idColumn, '=', id)
      .executeTakeFirst();
    for (const row of searched) {
      await ex
        .updateTable('products')
        .set({ search_text: searchableText(row.description, name, row.sku) })
        .where('id', '=', row.id)
        .execute();
    }
    if (Number(res.numUpdatedRows) > 0) {
      // The brand is a facet: its products' counts move to the new name (or out).
      if (column === 'brand')
        await refreshFacetKeys(
          ex,
          searched.map((r) => r.id),
        );
      await bumpDataVersion(ex, CATALOG_VERSION);
    }
  }

  return entityRepo<NamedRecord>({
    table,
    recordOf,
    afterReplace: (ex, r) => rewriteProducts(ex, r.id, r.name, r.updatedDate),
    afterDelete: (ex, id, now) => rewriteProducts(ex, id, null, now),

    /** How many products point at each of `ids` (0 for none), in one statement. */
    async productCounts(ex: Executor, ids: readonly string[]): Promise<Map<string, number>> {
      const counts = new Map(ids.map((id) => [id, 0]));
      if (ids.length === 0) return counts;
      const rows = await ex
        .selectFrom('products')
        .select(idColumn)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(idColumn, 'in', ids)
        .groupBy(idColumn)
        .execute();
      for (const row of rows) counts.set(row[idColumn] as string, Number(row.n));
      return counts;
    },
  });
}

export type NamedRepo = ReturnType<typeof namedRepo>;
