/*
 * Webhook receivers for webhooks.bench.ts: real node:https servers on loopback answering 200 to every request, in a
 * child process of their own (so that their CPU is neither the server's nor the load generator's). Each records,
 * per request, when it arrived (Date.now(), the same machine clock Merx stamps `eventTime` with) and the event's
 * `eventTime`, read from the envelope.
 *
 * https, not plain http: the bench's server child (bench/server-child.ts) runs Merx without NODE_ENV=development,
 * where webhooks go only to https:// URLs; the store's "allow private networks" setting then lets them reach
 * 127.0.0.1. The certificate is a throwaway self-signed one for 127.0.0.1 (made with openssl), which the server child
 * trusts through NODE_EXTRA_CA_CERTS.
 *
 * As a script (started by `startReceivers`): `node --import tsx bench/lib/webhook-receivers.ts <count> <cert dir>`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What one receiver got since the last `take`: arrival times (ms since the epoch) and eventTime − arrival lags. */
export interface Arrivals {
  at: number[];
  lagMs: number[];
  /** Requests per event type. */
  types: Record<string, number>;
  /** TLS connections the sender opened (a kept-alive sender opens few). */
  connections: number;
  /** Request body bytes. */
  bytes: number;
}

type Message = { ready: string[] } | { counts: number[] } | { taken: Arrivals[] };

/** A self-signed certificate for 127.0.0.1 in `dir` (cert.pem, key.pem); answers the certificate's path. */
export function makeCertificate(dir: string): string {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return join(dir, 'cert.pem');
}

export interface Receivers {
  pid: number;
  urls: string[];
  /** Requests received so far, per receiver. */
  counts(): Promise<number[]>;
  /** What each receiver got since the last take (and forgets it). */
  take(): Promise<Arrivals[]>;
  close(): Promise<void>;
}

/** Starts `count` receivers in a child process, with the certificate in `certDir` (see `makeCertificate`). */
export async function startReceivers(count: number, certDir: string): Promise<Receivers> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), String(count), certDir],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const waiting: Array<(m: Message) => void> = [];
  child.on('message', (m: Message) => waiting.shift()?.(m));
  const next = () => new Promise<Message>((done) => waiting.push(done));
  const ask = async (command: string): Promise<Message> => {
    const answer = next();
    child.send(command);
    return answer;
  };
  const ready = await Promise.race([
    next(),
    new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`receivers exited with ${code}`)))),
  ]);
  if (!('ready' in ready)) throw new Error('receivers did not start');
  return {
    pid: child.pid as number,
    urls: ready.ready,
    async counts() {
      const m = await ask('counts');
      return 'counts' in m ? m.counts : [];
    },
    async take() {
      const m = await ask('take');
      return 'taken' in m ? m.taken : [];
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The child: `count` https receivers answering 200, driven by the parent's messages. */
async function serve(count: number, certDir: string): Promise<void> {
  const tls = { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) };
  const got = Array.from(
    { length: count },
    (): Arrivals => ({ at: [], lagMs: [], types: {}, connections: 0, bytes: 0 }),
  );
  const counts = new Array<number>(count).fill(0);
  const urls: string[] = [];
  const servers: Array<ReturnType<typeof createServer>> = [];
  for (let i = 0; i < count; i++) {
    const mine = i;
    const server = createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const at = Date.now();
        const body = Buffer.concat(chunks).toString('utf8');
        // The envelope starts with id, type, entityId, then eventTime: read them without parsing the whole payload.
        const time = /"eventTime":"([^"]+)"/.exec(body)?.[1];
        const type = /"type":"([^"]+)"/.exec(body)?.[1] ?? '?';
        const record = got[mine] as Arrivals;
        record.at.push(at);
        record.lagMs.push(time ? at - Date.parse(time) : Number.NaN);
        record.types[type] = (record.types[type] ?? 0) + 1;
        record.bytes += Buffer.byteLength(body);
        counts[mine] = (counts[mine] ?? 0) + 1;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    server.on('secureConnection', () => {
      (got[mine] as Arrivals).connections++;
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    // Idle kept-alive connections stay open a minute (between the bench's rounds), not Node's 5 s.
    server.keepAliveTimeout = 60_000;
    urls.push(`https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${i + 1}`);
    servers.push(server);
  }
  process.on('message', (command: string) => {
    if (command === 'counts') process.send?.({ counts });
    else if (command === 'take') {
      process.send?.({ taken: got.map((g) => ({ ...g, at: g.at.splice(0), lagMs: g.lagMs.splice(0) })) });
      for (const g of got) {
        g.types = {};
        g.connections = 0;
        g.bytes = 0;
      }
    }
  });
  process.once('SIGTERM', () => {
    for (const s of servers) s.closeAllConnections();
    process.exit(0);
  });
  // Gone with the bench, even when the bench dies without closing us.
  process.once('disconnect', () => process.exit(0));
  process.send?.({ ready: urls });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await serve(Number(process.argv[2] ?? 1), process.argv[3] ?? '.');
}
