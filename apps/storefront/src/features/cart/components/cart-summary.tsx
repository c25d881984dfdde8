import type { Cart } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { countries } from '../../../lib/countries';
import { messageOf } from '../../../lib/errors';
import { type Destination, estimateQuery, useCartChanges } from '../api/cart';
import { CheckoutButton } from './checkout-button';

/** Coupon, destination for the estimate, and the estimated totals with shipping and tax. */
export function CartSummary({ cart }: { cart: Cart }) {
  const [destination, setDestination] = useState<Destination | undefined>();
  const estimate = useQuery(estimateQuery(cart.revision, destination));
  const { applyCoupon, removeCoupon } = useCartChanges();
  const coupon = cart.appliedDiscounts[0]?.coupon;
  const summary = estimate.data?.priceSummary;
  const violations = estimate.data?.violations ?? [];
  const shippingOptions = estimate.data?.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions) ?? [];

  const onCoupon = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('coupon') ?? '').trim();
    if (code) applyCoupon.mutate(code);
  };
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
          <select id="est-country" name="country" defaultValue={destination?.country ?? 'US'}>
            {countries().map(([code, name]) => (
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
      <dl className="totals" aria-busy={estimate.isFetching}>
        <div>
          <dt>Subtotal</dt>
          <dd>{summary?.subtotal.formattedAmount ?? cart.subtotal.formattedAmount}</dd>
        </div>
        {summary && Number(summary.discount.amount) > 0 ? (
          <div>
            <dt>Discount</dt>
            <dd>−{summary.discount.formattedAmount}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>
            {!destination
              ? 'Enter a destination'
              : shippingOptions.length === 0 && estimate.isSuccess
                ? 'No shipping to this destination'
                : (summary?.shipping.formattedAmount ?? '…')}
          </dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{summary?.tax.formattedAmount ?? '…'}</dd>
        </div>
        <div className="totals__total">
          <dt>Estimated total</dt>
          <dd>{summary?.total.formattedAmount ?? cart.subtotal.formattedAmount}</dd>
        </div>
      </dl>
      {violations.map((v) => (
        <p key={v.description} className={`notice ${v.severity === 'ERROR' ? 'notice--error' : ''}`}>
          {v.description}
        </p>
      ))}
      <CheckoutButton cart={cart} />
    </aside>
  );
}
