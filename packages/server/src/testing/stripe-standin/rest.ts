import { badRequest, StandInError } from './errors.js';
import { type FormObject, str } from './form.js';
import type { Json } from './ids.js';
import type { StandInObjects } from './objects.js';

/*
 * The stand-in's REST routes: which calls a publishable key may make (creating a card payment method, confirming and
 * reading a PaymentIntent with its client secret, as Stripe.js does) and which need the secret key.
 */

/** The routing of `/v1/…` calls onto the stand-in's objects. */
export function createRest(objects: StandInObjects) {
  /** Answers a REST call with the object, or throws Stripe's error. */
  function route(method: string, path: string, form: FormObject, key: string): Json {
    const publishable = key.startsWith('pk_');
    const parts = path.split('/').filter(Boolean);
    const [v, kind, id, action] = parts;
    if (v !== 'v1' || !kind) throw notFound(method, path);
    const secretOnly = () => {
      if (publishable)
        throw new StandInError(
          401,
          'invalid_request_error',
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
          { code: 'secret_key_required' },
        );
    };
    const withClientSecret = (pi: Json) => {
      if (publishable && str(form, 'client_secret') !== pi['client_secret'])
        throw badRequest(
          'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
          'client_secret',
          'payment_intent_invalid_parameter',
        );
      return pi;
    };
    if (kind === 'payment_intents') {
      if (!id) {
        secretOnly();
        if (method === 'POST') return objects.createIntent(form);
        if (method === 'GET') return listIntents(form);
      } else {
        const pi = objects.intent(id);
        if (!action && method === 'GET') return withClientSecret(pi);
        if (action === 'confirm' && method === 'POST') return objects.confirmIntent(withClientSecret(pi), form);
        secretOnly();
        if (!action && method === 'POST') return objects.updateIntent(pi, form);
        if (action === 'capture' && method === 'POST') return objects.captureIntent(pi, form);
        if (action === 'cancel' && method === 'POST') return objects.cancelIntent(pi, form);
      }
    }
    if (kind === 'payment_methods') {
      if (!id && method === 'POST') return objects.createPaymentMethod(form);
      secretOnly();
      if (id && !action && method === 'GET') return objects.method(id);
      if (id && action === 'attach' && method === 'POST') return objects.attach(id, form);
      if (id && action === 'detach' && method === 'POST') return objects.detach(id);
    }
    secretOnly();
    if (kind === 'customers') {
      if (!id && method === 'POST') return objects.createCustomer(form);
      if (id && !action && method === 'GET') return objects.customer(id);
    }
    if (kind === 'refunds') {
      if (!id && method === 'POST') return objects.createRefund(form);
      if (!id && method === 'GET') return objects.listRefunds(form);
      if (id && !action && method === 'GET') return objects.refund(id);
    }
    throw notFound(method, path);
  }

  function listIntents(form: FormObject): Json {
    const limit = Math.min(Math.max(Number(str(form, 'limit') ?? 10) || 10, 1), 100);
    const customer = str(form, 'customer');
    const data = [...objects.intents.values()]
      .filter((pi) => !customer || pi['customer'] === customer)
      .reverse()
      .slice(0, limit);
    return { object: 'list', data, has_more: objects.intents.size > limit, url: '/v1/payment_intents' };
  }

  return route;
}

export function notFound(method: string, path: string): StandInError {
  return new StandInError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
}
