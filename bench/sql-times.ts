/*
 * Reads the statement timings of a bench's server child (BENCH_SQL_TIMES=<folder>, bench/lib/sql-timer.cjs):
 * `npm run bench:sql-times -- <folder>/sql-<pid>.jsonl [options]`.
 *
 * - Without --window: one line per 2-second snapshot: statements run, their time, and how many times the `--per`
 *   statement ran (by default the order insert, one per purchase), to find a bench's rounds or phases.
 * - `--window A:B`: the statements run between snapshots A and B, the costliest first, per `--per` statement (per
 *   purchase, per add, …) and per call.
 * - `--window A:B --vs C:D`: what changed per `--per` statement from window C:D to A:B (a round with webhooks against
 *   one without, say), the largest changes first.
 * `--top N` lines (default 30); `--per <text>`: a statement's text starts with it (case-insensitive).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Snapshot {
  t: number;
  /** sql → [calls, nanoseconds], running totals. */
  s: Array<[string, [number, number]]>;
}
type Window = Map<string, { calls: number; ns: number }>;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    per: { type: 'string', default: 'insert into "orders"' },
    window: { type: 'string' },
    vs: { type: 'string' },
    top: { type: 'string', default: '30' },
  },
});
const file = positionals[0];
if (!file) {
  console.error(
    'usage: npm run bench:sql-times -- <sql-<pid>.jsonl> [--per <text>] [--window A:B [--vs C:D]] [--top N]',
  );
  process.exit(2);
}
const snapshots = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Snapshot);
const per = (values.per as string).toLowerCase();
const top = Number(values.top);

/** What ran between snapshots `a` and `b` (indexes into the file). */
function between(a: number, b: number): Window {
  const from = snapshots[a];
  const to = snapshots[b];
  if (!from || !to || a >= b)
    throw new Error(`no window ${a}:${b} (the file has snapshots 0 to ${snapshots.length - 1})`);
  const before = new Map(from.s.map(([text, [calls, ns]]) => [text, { calls, ns }]));
  const out: Window = new Map();
  for (const [text, [calls, ns]] of to.s) {
    const was = before.get(text) ?? { calls: 0, ns: 0 };
    if (calls > was.calls) out.set(text, { calls: calls - was.calls, ns: ns - was.ns });
  }
  return out;
}

function windowOf(text: string): Window {
  const [a, b] = text.split(':').map(Number);
  return between(a as number, b as number);
}

/** How many times the `--per` statement ran in `w`. */
const units = (w: Window) =>
  [...w].filter(([text]) => text.trim().toLowerCase().startsWith(per)).reduce((n, [, v]) => n + v.calls, 0);
const sum = (w: Window) =>
  [...w.values()].reduce((a, v) => ({ calls: a.calls + v.calls, ns: a.ns + v.ns }), { calls: 0, ns: 0 });
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 150);
const us = (ns: number) => (ns / 1e3).toFixed(1);

if (!values.window) {
  console.log('snapshot  seconds  statements  SQL ms  per-statement count');
  for (let i = 1; i < snapshots.length; i++) {
    const w = between(i - 1, i);
    const all = sum(w);
    const seconds = ((snapshots[i] as Snapshot).t - (snapshots[0] as Snapshot).t) / 1000;
    console.log(
      `${String(i).padStart(8)}  ${seconds.toFixed(0).padStart(7)}  ${String(all.calls).padStart(10)}  ${(all.ns / 1e6).toFixed(0).padStart(6)}  ${units(w)}`,
    );
  }
} else if (!values.vs) {
  const w = windowOf(values.window);
  const n = Math.max(1, units(w));
  const all = sum(w);
  console.log(`${n} × "${per}": ${us(all.ns / n)} µs of SQL and ${(all.calls / n).toFixed(1)} statements each`);
  console.log('µs each  calls each  µs per call  statement');
  for (const [text, v] of [...w].sort((x, y) => y[1].ns - x[1].ns).slice(0, top))
    console.log(
      `${us(v.ns / n).padStart(7)}  ${(v.calls / n).toFixed(2).padStart(10)}  ${us(v.ns / v.calls).padStart(11)}  ${oneLine(text)}`,
    );
} else {
  const w = windowOf(values.window);
  const base = windowOf(values.vs);
  const n = Math.max(1, units(w));
  const m = Math.max(1, units(base));
  console.log(
    `${n} × "${per}" in ${values.window}, ${m} in ${values.vs}: µs of SQL each ${us(sum(w).ns / n)} against ${us(sum(base).ns / m)}`,
  );
  console.log(' change µs   µs each  (was)  calls each  (was)  statement');
  const rows = [...new Set([...w.keys(), ...base.keys()])].map((text) => {
    const now = w.get(text) ?? { calls: 0, ns: 0 };
    const was = base.get(text) ?? { calls: 0, ns: 0 };
    return { text, now, was, change: now.ns / n - was.ns / m };
  });
  for (const r of rows.sort((x, y) => Math.abs(y.change) - Math.abs(x.change)).slice(0, top))
    console.log(
      `${(r.change >= 0 ? '+' : '') + us(r.change)}`.padStart(10) +
        `  ${us(r.now.ns / n).padStart(8)}  ${us(r.was.ns / m).padStart(5)}  ${(r.now.calls / n).toFixed(2).padStart(10)}  ${(r.was.calls / m).toFixed(2).padStart(5)}  ${oneLine(r.text)}`,
    );
}
