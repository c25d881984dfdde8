/*
 * Summarises a V8 CPU profile of a bench's server child (BENCH_CPU_PROF=<folder> in the cart, journey and webhooks
 * benches; BENCH_PROFILE=1 in catalog v3): `npm run bench:cpu-profile -- <file.cpuprofile> [options]`.
 *
 * - `--seconds`: the busy samples in each second of the profile, to find a bench's rounds or phases.
 * - Otherwise the functions that took the most of the busy time (idle left out) between `--from` and `--to`
 *   (seconds from the profile's start; default all of it): their own time, then with what they call. Async
 *   functions are split at each `await`: a continuation is counted under the microtask that resumed it, not its caller.
 * `--top N` lines (default 40).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    top: { type: 'string', default: '40' },
    seconds: { type: 'boolean', default: false },
  },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run bench:cpu-profile -- <file.cpuprofile> [--seconds] [--from S] [--to S] [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
const label = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() || ''}:${n.callFrame.lineNumber + 1}`;
const idle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';

const from = Number(values.from) * 1e6;
const to = Number(values.to) * 1e6;
const own = new Map<string, number>();
const within = new Map<string, number>();
const perSecond: number[] = [];
let busy = 0;
let at = 0;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  const node = nodes.get(id) as ProfileNode;
  // A sample stands for the time until the next one.
  const span = profile.timeDeltas[i + 1] ?? 0;
  if (idle(node)) return;
  const second = Math.floor(at / 1e6);
  perSecond[second] = (perSecond[second] ?? 0) + span;
  if (at < from || at > to) return;
  busy += span;
  const name = label(node);
  own.set(name, (own.get(name) ?? 0) + span);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parents.get(cur)) {
    const frame = label(nodes.get(cur) as ProfileNode);
    if (seen.has(frame)) continue;
    seen.add(frame);
    within.set(frame, (within.get(frame) ?? 0) + span);
  }
});

if (values.seconds) {
  console.log('second  busy ms');
  for (let s = 0; s < perSecond.length; s++)
    console.log(`${String(s).padStart(6)}  ${((perSecond[s] ?? 0) / 1e3).toFixed(0).padStart(7)}`);
} else {
  const top = Number(values.top);
  const list = (title: string, times: Map<string, number>) => {
    console.log(`--- ${title}`);
    for (const [name, us] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${((us / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  };
  console.log(`busy ${(busy / 1e3).toFixed(0)} ms`);
  list('own time', own);
  list('with what it calls', within);
}
