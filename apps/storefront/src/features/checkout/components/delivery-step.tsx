import type { Checkout } from '@merx/contract';
import { addressLines } from '@merx/contract/words';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../lib/errors';
import { formatSlot } from '../../../lib/format';
import { useUpdateCheckout } from '../api/checkout';
import { AddressFields, type AddressValues, missingFields, readAddress, toWire, valuesOf } from './address-fields';

type Option = Record<string, unknown> & {
  code?: string;
  title?: string;
  logistics?: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: { address?: Record<string, unknown> };
    deliveryTimeSlots?: Array<{ from: string; to: string }>;
  };
  cost?: { price?: { formattedAmount?: string; amount?: string } };
};

/** The shipping options the checkout offers for its address (delivery and pickup). */
export function optionsOf(checkout: Checkout): Option[] {
  return checkout.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions as Option[]);
}

const addressLine = (a: Record<string, unknown> | undefined) => addressLines(a).join(', ');

/** Step 2: the delivery address, then a shipping option (delivery, a delivery slot, or pickup). */
export function DeliveryStep({ checkout, onDone }: { checkout: Checkout; onDone: () => void }) {
  const update = useUpdateCheckout(checkout.id);
  const [errors, setErrors] = useState<Partial<Record<keyof AddressValues, string>>>({});
  const hasAddress = Boolean(checkout.shippingInfo.shippingDestination?.address?.addressLine);
  const [editing, setEditing] = useState(!hasAddress);
  const selected = checkout.shippingInfo.selectedCarrierServiceOption as Option | undefined;
  const selectedSlot = (selected?.logistics as { deliveryTimeSlot?: { from: string; to: string } } | undefined)
    ?.deliveryTimeSlot;
  const options = optionsOf(checkout);
  // The option being chosen shows as chosen while the checkout saves it.
  const [choosing, setChoosing] = useState<string>();

  const onAddress = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = readAddress(new FormData(e.currentTarget), 'shipping');
    const missing = missingFields(values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const wire = toWire(values);
    // Billing starts as the delivery address; the payment step can change it.
    update.mutate(
      { shippingInfo: { shippingDestination: wire }, billingInfo: wire },
      { onSuccess: () => setEditing(false) },
    );
  };
  const choose = (code: string, slot?: { from: string; to: string }) => {
    setChoosing(code);
    update.mutate(
      {
        shippingInfo: {
          selectedCarrierServiceOption: { code, ...(slot ? { logistics: { deliveryTimeSlot: slot } } : {}) },
        },
      },
      { onSettled: () => setChoosing(undefined) },
    );
  };

  return (
    <div className="delivery">
      {editing ? (
        <form onSubmit={onAddress} noValidate>
          <fieldset>
            <legend>Delivery address</legend>
            <AddressFields
              prefix="shipping"
              values={valuesOf(checkout.shippingInfo.shippingDestination)}
              errors={errors}
            />
          </fieldset>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save address'}
          </button>
        </form>
      ) : (
        <p className="row">
          <span>
            <strong>Deliver to:</strong> {addressLine(checkout.shippingInfo.shippingDestination?.address)}
          </span>
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Change address
          </button>
        </p>
      )}
      {update.error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(update.error)}
        </p>
      ) : null}
      {!editing ? (
        <fieldset className="options" aria-busy={update.isPending}>
          <legend>Shipping method</legend>
          {options.length === 0 ? (
            <p className="notice">No shipping option reaches this address. Try another address.</p>
          ) : (
            options.map((o) => {
              const code = o.code ?? '';
              const pickup = o.logistics?.pickupDetails;
              const slots = o.logistics?.deliveryTimeSlots ?? [];
              const checked = (choosing ?? selected?.code) === code;
              return (
                <div key={code} className={`option-card${checked ? ' option-card--on' : ''}`}>
                  <label className="check">
                    <input
                      type="radio"
                      name="shipping-option"
                      checked={checked}
                      onChange={() => choose(code, slots[0])}
                    />
                    <span className="option-card__title">
                      {pickup ? 'Pickup: ' : ''}
                      {o.title}
                    </span>
                    <span className="option-card__price">
                      {Number(o.cost?.price?.amount ?? 0) === 0 ? 'Free' : o.cost?.price?.formattedAmount}
                    </span>
                  </label>
                  {pickup ? <p className="muted small">{addressLine(pickup.address)}</p> : null}
                  {o.logistics?.deliveryTime ? <p className="muted small">{o.logistics.deliveryTime}</p> : null}
                  {o.logistics?.instructions ? <p className="muted small">{o.logistics.instructions}</p> : null}
                  {checked && slots.length > 0 ? (
                    <div className="field">
                      <label htmlFor="slot">Delivery time</label>
                      <select
                        id="slot"
                        value={selectedSlot ? `${selectedSlot.from}|${selectedSlot.to}` : ''}
                        onChange={(e) => {
                          const [from = '', to = ''] = e.target.value.split('|');
                          choose(code, { from, to });
                        }}
                      >
                        {slots.map((s) => (
                          <option key={s.from} value={`${s.from}|${s.to}`}>
                            {formatSlot(s.from, s.to)}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </div>
              );
            })
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={update.isPending || (options.length > 0 && !selected)}
            onClick={onDone}
          >
            Continue to payment
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}
