import type { Order } from '@merx/contract';
import { currencyDigits, lineAmount, lineOptions, type TotalsRow, totalsRows } from '@merx/contract/words';
import { formatMoney } from '../lib/format';

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

/** The rows under the lines (see `totalsRows`): one order and one look on every page. */
export function TotalsList({ rows, busy }: { rows: readonly TotalsRow[]; busy?: boolean }) {
  return (
    <dl className="totals" aria-busy={busy}>
      {rows.map((row) => (
        <div
          key={row.kind}
          className={row.kind === 'total' ? 'totals__total' : `totals__${row.kind}`}
          data-row={row.kind}
          data-minor={row.counted ? row.minor : undefined}
        >
          <dt>{row.label}</dt>
          <dd>{row.amount}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A line's price as the subtotal counts it (price × quantity, before discounts and tax). */
export function linePrice(line: Parameters<typeof lineAmount>[0], currency: string): string {
  return lineAmount(line, currency, (minor) => formatMoney(minor / 10 ** currencyDigits(currency), currency)).amount;
}

/**
 * An order's lines: quantity, name, the options chosen and what the line adds to the subtotal (discounts and tax
 * are rows of the totals below, so the lines add up to the subtotal).
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
            <span>{linePrice(line, order.currency)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** An order's totals: subtotal, discount, shipping, fees, tax, tip, total (the rows that are not zero). */
export function OrderTotals({ order }: { order: Order }) {
  const rows = totalsRows(order.priceSummary, {
    currency: order.currency,
    taxIncluded: order.taxIncludedInPrices,
    shippingChosen: order.shippingInfo !== undefined,
  });
  return <TotalsList rows={rows} />;
}
