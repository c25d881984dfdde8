import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect } from 'kysely';

/*
 * SQLite with group commit (decision record docs/decisions/0006-group-commit.md).
 *
 * One connection serves the whole process, one unit of work at a time, as Kysely's own SQLite driver does. What
 * differs is the commit: a unit's transaction is a savepoint inside an outer transaction that stays open while more
 * units are waiting or arrive in the same turn of the event loop, and the outer transaction commits once, when the
 * connection is free again (a `setImmediate` after the last unit released it). Every unit that ran inside it, reads
 * included, is answered only after that COMMIT, so nobody is told of a write that is not in the database. A unit
 * that fails rolls back to its savepoint and leaves the others alone; a COMMIT that fails fails every unit of the
 * batch. COMMIT writes every page the transaction dirtied to the write-ahead log: pages that several units touched
 * (the tails of the outbox and of the orders' indexes, stock rows, counters) go out once per batch instead of once
 * per request.
 */

const UNIT = 'merx_unit';

interface Batch {
  /** Settles when the outer transaction has committed (or failed to). */
  done: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Members await it; a batch nobody waits for must not be an unhandled rejection.
  done.catch(() => {});
  return { done, resolve, reject };
}

/** What the driver needs of the database: statements by SQL text (cached by the caller) and the raw handle. */
export interface GroupCommitSqlite {
  database: SQLite.Database;
  prepare(sql: string): SQLite.Statement;
}

class GroupCommitConnection implements DatabaseConnection {
  constructor(
    private readonly sqlite: GroupCommitSqlite,
    private readonly onError: (error: unknown) => void,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    try {
      const statement = this.sqlite.prepare(sql);
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return {
        insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
        numAffectedRows: changes != null ? BigInt(changes) : undefined,
        rows: [],
      };
    } catch (error) {
      this.onError(error);
      throw error;
    }
  }

  /** Rows one at a time (Kysely's `stream()`): the unit holds the connection until the stream ends. */
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.sqlite.prepare(compiledQuery.sql);
    if (!statement.reader) throw new Error('only statements that answer rows can be streamed');
    try {
      for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
    } catch (error) {
      this.onError(error);
      throw error;
    }
  }
}

class GroupCommitDriver implements Driver {
  readonly #sqlite: GroupCommitSqlite;
  readonly #connection: GroupCommitConnection;
  /** Whether a unit holds the connection; units waiting for it, first come first served. */
  #held = false;
  readonly #waiting: Array<() => void> = [];
  /** The open outer transaction, if any. */
  #batch: Batch | undefined;
  /** The batch the unit holding the connection has worked in (it waits for that batch's commit). */
  #joined: Batch | undefined;
  #commitQueued = false;

  constructor(sqlite: GroupCommitSqlite) {
    this.#sqlite = sqlite;
    this.#connection = new GroupCommitConnection(sqlite, () => this.#checkBatch());
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#take();
    // Plain statements run while a batch is open are part of it: what they read is not committed yet.
    this.#joined = this.#batch;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#batch) {
      // IMMEDIATE: takes the write lock now (waiting up to busy_timeout for another process), so that no write
      // later in the batch can fail to upgrade a read lock.
      this.#sqlite.database.exec('BEGIN IMMEDIATE');
      this.#batch = newBatch();
    }
    this.#joined = this.#batch;
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${UNIT}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${UNIT}`));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLite may have rolled back the whole outer transaction itself (disk full, I/O error): then the batch is lost.
    if (!this.#sqlite.database.inTransaction) return;
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${UNIT}`));
    await connection.executeQuery(CompiledQuery.raw(`release ${UNIT}`));
  }

  async releaseConnection(): Promise<void> {
    const joined = this.#joined;
    this.#joined = undefined;
    if (joined && joined === this.#batch && !this.#commitQueued) {
      this.#commitQueued = true;
      // After the requests that are ready in this turn of the event loop have had their turn at the connection.
      setImmediate(() => void this.#commitWhenFree());
    }
    this.#give();
    if (joined) await joined.done;
  }

  async destroy(): Promise<void> {
    await this.#take();
    this.#commit();
    this.#sqlite.database.close();
  }

  /** Waits for the connection (first come, first served). */
  async #take(): Promise<void> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held = true;
  }

  /** Hands the connection to the next unit waiting, or frees it. */
  #give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  async #commitWhenFree(): Promise<void> {
    await this.#take();
    this.#commitQueued = false;
    try {
      this.#commit();
    } finally {
      this.#give();
    }
  }

  /** Commits the open batch, if any, and tells its units. */
  #commit(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = undefined;
    try {
      this.#sqlite.database.exec('COMMIT');
      batch.resolve();
    } catch (error) {
      if (this.#sqlite.database.inTransaction) {
        try {
          this.#sqlite.database.exec('ROLLBACK');
        } catch {
          // Nothing more to undo.
        }
      }
      batch.reject(error);
    }
  }

  /** After a failed statement: a batch that SQLite rolled back by itself fails all of its units. */
  #checkBatch(): void {
    const batch = this.#batch;
    if (!batch || this.#sqlite.database.inTransaction) return;
    this.#batch = undefined;
    batch.reject(new Error('SQLite rolled back the transaction after an error; nothing of it was written'));
  }
}

/** Kysely's SQLite dialect with the group-commit driver. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #sqlite: GroupCommitSqlite;

  constructor(sqlite: GroupCommitSqlite) {
    super({ database: sqlite.database });
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.#sqlite);
  }
}
