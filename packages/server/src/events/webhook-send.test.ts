import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPrivateAddress } from '../lib/net-guard.js';
import { type Receiver, startReceiver } from '../modules/webhooks/webhook-receiver.test-kit.js';
import { createSender, signatureHeader } from './webhook-send.js';

let receiver: Receiver;
const sender = createSender({ timeoutMs: 1000, userAgent: 'test' });
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  sender.close();
  await receiver.close();
});

const body = JSON.stringify({ id: 'e1', type: 't', entityId: 'x', eventTime: '', identity: {}, payload: {} });
const target = (url: string, policy: { allowPrivate: boolean; allowLoopback: boolean }) => ({
  url,
  id: 'e1',
  body,
  secrets: ['whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0'],
  timestamp: 1_700_000_000,
  policy,
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

  it('never sends to a private or loopback address the store does not allow, by name or by number', async () => {
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    const strict = { allowPrivate: false, allowLoopback: false };
    const byNumber = await sender.send(target(`https://127.0.0.1:${port}/hooks`, strict));
    expect(byNumber).toMatchObject({ ok: false, statusCode: null });
    expect(byNumber.error).toMatch(/private or local network/);
    const byName = await sender.send(target(`https://localhost:${port}/hooks`, strict));
    expect(byName.error).toMatch(/private or local network/);
    const plain = await sender.send(target(receiver.url, strict));
    expect(plain.error).toMatch(/Only https/);
    expect(receiver.received.length).toBe(before);
  });

  it('sends plain http only to loopback, in development', async () => {
    const sent = await sender.send(target(receiver.url, { allowPrivate: false, allowLoopback: true }));
    expect(sent).toMatchObject({ ok: true, statusCode: 200, responseExcerpt: 'ok' });
    const elsewhere = await sender.send(target('http://10.0.0.1/hooks', { allowPrivate: true, allowLoopback: true }));
    expect(elsewhere.error).toMatch(/private or local network/);
  });

  it('reports a receiver that is down', async () => {
    const down = await sender.send(target('http://127.0.0.1:9/hooks', { allowPrivate: false, allowLoopback: true }));
    expect(down).toMatchObject({ ok: false, statusCode: null });
    expect(down.error).toBeTruthy();
  });
});
