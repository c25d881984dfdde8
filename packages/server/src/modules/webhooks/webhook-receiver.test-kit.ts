import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; entityId: string; identity: Record<string, unknown>; payload: unknown };
  at: number;
}

/**
 * A real HTTP receiver on loopback for webhook tests: records every request and answers as `answer` says (200 by
 * default; a status, a delay past the timeout, a redirect, a huge body, or no answer at all).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Received, res: ServerResponse) => void = (_r, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  };
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = { headers: req.headers, body, event: JSON.parse(body), at: Date.now() };
      received.push(r);
      answer(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** How to answer from now on. */
    answerWith(fn: (r: Received, res: ServerResponse) => void) {
      answer = fn;
    },
    status(code: number, body = '') {
      answer = (_r, res) => res.writeHead(code, { 'content-type': 'text/plain' }).end(body);
    },
    /** Never answers (the connection stays open until `close`). */
    hang() {
      answer = (_r, res) => hanging.add(res);
    },
    ids: () => received.map((r) => r.event.id),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls `check` until it holds (deliveries go out asynchronously). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
