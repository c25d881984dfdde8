import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../testing/stripe-standin/index.js';
import { signInStaff } from '../../testing.js';
import { type PaymentsKit, startPaymentsKit } from './payments-test-kit.js';
import {
  CARDS,
  CONFIG,
  expectAppError,
  INTENTS,
  SETTINGS,
  type StripeKit,
  startStripeKit,
  sync,
} from './stripe-test-kit.js';

/** A store whose Stripe keys are set in the back office; the environment gives only the API address. */
let kit: PaymentsKit;
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  kit = await startPaymentsKit({ config: { stripe: { apiUrl: standIn.url } } });
});
afterAll(async () => {
  await kit.close();
  await standIn.close();
});

const stored = async () =>
  (
    await kit.server.merx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'payments.stripe')
      .executeTakeFirst()
  )?.value;

describe('Payments settings: Stripe keys set in the back office', () => {
  it('starts without Stripe: the storefront is offered the test gateway', async () => {
    const res = await kit.owner.get(SETTINGS);
    expect(res.status).toBe(200);
    expect(res.body.stripe).toEqual({
      enabled: false,
      publishableKey: null,
      secretKeySet: false,
      secretKeyHint: null,
      webhookSecretSet: false,
      captureMode: 'AUTOMATIC',
      source: 'SETTINGS',
      webhookUrl: 'http://localhost:3000/_api/merx/v1/payments/stripe/webhook',
    });
    expect((await kit.as(undefined).get(CONFIG)).body).toEqual({ providers: ['test', 'offline'] });
  });

  it('refuses malformed keys with 400 on the field, changing nothing', async () => {
    for (const [field, value] of [
      ['secretKey', 'pk_test_abcdefgh12345678'],
      ['secretKey', 'sk_test_'],
      ['publishableKey', 'sk_test_abcdefgh12345678'],
      ['webhookSecret', 'secret'],
      ['captureMode', 'LATER'],
    ] as const) {
      const before = await stored();
      const res = await kit.owner.patch(SETTINGS, { stripe: { [field]: value } });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.details.validationError.fieldViolations[0].field).toBe(`stripe.${field}`);
      expect(await stored()).toEqual(before);
    }
    expect((await kit.owner.patch(SETTINGS, { stripe: { other: 1 } })).status).toBe(400);
  });

  it('keeps the secrets write-only and sealed: answers only whether they are set and the last four', async () => {
    const res = await kit.owner.patch(SETTINGS, {
      stripe: {
        enabled: true,
        publishableKey: standIn.publishableKey,
        secretKey: standIn.secretKey,
        webhookSecret: standIn.webhookSecret,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.stripe).toMatchObject({
      enabled: true,
      publishableKey: standIn.publishableKey,
      secretKeySet: true,
      secretKeyHint: standIn.secretKey.slice(-4),
      webhookSecretSet: true,
      source: 'SETTINGS',
    });
    expect(JSON.stringify((await kit.owner.get(SETTINGS)).body)).not.toContain(standIn.secretKey);
    const raw = (await stored()) as string;
    expect(raw).not.toContain(standIn.secretKey);
    expect(raw).not.toContain(standIn.webhookSecret);
    expect(JSON.parse(raw).secretKey).toMatch(/^v1\./);
    expect((await kit.as(undefined).get(CONFIG)).body).toEqual({
      providers: ['stripe', 'offline'],
      stripe: { publishableKey: standIn.publishableKey },
    });
  });

  it('pays through Stripe with the keys set here (the address alone from the environment)', async () => {
    const p = await kit.stocked(3);
    const { orderId, shopper } = await kit.order(p.id);
    const intent = (await shopper.post(INTENTS, { paymentGatewayOrderId: orderId })).body;
    expect(intent.publishableKey).toBe(standIn.publishableKey);
    await confirmWith(intent, CARDS.succeeds);
    const res = await shopper.post(sync(intent.paymentIntentId), { paymentGatewayOrderId: orderId });
    expect(res.body.paymentStatus).toBe('PAID');
  });

  it('turned off, the storefront is offered the test gateway again and intents are refused', async () => {
    await kit.owner.patch(SETTINGS, { stripe: { enabled: false } });
    try {
      expect((await kit.as(undefined).get(CONFIG)).body.providers).toEqual(['test', 'offline']);
      const p = await kit.stocked(3);
      const { orderId, shopper } = await kit.order(p.id);
      expect((await kit.orderOf(orderId)).paymentMethod).toBe('test');
      expectAppError(await shopper.post(INTENTS, { paymentGatewayOrderId: orderId }), 400, 'STRIPE_NOT_CONFIGURED');
    } finally {
      await kit.owner.patch(SETTINGS, { stripe: { enabled: true } });
    }
  });

  it('only staff with the settings permissions read or change them', async () => {
    const shopper = await kit.newVisitor();
    expect((await shopper.get(SETTINGS)).status).toBe(401);
    expect((await kit.as(undefined).get(SETTINGS)).status).toBe(401);
    const clerk = await signInStaff(kit.server, { role: 'staff', permissions: ['orders:read'] });
    expect((await kit.as(`Bearer ${clerk.token}`).get(SETTINGS)).status).toBe(403);
    const reader = await signInStaff(kit.server, { role: 'staff', permissions: ['settings:read'] });
    const asReader = kit.as(`Bearer ${reader.token}`);
    expect((await asReader.get(SETTINGS)).status).toBe(200);
    const before = await stored();
    expect((await asReader.patch(SETTINGS, { stripe: { captureMode: 'MANUAL' } })).status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe('Payments settings: where the keys and the sealing key come from', () => {
  let envKit: StripeKit;
  beforeAll(async () => {
    envKit = await startStripeKit();
  });
  afterAll(async () => {
    await envKit.close();
  });

  it('keys from the environment win and cannot be changed here (409); the capture mode can', async () => {
    const view = (await envKit.owner.get(SETTINGS)).body.stripe;
    expect(view).toMatchObject({ source: 'ENVIRONMENT', enabled: true, secretKeySet: true, webhookSecretSet: true });
    expectAppError(
      await envKit.owner.patch(SETTINGS, { stripe: { secretKey: 'sk_test_abcdefgh12345678' } }),
      409,
      'KEYS_SET_IN_ENVIRONMENT',
    );
    const res = await envKit.owner.patch(SETTINGS, { stripe: { captureMode: 'MANUAL' } });
    expect(res.body.stripe.captureMode).toBe('MANUAL');
  });

  it('seals with MERX_SECRETS_KEY when set; in production without it, secrets are refused', async () => {
    const sealed = await startPaymentsKit({ config: { secretsKey: 'a-secrets-key-from-the-environment' } });
    const production = await startPaymentsKit({ config: { production: true } });
    try {
      const ok = await sealed.owner.patch(SETTINGS, { stripe: { secretKey: 'sk_test_abcdefgh12345678' } });
      expect(ok.body.stripe.secretKeySet).toBe(true);
      const row = await sealed.server.merx.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'payments.stripe')
        .executeTakeFirst();
      expect(JSON.parse(row?.value ?? '{}')).toMatchObject({ sealedWith: 'MERX_SECRETS_KEY' });
      expect(row?.value).not.toContain('sk_test_abcdefgh12345678');
      const refused = await production.owner.patch(SETTINGS, { stripe: { secretKey: 'sk_test_abcdefgh12345678' } });
      expectAppError(refused, 400, 'SECRETS_KEY_MISSING');
      expect((await production.owner.get(SETTINGS)).body.stripe.secretKeySet).toBe(false);
    } finally {
      await sealed.close();
      await production.close();
    }
  });
});

async function confirmWith(intent: { paymentIntentId: string; clientSecret: string }, number: string) {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${standIn.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${standIn.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
    }).then((r) => r.json() as Promise<{ id: string; status: string }>);
  const pm = await post('/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2099',
  });
  return post(`/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
    payment_method: pm.id,
    client_secret: intent.clientSecret,
  });
}
