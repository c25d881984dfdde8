import type { Order } from '@merx/contract';
import { lineOptions } from '@merx/contract/words';

/** How a payment status reads to a shopper. */
export const PAYMENT_LABELS: Record<string, string> = {
  PAID: 'Paid',
  NOT_PAID: 'Not paid',
  PENDING: 'Payment pending',
  PENDING_MERCHANT: 'Payment authorized',
  DECLINED: 'Payment declined',
  PARTIALLY_PAID: 'Partly paid',
  FULLY_REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partly refunded',
};

/**
 * An order's lines: quantity, name, the options chosen and what the line cost before tax (the tax is its own row
 * of the totals below, so the lines add up to the subtotal).
 */
export function OrderLines({ order, className }: { order: Order; className: string }) {
  return (
    <ul className={className}>
      {order.lineItems.map((line) => {
        const options = lineOptions(line.descriptionLines as Array<Record<string, unknown>> | undefined);
        return (
          <li key={line.id}>
            <span>
              {line.quantity} × {line.productName.original}
              {options ? <span className="muted line-options">{options}</span> : null}
            </span>
            <span>{line.totalPriceBeforeTax.formattedAmount}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** An order's summary: the parts that are not zero, then the total. */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="totals">
      {(['subtotal', 'shipping', 'tax', 'discount', 'tip'] as const).map((k) =>
        order.priceSummary[k] && Number(order.priceSummary[k].amount) > 0 ? (
          <div key={k}>
            <dt>{k[0]?.toUpperCase() + k.slice(1)}</dt>
            <dd>{order.priceSummary[k].formattedAmount}</dd>
          </div>
        ) : null,
      )}
      <div className="totals__total">
        <dt>Total</dt>
        <dd>{order.priceSummary.total?.formattedAmount}</dd>
      </div>
    </dl>
  );
}
