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

/** Why the stock changed, in a merchant's words. */
const CAUSES: Record<InventoryChange['cause'], string> = {
  ORDER: 'Order placed',
  REVERT_INVENTORY_CHANGE: 'Returned (order canceled or refunded)',
  MANUAL: 'Changed by hand',
};

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : `−${formatNumber(Math.abs(n))}`);

function ChangeRow({ change, ordersLink }: { change: InventoryChange; ordersLink: boolean }) {
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
        {CAUSES[change.cause]}
        {change.orderId && ordersLink ? (
          <>
            {' · '}
            <Link to={`/orders/${change.orderId}`}>View order</Link>
          </>
        ) : null}
      </td>
    </tr>
  );
}

function Changes({ level }: { level: StockLevel }) {
  const can = useCan();
  const history = useHistory(level.productId, level.variantId);
  if (history.error && !history.data) {
    return <ErrorState error={history.error} retry={() => void history.refetch()} />;
  }
  if (!history.data) return <Loading label="Loading history…" />;
  const changes = history.data.pages.flatMap((p) => p.changes);
  if (changes.length === 0) {
    return (
      <Empty title="No changes yet">
        Orders, returns to stock and changes by hand appear here once the variant counts its units.
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
              <th scope="col">Cause</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <ChangeRow key={c.id} change={c} ordersLink={can('orders:read')} />
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
 * focus goes back to the button that opened it): each change with its time, units, the count after and its cause.
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
          “Changed by hand” is staff in the back office, a product import or an app. Only counted units are recorded:
          marking a variant that does not count its units in or out of stock is not.
        </p>
      </div>
    </dialog>
  );
}
