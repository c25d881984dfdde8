import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing.js';

let merx: TestDb;
beforeAll(async () => {
  merx = await createTestDb({ upTo: '0024-info-sections' });
});
afterAll(async () => {
  await merx.destroy();
});

const row = (id: string, type: string, name: string) => ({
  id,
  name,
  name_key: `${type}:${name.trim().toLowerCase()}`,
  customization_type: type,
  render_type: 'TEXT_CHOICES',
  settings: '{"choices":[]}',
  created_date: '2026-11-26T00:00:00.000Z',
  updated_date: '2026-11-26T00:00:00.000Z',
  revision: 1,
});

describe('migration 0025: customizations', () => {
  it('creates an empty table whose name is used once per type', async () => {
    expect(await merx.migrateToLatest()).toContain('0025-customizations');
    expect(await merx.db.selectFrom('customizations').selectAll().execute()).toEqual([]);
    await merx.db
      .insertInto('customizations')
      .values(row('c-1', 'PRODUCT_OPTION', 'Size'))
      .execute();
    await merx.db
      .insertInto('customizations')
      .values(row('c-2', 'MODIFIER', 'Size'))
      .execute();
    await expect(
      merx.db
        .insertInto('customizations')
        .values(row('c-3', 'PRODUCT_OPTION', 'SIZE'))
        .execute(),
    ).rejects.toThrow();
    const stored = await merx.db
      .selectFrom('customizations')
      .select(['id', 'customization_type'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 'c-1', customization_type: 'PRODUCT_OPTION' },
      { id: 'c-2', customization_type: 'MODIFIER' },
    ]);
  });
});
