import { brandOf, passesLuhn } from './cards.js';
import { badRequest, missing, StandInError } from './errors.js';
import { type FormObject, metadataOf, obj, str } from './form.js';
import { type Json, now, stripeId } from './ids.js';

/*
 * The stand-in's vault: card payment methods (the number kept to decide what confirming does, as Stripe's test cards
 * say), customers, and the methods saved for off-session use.
 */

export interface Card {
  number: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export function createVault() {
  const methods = new Map<string, Json & { card: Json }>();
  const cards = new Map<string, Card>();
  const customers = new Map<string, Json>();
  /** Payment methods set up for off-session use (saved after an on-session payment). */
  const offSessionReady = new Set<string>();

  /** POST /v1/payment_methods: a card checked as Stripe checks it (Luhn, expiry, CVC). */
  function createPaymentMethod(form: FormObject): Json {
    const type = str(form, 'type') ?? 'card';
    if (type !== 'card') throw badRequest(`Invalid payment method type: ${type}`, 'type');
    const c = obj(form, 'card');
    const number = (str(c, 'number') ?? '').replace(/[\s-]/g, '');
    const month = Number(str(c, 'exp_month'));
    const rawYear = Number(str(c, 'exp_year'));
    const year = rawYear < 100 ? 2000 + rawYear : rawYear;
    const cardError = (code: string, message: string, param: string) =>
      new StandInError(402, 'card_error', message, { code, param });
    if (!passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
    if (!Number.isInteger(month) || month < 1 || month > 12)
      throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
    const today = new Date();
    const expired =
      year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
    if (!Number.isInteger(year) || expired)
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
    const cvc = str(c, 'cvc');
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc))
      throw cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
    const id = stripeId('pm');
    const card: Card = { number, brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year };
    cards.set(id, card);
    const method = {
      id,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: month,
        exp_year: year,
        funding: 'credit',
        country: 'US',
      },
      billing_details: obj(form, 'billing_details'),
      customer: null,
      created: now(),
      livemode: false,
      metadata: metadataOf(form),
    };
    methods.set(id, method);
    return method;
  }

  return {
    methods,
    cards,
    customers,
    offSessionReady,
    createPaymentMethod,

    method(id: string): Json {
      const pm = methods.get(id);
      if (!pm) throw missing('payment_method', id);
      return pm;
    },

    detach(id: string): Json {
      const pm = methods.get(id);
      if (!pm) throw missing('payment_method', id);
      pm['customer'] = null;
      offSessionReady.delete(id);
      return pm;
    },

    attach(id: string, form: FormObject): Json {
      const pm = methods.get(id);
      if (!pm) throw missing('payment_method', id);
      const customer = str(form, 'customer');
      if (!customer) throw badRequest('Missing required param: customer.', 'customer', 'parameter_missing');
      if (!customers.has(customer)) throw missing('customer', customer, 'customer');
      pm['customer'] = customer;
      return pm;
    },

    createCustomer(form: FormObject): Json {
      const customer: Json = {
        id: stripeId('cus'),
        object: 'customer',
        email: str(form, 'email') ?? null,
        name: str(form, 'name') ?? null,
        metadata: metadataOf(form),
        invoice_settings: { default_payment_method: null },
        created: now(),
        livemode: false,
      };
      customers.set(customer['id'] as string, customer);
      return customer;
    },

    customer(id: string): Json {
      const c = customers.get(id);
      if (!c) throw missing('customer', id);
      return c;
    },
  };
}
