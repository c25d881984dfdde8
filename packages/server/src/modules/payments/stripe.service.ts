import { timingSafeEqual } from 'node:crypto';
import { type CreatePaymentIntentRequest, orderErrorCodes, stripeErrorCodes } from '@merx/contract';
import { AppError, notFound } from '@merx/domain';
import type Stripe from 'stripe';
import type { Caller } from '../../http/auth.js';
import { priceOf } from '../cart/cart.mapper.js';
import { transactionWire } from '../orders/orders.mapper.js';
import { orderNotFound } from '../orders/orders.service.js';
import { payTokenHash } from '../orders/orders.timers.js';
import type { OrderState, TransactionRecord } from '../orders/orders.types.js';
import { mayPay, type PaymentsContext } from './payments.collect.js';
import { contextOf } from './payments.mapper.js';
import { collectableAmount, notCollectable } from './payments.records.js';
import { callStripe, notConfigured, type StripeClients, stripeFailure } from './stripe.provider.js';
import { outcomeOf, type Recorded, recordOutcome } from './stripe.record.js';
import { type IntentRow, stripeRepo } from './stripe.repo.js';
import type { StripeSettingsService } from './stripe.settings.js';

/*
 * Paying orders through Stripe (docs/payments.md, "Stripe"): the PaymentIntent of an order for Stripe.js, the sync
 * after Stripe.js confirmed it (the server asks Stripe, never trusts the browser), a member's saved cards and their
 * off-session charge. Recording goes through stripe.record.ts, once whoever reports first.
 */

export interface StripeDeps {
  ctx: PaymentsContext;
  settings: StripeSettingsService;
  clients: StripeClients;
}

/** Intents that can still be confirmed, so the same one serves a retry (a declined card, a reload). */
const OPEN = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

const mismatch = (message: string, data: Record<string, unknown>) =>
  new AppError('FAILED_PRECONDITION', stripeErrorCodes.intentMismatch, message, data);

/** The refusal of a recorded declined payment, as the test gateway's (with Stripe's own code beside). */
export const declinedByStripe = (state: OrderState, t: TransactionRecord) =>
  new AppError('FAILED_PRECONDITION', orderErrorCodes.paymentDeclined, 'The card was declined', {
    orderId: state.order.id,
    transactionId: t.id,
    reasonCode: t.details.reason,
    providerCode: t.details.stripeCode ?? null,
  });

export function createStripeService(d: StripeDeps) {
  const { ctx } = d;
  const { orders } = ctx;
  const wireCtx = (state: OrderState) => contextOf(state, ctx.deps.store().locale);

  /**
   * The order as its payer may see it, else not found (as the pay call answers): its buyer, staff, or whoever holds
   * the pay link token of its payment reminder (compared by SHA-256 in constant time, as the pay link page does).
   */
  async function payable(caller: Caller, orderId: string, token?: string): Promise<OrderState> {
    const state = await orders.load(orderId).catch(() => undefined);
    if (!state) throw orderNotFound(orderId);
    const allowed = token === undefined ? mayPay(caller, state) : await tokenMatches(orderId, token);
    if (!allowed) throw orderNotFound(orderId);
    return state;
  }

  async function tokenMatches(orderId: string, token: string): Promise<boolean> {
    const row = await ctx.deps.db
      .selectFrom('orders')
      .select('pay_token_hash')
      .where('id', '=', orderId)
      .executeTakeFirst();
    const want = Buffer.from(row?.pay_token_hash ?? '', 'hex');
    const got = Buffer.from(payTokenHash(token), 'hex');
    return want.length === got.length && timingSafeEqual(want, got);
  }

  /** The PaymentIntent as Stripe has it now, with its payment method. */
  const retrieve = (stripe: Stripe, id: string) =>
    callStripe(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));

  /** Cancels an intent nobody may confirm any more (once at Stripe, whoever asks again). */
  const cancelIntent = (stripe: Stripe, id: string) =>
    callStripe(() =>
      stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, { idempotencyKey: `merx-cancel-${id}` }),
    );

  /** The member's Stripe customer, made on first use. */
  async function customerOf(stripe: Stripe, memberId: string, email: string | null): Promise<string> {
    const known = await stripeRepo.customer(ctx.deps.db, memberId);
    if (known) return known;
    const customer = await callStripe(() =>
      stripe.customers.create(
        { ...(email ? { email } : {}), metadata: { merxMemberId: memberId } },
        { idempotencyKey: `merx-customer-${memberId}` },
      ),
    );
    await stripeRepo.insertCustomer(ctx.deps.db, memberId, customer.id, ctx.deps.clock.now().toISOString());
    return (await stripeRepo.customer(ctx.deps.db, memberId)) ?? customer.id;
  }

  /** Records what Stripe says of `pi` (checked against what Merx asked for) and answers as the pay call does. */
  async function settle(who: Caller, intent: IntentRow, pi: Stripe.PaymentIntent): Promise<Recorded> {
    if (pi.metadata?.['merxOrderId'] !== intent.orderId)
      throw mismatch('The PaymentIntent is not this order’s', { paymentIntentId: pi.id });
    if (pi.amount !== intent.amountMinor || pi.currency !== intent.currency.toLowerCase())
      throw mismatch('The PaymentIntent’s amount is not what the order asked for', {
        paymentIntentId: pi.id,
        amount: pi.amount,
        currency: pi.currency,
      });
    const outcome = outcomeOf(pi);
    if (outcome === 'REQUIRES_ACTION')
      throw new AppError(
        'FAILED_PRECONDITION',
        stripeErrorCodes.authenticationNotFinished,
        'The card’s authentication (3-D Secure) is not finished',
        { paymentIntentId: pi.id },
      );
    if (outcome === 'UNCONFIRMED' || outcome === 'CANCELED')
      throw new AppError(
        'FAILED_PRECONDITION',
        stripeErrorCodes.notConfirmed,
        outcome === 'CANCELED' ? 'The payment was canceled' : 'The payment is not confirmed yet',
        { paymentIntentId: pi.id, status: pi.status },
      );
    const pm = typeof pi.payment_method === 'object' ? pi.payment_method : null;
    return recordOutcome(ctx, who, intent, outcome, pm);
  }

  const answer = ({ state, transaction }: Recorded) => {
    if (!transaction) throw notCollectable('NONCOLLECTABLE_ORDER_IS_PAID', state.order.id);
    if (transaction.status === 'DECLINED') throw declinedByStripe(state, transaction);
    return {
      orderId: state.order.id,
      transaction: transactionWire(transaction, wireCtx(state)),
      paymentStatus: state.order.paymentStatus,
    };
  };

  /** The answer of payment-intents: what Stripe.js needs, and the amount for the page to show. */
  function intentAnswer(
    id: string,
    clientSecret: string,
    publishableKey: string,
    state: OrderState,
    amountMinor: number,
  ) {
    const price = priceOf(amountMinor, wireCtx(state));
    return {
      paymentIntentId: id,
      clientSecret,
      publishableKey,
      amount: { amount: price.amount, formattedAmount: price.formattedAmount },
      currency: state.order.currency,
    };
  }

  return {
    /** Providers the storefront offers: Stripe in place of the test gateway when it is enabled. */
    async publicConfig() {
      const setup = await d.settings.setup();
      if (!setup.active) return { providers: ['test' as const, 'offline' as const] };
      return {
        providers: ['stripe' as const, 'offline' as const],
        stripe: { publishableKey: setup.publishableKey as string },
      };
    },

    /**
     * Cancels the order's PaymentIntents that can still be paid, once the order is canceled: a shopper who kept the
     * payment form open is then refused by Stripe instead of charged for a canceled order. Intents holding money
     * (authorized, succeeded) are left to the payments collector's void and refunds.
     */
    async cancelOpenIntents(orderId: string): Promise<void> {
      const rows = await stripeRepo.intentsOf(ctx.deps.db, orderId);
      if (rows.length === 0) return;
      const { stripe } = await d.clients.get();
      for (const row of rows) {
        const pi = await retrieve(stripe, row.id);
        if (!OPEN.has(pi.status)) continue;
        await cancelIntent(stripe, row.id);
      }
    },

    /** Whether orders placed now are paid through Stripe. */
    async active(): Promise<boolean> {
      return (await d.settings.setup()).active;
    },

    /**
     * The PaymentIntent for what is left to collect of the order: the open one of the same amount when there is one
     * (a retry after a decline confirms the same intent, so nothing is charged twice), else a new one. Records
     * nothing as paid.
     */
    async createIntent(caller: Caller, input: CreatePaymentIntentRequest) {
      const { setup, stripe } = await d.clients.get();
      let state = await payable(caller, input.paymentGatewayOrderId, input.payLinkToken);
      let amountMinor = collectableAmount(state, true);
      const o = state.order;
      // Only the member who placed the order keeps the card (not whoever holds its pay link).
      const buyer = caller.kind === 'member' && o.owner.kind === 'member' && o.owner.id === caller.memberId;
      const save = input.savePaymentMethod === true && buyer ? (caller as { memberId: string }).memberId : null;
      const manual = setup.captureMode === 'MANUAL' || o.data.delayCapture === true;
      const earlier = await stripeRepo.intentsOf(ctx.deps.db, o.id);
      for (const row of earlier) {
        const pi = await retrieve(stripe, row.id);
        if (!OPEN.has(pi.status)) {
          // Money Stripe holds that Merx has not recorded yet (the webhook is late): record it first, then collect
          // only what is still left (usually nothing: the refusal says why).
          if (pi.status === 'succeeded' || pi.status === 'requires_capture' || pi.status === 'processing') {
            const recorded = await settle(caller, row, pi);
            if (recorded.changed) {
              state = recorded.state;
              amountMinor = collectableAmount(state, true);
            }
          }
          continue;
        }
        const same = row.amountMinor === amountMinor && row.captureManual === manual && row.saveForMemberId === save;
        if (same && pi.client_secret)
          return intentAnswer(pi.id, pi.client_secret, setup.publishableKey as string, state, amountMinor);
        // An open intent for another amount or other options must never be confirmed too.
        await cancelIntent(stripe, row.id);
      }
      const customer = save ? await customerOf(stripe, save, o.email) : null;
      const pi = await callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: amountMinor,
            currency: o.currency.toLowerCase(),
            capture_method: manual ? 'manual' : 'automatic',
            metadata: { merxOrderId: o.id, merxOrderNumber: String(o.number) },
            description: `Order ${o.number}`,
            ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
          },
          // The same request after a lost answer gets the same intent: Merx's order, amount and attempt.
          {
            idempotencyKey: `merx-pi-${o.id}-${amountMinor}-${manual ? 'manual' : 'auto'}-${save ?? ''}-${earlier.length}`,
          },
        ),
      );
      await stripeRepo.insertIntent(ctx.deps.db, {
        id: pi.id,
        orderId: o.id,
        amountMinor,
        currency: o.currency,
        captureManual: manual,
        saveForMemberId: save,
        createdDate: ctx.deps.clock.now().toISOString(),
      });
      return intentAnswer(pi.id, pi.client_secret as string, setup.publishableKey as string, state, amountMinor);
    },

    /**
     * After Stripe.js confirmed: asks Stripe where the intent stands and records it once (APPROVED, AUTHORIZED,
     * PENDING; DECLINED recorded, then refused as the pay call refuses a declined card).
     */
    async sync(caller: Caller, paymentIntentId: string, orderId: string, payLinkToken?: string) {
      const { stripe } = await d.clients.get({ active: false });
      await payable(caller, orderId, payLinkToken);
      const intent = await stripeRepo.intent(ctx.deps.db, paymentIntentId);
      if (!intent || intent.orderId !== orderId)
        throw mismatch('The PaymentIntent is not this order’s', { paymentIntentId });
      return answer(await settle(caller, intent, await retrieve(stripe, paymentIntentId)));
    },

    /** What a webhook's intent means for its order (stripe.webhook.ts); undefined when it is not one of Merx's. */
    async intentOf(paymentIntentId: string): Promise<IntentRow | undefined> {
      return stripeRepo.intent(ctx.deps.db, paymentIntentId);
    },

    /**
     * Charges the member's saved card off-session for what is left to collect of the order (renewals): no buyer is
     * there to authenticate, so a card that asks for it is declined (recorded) with Stripe's code.
     */
    async chargeSaved(caller: Caller, orderId: string, savedMethodId: string) {
      const { setup, stripe } = await d.clients.get();
      const state = await orders.load(orderId);
      const saved = await stripeRepo.savedMethod(ctx.deps.db, savedMethodId);
      const o = state.order;
      if (!saved || o.owner.kind !== 'member' || o.owner.id !== saved.memberId)
        throw notFound(stripeErrorCodes.savedMethodNotFound, 'No such saved card for this order’s buyer', {
          savedPaymentMethodId: savedMethodId,
        });
      const amountMinor = collectableAmount(state, true);
      const manual = setup.captureMode === 'MANUAL' || o.data.delayCapture === true;
      const earlier = await stripeRepo.intentsOf(ctx.deps.db, o.id);
      const params = {
        amount: amountMinor,
        currency: o.currency.toLowerCase(),
        capture_method: manual ? ('manual' as const) : ('automatic' as const),
        customer: saved.customerId,
        payment_method: saved.paymentMethodId,
        off_session: true,
        confirm: true,
        metadata: { merxOrderId: o.id, merxOrderNumber: String(o.number) },
        description: `Order ${o.number}`,
      };
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.paymentIntents.create(params, {
          idempotencyKey: `merx-offsession-${o.id}-${saved.id}-${amountMinor}-${earlier.length}`,
        });
      } catch (error) {
        const raw = (error as { raw?: { payment_intent?: Stripe.PaymentIntent } }).raw?.payment_intent;
        if (!raw?.id) throw stripeFailure(error);
        pi = await retrieve(stripe, raw.id);
      }
      const intent: IntentRow = {
        id: pi.id,
        orderId: o.id,
        amountMinor,
        currency: o.currency,
        captureManual: manual,
        saveForMemberId: null,
        createdDate: ctx.deps.clock.now().toISOString(),
      };
      await stripeRepo.insertIntent(ctx.deps.db, intent);
      if (typeof pi.payment_method === 'string') pi = await retrieve(stripe, pi.id);
      return answer(await settle(caller, intent, pi));
    },

    /** The member's saved cards. */
    async savedMethods(memberId: string) {
      const rows = await stripeRepo.savedMethods(ctx.deps.db, memberId);
      return {
        savedPaymentMethods: rows.map((r) => ({
          id: r.id,
          provider: r.provider,
          brand: r.brand,
          last4: r.last4,
          expiry: `${String(r.expMonth).padStart(2, '0')}/${String(r.expYear % 100).padStart(2, '0')}`,
          createdDate: r.createdDate,
        })),
      };
    },

    /** Forgets a saved card of the member's (detached from their customer in Stripe first). */
    async deleteSavedMethod(memberId: string, id: string) {
      const saved = await stripeRepo.savedMethod(ctx.deps.db, id);
      if (!saved || saved.memberId !== memberId)
        throw notFound(stripeErrorCodes.savedMethodNotFound, 'No such saved card', { savedPaymentMethodId: id });
      const { stripe } = await d.clients.get({ active: false }).catch(() => {
        throw notConfigured();
      });
      await callStripe(() => stripe.paymentMethods.detach(saved.paymentMethodId));
      await stripeRepo.deleteSavedMethod(ctx.deps.db, id);
      return {};
    },
  };
}

export type StripeService = ReturnType<typeof createStripeService>;
