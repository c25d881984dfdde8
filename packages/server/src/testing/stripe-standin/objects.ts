import { behaviourOf } from './cards.js';
import { badRequest, missing, StandInError } from './errors.js';
import { type FormObject, metadataOf, obj, str } from './form.js';
import { amountOf, type Json, now, stripeId } from './ids.js';
import { createVault } from './methods.js';
import { createRefunds } from './refunds.js';

export { stripeId };

/*
 * The stand-in's payment intents and their state machine, moving as Stripe's published API says for what Merx uses,
 * with the vault (methods.ts) and refunds (refunds.ts) beside them. Every state change emits its event.
 */

export type Emit = (type: string, object: Json) => void;

export function createObjects(opts: { baseUrl: () => string; emit: Emit }) {
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const vault = createVault();
  const { methods, cards, customers, offSessionReady } = vault;

  const intent = (id: string) => {
    const pi = intents.get(id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    return pi;
  };
  const expectStatus = (pi: Json, allowed: string[], action: string) => {
    if (!allowed.includes(pi['status'] as string))
      throw new StandInError(
        400,
        'invalid_request_error',
        `This PaymentIntent's status is ${pi['status']}; it cannot be ${action}.`,
        { code: 'payment_intent_unexpected_state', extra: { payment_intent: pi } },
      );
  };

  function createCharge(pi: Json, captured: boolean): Json {
    const charge: Json = {
      id: stripeId('ch'),
      object: 'charge',
      amount: pi['amount'],
      amount_captured: captured ? pi['amount'] : 0,
      amount_refunded: 0,
      captured,
      currency: pi['currency'],
      customer: pi['customer'],
      payment_intent: pi['id'],
      payment_method: pi['payment_method'],
      paid: true,
      refunded: false,
      status: 'succeeded',
      created: now(),
      livemode: false,
      metadata: pi['metadata'],
    };
    charges.set(charge['id'] as string, charge);
    pi['latest_charge'] = charge['id'];
    return charge;
  }

  /** The card succeeded (or its authentication did): the money is held or taken, the method saved when asked. */
  function succeed(pi: Json): void {
    const manual = pi['capture_method'] === 'manual';
    pi['next_action'] = null;
    pi['last_payment_error'] = null;
    createCharge(pi, !manual);
    if (manual) {
      pi['status'] = 'requires_capture';
      pi['amount_capturable'] = pi['amount'];
      opts.emit('payment_intent.amount_capturable_updated', pi);
    } else {
      pi['status'] = 'succeeded';
      pi['amount_received'] = pi['amount'];
      opts.emit('payment_intent.succeeded', pi);
    }
    const pm = pi['payment_method'] as string;
    if (pi['setup_future_usage'] && pi['customer']) {
      const method = methods.get(pm);
      if (method) method['customer'] = pi['customer'];
      offSessionReady.add(pm);
    }
  }

  /** The card was refused: the intent goes back to waiting for a payment method, with the error. */
  function fail(pi: Json, error: StandInError): StandInError {
    // A decline by the card's bank leaves a failed charge; a failed authentication does not.
    const failed = error.fields.decline_code ? createCharge(pi, false) : undefined;
    if (failed) Object.assign(failed, { paid: false, status: 'failed', failure_code: error.fields.code });
    pi['status'] = 'requires_payment_method';
    pi['next_action'] = null;
    pi['last_payment_error'] = {
      ...error.body().error,
      payment_method: methods.get(pi['payment_method'] as string) ?? null,
      ...(failed ? { charge: failed['id'] } : {}),
    };
    opts.emit('payment_intent.payment_failed', pi);
    return new StandInError(402, 'card_error', error.message, {
      ...error.fields,
      extra: { ...(failed ? { charge: failed['id'] } : {}), payment_intent: pi },
    });
  }

  /** Confirms `pi` with its payment method: succeeds, asks for 3-D Secure, or throws the decline (402). */
  function confirm(pi: Json, offSession: boolean): Json {
    const pmId = pi['payment_method'] as string | null;
    if (!pmId)
      throw badRequest(
        'You cannot confirm this PaymentIntent because it is missing a payment method.',
        'payment_method',
        'payment_intent_unexpected_state',
      );
    const card = cards.get(pmId);
    if (!card) throw missing('payment_method', pmId, 'payment_method');
    const behaviour = behaviourOf(card.number);
    if (behaviour.kind === 'declines') {
      throw fail(
        pi,
        new StandInError(402, 'card_error', behaviour.message, {
          code: behaviour.code,
          decline_code: behaviour.declineCode,
        }),
      );
    }
    if (behaviour.kind === 'authenticates') {
      const ready = offSessionReady.has(pmId) && !behaviour.always;
      if (offSession && !ready) {
        throw fail(
          pi,
          new StandInError(402, 'card_error', 'Your card was declined. This transaction requires authentication.', {
            code: 'authentication_required',
            decline_code: 'authentication_required',
          }),
        );
      }
      if (!offSession) {
        const url = `${opts.baseUrl()}/3ds/${pi['id']}`;
        pi['status'] = 'requires_action';
        pi['next_action'] = {
          type: 'use_stripe_sdk',
          use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: pmId },
          redirect_to_url: { url, return_url: pi['return_url'] ?? null },
        };
        return pi;
      }
    }
    succeed(pi);
    return pi;
  }

  function applyConfirmParams(pi: Json, form: FormObject): boolean {
    const data = obj(form, 'payment_method_data');
    if (Object.keys(data).length > 0) pi['payment_method'] = vault.createPaymentMethod(data)['id'];
    const pm = str(form, 'payment_method');
    if (pm) {
      if (!methods.has(pm)) throw missing('payment_method', pm, 'payment_method');
      pi['payment_method'] = pm;
    }
    const sfu = str(form, 'setup_future_usage');
    if (sfu) pi['setup_future_usage'] = sfu;
    const returnUrl = str(form, 'return_url');
    if (returnUrl) pi['return_url'] = returnUrl;
    return str(form, 'off_session') === 'true';
  }

  return {
    ...vault,
    ...createRefunds({ charges, intent, emit: opts.emit }),
    intents,
    intent,

    createIntent(form: FormObject): Json {
      const amount = amountOf(form, 'amount', true) as number;
      if (amount < 50) throw badRequest('Amount must be at least 50 cents', 'amount', 'amount_too_small');
      const currency = str(form, 'currency');
      if (!currency || !/^[a-zA-Z]{3}$/.test(currency))
        throw badRequest('Missing required param: currency.', 'currency', 'parameter_missing');
      const customer = str(form, 'customer') ?? null;
      if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
      const id = stripeId('pi');
      const pi: Json = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: currency.toLowerCase(),
        capture_method: str(form, 'capture_method') ?? 'automatic_async',
        confirmation_method: 'automatic',
        client_secret: `${id}_secret_${stripeId('s', 24).slice(2)}`,
        customer,
        description: str(form, 'description') ?? null,
        last_payment_error: null,
        latest_charge: null,
        metadata: metadataOf(form),
        next_action: null,
        payment_method: null,
        payment_method_types: ['card'],
        setup_future_usage: null,
        status: 'requires_payment_method',
        canceled_at: null,
        cancellation_reason: null,
        created: now(),
        livemode: false,
      };
      intents.set(id, pi);
      const offSession = applyConfirmParams(pi, form);
      if (pi['payment_method'] && str(form, 'confirm') !== 'true') pi['status'] = 'requires_confirmation';
      if (str(form, 'confirm') === 'true') return confirm(pi, offSession);
      return pi;
    },

    updateIntent(pi: Json, form: FormObject): Json {
      expectStatus(pi, ['requires_payment_method', 'requires_confirmation', 'requires_action'], 'updated');
      const amount = amountOf(form, 'amount', false);
      if (amount !== undefined) pi['amount'] = amount;
      const metadata = metadataOf(form);
      if (Object.keys(metadata).length > 0) pi['metadata'] = { ...(pi['metadata'] as Json), ...metadata };
      return pi;
    },

    confirmIntent(pi: Json, form: FormObject): Json {
      expectStatus(pi, ['requires_payment_method', 'requires_confirmation', 'requires_action'], 'confirmed');
      const offSession = applyConfirmParams(pi, form);
      return confirm(pi, offSession);
    },

    /** The buyer passed (or failed) the 3-D Secure challenge of `pi`. */
    completeAuthentication(id: string, ok: boolean): Json {
      const pi = intent(id);
      if (pi['status'] !== 'requires_action') return pi;
      if (ok) succeed(pi);
      else
        fail(
          pi,
          new StandInError(402, 'card_error', 'We are unable to authenticate your payment method.', {
            code: 'payment_intent_authentication_failure',
          }),
        );
      return pi;
    },

    captureIntent(pi: Json, form: FormObject): Json {
      expectStatus(pi, ['requires_capture'], 'captured');
      const amount = amountOf(form, 'amount_to_capture', false) ?? (pi['amount_capturable'] as number);
      if (amount > (pi['amount_capturable'] as number))
        throw badRequest(
          'The amount to capture is greater than the amount capturable.',
          'amount_to_capture',
          'amount_too_large',
        );
      const charge = charges.get(pi['latest_charge'] as string);
      if (charge) Object.assign(charge, { captured: true, amount_captured: amount });
      Object.assign(pi, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
      opts.emit('payment_intent.succeeded', pi);
      return pi;
    },

    cancelIntent(pi: Json, form: FormObject): Json {
      expectStatus(
        pi,
        ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing'],
        'canceled',
      );
      Object.assign(pi, {
        status: 'canceled',
        amount_capturable: 0,
        next_action: null,
        canceled_at: now(),
        cancellation_reason: str(form, 'cancellation_reason') ?? null,
      });
      opts.emit('payment_intent.canceled', pi);
      return pi;
    },

    /** `object` with the ids named in `expand` (`payment_method`, `latest_charge`, `customer`) replaced by objects. */
    expand(object: Json, expand: string[]): Json {
      const lookups: Record<string, (id: string) => Json | undefined> = {
        payment_method: (id) => methods.get(id),
        latest_charge: (id) => charges.get(id),
        customer: (id) => customers.get(id),
      };
      const out = { ...object };
      for (const field of expand) {
        const id = out[field];
        const lookup = lookups[field];
        if (typeof id === 'string' && lookup) out[field] = lookup(id) ?? id;
      }
      return out;
    },
  };
}

export type StandInObjects = ReturnType<typeof createObjects>;
