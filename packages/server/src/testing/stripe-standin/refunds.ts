import { badRequest, missing } from './errors.js';
import { type FormObject, metadataOf, str } from './form.js';
import { amountOf, type Json, now, stripeId } from './ids.js';

/** Refunds of captured charges, each emitting `charge.refunded`. */
export function createRefunds(d: {
  charges: Map<string, Json>;
  intent: (id: string) => Json;
  emit: (type: string, object: Json) => void;
}) {
  const { charges, intent } = d;
  const refunds = new Map<string, Json>();
  return {
    createRefund(form: FormObject): Json {
      const piId = str(form, 'payment_intent');
      const chargeId = str(form, 'charge') ?? (piId ? (intent(piId)['latest_charge'] as string | null) : null);
      if (!piId && !chargeId) throw badRequest('One of `charge` or `payment_intent` is required.', 'payment_intent');
      const charge = chargeId ? charges.get(chargeId) : undefined;
      if (!charge?.['captured'] || charge['status'] !== 'succeeded')
        throw badRequest(`This PaymentIntent does not have a successful charge to refund.`, 'payment_intent');
      const left = (charge['amount_captured'] as number) - (charge['amount_refunded'] as number);
      if (left <= 0)
        throw badRequest(`Charge ${charge['id']} has already been refunded.`, undefined, 'charge_already_refunded');
      const amount = amountOf(form, 'amount', false) ?? left;
      if (amount > left)
        throw badRequest(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount',
          'amount_too_large',
        );
      const refund: Json = {
        id: stripeId('re'),
        object: 'refund',
        amount,
        charge: charge['id'],
        payment_intent: charge['payment_intent'],
        currency: charge['currency'],
        reason: str(form, 'reason') ?? null,
        status: 'succeeded',
        metadata: metadataOf(form),
        created: now(),
      };
      refunds.set(refund['id'] as string, refund);
      charge['amount_refunded'] = (charge['amount_refunded'] as number) + amount;
      charge['refunded'] = charge['amount_refunded'] === charge['amount_captured'];
      const list = [...refunds.values()].filter((r) => r['charge'] === charge['id']);
      d.emit('charge.refunded', { ...charge, refunds: { object: 'list', data: list, has_more: false } });
      return refund;
    },

    listRefunds(form: FormObject): Json {
      const pi = str(form, 'payment_intent');
      const charge = str(form, 'charge');
      const data = [...refunds.values()]
        .filter((r) => (!pi || r['payment_intent'] === pi) && (!charge || r['charge'] === charge))
        .reverse();
      return { object: 'list', data, has_more: false, url: '/v1/refunds' };
    },

    refund(id: string): Json {
      const r = refunds.get(id);
      if (!r) throw missing('refund', id);
      return r;
    },
  };
}
