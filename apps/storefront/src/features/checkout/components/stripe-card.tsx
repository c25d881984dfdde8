import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
// The pure entry loads Stripe.js only when a card form asks for it (the main entry loads it on import, on every
// checkout, even in a store without Stripe).
import { loadStripe } from '@stripe/stripe-js/pure';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { CardConfirmer } from '../api/checkout';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per page (loadStripe adds the script the first time). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let found = stripes.get(publishableKey);
  if (!found) {
    found = loadStripe(publishableKey);
    // A failed load may be retried by mounting the form again.
    found.catch(() => stripes.delete(publishableKey));
    stripes.set(publishableKey, found);
  }
  return found;
}

/**
 * A decimal amount in the currency's minor units, as Stripe counts it ("12.50" EUR → 1250, "1200" JPY → 1200).
 * Worked on the digits, not in floating point (1.005 × 100 is 100.49999… there); a digit past the currency's
 * precision rounds half up.
 */
export function minorUnits(amount: string, currency: string): number {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const text = amount.trim();
  const sign = text.startsWith('-') ? -1 : 1;
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const kept = `${fraction}${'0'.repeat(digits)}`.slice(0, digits);
  const roundUp = Number(fraction.charAt(digits) || '0') >= 5 ? 1 : 0;
  return sign * (Number(whole || '0') * 10 ** digits + Number(kept || '0') + roundUp);
}

/**
 * Stripe confirms a PaymentIntent with Elements made before it only when their options agree: the capture method
 * (the store may authorize only) and whether the card is kept are the server's choice, read from the intent.
 */
async function matchIntent(stripe: Stripe, elements: StripeElements, clientSecret: string): Promise<void> {
  const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
  if (!paymentIntent) return;
  elements.update({
    captureMethod: paymentIntent.capture_method,
    setupFutureUsage: paymentIntent.setup_future_usage ?? null,
  });
}

/** The shop's look for Stripe's frame (its colours, radius and type). */
const appearance = {
  theme: 'stripe' as const,
  variables: {
    colorPrimary: '#155e4b',
    colorText: '#1c2321',
    colorDanger: '#b42318',
    borderRadius: '10px',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
};

/**
 * Stripe's Payment Element: the card is typed into Stripe's frame and never reaches the shop's page or Merx. The
 * order does not exist yet while the buyer types, so the element is made for the amount (Stripe's deferred intent)
 * and `confirmer` confirms the PaymentIntent the server makes once the order is placed.
 */
export function StripeCard(props: {
  publishableKey: string;
  amount: string;
  currency: string;
  confirmer: RefObject<CardConfirmer | null>;
  /** The member asked to keep the card: Stripe saves it for later payments (`setupFutureUsage`). */
  saveCard?: boolean;
}) {
  const { publishableKey, amount, currency, confirmer, saveCard = false } = props;
  const host = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const minor = minorUnits(amount, currency);
  const startAmount = useRef(minor);
  const startSave = useRef(saveCard);

  useEffect(() => {
    let cancelled = false;
    let element: StripePaymentElement | undefined;
    setState('loading');
    stripeFor(publishableKey)
      .then((stripe) => {
        if (cancelled || !host.current) return;
        if (!stripe) throw new Error('Stripe.js is not available');
        const elements = stripe.elements({
          mode: 'payment',
          amount: startAmount.current,
          currency: currency.toLowerCase(),
          setupFutureUsage: startSave.current ? 'off_session' : null,
          appearance,
        });
        elementsRef.current = elements;
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => {
          if (!cancelled) setState('ready');
        });
        element.mount(host.current);
        confirmer.current = {
          check: async () => (await elements.submit()).error?.message,
          confirm: async (clientSecret, returnUrl) => {
            await matchIntent(stripe, elements, clientSecret);
            return stripe.confirmPayment({
              elements,
              clientSecret,
              redirect: 'if_required',
              confirmParams: { return_url: returnUrl },
            });
          },
        };
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      confirmer.current = null;
      elementsRef.current = null;
      element?.destroy();
    };
  }, [publishableKey, currency, confirmer]);

  // A tip added after the form appeared changes the amount Stripe shows and checks; so does keeping the card.
  useEffect(() => {
    elementsRef.current?.update({ amount: minor });
  }, [minor]);
  useEffect(() => {
    elementsRef.current?.update({ setupFutureUsage: saveCard ? 'off_session' : null });
  }, [saveCard]);

  return (
    <div className="stripe-card">
      {state === 'failed' ? (
        <p className="notice notice--error" role="alert">
          The secure card form could not load. Check your connection and reload the page.
        </p>
      ) : null}
      {state === 'loading' ? <p className="muted">Loading the secure card form…</p> : null}
      <div ref={host} />
    </div>
  );
}
