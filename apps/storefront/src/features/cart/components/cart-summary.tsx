import type { Cart } from '@merx/contract';
import { totalsRows } from '@merx/contract/words';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TotalsList } from '../../../components/order-summary';
import { messageOf } from '../../../lib/errors';
import { useShipToCountries } from '../../../lib/ship-to';
import { type Destination, estimateQuery, useCartChanges } from '../api/cart';
import { CheckoutButton } from './checkout-button';

/** The estimate's country: the one chosen, else the US when shipped to, else the first shipped to. */
function estimateCountry(chosen: string | undefined, offered: Array<[string, string]>): string | undefined {
  if (chosen) return chosen;
  return offered.some(([c]) => c === 'US') ? 'US' : offered[0]?.[0];
}

/** Coupon, destination for the estimate, and the estimated totals with shipping and tax (the rows of every page). */
export function CartSummary({ cart }: { cart: Cart }) {
  const [destination, setDestination] = useState<Destination | undefined>();
  const estimate = useQuery(estimateQuery(cart.revision, destination));
  const { applyCoupon, removeCoupon } = useCartChanges();
  const coupon = cart.appliedDiscounts[0]?.coupon;
  const summary = estimate.data?.priceSummary;
  const violations = estimate.data?.violations ?? [];
  const shippingOptions = estimate.data?.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions) ?? [];
  const rows = totalsRows(summary ?? { subtotal: cart.subtotal, total: cart.subtotal }, {
    currency: cart.currency,
    ...(cart.taxIncludedInPrices !== undefined ? { taxIncluded: cart.taxIncludedInPrices } : {}),
    totalLabel: 'Estimated total',
    ...(estimate.data?.shippingInfo.selectedCarrierServiceOption
      ? { shippingChosen: true }
      : {
          shippingPending: !destination
            ? 'Enter a destination'
            : shippingOptions.length === 0 && estimate.isSuccess
              ? 'No shipping to this destination'
              : '…',
        }),
  });

  const onCoupon = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('coupon') ?? '').trim();
    if (code) applyCoupon.mutate(code);
  };
  // The estimate offers the countries the store ships to (every country until the store has said).
  const shipTo = useShipToCountries();
  // The buyer's choice; until then the default among the countries shipped to (they arrive after the first paint).
  const [estCountry, setEstCountry] = useState<string>();
  const onDestination = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const postalCode = String(data.get('postalCode') ?? '').trim();
    setDestination({ country: String(data.get('country')), ...(postalCode ? { postalCode } : {}) });
  };

  return (
    <aside className="summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Order summary</h2>
      {coupon ? (
        <p className="row">
          <span>
            Coupon <strong>{coupon.code}</strong>
          </span>
          <button type="button" className="link-button" onClick={() => removeCoupon.mutate()}>
            Remove coupon
          </button>
        </p>
      ) : (
        <form className="inline-form" onSubmit={onCoupon}>
          <label htmlFor="coupon">Coupon code</label>
          <div className="inline-form__row">
            <input id="coupon" name="coupon" autoComplete="off" />
            <button type="submit" className="button" disabled={applyCoupon.isPending}>
              Apply
            </button>
          </div>
        </form>
      )}
      {applyCoupon.error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(applyCoupon.error)}
        </p>
      ) : null}

      <form className="inline-form" onSubmit={onDestination}>
        <fieldset>
          <legend>Estimate shipping and tax</legend>
          <label htmlFor="est-country">Country</label>
          <select
            id="est-country"
            name="country"
            value={estCountry ?? estimateCountry(destination?.country, shipTo.options) ?? ''}
            onChange={(e) => setEstCountry(e.target.value)}
          >
            {shipTo.options.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <label htmlFor="est-postal">Postal code</label>
          <div className="inline-form__row">
            <input id="est-postal" name="postalCode" autoComplete="postal-code" />
            <button type="submit" className="button">
              Estimate
            </button>
          </div>
        </fieldset>
      </form>

      {estimate.isError ? (
        <p className="notice notice--error" role="alert">
          {messageOf(estimate.error)}
        </p>
      ) : null}
      <TotalsList rows={rows} busy={estimate.isFetching} />
      {violations.map((v) => (
        <p key={v.description} className={`notice ${v.severity === 'ERROR' ? 'notice--error' : ''}`}>
          {v.description}
        </p>
      ))}
      <CheckoutButton cart={cart} />
    </aside>
  );
}
