import type { InventoryChange, StockLevel } from '@merx/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Empty, ErrorState, Loading } from '../../../components/states';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/me';
import { useHistory } from '../api/history';
import { refreshRows } from '../api/stock-edits';
import { variantName } from '../api/stock-levels';

/** Why the stock changed, for changes logged before Merx recorded the finer reason. */
const CAUSES: Record<InventoryChange['cause'], string> = {
  ORDER: 'Order placed',
  REVERT_INVENTORY_CHANGE: 'Returned (order canceled or refunded)',
  MANUAL: 'Changed by hand',
};

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : `−${formatNumber(Math.abs(n))}`);

/** Who made a change, when it is worth saying: a staff member or an API key (shoppers and the store go unnamed). */
function byWhom(actor: InventoryChange['actor']): string {
  if (actor?.kind === 'STAFF') return ` by ${actor.name ?? 'a staff member'}`;
  if (actor?.kind === 'API_KEY') return actor.name ? ` by API key “${actor.name}”` : ' by an API key';
  return '';
}

/** What happened, and what followed for the stock when worth saying; `orderNumber` when the order can be read. */
function whatHappened(change: InventoryChange, orderNumber: string | undefined): [string, string?] {
  const order = orderNumber ? `Order #${orderNumber}` : 'Order';
  switch (change.reason) {
    case 'ORDER_PLACED':
      return [`${order} placed`];
    case 'ORDER_PAID':
      return [`${order} paid`];
    case 'ORDER_CANCELED':
      return [`${order} canceled`, 'returned to stock'];
    case 'REFUND_RESTOCK':
      return [orderNumber ? `${order} refunded` : 'Refund', 'restocked'];
    case 'STOCK_SET':
      return [`Set to ${formatNumber(change.quantityAfter ?? 0)}`];
    case 'STOCK_ADJUSTED':
      return [`Adjusted ${signed(change.delta)}`];
    case 'TRACKING_CHANGED':
      return change.quantityAfter === undefined
        ? ['Tracking turned off']
        : [`Tracking turned on at ${formatNumber(change.quantityAfter)}`];
    case 'PRODUCT_CREATED':
      return ['Product created'];
    case 'PRODUCT_EDITED':
      return ['Product edited'];
    case 'CSV_IMPORT':
      return ['CSV import'];
    default:
      return [CAUSES[change.cause]];
  }
}

/**
 * A change in a merchant's words: "Order #1003 canceled — returned to stock", "Set to 12 by Ada Lovelace",
 * "Adjusted +3 by API key “Warehouse”".
 */
function changeWords(change: InventoryChange, orderNumber: string | undefined): string {
  const [what, after] = whatHappened(change, orderNumber);
  return `${what}${byWhom(change.actor)}${after ? ` — ${after}` : ''}`;
}

interface Links {
  orders: boolean;
  imports: boolean;
}

function ChangeRow({
  change,
  orderNumber,
  links,
}: {
  change: InventoryChange;
  orderNumber: string | undefined;
  links: Links;
}) {
  return (
    <tr>
      <td className="inv-nowrap">{formatDateTime(change.createdDate)}</td>
      <td className={`num ${change.delta > 0 ? 'inv-up' : 'inv-down'}`}>{signed(change.delta)}</td>
      <td className="num">
        {change.quantityAfter === undefined ? (
          <span className="muted">Not counted</span>
        ) : (
          formatNumber(change.quantityAfter)
        )}
      </td>
      <td>
        {changeWords(change, orderNumber)}
        {change.orderId && links.orders ? (
          <>
            {' · '}
            <Link to={`/orders/${change.orderId}`}>View order</Link>
          </>
        ) : null}
        {change.reason === 'CSV_IMPORT' && change.reference && links.imports ? (
          <>
            {' · '}
            <Link to={`/products/import/${change.reference}`}>View import</Link>
          </>
        ) : null}
      </td>
    </tr>
  );
}

function Changes({ level }: { level: StockLevel }) {
  const can = useCan();
  const links = { orders: can('orders:read'), imports: can('catalog:write') };
  const history = useHistory(level.productId, level.variantId, links.orders);
  if (history.error && !history.data) {
    return <ErrorState error={history.error} retry={() => void history.refetch()} />;
  }
  if (!history.data) return <Loading label="Loading history…" />;
  const changes = history.data.pages.flatMap((p) => p.changes);
  const orderNumbers = new Map(history.data.pages.flatMap((p) => Object.entries(p.orderNumbers)));
  if (changes.length === 0) {
    return (
      <Empty title="No changes yet">
        Orders, returns to stock, imports and changes by staff or apps appear here once the variant counts its units.
      </Empty>
    );
  }
  const total = history.data.pages[0]?.total;
  return (
    <>
      <div className="inv-history__scroll">
        <table className="inv-history__table">
          <caption className="visually-hidden">Changes to the stock of {variantName(level)}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col" className="num">
                Change
              </th>
              <th scope="col" className="num">
                Units after
              </th>
              <th scope="col">What happened</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <ChangeRow
                key={c.id}
                change={c}
                orderNumber={c.orderId ? orderNumbers.get(c.orderId) : undefined}
                links={links}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="inv-history__more">
        <span className="muted">
          {total === undefined
            ? `${formatNumber(changes.length)} shown`
            : `${formatNumber(changes.length)} of ${formatNumber(total)} shown`}
        </span>
        {history.hasNextPage ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={history.isFetchingNextPage}
            aria-busy={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage ? 'Loading…' : 'Show older changes'}
          </button>
        ) : null}
      </div>
      {history.error ? <ErrorState error={history.error} retry={() => void history.fetchNextPage()} /> : null}
    </>
  );
}

/**
 * One variant's inventory log in a panel at the side (a modal `<dialog>`: focus stays inside, Escape closes it and
 * focus goes back to the button that opened it): each change with its time, units, the count after, what happened
 * and who did it.
 */
export function HistoryDrawer({ level, onClose }: { level: StockLevel; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const client = useQueryClient();
  const { productId } = level;
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      before?.focus();
    };
  }, []);
  // "Now" beside the history that is read fresh: the row is read again too (an order may have come in).
  useEffect(() => {
    refreshRows(client, productId).catch(() => undefined);
  }, [client, productId]);
  const choices = Object.values(level.choices).join(' / ');
  return (
    <dialog
      ref={ref}
      className="inv-drawer"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="inv-drawer__content">
        <header className="inv-drawer__header">
          <div>
            <h2 id={`${id}-title`}>Stock history</h2>
            <p className="inv-drawer__what">
              <strong>{level.productName}</strong>
              {choices ? ` · ${choices}` : null}
              {level.sku ? <span className="muted"> · SKU {level.sku}</span> : null}
            </p>
            <p className="muted">
              Now:{' '}
              {level.trackQuantity
                ? `${formatNumber(level.quantity ?? 0)} ${level.quantity === 1 ? 'unit' : 'units'}`
                : `not counted, ${level.inStock ? 'in stock' : 'out of stock'}`}
            </p>
          </div>
          <button type="button" className="button button--secondary button--small" onClick={onClose}>
            Close
          </button>
        </header>
        <Changes level={level} />
        <p className="muted inv-drawer__note">
          Only counted units are recorded: marking a variant that does not count its units in or out of stock is not.
          Changes logged before Merx recorded who made them say less, such as “Changed by hand”.
        </p>
      </div>
    </dialog>
  );
}
