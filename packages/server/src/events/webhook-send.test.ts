import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPrivateAddress } from '../lib/net-guard.js';
import { type Receiver, startReceiver } from '../modules/webhooks/webhook-receiver.test-kit.js';
import { createSender, type SendTarget, signatureHeader } from './webhook-send.js';

let receiver: Receiver;
const sender = createSender({ timeoutMs: 1000, userAgent: 'test' });
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await sender.close();
  await receiver.close();
});
afterEach(() => {
  receiver.status(200, 'ok');
});

const SECRET = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0';
const OLD_SECRET = 'whsec_b2xkc2VjcmV0b2xkc2VjcmV0b2xkc2VjcmV0';
const body = JSON.stringify({ id: 'e1', type: 't', entityId: 'x', eventTime: '', identity: {}, payload: {} });
const development = { allowPrivate: false, allowLoopback: true };
const target = (url: string, policy: SendTarget['policy'], changes: Partial<SendTarget> = {}): SendTarget => ({
  url,
  id: 'e1',
  body,
  secrets: [SECRET],
  timestamp: 1_700_000_000,
  policy,
  ...changes,
});

describe('sending a webhook', () => {
  it('classifies addresses', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:2800:220:1::1']) expect(isPrivateAddress(a), a).toBe(false);
    expect(isLoopbackAddress('127.0.0.2')).toBe(true);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
  });

  it('signs as Standard Webhooks says: one v1 signature per secret', () => {
    const header = signatureHeader('msg_1', 1_700_000_000, '{}', ['whsec_YWJj', 'whsec_ZGVm']);
    expect(header.split(' ')).toHaveLength(2);
    expect(header).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
  });

  it('sends the headers and a signature that Standard Webhooks verifies, with each secret during a rotation', async () => {
    const before = receiver.received.length;
    const timestamp = Math.floor(Date.now() / 1000);
    const sent = await sender.send(
      target(receiver.url, development, { id: 'msg_sig', timestamp, secrets: [SECRET, OLD_SECRET] }),
    );
    expect(sent).toMatchObject({ ok: true, statusCode: 200, error: null, responseExcerpt: 'ok' });
    expect(sent.durationMs).toBeGreaterThanOrEqual(0);
    const got = receiver.received[before];
    expect(got?.body).toBe(body);
    expect(got?.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'test',
      'webhook-id': 'msg_sig',
      'webhook-timestamp': String(timestamp),
    });
    const headers = got?.headers as Record<string, string>;
    expect(headers['webhook-signature']).toBe(signatureHeader('msg_sig', timestamp, body, [SECRET, OLD_SECRET]));
    for (const secret of [SECRET, OLD_SECRET])
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook('whsec_d3Jvbmd3cm9uZ3dyb25nd3Jvbmd3cm9uZw==').verify(body, headers)).toThrow();
  });

  it('sends a body given as its UTF-8 bytes exactly as its text, signed the same', async () => {
    const before = receiver.received.length;
    const timestamp = Math.floor(Date.now() / 1000);
    // Characters of two, three and four bytes: a length counted in characters would cut the body short.
    const text = JSON.stringify({ id: 'u1', payload: { name: 'Crème brûlée — 東京 🌲', note: 'x'.repeat(5000) } });
    const bytes = Buffer.from(text);
    const [asText, asBytes] = await Promise.all([
      sender.send(target(receiver.url, development, { id: 'msg_text', body: text, timestamp })),
      sender.send(target(receiver.url, development, { id: 'msg_bytes', body: bytes, timestamp })),
    ]);
    expect([asText.ok, asBytes.ok]).toEqual([true, true]);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(2);
    for (const r of got) {
      const headers = r.headers as Record<string, string>;
      expect(r.body).toBe(text);
      expect(headers['content-length']).toBe(String(bytes.byteLength));
      expect(headers['webhook-signature']).toBe(
        signatureHeader(headers['webhook-id'] as string, timestamp, text, [SECRET]),
      );
      expect(new Webhook(SECRET).verify(r.body, headers)).toEqual(JSON.parse(text));
    }
  });

  it('sends many deliveries side by side, each with its own body and signature', async () => {
    const before = receiver.received.length;
    const timestamp = Math.floor(Date.now() / 1000);
    const bodies = Array.from({ length: 5 }, (_, i) => JSON.stringify({ id: `b${i}`, payload: 'x'.repeat(i * 1000) }));
    const outcomes = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        sender.send(target(receiver.url, development, { id: `m${i}`, body: bodies[i % 5] as string, timestamp })),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(150);
    for (const r of got) {
      const i = Number((r.headers['webhook-id'] as string).slice(1));
      expect(r.body).toBe(bodies[i % 5]);
      expect(() => new Webhook(SECRET).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    }
  });

  it('never sends to a private or loopback address the store does not allow, by name or by number', async () => {
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    const strict = { allowPrivate: false, allowLoopback: false };
    const byNumber = await sender.send(target(`https://127.0.0.1:${port}/hooks`, strict));
    expect(byNumber).toMatchObject({ ok: false, statusCode: null });
    expect(byNumber.error).toMatch(/private or local network/);
    // The name is resolved inside the connection (the thread asks for the guarded lookup): refused there.
    const byName = await sender.send(target(`https://localhost:${port}/hooks`, strict));
    expect(byName).toMatchObject({ ok: false, statusCode: null });
    expect(byName.error).toMatch(/localhost resolves to a private or local network address/);
    const plain = await sender.send(target(receiver.url, strict));
    expect(plain.error).toMatch(/Only https/);
    const notUrl = await sender.send(target('not a url', strict));
    expect(notUrl).toMatchObject({ ok: false, statusCode: null, error: 'Not a URL' });
    expect(receiver.received.length).toBe(before);
  });

  it('sends plain http only to loopback, in development, by number or by name', async () => {
    const sent = await sender.send(target(receiver.url, development));
    expect(sent).toMatchObject({ ok: true, statusCode: 200, responseExcerpt: 'ok' });
    const byName = await sender.send(target(receiver.url.replace('127.0.0.1', 'localhost'), development));
    expect(byName).toMatchObject({ ok: true, statusCode: 200 });
    const elsewhere = await sender.send(target('http://10.0.0.1/hooks', { allowPrivate: true, allowLoopback: true }));
    expect(elsewhere.error).toMatch(/private or local network/);
  });

  it('does not follow a redirect: a 3xx is a failure and nothing is sent to where it points', async () => {
    receiver.answerWith((r, res) => {
      if (r.headers['webhook-id'] === 'redirected') res.writeHead(302, { location: '/elsewhere' }).end('moved');
      else res.writeHead(200).end('ok');
    });
    const before = receiver.received.length;
    const sent = await sender.send(target(receiver.url, development, { id: 'redirected' }));
    expect(sent).toMatchObject({ ok: false, statusCode: 302, responseExcerpt: 'moved' });
    expect(sent.error).toMatch(/redirect, which webhooks do not follow/);
    expect(receiver.received.length).toBe(before + 1);
  });

  it('answers 410 and 500 as failures with their status and excerpt', async () => {
    receiver.status(410, 'gone for good');
    expect(await sender.send(target(receiver.url, development))).toMatchObject({
      ok: false,
      statusCode: 410,
      error: 'Answered 410',
      responseExcerpt: 'gone for good',
    });
    receiver.status(500, 'boom');
    expect(await sender.send(target(receiver.url, development))).toMatchObject({
      ok: false,
      statusCode: 500,
      error: 'Answered 500',
      responseExcerpt: 'boom',
    });
  });

  it('cuts off a receiver that does not answer in time', async () => {
    receiver.hang();
    const started = Date.now();
    const late = await sender.send(target(receiver.url, development));
    expect(late).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 1000 ms', responseExcerpt: '' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts off a receiver that answers its status but never finishes the body', async () => {
    receiver.answerWith((_r, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });
    const late = await sender.send(target(receiver.url, development));
    expect(late).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 1000 ms', responseExcerpt: '' });
  });

  it('reads no more than 64 KB of an answer that never ends, and keeps its first kilobyte', async () => {
    let written = 0;
    receiver.answerWith((_r, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const more = () => {
        while (!res.destroyed && written < 512 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
      };
      more();
    });
    const sent = await sender.send(target(receiver.url, development));
    expect(sent).toMatchObject({ ok: true, statusCode: 200, error: null, responseExcerpt: 'a'.repeat(1024) });
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('sends the credentials of a URL that has them', async () => {
    const before = receiver.received.length;
    const url = receiver.url.replace('http://', 'http://user%40shop:p%3Ass@');
    expect(await sender.send(target(url, development))).toMatchObject({ ok: true });
    expect(receiver.received[before]?.headers.authorization).toBe(
      `Basic ${Buffer.from('user@shop:p:ss').toString('base64')}`,
    );
  });

  it('reports a receiver that is down', async () => {
    const down = await sender.send(target('http://127.0.0.1:9/hooks', development));
    expect(down).toMatchObject({ ok: false, statusCode: null });
    expect(down.error).toMatch(/ECONNREFUSED/);
  });

  it('checks the certificate of an https receiver', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merx-webhook-cert-'));
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
          .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
          .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
        { stdio: 'ignore' },
      );
      let hits = 0;
      const tls = createServer(
        { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
        (_req, res) => {
          hits++;
          res.end('ok');
        },
      );
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      const { port } = tls.address() as AddressInfo;
      const sent = await sender.send(
        target(`https://127.0.0.1:${port}/hooks`, { allowPrivate: true, allowLoopback: false }),
      );
      expect(sent).toMatchObject({ ok: false, statusCode: null });
      expect(sent.error).toMatch(/self[- ]signed certificate/);
      expect(hits).toBe(0);
      await new Promise<void>((resolve) => tls.close(() => resolve()));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails what is in flight when closed, and sends again afterwards', async () => {
    const own = createSender({ timeoutMs: 5000, userAgent: 'test' });
    receiver.hang();
    const inFlight = own.send(target(receiver.url, development));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await own.close();
    expect(await inFlight).toMatchObject({ ok: false, statusCode: null, error: 'The webhook sender was closed' });
    receiver.status(200, 'ok');
    expect(await own.send(target(receiver.url, development))).toMatchObject({ ok: true, statusCode: 200 });
    await own.close();
  });
});
