import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0023-categories' });
});
afterAll(async () => {
  await merx.destroy();
});

const row = (id: string, name: string) => ({
  id,
  name,
  name_key: name.trim().toLowerCase(),
  title: 'Care',
  description: '{"nodes":[]}',
  description_html: '',
  created_date: '2026-11-26T00:00:00.000Z',
  updated_date: '2026-11-26T00:00:00.000Z',
  revision: 1,
});

describe('migration 0024: info sections', () => {
  it('creates an empty table whose unique-name key is used once', async () => {
    expect(await merx.migrateToLatest()).toContain('0024-info-sections');
    expect(await merx.db.selectFrom('info_sections').selectAll().execute()).toEqual([]);
    await merx.db.insertInto('info_sections').values(row('s-1', 'Care')).execute();
    await expect(merx.db.insertInto('info_sections').values(row('s-2', 'CARE')).execute()).rejects.toThrow();
    const stored = await merx.db.selectFrom('info_sections').selectAll().execute();
    expect(stored.map((r) => [r.id, r.name, Number(r.revision)])).toEqual([['s-1', 'Care', 1]]);
  });
});
