/*
 * Times every SQLite statement of a bench's server child by its text: preloaded (`node --require`) into the child by
 * bench/lib.ts `startServer` when BENCH_SQL_TIMES names a folder. It wraps better-sqlite3's statement methods (run,
 * all, get; iterate's start only) and `Database#exec` (BEGIN, COMMIT, savepoints), records the main thread's garbage
 * collection pauses beside them, and every 2 s appends the running totals, one JSON line
 * `{"t": <ms since 1970>, "s": [[<sql>, [<calls>, <ns>]], …]}`, to `<folder>/sql-<pid>.jsonl`: the statements of one
 * round (or one phase of a bench) are the difference of two lines, which `npm run bench:sql-times` reads. The clock
 * is process.hrtime: wall time on the main thread (on a busy machine, preemption included). PostgreSQL statements
 * are not seen: use the server's own statistics (pg_stat_statements, auto_explain) there.
 *
 * CommonJS, with no TypeScript: node loads it before the bundled child, without a loader.
 */
'use strict';
const { appendFileSync, mkdirSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const { PerformanceObserver } = require('node:perf_hooks');
const { isMainThread } = require('node:worker_threads');

const folder = process.env.BENCH_SQL_TIMES;
if (folder && isMainThread) {
  // The child's better-sqlite3 (the bundle leaves it external): the one the server package resolves.
  const Database = createRequire(join(__dirname, '..', '..', 'packages', 'db', 'package.json'))('better-sqlite3');
  /** sql → [calls, nanoseconds] */
  const totals = new Map();
  const add = (text, ns) => {
    const entry = totals.get(text);
    if (entry) {
      entry[0] += 1;
      entry[1] += ns;
    } else totals.set(text, [1, ns]);
  };
  const timed = (target, method, textOf) => {
    const original = target[method];
    target[method] = function (...args) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        add(textOf(this, args), Number(process.hrtime.bigint() - started));
      }
    };
  };
  // The Statement class is not exported: it is the prototype of the first statement prepared.
  let wrapped = false;
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (...args) {
    const statement = prepare.apply(this, args);
    if (!wrapped) {
      wrapped = true;
      const proto = Object.getPrototypeOf(statement);
      for (const method of ['run', 'all', 'get', 'iterate']) timed(proto, method, (s) => s.source);
    }
    return statement;
  };
  timed(Database.prototype, 'exec', (_db, args) => `exec: ${args[0]}`);
  // The main thread's garbage collection pauses, as if they were statements (`gc: minor`, `gc: major`, …).
  const kinds = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      add(`gc: ${kinds[entry.detail?.kind] ?? 'other'}`, Math.round(entry.duration * 1e6));
  }).observe({ entryTypes: ['gc'] });

  mkdirSync(folder, { recursive: true });
  const file = join(folder, `sql-${process.pid}.jsonl`);
  const write = () => appendFileSync(file, `${JSON.stringify({ t: Date.now(), s: [...totals] })}\n`);
  setInterval(write, 2000).unref();
  process.once('exit', write);
}
