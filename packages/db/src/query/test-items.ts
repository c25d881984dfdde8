import { randomBytes } from 'node:crypto';
import type { EntityQuerySpec } from '@merx/domain';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';

/*
 * Test-only: a small `items` table with a join table of tags, on SQLite and (when MERX_TEST_DATABASE_URL is
 * set) on PostgreSQL, so the query tests run the same assertions on both engines.
 */

export interface ItemsDb {
  items: { id: string; name: string | null; price: number | null; visible: number | null; created_date: string | null };
  item_tags: { item_id: string; tag: string };
}

/** An item as the tests reason about it: price in cents, booleans as booleans. */
export interface Item {
  id: string;
  name: string | null;
  price: number | null;
  visible: boolean | null;
  createdDate: string | null;
  tags: string[];
}

export const itemSpec: EntityQuerySpec = {
  table: 'items',
  fields: {
    id: { kind: 'column', column: 'id', type: 'id', sortable: true, notNull: true },
    name: { kind: 'column', column: 'name', type: 'string', sortable: true },
    price: { kind: 'column', column: 'price', type: 'number', sortable: true, scale: 100 },
    /** The same column without scaling, to compare fractions and large numbers against an integer column. */
    priceCents: { kind: 'column', column: 'price', type: 'number' },
    visible: { kind: 'column', column: 'visible', type: 'boolean', sortable: true },
    createdDate: { kind: 'column', column: 'created_date', type: 'date', sortable: true },
    tags: { kind: 'relation', table: 'item_tags', ownerColumn: 'item_id', valueColumn: 'tag', type: 'string' },
  },
  tieBreaker: [{ field: 'id', order: 'ASC' }],
  defaultSort: [{ field: 'createdDate', order: 'DESC' }],
};

const day = (d: string) => `${d}T00:00:00.000Z`;

export const ITEMS: Item[] = [
  { id: 'i01', name: 'Apple', price: 150, visible: true, createdDate: day('2026-01-01'), tags: ['red', 'fruit'] },
  { id: 'i02', name: 'banana', price: 99, visible: true, createdDate: day('2026-02-01'), tags: ['yellow', 'fruit'] },
  { id: 'i03', name: 'Cherry 100%', price: 2050, visible: false, createdDate: day('2026-03-01'), tags: ['red'] },
  { id: 'i04', name: 'dragon_fruit', price: null, visible: true, createdDate: null, tags: [] },
  {
    id: 'i05',
    name: null,
    price: 500,
    visible: false,
    createdDate: '2026-01-15T12:30:00.000Z',
    tags: ['fruit', 'red', 'yellow'],
  },
  { id: 'i06', name: 'Apple pie', price: 150, visible: null, createdDate: day('2026-04-01'), tags: [] },
  { id: 'i07', name: 'back\\slash', price: 0, visible: true, createdDate: day('2026-02-01'), tags: ['grey'] },
  { id: 'i08', name: 'Date', price: 150, visible: true, createdDate: day('2026-05-01'), tags: ['brown', 'fruit'] },
  { id: 'i09', name: 'elderberry', price: 1999, visible: false, createdDate: day('2026-05-01'), tags: ['purple'] },
  { id: 'i10', name: 'Fig 50_50', price: 99, visible: true, createdDate: day('2026-06-01'), tags: ['purple', 'fruit'] },
  { id: 'i11', name: 'apple', price: -10, visible: true, createdDate: '2025-12-31T23:59:59.999Z', tags: ['red'] },
  { id: 'i12', name: 'Grape', price: 300, visible: false, createdDate: day('2026-06-01'), tags: ['green', 'purple'] },
];

export interface ItemsEngine {
  name: 'sqlite' | 'postgres';
  db: Kysely<ItemsDb>;
  /** SQL of every statement run since the last `queries.length = 0`. */
  queries: string[];
  destroy(): Promise<void>;
}

/** SQLite always; PostgreSQL too when MERX_TEST_DATABASE_URL is set. */
export function engineNames(): Array<ItemsEngine['name']> {
  return process.env.MERX_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Opens a fresh database (in-memory SQLite, or a new PostgreSQL schema) holding ITEMS. */
export async function openItemsDb(name: ItemsEngine['name']): Promise<ItemsEngine> {
  const queries: string[] = [];
  const log = (event: { query: { sql: string } }) => void queries.push(event.query.sql);
  if (name === 'sqlite') {
    const db = new Kysely<ItemsDb>({ dialect: new SqliteDialect({ database: new Database(':memory:') }), log });
    await seed(db);
    return { name, db, queries, destroy: () => db.destroy() };
  }
  const connectionString = process.env.MERX_TEST_DATABASE_URL!;
  const schema = `q_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString, max: 3, options: `-c search_path=${schema}` });
  const db = new Kysely<ItemsDb>({ dialect: new PostgresDialect({ pool }), log });
  await seed(db);
  return {
    name,
    db,
    queries,
    async destroy() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

async function seed(db: Kysely<ItemsDb>): Promise<void> {
  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('price', 'bigint')
    .addColumn('visible', 'integer')
    .addColumn('created_date', 'text')
    .execute();
  await db.schema
    .createTable('item_tags')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_tags_pk', ['item_id', 'tag'])
    .execute();
  await db
    .insertInto('items')
    .values(
      ITEMS.map((i) => ({
        id: i.id,
        name: i.name,
        price: i.price,
        visible: i.visible === null ? null : i.visible ? 1 : 0,
        created_date: i.createdDate,
      })),
    )
    .execute();
  await db
    .insertInto('item_tags')
    .values(ITEMS.flatMap((i) => i.tags.map((tag) => ({ item_id: i.id, tag }))))
    .execute();
}
