import type { Checkout, Identity } from '@merx/contract';
import { addressLines } from '@merx/contract/words';
import { type FormEvent, useState } from 'react';
import { Loading } from '../../../components/states';
import { countryName } from '../../../lib/countries';
import { messageOf } from '../../../lib/errors';
import { formatSlot } from '../../../lib/format';
import {
  ADDRESS_BOOK_SIZE,
  addressBookOf,
  type BookAddress,
  type SaveOutcome,
  sameAddress,
  useSaveToAddressBook,
  useSignedInMember,
} from '../../../lib/member';
import { unreachedReason, useShipToCountries } from '../../../lib/ship-to';
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

/**
 * True when the buyer may go on to payment: nothing ships, or an option is chosen (the server picks the cheapest
 * delivery for an address one reaches; with none, or only a pickup not yet chosen, the buyer stays here).
 */
export function deliveryDone(checkout: Checkout): boolean {
  const ships = checkout.lineItems.some((l) => l.physicalProperties.shippable);
  return !ships || Boolean(checkout.shippingInfo.selectedCarrierServiceOption);
}

const SAVED: Record<SaveOutcome, string> = {
  added: 'Saved to your address book.',
  'already-saved': 'This address is already in your address book.',
  'book-full': `Your address book is full (${ADDRESS_BOOK_SIZE} addresses): this one was not saved.`,
};

const addressLine = (a: Record<string, unknown> | undefined) => addressLines(a).join(', ');
const profileOf = (m: Identity | undefined) =>
  (m?.identityProfile ?? {}) as { firstName?: string; lastName?: string; phonesV2?: Array<{ phone?: string }> };

/** The form's starting values: the chosen saved address (or the checkout's), names and phone from the profile. */
function formValues(checkout: Checkout, member: Identity | undefined, saved: BookAddress | undefined): AddressValues {
  const current = valuesOf(checkout.shippingInfo.shippingDestination);
  const p = profileOf(member);
  const named = {
    firstName: current.firstName || p.firstName || '',
    lastName: current.lastName || p.lastName || '',
    phone: current.phone || p.phonesV2?.[0]?.phone || '',
  };
  if (!saved) return { ...current, ...named };
  return { ...valuesOf({ address: saved as Record<string, unknown> }), ...named };
}

/** Step 2: the delivery address (a saved one for members), then a shipping option (delivery, a slot, or pickup). */
export function DeliveryStep({ checkout, onDone }: { checkout: Checkout; onDone: () => void }) {
  const shipTo = useShipToCountries();
  const { member, isPending } = useSignedInMember();
  if (shipTo.isPending || isPending) return <Loading label="Loading delivery options…" />;
  return <Delivery checkout={checkout} onDone={onDone} member={member} shipTo={shipTo} />;
}

function Delivery({
  checkout,
  onDone,
  member,
  shipTo,
}: {
  checkout: Checkout;
  onDone: () => void;
  member: Identity | undefined;
  shipTo: ReturnType<typeof useShipToCountries>;
}) {
  const update = useUpdateCheckout(checkout.id);
  const saveToBook = useSaveToAddressBook();
  const [errors, setErrors] = useState<Partial<Record<keyof AddressValues, string>>>({});
  const destination = checkout.shippingInfo.shippingDestination?.address;
  const hasAddress = Boolean(destination?.addressLine);
  const [editing, setEditing] = useState(!hasAddress);
  const book = addressBookOf(member);
  // A member's first saved address is offered at once; an address already on the checkout stays what it is.
  const [choice, setChoice] = useState<number | 'new'>(() => {
    if (!hasAddress) return book.length > 0 ? 0 : 'new';
    const i = book.findIndex((e) => sameAddress(e.address, (destination ?? {}) as BookAddress));
    return i >= 0 ? i : 'new';
  });
  const saved = choice === 'new' ? undefined : book[choice]?.address;
  const selected = checkout.shippingInfo.selectedCarrierServiceOption as Option | undefined;
  const selectedSlot = (selected?.logistics as { deliveryTimeSlot?: { from: string; to: string } } | undefined)
    ?.deliveryTimeSlot;
  const options = optionsOf(checkout);
  const pickups = options.filter((o) => o.logistics?.pickupDetails);
  // The option being chosen shows as chosen while the checkout saves it.
  const [choosing, setChoosing] = useState<string>();
  const canSave = Boolean(member) && choice === 'new' && book.length < ADDRESS_BOOK_SIZE;

  const onAddress = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const values = readAddress(data, 'shipping');
    const missing = missingFields(values);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const wire = toWire(values);
    const keep = canSave && data.get('saveAddress') === 'on';
    // Billing starts as the delivery address; the payment step can change it.
    update.mutate(
      { shippingInfo: { shippingDestination: wire }, billingInfo: wire },
      {
        onSuccess: () => {
          setEditing(false);
          // Saved when the buyer continues with it (the checkout took it); one already in the book is not added.
          if (keep) saveToBook.mutate(wire.address);
        },
      },
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
  const done = deliveryDone(checkout);
  const noDelivery = options.length === pickups.length;
  const reason = unreachedReason(shipTo.reach, destination ?? {}, countryName);

  return (
    <div className="delivery">
      {editing ? (
        <form onSubmit={onAddress} noValidate>
          {book.length > 0 ? (
            <fieldset className="saved-addresses">
              <legend>Your saved addresses</legend>
              {book.map((entry, i) => (
                <label key={JSON.stringify(entry.address)} className="check saved-addresses__item">
                  <input type="radio" name="saved-address" checked={choice === i} onChange={() => setChoice(i)} />
                  <span>{addressLine(entry.address as Record<string, unknown>)}</span>
                </label>
              ))}
              <label className="check saved-addresses__item">
                <input type="radio" name="saved-address" checked={choice === 'new'} onChange={() => setChoice('new')} />
                <span>A new address</span>
              </label>
            </fieldset>
          ) : null}
          <fieldset>
            <legend>Delivery address</legend>
            <AddressFields
              key={String(choice)}
              prefix="shipping"
              values={formValues(checkout, member, saved)}
              errors={errors}
              countries={shipTo.options}
            />
            {canSave ? (
              <label className="check">
                <input type="checkbox" name="saveAddress" defaultChecked />
                <span>Save this address to my account</span>
              </label>
            ) : null}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save address'}
          </button>
        </form>
      ) : (
        <p className="row">
          <span>
            <strong>Deliver to:</strong> {addressLine(destination)}
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
      {saveToBook.data && !editing ? (
        <p className="notice" role="status">
          {SAVED[saveToBook.data.outcome]}
        </p>
      ) : null}
      {saveToBook.error ? (
        <p className="notice" role="status">
          We could not save the address to your account ({messageOf(saveToBook.error)}). Your order is not affected.
        </p>
      ) : null}
      {!editing ? (
        <fieldset className="options" aria-busy={update.isPending}>
          <legend>Shipping method</legend>
          {options.length === 0 ? (
            <p className="notice notice--error" role="alert" id="delivery-blocked">
              No delivery option reaches this address. {reason ?? 'The store’s rates leave out this order there.'}{' '}
              Change the address to continue.
            </p>
          ) : noDelivery && !selected ? (
            <p className="notice" role="status" id="delivery-blocked">
              No delivery option reaches this address. You can pick up at{' '}
              {pickups.map((p) => addressLine(p.logistics?.pickupDetails?.address)).join(' or ')} instead: choose it
              below.
            </p>
          ) : null}
          {options.map((o) => {
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
          })}
          <button
            type="button"
            className="button button--primary"
            disabled={update.isPending || !done}
            aria-describedby={done ? undefined : 'delivery-blocked'}
            onClick={onDone}
          >
            Continue to payment
          </button>
        </fieldset>
      ) : null}
    </div>
  );
}
