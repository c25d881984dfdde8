import type { Checkout } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/errors';
import { shopAfterOrderUrl } from '../../../lib/hand-off';
import { useSignedInMember } from '../../../lib/member';
import {
  type Card,
  type CardConfirmer,
  declineReason,
  offlineInstructionsQuery,
  paymentsConfigQuery,
  type StripePay,
  usePlaceOrder,
  useUpdateCheckout,
} from '../api/checkout';
import { AddressFields, type AddressValues, missingFields, readAddress, toWire, valuesOf } from './address-fields';
import { type CardErrors, CardFields, checkCard, readCard } from './pay-order';
import { StripeCard } from './stripe-card';
import { TipPicker } from './tip-picker';

/**
 * Step 3: tip, billing address, card or offline payment, and placing the order. The card goes to Stripe's own frame
 * when the store takes payments through Stripe, else to the test gateway's form.
 */
export function PaymentStep({ checkout }: { checkout: Checkout }) {
  const navigate = useNavigate();
  const place = usePlaceOrder(checkout.id);
  const update = useUpdateCheckout(checkout.id);
  const [method, setMethod] = useState<'test' | 'offline'>('test');
  const [sameBilling, setSameBilling] = useState(true);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const { data: instructions } = useQuery({ ...offlineInstructionsQuery(), enabled: method === 'offline' });
  const [billingErrors, setBillingErrors] = useState<Partial<Record<keyof AddressValues, string>>>({});
  const config = useQuery(paymentsConfigQuery());
  const stripeKey = config.data?.stripe?.publishableKey;
  const { member } = useSignedInMember();
  const confirmer = useRef<CardConfirmer | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [stripeProblem, setStripeProblem] = useState<string>();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    let card: Card | undefined;
    let stripe: StripePay | undefined;
    setStripeProblem(undefined);
    if (method === 'test' && stripeKey) {
      // Stripe wants its fields checked as soon as the buyer presses pay, before anything else happens.
      const frame = confirmer.current;
      if (!frame) {
        setStripeProblem('The card form is still loading.');
        return;
      }
      let incomplete: string | undefined;
      try {
        incomplete = await frame.check();
      } catch (err) {
        setStripeProblem(messageOf(err));
        return;
      }
      // Stripe's frame shows what is missing beside its own fields.
      if (incomplete) return;
      stripe = { confirmer: frame, savePaymentMethod: Boolean(member) && saveCard };
    } else if (method === 'test') {
      card = readCard(data);
      const errors = checkCard(card);
      setCardErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    if (!sameBilling) {
      const billing = readAddress(data, 'billing');
      const missing = missingFields(billing);
      setBillingErrors(missing);
      if (Object.keys(missing).length > 0) return;
      try {
        await update.mutateAsync({ billingInfo: toWire(billing) });
      } catch {
        return;
      }
    }
    place.mutate(stripe ? { method: 'stripe', stripe } : { method, ...(card ? { card } : {}) }, {
      onSuccess: (orderId) => {
        // A checkout a headless shop handed over ends on the shop's own thank-you page.
        const shopThanks = shopAfterOrderUrl(checkout.id, orderId);
        if (shopThanks) location.assign(shopThanks);
        else navigate(`/thank-you/${encodeURIComponent(orderId)}`);
      },
    });
  };

  const declined = declineReason(place.error);
  return (
    <div>
      <TipPicker checkout={checkout} />
      <form onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend>Billing address</legend>
          <label className="check">
            <input type="checkbox" checked={sameBilling} onChange={(e) => setSameBilling(e.target.checked)} />
            Same as the delivery address
          </label>
          {sameBilling ? null : (
            <AddressFields prefix="billing" values={valuesOf(checkout.billingInfo)} errors={billingErrors} />
          )}
        </fieldset>
        <fieldset>
          <legend>Payment</legend>
          <div className="pay-methods">
            <label className={`option-card check${method === 'test' ? ' option-card--on' : ''}`}>
              <input type="radio" name="method" checked={method === 'test'} onChange={() => setMethod('test')} />
              Credit or debit card
            </label>
            <label className={`option-card check${method === 'offline' ? ' option-card--on' : ''}`}>
              <input type="radio" name="method" checked={method === 'offline'} onChange={() => setMethod('offline')} />
              Pay later (bank transfer or cash on delivery)
            </label>
          </div>
          {method !== 'test' ? null : config.isPending ? (
            <p className="muted">Loading the card form…</p>
          ) : stripeKey ? (
            <>
              <StripeCard
                publishableKey={stripeKey}
                amount={checkout.priceSummary.total.amount}
                currency={checkout.currency}
                confirmer={confirmer}
                saveCard={Boolean(member) && saveCard}
              />
              {member ? (
                <label className="check" style={{ marginTop: '0.75rem' }}>
                  <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
                  Save this card for later
                </label>
              ) : null}
            </>
          ) : (
            <CardFields errors={cardErrors} />
          )}
          {method === 'test' ? null : (
            <div className="muted">
              <p>Your order is placed now and confirmed by email with how to pay.</p>
              {instructions ? <p style={{ whiteSpace: 'pre-line' }}>{instructions}</p> : null}
            </div>
          )}
        </fieldset>
        {declined || place.error || update.error || stripeProblem ? (
          <p className="notice notice--error" role="alert">
            {stripeProblem ?? declined ?? messageOf(place.error ?? update.error)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--wide" disabled={place.isPending}>
          {place.isPending ? 'Placing your order…' : `Place order · ${checkout.priceSummary.total.formattedAmount}`}
        </button>
      </form>
    </div>
  );
}
