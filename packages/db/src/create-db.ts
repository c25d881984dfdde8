import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { startCheckpointer } from './checkpointer.js';
import type { DialectName } from './dialect.js';
import { withNamedStatements } from './pg-prepared.js';
import type { Database } from './schema.js';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';

let pgPackage: typeof pg | undefined;

/** `pg`, loaded when a PostgreSQL database is opened: a store on SQLite never holds the driver in memory. */
function loadPg(): typeof pg {
  if (!pgPackage) {
    pgPackage = createRequire(import.meta.url)('pg') as typeof pg;
    // PostgreSQL returns int8 (bigint, count(*)) as strings; every int8 Merx stores fits in a double.
    pgPackage.types.setTypeParser(20, (v) => Number(v));
  }
  return pgPackage;
}

export interface MerxDb {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Closes the pool or the SQLite file. */
  destroy(): Promise<void>;
}

export interface CreateDbOptions {
  /** `postgres://…` for PostgreSQL; a file path (or `:memory:`) for SQLite. */
  url: string;
  /** Extra statements to run on each new PostgreSQL connection (used by tests for `search_path`). */
  pgSearchPath?: string;
  /** Receives every query; used to count statements per request. */
  onQuery?: (event: LogEvent) => void;
  poolSize?: number;
  /** PostgreSQL: send statements as named prepared statements (pg-prepared.ts); default true. */
  namedStatements?: boolean;
}

/** Opens the database named by `url`: PostgreSQL through `pg`, otherwise SQLite through better-sqlite3 (WAL). */
export function createDb(options: CreateDbOptions): MerxDb {
  const log = options.onQuery;
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new (loadPg().Pool)({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.pgSearchPath ? { options: `-c search_path=${options.pgSearchPath}` } : {}),
    });
    const dialect = new PostgresDialect({
      pool: options.namedStatements === false ? pool : withNamedStatements(pool),
    });
    const db = new Kysely<Database>({ dialect, ...(log ? { log } : {}) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  if (options.url !== ':memory:') mkdirSync(dirname(options.url), { recursive: true });
  const sqlite = new SQLite(options.url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own page cache, on top of the kernel's file cache that holds the file anyway: 16 MB keeps the pages a
  // catalog read walks. At 64 MB it kept a whole 10,000-product catalog (41 MB) in the server's RSS, for no CPU per
  // request that A/B runs could tell apart (a page it no longer keeps is a pread from the kernel's cache).
  sqlite.pragma('cache_size = -16000');
  // Each unit of work is a savepoint (sqlite-group-commit.ts), and SQLite keeps the first image of every page a
  // savepoint changes in a statement journal so that it can roll back to it. That journal is a temp file once it
  // passes 64 KiB, which an order does: two write() calls per page, more than its WAL frames. In memory it costs
  // nothing (docs/decisions/0008-statement-journal-in-memory.md). Migrations set it back to a file: they may
  // rewrite whole tables (see migrate.ts).
  sqlite.pragma('temp_store = MEMORY');
  // Checkpoints run in a worker thread (see checkpointer.ts); the automatic one only if it ever falls far behind.
  const file = options.url !== ':memory:';
  if (file) sqlite.pragma('wal_autocheckpoint = 20000');
  // Lets the planner gather the statistics it needs (cheap; recommended on every connection open), then drops the
  // samples of them that make statements prepare again on every run (see withoutSamples).
  sqlite.pragma('optimize = 0x10002');
  withoutSamples(sqlite);
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect({ database: sqlite, prepare: statementCache(sqlite) }),
    ...(log ? { log } : {}),
  });
  const checkpointer = file ? startCheckpointer(options.url) : undefined;
  return {
    db,
    dialect: 'sqlite',
    async destroy() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * Deletes the index samples ANALYZE keeps in `sqlite_stat4` (better-sqlite3's SQLite is built with STAT4) and has the
 * planner reload its statistics, which keep `sqlite_stat1`'s row counts and selectivities. With samples, SQLite plans
 * a statement with an IN list or a range on an indexed column from the values bound to it, so binding new values
 * expires the plan and every run prepares the statement again: an order's stock refresh (`where id in (…)`) cost
 * 0.43 ms instead of 0.16, a read of its variants 0.21 instead of 0.06. SQLite's switch for this (the query-planner
 * stability guarantee, a `sqlite3_db_config` option) is not reachable from better-sqlite3.
 * docs/decisions/0042-sqlite-statistics-without-samples.md.
 */
function withoutSamples(sqlite: SQLite.Database): void {
  const kept = sqlite.prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'").get();
  if (!kept || !sqlite.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  try {
    sqlite.exec('begin immediate; delete from sqlite_stat4; commit; analyze sqlite_schema');
  } catch {
    // Another process held the write lock past the busy timeout: the samples stay until the next open, which costs
    // only speed.
    if (sqlite.inTransaction) sqlite.exec('rollback');
  }
}

/**
 * Kysely prepares every statement anew; compiling SQL is a large share of a fast query's cost. Statements are
 * reusable, so keep the most recent ones by SQL text (bounded, least recently used dropped first).
 */
function statementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return (text: string): SQLite.Statement => {
    let statement = cache.get(text);
    if (statement) {
      cache.delete(text);
    } else {
      statement = sqlite.prepare(text);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    }
    cache.set(text, statement);
    return statement;
  };
}
