import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { messageOf } from '../../../lib/errors';
import {
  type Card,
  type CardConfirmer,
  declineReason,
  declineWords,
  paymentsConfigQuery,
  usePayOrder,
} from '../api/checkout';
import { StripeCard } from './stripe-card';

export type CardErrors = Partial<Record<keyof Card, string>>;

/** Digits grouped in fours as the buyer types ("4242 4242 4…"), at most 19 digits. */
export const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY with the slash put in once the year starts ("1226" → "12/26"). */
export const slashExpiry = (value: string) => {
  const d = value.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/** What is wrong with the card as typed (empty when nothing). */
export function checkCard(card: Card): CardErrors {
  const errors: CardErrors = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) errors.number = 'Enter the card number';
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.expiry)) errors.expiry = 'Enter the expiry as MM/YY';
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'Enter the 3 or 4 digits on the back';
  return errors;
}

/** The card as the form holds it (fields `cc-number`, `cc-exp`, `cc-csc`, `cc-name`). */
export function readCard(data: FormData): Card {
  return {
    number: String(data.get('cc-number') ?? '').replace(/\s/g, ''),
    expiry: String(data.get('cc-exp') ?? '').trim(),
    cvc: String(data.get('cc-csc') ?? '').trim(),
    holderName: String(data.get('cc-name') ?? '').trim(),
  };
}

/** Card number, expiry, security code and name: numeric keyboards, the number in fours, the expiry's slash. */
export function CardFields({ errors }: { errors: CardErrors }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  return (
    <div className="card-grid">
      <div className="card-grid__wide">
        <Field
          label="Card number"
          name="cc-number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(e) => setNumber(groupCardNumber(e.target.value))}
          error={errors.number}
          hint="Test store: 4242 4242 4242 4242 is approved."
        />
      </div>
      <Field
        label="Expiry (MM/YY)"
        name="cc-exp"
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        value={expiry}
        onChange={(e) => setExpiry(slashExpiry(e.target.value))}
        error={errors.expiry}
      />
      <Field
        label="Security code"
        name="cc-csc"
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        error={errors.cvc}
      />
      <div className="card-grid__wide">
        <Field label="Name on card" name="cc-name" autoComplete="cc-name" />
      </div>
    </div>
  );
}

/**
 * Pays an order already placed (after a declined card, from the thank-you page, the account or the reminder's pay
 * link): says what happened to the last card, takes another, and calls `onPaid` once the money is in. The buyer's
 * card goes to Stripe's frame when the store takes payments through Stripe (in the buyer's own browser or account,
 * since Stripe's PaymentIntent is the buyer's to ask for); otherwise to the test gateway, as the buyer or through
 * the pay link's own call.
 */
export function PayOrder(props: {
  orderId: string;
  total: string;
  /** The total as a decimal amount and the order's currency (Stripe's card form shows and checks them). */
  amount: string;
  currency: string;
  /** The gateway's reason the last card was declined, when it was. */
  lastDecline?: string | undefined;
  /** The heading (default: "Your payment didn't go through" after a decline, else "Pay for your order"). */
  heading?: string;
  /** The heading's level: h1 where the form is the page's subject (the thank-you page), else h2. */
  level?: 1 | 2;
  /** The pay link's token (whoever holds the link pays; otherwise the buyer's own session). */
  token?: string | undefined;
  onPaid: () => void;
}) {
  const pay = usePayOrder(props.orderId, props.token);
  const [errors, setErrors] = useState<CardErrors>({});
  const config = useQuery(paymentsConfigQuery());
  const stripeKey = config.data?.stripe?.publishableKey;
  const confirmer = useRef<CardConfirmer | null>(null);
  const [stripeProblem, setStripeProblem] = useState<string>();
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setStripeProblem(undefined);
    if (stripeKey) {
      const frame = confirmer.current;
      if (!frame) return setStripeProblem('The card form is still loading.');
      try {
        // Stripe's frame shows what is missing beside its own fields.
        if (await frame.check()) return;
      } catch (err) {
        return setStripeProblem(messageOf(err));
      }
      pay.mutate({ stripe: { confirmer: frame, savePaymentMethod: false } }, { onSuccess: () => props.onPaid() });
      return;
    }
    const card = readCard(new FormData(e.currentTarget));
    const found = checkCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    pay.mutate({ card }, { onSuccess: () => props.onPaid() });
  };
  const Heading = props.level === 1 ? 'h1' : 'h2';
  const failure = stripeProblem ?? (pay.error ? (declineReason(pay.error) ?? messageOf(pay.error)) : undefined);
  return (
    <section className="pay-order" aria-labelledby="pay-order-title">
      <Heading id="pay-order-title">
        {props.heading ?? (props.lastDecline ? "Your payment didn't go through" : 'Pay for your order')}
      </Heading>
      <p>
        {props.lastDecline ? declineWords(props.lastDecline) : 'We have not received the payment for this order yet.'}{' '}
        Your order is saved: pay for it here to confirm it.
      </p>
      <form onSubmit={onSubmit} noValidate>
        {config.isPending ? (
          <p className="muted">Loading the card form…</p>
        ) : stripeKey ? (
          <StripeCard
            publishableKey={stripeKey}
            amount={props.amount}
            currency={props.currency}
            confirmer={confirmer}
          />
        ) : (
          <CardFields errors={errors} />
        )}
        {failure ? (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--wide" disabled={pay.isPending}>
          {pay.isPending ? 'Paying…' : `Pay ${props.total}`}
        </button>
      </form>
    </section>
  );
}
