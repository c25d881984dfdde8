import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0021-redirect-hand-off' });
});
afterAll(async () => {
  await merx.destroy();
});

const collection = (id: string, created: string) => ({
  id,
  slug: id,
  name: id,
  description: null,
  visible: 1,
  media: '[]',
  created_date: created,
  updated_date: created,
  revision: 3,
});

describe('migration 0023: collections become the categories of the store tree', () => {
  it('keeps existing collections at the top level, placed in the order they were made, revisions untouched', async () => {
    const db = merx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db
      .insertInto('collections')
      .values([
        collection('c-late', '2026-03-01T00:00:00.000Z'),
        collection('c-early', '2026-01-01T00:00:00.000Z'),
        collection('c-mid', '2026-02-01T00:00:00.000Z'),
      ])
      .execute();
    expect(await merx.migrateToLatest()).toContain('0023-categories');
    const rows = await db
      .selectFrom('collections')
      .select(['id', 'parent_id', 'sibling_position', 'revision', 'rich_description', 'seo_data'])
      .where('id', 'like', 'c-%')
      .orderBy('sibling_position')
      .execute();
    expect(rows.map((r) => [r.id, r.parent_id, Number(r.sibling_position), Number(r.revision)])).toEqual([
      ['c-early', null, 1, 3],
      ['c-mid', null, 2, 3],
      ['c-late', null, 3, 3],
    ]);
    expect(rows.every((r) => r.rich_description === null && r.seo_data === null)).toBe(true);
  });
});
