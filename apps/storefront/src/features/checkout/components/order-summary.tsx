import type { Checkout } from '@merx/contract';
import { lineOptions } from '@merx/contract/words';

/** The checkout's lines and totals (subtotal, discount, shipping, tax, tip, fees, total). */
export function OrderSummary({ checkout }: { checkout: Checkout }) {
  const s = checkout.priceSummary;
  const positive = (p: { amount: string } | undefined) => p && Number(p.amount) > 0;
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
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
              <span>{line.lineItemPrice.formattedAmount}</span>
            </li>
          );
        })}
      </ul>
      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{s.subtotal.formattedAmount}</dd>
        </div>
        {positive(s.discount) ? (
          <div>
            <dt>Discount</dt>
            <dd>−{s.discount.formattedAmount}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>{checkout.shippingInfo.selectedCarrierServiceOption ? s.shipping.formattedAmount : '—'}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{s.tax.formattedAmount}</dd>
        </div>
        {positive(s.additionalFees) ? (
          <div>
            <dt>Fees</dt>
            <dd>{s.additionalFees.formattedAmount}</dd>
          </div>
        ) : null}
        {positive(s.tip) ? (
          <div>
            <dt>Tip</dt>
            <dd>{s.tip?.formattedAmount}</dd>
          </div>
        ) : null}
        <div className="totals__total">
          <dt>Total</dt>
          <dd>{s.total.formattedAmount}</dd>
        </div>
      </dl>
      {checkout.violations.map((v) => (
        <p key={v.description} className={`notice ${v.severity === 'ERROR' ? 'notice--error' : ''}`}>
          {v.description}
        </p>
      ))}
    </aside>
  );
}
