import type { AbandonedCheckout } from '@merx/sdk';
import { Card } from '../../../components/page';
import { ErrorState, Loading } from '../../../components/states';
import { isNotFound } from '../../../lib/errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/me';
import { useCheckout } from '../api/abandoned-checkouts';

/** A description line of a checkout line ("Size: M"), as plain text. */
function describe(line: Record<string, unknown>): string {
  const name = (line.name as { original?: string } | undefined)?.original;
  const plain = (line.plainText as { original?: string } | undefined)?.original;
  const color = line.colorInfo as { original?: string } | undefined;
  const value = plain ?? color?.original ?? '';
  return name ? `${name}: ${value}` : value;
}

/** What was in the checkout (as the checkout is now), and what it came to when it was abandoned. */
export function CheckoutLines({ a }: { a: AbandonedCheckout }) {
  const can = useCan();
  const allowed = can('checkouts:read');
  const checkout = useCheckout(a.checkoutId, allowed);
  const totals = (
    <dl className="facts totals">
      {a.subtotalPrice ? (
        <>
          <dt>Subtotal when abandoned</dt>
          <dd>{formatMoney(a.subtotalPrice.amount)}</dd>
        </>
      ) : null}
      <dt>Total when abandoned</dt>
      <dd>
        <strong>{formatMoney(a.totalPrice.amount)}</strong>
      </dd>
    </dl>
  );
  let lines: React.ReactNode;
  if (!allowed)
    lines = <p className="muted">Your role does not include reading checkouts, so the items are not shown.</p>;
  else if (checkout.data) {
    lines = (
      <table className="lines">
        <caption className="visually-hidden">Items in the checkout</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {checkout.data.lineItems.map((line) => (
            <tr key={line.id}>
              <td>
                <div className="line-item">
                  {line.media?.url ? <img src={line.media.url} alt="" width={40} height={40} /> : null}
                  <div>
                    <span>{line.productName.original}</span>
                    {line.descriptionLines.length > 0 ? (
                      <span className="muted">{line.descriptionLines.map(describe).filter(Boolean).join(' · ')}</span>
                    ) : null}
                  </div>
                </div>
              </td>
              <td className="num">{formatNumber(line.quantity)}</td>
              <td className="num">{formatMoney(line.price.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  } else if (checkout.error) {
    lines = isNotFound(checkout.error) ? (
      <p className="muted">The checkout itself is gone, so its items cannot be shown.</p>
    ) : (
      <ErrorState error={checkout.error} retry={() => void checkout.refetch()} />
    );
  } else lines = <Loading label="Loading the items…" />;
  return (
    <Card title="Items" id="items">
      {lines}
      {totals}
    </Card>
  );
}
