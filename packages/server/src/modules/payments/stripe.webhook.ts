import { stripeErrorCodes } from '@merx/contract';
import { AppError } from '@merx/domain';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { type Caller, publicAccess } from '../../http/auth.js';
import { BODY_LIMIT } from '../../http/json-body.js';
import { newId } from '../../lib/ids.js';
import type { OrderState } from '../orders/orders.types.js';
import type { PaymentsContext } from './payments.collect.js';
import { addActivity, addTransaction, changeOrder, refundedOf } from './payments.records.js';
import { callStripe, type StripeClients } from './stripe.provider.js';
import { outcomeOf, recordOutcome } from './stripe.record.js';
import { type IntentRow, stripeRepo } from './stripe.repo.js';
import type { StripeSettingsService } from './stripe.settings.js';
import { WEBHOOK_PATH } from './stripe.settings.js';

/*
 * Stripe's webhook (docs/payments.md, "Stripe"): verified with the Stripe-Signature header over the raw body (300 s
 * tolerance), each event id processed once, in the same transaction as what it records. Events of PaymentIntents
 * Merx did not make are answered 200 and logged, writing nothing; a bad signature is 400, writing nothing.
 */

/** Stripe reports on the store's behalf: events and stock moved name no caller. */
const STRIPE: Caller = { kind: 'none' };

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

export interface WebhookDeps {
  ctx: PaymentsContext;
  settings: StripeSettingsService;
  clients: StripeClients;
  logger: Logger | undefined;
}

/** Thrown inside a change to leave it: nothing new to record. */
class NothingNew extends Error {}

export function createStripeWebhook(d: WebhookDeps) {
  const { ctx } = d;
  const log = (level: 'info' | 'warn', message: string, data: Record<string, unknown>) =>
    d.logger?.[level]({ ...data, provider: 'stripe' }, message);

  const markAlone = (event: Stripe.Event) =>
    stripeRepo.markEvent(ctx.deps.db, event.id, event.type, ctx.deps.clock.now().toISOString());

  async function intentEvent(stripe: Stripe, event: Stripe.Event, intent: IntentRow, pi: Stripe.PaymentIntent) {
    const outcome = outcomeOf(pi);
    if (typeof outcome === 'string') {
      await markAlone(event);
      return;
    }
    if (pi.amount !== intent.amountMinor || pi.currency !== intent.currency.toLowerCase()) {
      log('warn', 'Stripe event for an amount Merx did not ask: ignored', {
        eventId: event.id,
        paymentIntentId: pi.id,
      });
      return;
    }
    let pm = typeof pi.payment_method === 'object' ? pi.payment_method : null;
    const holds = outcome.status === 'APPROVED' || outcome.status === 'AUTHORIZED';
    if (!pm && holds && typeof pi.payment_method === 'string') {
      const id = pi.payment_method;
      pm = await callStripe(() => stripe.paymentMethods.retrieve(id));
      const card = outcomeOf({ ...pi, payment_method: pm });
      if (typeof card !== 'string') outcome.details = card.details;
    }
    await recordOutcome(ctx, STRIPE, intent, outcome, pm, { id: event.id, type: event.type });
  }

  /** Refunds made in Stripe (its dashboard) that Merx has not recorded: each recorded once, as refunds by Stripe. */
  async function refundEvent(stripe: Stripe, event: Stripe.Event, intent: IntentRow, piId: string) {
    const list = await callStripe(() => stripe.refunds.list({ payment_intent: piId, limit: 100 }));
    const succeeded = list.data.filter((r) => r.status === 'succeeded');
    try {
      await changeOrder(ctx.orders, ctx.records, STRIPE, intent.orderId, async (uow, st, now) => {
        if (!(await stripeRepo.markEvent(uow.trx, event.id, event.type, now))) throw new NothingNew();
        const payment = st.transactions.find(
          (t) => t.kind === 'PAYMENT' && t.provider === 'stripe' && t.providerTransactionId === piId,
        );
        if (!payment) throw new NothingNew();
        const known = new Set(st.transactions.map((t) => t.providerTransactionId));
        const fresh = succeeded.filter((r) => !known.has(r.id));
        let added = 0;
        for (const r of fresh) {
          if (r.amount > payment.amountMinor - refundedOf(st, payment.id)) {
            log('warn', 'Stripe refund larger than what is left to refund: not recorded', { refundId: r.id });
            continue;
          }
          const refundId = newId();
          await addTransaction(ctx.records, uow, st, now, {
            kind: 'REFUND',
            status: 'SUCCEEDED',
            amountMinor: r.amount,
            provider: 'stripe',
            providerTransactionId: r.id,
            paymentId: payment.id,
            details: { refundId, lineItems: [], shippingIncluded: false, manual: false, madeIn: 'STRIPE' },
          });
          await addActivity(ctx.records, uow, st, now, fullyRefunded(st) ? 'ORDER_REFUNDED' : 'PAYMENT_REFUNDED', {
            refundId,
            amountMinor: r.amount,
          });
          added++;
        }
        if (added === 0) throw new NothingNew();
        return { modifiedFields: ['paymentStatus'] };
      });
    } catch (error) {
      if (!(error instanceof NothingNew)) throw error;
      await markAlone(event);
    }
  }

  /** Verifies and processes one delivery; answers what Stripe reads (2xx: done, else it sends again later). */
  async function receive(raw: string, signature: string | undefined): Promise<{ received: boolean }> {
    const setup = await d.settings.setup();
    if (!setup.webhookSecret || !setup.secretKey)
      throw new AppError('FAILED_PRECONDITION', stripeErrorCodes.notConfigured, 'Stripe webhooks are not set up');
    const { stripe } = await d.clients.get({ active: false });
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, signature ?? '', setup.webhookSecret, 300);
    } catch (error) {
      log('warn', 'Stripe webhook refused: signature missing, wrong or too old', {
        reason: error instanceof Error ? error.message : String(error),
      });
      throw new AppError(
        'INVALID_ARGUMENT',
        stripeErrorCodes.webhookSignatureInvalid,
        'The Stripe signature is not valid',
      );
    }
    if (await stripeRepo.eventSeen(ctx.deps.db, event.id)) return { received: true };
    const object = event.data.object as {
      object?: string;
      id?: string;
      payment_intent?: unknown;
      metadata?: Record<string, string>;
    };
    const piId =
      object.object === 'payment_intent'
        ? object.id
        : typeof object.payment_intent === 'string'
          ? object.payment_intent
          : undefined;
    const handled = INTENT_EVENTS.has(event.type) || event.type === 'charge.refunded';
    if (!handled || !piId) return { received: true };
    const intent = await stripeRepo.intent(ctx.deps.db, piId);
    if (!intent || (object.metadata?.['merxOrderId'] ?? intent.orderId) !== intent.orderId) {
      log('info', 'Stripe event for a payment Merx does not know: nothing recorded', { eventId: event.id, piId });
      return { received: true };
    }
    if (event.type === 'charge.refunded') await refundEvent(stripe, event, intent, piId);
    else await intentEvent(stripe, event, intent, event.data.object as Stripe.PaymentIntent);
    return { received: true };
  }

  return {
    receive,
    /** The webhook route, in a scope of its own that keeps the raw body (the signature is over its bytes). */
    async register(app: FastifyInstance): Promise<void> {
      await app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
          done(null, typeof body === 'string' ? body : body.toString('utf8')),
        );
        scope.post(WEBHOOK_PATH, { config: { access: publicAccess } }, async (request) => {
          const signature = request.headers['stripe-signature'];
          const raw = typeof request.body === 'string' ? request.body : '';
          return receive(raw, typeof signature === 'string' ? signature : undefined);
        });
      });
    },
  };
}

/**
 * The webhook in the OpenAPI document (which is built from the JSON routes; this one reads its body raw): Stripe
 * calls it, signing the body with the endpoint's secret.
 */
export function describeWebhook(document: Record<string, unknown>): void {
  const paths = document.paths as Record<string, unknown>;
  paths[WEBHOOK_PATH] = {
    post: {
      operationId: 'post_api_merx_v1_payments_stripe_webhook',
      tags: ['Payments'],
      security: [],
      'x-merx-access': publicAccess,
      summary: "Stripe's webhook",
      description:
        'Called by Stripe, not by clients: register this URL in Stripe’s dashboard with the events Settings → Payments lists. The body is Stripe’s event as Stripe sent it, verified against the `Stripe-Signature` header with the webhook secret (5 minutes tolerance); each event is processed once.',
      parameters: [{ name: 'stripe-signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        '200': { description: 'The event was recorded, or it was already recorded, or it is not one Merx uses' },
        '400': { description: 'Stripe is not set up, or the signature is missing, forged or too old' },
      },
    },
  };
}

/** True when the refunds return all the money the order's payments took. */
function fullyRefunded(st: OrderState): boolean {
  const paid = st.transactions
    .filter((t) => t.kind === 'PAYMENT' && t.status === 'APPROVED')
    .reduce((sum, t) => sum + t.amountMinor, 0);
  const refunded = st.transactions
    .filter((t) => t.kind === 'REFUND' && t.status === 'SUCCEEDED')
    .reduce((sum, t) => sum + t.amountMinor, 0);
  return refunded >= paid;
}
