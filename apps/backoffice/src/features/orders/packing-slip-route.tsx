import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useBoot } from '../../lib/boot';
import { isNotFound } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { storeSettingsQuery } from '../settings/api/store-settings';
import { type Order, orderQuery, useOrder } from './api/orders';
import { addressLines, contactOf, deliveryOf, emailOf, lineView } from './lib/order-view';
import './orders.css';

/** The store's return address and contact, when the staff member may read the store settings. */
function useSender() {
  const can = useCan();
  return useQuery({ ...storeSettingsQuery(), enabled: can('settings:read') }).data;
}

function Slip({ order }: { order: Order }) {
  const boot = useBoot();
  const sender = useSender();
  const from = sender?.address ? addressLines(sender.address) : [];
  const to = contactOf(order.recipientInfo);
  const shipTo = addressLines(to.address, to.contact);
  const delivery = deliveryOf(order);
  const lines = order.lineItems.map(lineView);
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <article className="packing-slip" aria-label={`Packing slip of order #${order.number}`}>
      <header className="packing-slip__head">
        <div className="packing-slip__store">
          {boot.logoUrl ? <img src={boot.logoUrl} alt="" width="48" height="48" /> : null}
          <div>
            <p className="packing-slip__store-name">{boot.storeName}</p>
            {from.length > 0 ? (
              <address className="packing-slip__from">
                {from.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in their order
                  <span key={i}>{line}</span>
                ))}
              </address>
            ) : null}
            <p className="muted">
              {[sender?.email, sender?.phone, typeof location === 'undefined' ? '' : location.host]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </div>
        <dl className="packing-slip__facts">
          <div>
            <dt>Order</dt>
            <dd>#{order.number}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{formatDate(order.purchasedDate ?? order.createdDate)}</dd>
          </div>
          {delivery.title ? (
            <div>
              <dt>Delivery</dt>
              <dd>{delivery.title}</dd>
            </div>
          ) : null}
        </dl>
      </header>
      <section className="packing-slip__ship-to" aria-labelledby="slip-ship-to">
        <h2 id="slip-ship-to">{delivery.pickup ? 'Pickup by' : 'Ship to'}</h2>
        {shipTo.length > 0 ? (
          <address>
            {shipTo.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in their order
              <span key={i}>{line}</span>
            ))}
          </address>
        ) : (
          <p>{emailOf(order) ?? 'No address given'}</p>
        )}
        {to.contact.phone ? <p>{to.contact.phone}</p> : null}
      </section>
      <section aria-labelledby="slip-items">
        <h2 id="slip-items">
          Items <span className="muted">({units})</span>
        </h2>
        <table className="packing-slip__lines">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col" className="num">
                Quantity
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td>
                  <span className="packing-slip__name">{l.name}</span>
                  {l.options ? <span className="packing-slip__options">{l.options}</span> : null}
                </td>
                <td>{l.sku ?? '—'}</td>
                <td className="num">{l.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {order.buyerNote ? (
        <section aria-labelledby="slip-note">
          <h2 id="slip-note">Note from the buyer</h2>
          <p className="order-comment">{order.buyerNote}</p>
        </section>
      ) : null}
      <p className="packing-slip__thanks">Thank you for shopping with {boot.storeName.replace(/\.$/, '')}.</p>
    </article>
  );
}

/** The order's packing slip, made for paper: the store, the order, where it goes and what to pack (no prices). */
export function Component() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const title = order.data ? `Packing slip · Order #${order.data.number}` : 'Packing slip';
  return (
    <Page
      title={title}
      crumbs={[
        { label: 'Orders', to: '/orders' },
        ...(order.data ? [{ label: `Order #${order.data.number}`, to: `/orders/${id}` }] : []),
      ]}
      actions={
        order.data ? (
          <>
            <button type="button" className="button" onClick={() => window.print()}>
              Print
            </button>
            <Link to={`/orders/${id}`} className="button button--secondary">
              Back to the order
            </Link>
          </>
        ) : null
      }
    >
      {order.isPending ? (
        <Loading label="Loading the order…" />
      ) : order.error ? (
        isNotFound(order.error) ? (
          <Empty title="There is no such order">The link may be wrong.</Empty>
        ) : (
          <ErrorState error={order.error} retry={() => void order.refetch()} />
        )
      ) : (
        <Slip order={order.data} />
      )}
    </Page>
  );
}

export function warm({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(orderQuery(params.id ?? ''));
}
