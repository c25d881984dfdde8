import type { Checkout } from '@merx/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../../components/field';
import { messageOf } from '../../../lib/errors';
import { type Card, declineReason, usePlaceOrder, useUpdateCheckout } from '../api/checkout';
import { AddressFields, type AddressValues, missingFields, readAddress, toWire, valuesOf } from './address-fields';
import { TipPicker } from './tip-picker';

type CardErrors = Partial<Record<keyof Card, string>>;

function checkCard(card: Card): CardErrors {
  const errors: CardErrors = {};
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) errors.number = 'Enter the card number';
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.expiry)) errors.expiry = 'Enter the expiry as MM/YY';
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'Enter the 3 or 4 digits on the back';
  return errors;
}

/** Step 3: tip, billing address, card (test gateway) or offline payment, and placing the order. */
export function PaymentStep({ checkout }: { checkout: Checkout }) {
  const navigate = useNavigate();
  const place = usePlaceOrder(checkout.id);
  const update = useUpdateCheckout(checkout.id);
  const [method, setMethod] = useState<'test' | 'offline'>('test');
  const [sameBilling, setSameBilling] = useState(true);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [billingErrors, setBillingErrors] = useState<Partial<Record<keyof AddressValues, string>>>({});

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    let card: Card | undefined;
    if (method === 'test') {
      card = {
        number: String(data.get('cc-number') ?? '').trim(),
        expiry: String(data.get('cc-exp') ?? '').trim(),
        cvc: String(data.get('cc-csc') ?? '').trim(),
        holderName: String(data.get('cc-name') ?? '').trim(),
      };
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
    place.mutate(
      { method, ...(card ? { card } : {}) },
      { onSuccess: (orderId) => navigate(`/thank-you/${encodeURIComponent(orderId)}`) },
    );
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
          {method === 'test' ? (
            <div className="card-grid">
              <div className="card-grid__wide">
                <Field
                  label="Card number"
                  name="cc-number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  error={cardErrors.number}
                  hint="Test store: 4242 4242 4242 4242 is approved."
                />
              </div>
              <Field
                label="Expiry (MM/YY)"
                name="cc-exp"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                error={cardErrors.expiry}
              />
              <Field
                label="Security code"
                name="cc-csc"
                inputMode="numeric"
                autoComplete="cc-csc"
                error={cardErrors.cvc}
              />
              <div className="card-grid__wide">
                <Field label="Name on card" name="cc-name" autoComplete="cc-name" />
              </div>
            </div>
          ) : (
            <p className="muted">Your order is placed now; we send payment instructions by email.</p>
          )}
        </fieldset>
        {declined || place.error || update.error ? (
          <p className="notice notice--error" role="alert">
            {declined ?? messageOf(place.error ?? update.error)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--wide" disabled={place.isPending}>
          {place.isPending ? 'Placing your order…' : `Place order · ${checkout.priceSummary.total.formattedAmount}`}
        </button>
      </form>
    </div>
  );
}
