import { describe, expect, it } from 'vitest';
import { MerxClientError } from './errors.js';
import { fakeClock } from './test-helpers.js';
import { parseWebhookEvent, signWebhook, verifyWebhookSignature } from './webhooks.js';

const secret = `whsec_${Buffer.from('a shared secret of 32 bytes here').toString('base64')}`;
const event = {
  id: 'evt_1',
  type: 'wix.ecom.v1.order_created',
  entityId: 'o1',
  eventTime: '2030-01-01T00:00:00.000Z',
  identity: { identityType: 'APP', appId: 'key-1' },
  payload: { order: { id: 'o1' } },
};
const body = JSON.stringify(event);

describe('webhooks', () => {
  it('verifies a signed delivery and parses its event', async () => {
    const clock = fakeClock();
    const headers = await signWebhook({ id: 'msg_1', body, secret, clock });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(await parseWebhookEvent({ body, headers, secret, clock })).toEqual(event);
  });

  it('matches the Standard Webhooks reference signature', async () => {
    // The example of the Standard Webhooks specification.
    const headers = {
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    await verifyWebhookSignature({
      body: '{"test": 2432232314}',
      headers: new Headers(headers),
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      clock: fakeClock(1614265330 * 1000),
    });
  });

  it('refuses a changed body, a wrong secret, missing headers and old deliveries', async () => {
    const clock = fakeClock();
    const headers = await signWebhook({ id: 'msg_1', body, secret, clock });
    const fails = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(MerxClientError);
    await fails(verifyWebhookSignature({ body: body.replace('o1', 'o2'), headers, secret, clock }));
    await fails(verifyWebhookSignature({ body, headers, secret: 'another secret', clock }));
    await fails(verifyWebhookSignature({ body, headers: { 'webhook-id': 'msg_1' }, secret, clock }));
    clock.advanceSeconds(301);
    await expect(verifyWebhookSignature({ body, headers, secret, clock })).rejects.toThrow('too old or too new');
  });

  it('accepts any of several signatures (a secret being rotated)', async () => {
    const clock = fakeClock();
    const old = await signWebhook({ id: 'm', body, secret: 'old secret', clock });
    const current = await signWebhook({ id: 'm', body, secret, clock });
    const headers = { ...current, 'webhook-signature': `${old['webhook-signature']} ${current['webhook-signature']}` };
    await verifyWebhookSignature({ body, headers, secret, clock });
  });

  it('refuses a verified body that is not a Merx event', async () => {
    const clock = fakeClock();
    const headers = await signWebhook({ id: 'm', body: '{"hello":1}', secret, clock });
    await expect(parseWebhookEvent({ body: '{"hello":1}', headers, secret, clock })).rejects.toThrow(
      'not a Merx event',
    );
  });

  it.each([
    ['without identity', { ...event, identity: undefined }],
    ['with a null identity', { ...event, identity: null }],
    ['with an identity that has no identityType', { ...event, identity: { appId: 'key-1' } }],
    ['with an identity that is a string', { ...event, identity: 'APP' }],
    ['with a payload that is a list', { ...event, payload: [] }],
  ])('refuses a verified event %s', async (_name, bad) => {
    const clock = fakeClock();
    const text = JSON.stringify(bad);
    const headers = await signWebhook({ id: 'm', body: text, secret, clock });
    await expect(parseWebhookEvent({ body: text, headers, secret, clock })).rejects.toMatchObject({
      code: 'INVALID_WEBHOOK',
      message: 'The webhook body is not a Merx event',
    });
  });

  it('refuses a verified body that is not JSON', async () => {
    const clock = fakeClock();
    const headers = await signWebhook({ id: 'm', body: 'hello', secret, clock });
    await expect(parseWebhookEvent({ body: 'hello', headers, secret, clock })).rejects.toThrow('not JSON');
  });
});
