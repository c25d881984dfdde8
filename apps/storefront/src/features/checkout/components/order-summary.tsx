import type { Checkout } from '@merx/contract';
import { lineOptions, totalsRows } from '@merx/contract/words';
import { useId, useState } from 'react';
import { linePrice, TotalsList } from '../../../components/order-summary';

/**
 * The checkout's lines and totals (subtotal, discount, shipping, fees, tax, tip, total). On a phone it sits above
 * the form, folded behind a "Show order summary · total" toggle; beside the form on a wide screen it is always open.
 */
export function OrderSummary({ checkout }: { checkout: Checkout }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const rows = totalsRows(checkout.priceSummary, {
    currency: checkout.currency,
    taxIncluded: checkout.taxIncludedInPrice,
    ...(checkout.shippingInfo.selectedCarrierServiceOption ? { shippingChosen: true } : { shippingPending: '—' }),
  });
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <button
        type="button"
        className="checkout-summary__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{open ? 'Hide order summary' : 'Show order summary'}</span>
        <strong>{checkout.priceSummary.total.formattedAmount}</strong>
      </button>
      <div id={bodyId} className={`checkout-summary__body${open ? '' : ' checkout-summary__body--folded'}`}>
        <h2 id="checkout-summary-title">Order summary</h2>
        <ul className="checkout-summary__lines">
          {checkout.lineItems.map((line) => {
            const options = lineOptions(line.descriptionLines);
            return (
              <li key={line.id}>
                <span className="checkout-summary__thumb">
                  {line.media?.url ? <img src={line.media.url} alt="" width={56} height={56} loading="lazy" /> : null}
                  <span className="badge">{line.quantity}</span>
                </span>
                <span className="checkout-summary__name">
                  {line.productName.original}
                  {options ? <span className="muted line-options">{options}</span> : null}
                </span>
                <span>{linePrice(line, checkout.currency)}</span>
              </li>
            );
          })}
        </ul>
        <TotalsList rows={rows} />
      </div>
      {checkout.violations.map((v) => (
        <p key={v.description} className={`notice ${v.severity === 'ERROR' ? 'notice--error' : ''}`}>
          {v.description}
        </p>
      ))}
    </aside>
  );
}
