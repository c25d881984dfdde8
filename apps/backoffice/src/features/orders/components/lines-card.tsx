import { Card } from '../../../components/page';
import { formatMoney } from '../../../lib/format';
import { amountOf, formattedOf, type LineView } from '../lib/order-view';

/** A line's picture (decorative: the name beside it says what it is), or an empty frame. */
export function LineImage({ url, size = 48 }: { url?: string | undefined; size?: number }) {
  return url ? (
    <img className="order-thumb" src={url} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="order-thumb order-thumb--empty" style={{ width: size, height: size }} aria-hidden="true" />
  );
}

const money = (price: unknown) => formattedOf(price) ?? formatMoney(amountOf(price));

/** What became of a line's units: fulfilled, refunded, restocked (only what happened). */
function unitsNote(l: LineView): string {
  const parts = [
    l.fulfilled > 0 ? `${l.fulfilled} of ${l.quantity} fulfilled` : '',
    l.refunded > 0 ? `${l.refunded} refunded` : '',
    l.restocked > 0 ? `${l.restocked} restocked` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

/** The order's lines: picture, name and options, SKU, price × quantity, line total, and what became of the units. */
export function LinesCard({ lines, actions }: { lines: LineView[]; actions?: React.ReactNode }) {
  return (
    <Card title="Items" id="order-items" actions={actions}>
      <div className="order-table-scroll">
        <table className="order-lines">
          <caption className="visually-hidden">Items ordered</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>
                  <div className="order-line">
                    <LineImage url={l.imageUrl} />
                    <div>
                      <div className="order-line__name">{l.name}</div>
                      {l.options ? <div className="muted order-small">{l.options}</div> : null}
                      {l.sku ? <div className="muted order-small">SKU {l.sku}</div> : null}
                      {unitsNote(l) ? <div className="order-small order-line__units">{unitsNote(l)}</div> : null}
                    </div>
                  </div>
                </td>
                <td className="num">{money(l.price)}</td>
                <td className="num">× {l.quantity}</td>
                <td className="num">{money(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
