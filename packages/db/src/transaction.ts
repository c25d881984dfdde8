import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A running unit of work: the transaction, plus hooks that run only once it has committed. */
export interface UnitOfWork {
  trx: Transaction<Database>;
  /** Runs `hook` after a successful commit (never on rollback). Errors in hooks are reported, not thrown. */
  afterCommit(hook: () => void | Promise<void>): void;
}

/** Runs `work` in one transaction; after-commit hooks fire in registration order once it commits. */
export async function withTransaction<T>(
  db: Kysely<Database>,
  work: (uow: UnitOfWork) => Promise<T>,
  onHookError: (error: unknown) => void = () => {},
): Promise<T> {
  const hooks: Array<() => void | Promise<void>> = [];
  const result = await db.transaction().execute((trx) => work({ trx, afterCommit: (hook) => hooks.push(hook) }));
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      onHookError(error);
    }
  }
  return result;
}
