import type { Checkout } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../lib/errors';
import { shopAfterOrderUrl } from '../../../lib/hand-off';
import { type Card, declineReason, offlineInstructionsQuery, usePlaceOrder, useUpdateCheckout } from '../api/checkout';
import { AddressFields, type AddressValues, missingFields, readAddress, toWire, valuesOf } from './address-fields';
import { type CardErrors, CardFields, checkCard, readCard } from './pay-order';
import { TipPicker } from './tip-picker';

/** Step 3: tip, billing address, card (test gateway) or offline payment, and placing the order. */
export function PaymentStep({ checkout }: { checkout: Checkout }) {
  const navigate = useNavigate();
  const place = usePlaceOrder(checkout.id);
  const update = useUpdateCheckout(checkout.id);
  const [method, setMethod] = useState<'test' | 'offline'>('test');
  const [sameBilling, setSameBilling] = useState(true);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const { data: instructions } = useQuery({ ...offlineInstructionsQuery(), enabled: method === 'offline' });
  const [billingErrors, setBillingErrors] = useState<Partial<Record<keyof AddressValues, string>>>({});

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    let card: Card | undefined;
    if (method === 'test') {
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
    place.mutate(
      { method, ...(card ? { card } : {}) },
      {
        onSuccess: (orderId) => {
          // A checkout a headless shop handed over ends on the shop's own thank-you page.
          const shopThanks = shopAfterOrderUrl(checkout.id, orderId);
          if (shopThanks) location.assign(shopThanks);
          else navigate(`/thank-you/${encodeURIComponent(orderId)}`);
        },
      },
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
            <CardFields errors={cardErrors} />
          ) : (
            <div className="muted">
              <p>Your order is placed now and confirmed by email with how to pay.</p>
              {instructions ? <p style={{ whiteSpace: 'pre-line' }}>{instructions}</p> : null}
            </div>
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
