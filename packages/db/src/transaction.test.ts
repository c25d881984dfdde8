import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerxDb } from './create-db.js';
import { createTestDb } from './testing.js';
import { withTransaction } from './transaction.js';

let merx: MerxDb;
beforeAll(async () => {
  merx = await createTestDb();
});
afterAll(async () => {
  await merx.destroy();
});

describe('withTransaction', () => {
  it('runs after-commit hooks once the transaction has committed', async () => {
    const seen: string[] = [];
    await withTransaction(merx.db, async ({ trx, afterCommit }) => {
      await trx.insertInto('settings').values({ key: 'a', value: '1' }).execute();
      afterCommit(() => {
        seen.push('hook');
      });
      seen.push('work');
    });
    expect(seen).toEqual(['work', 'hook']);
    const row = await merx.db.selectFrom('settings').selectAll().where('key', '=', 'a').executeTakeFirst();
    expect(row?.value).toBe('1');
  });

  it('rolls back every write and skips the hooks when the work throws', async () => {
    let hookRan = false;
    await expect(
      withTransaction(merx.db, async ({ trx, afterCommit }) => {
        await trx.insertInto('settings').values({ key: 'b', value: '1' }).execute();
        afterCommit(() => {
          hookRan = true;
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(hookRan).toBe(false);
    const row = await merx.db.selectFrom('settings').selectAll().where('key', '=', 'b').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('reports a failing hook without failing the committed work', async () => {
    const errors: unknown[] = [];
    const result = await withTransaction(
      merx.db,
      async ({ afterCommit }) => {
        afterCommit(() => {
          throw new Error('hook failed');
        });
        return 42;
      },
      (e) => errors.push(e),
    );
    expect(result).toBe(42);
    expect(errors).toHaveLength(1);
  });
});
