import { addressLines } from '@merx/contract/words';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { OrderLines, OrderTotals, PAYMENT_LABELS } from '../../../components/order-summary';
import { usePageTitle } from '../../../components/page-title';
import { Empty, ErrorState, Loading } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { orderQuery, ordersQuery } from '../api/account';

const STATUS: Record<string, string> = {
  INITIALIZED: 'Awaiting payment',
  APPROVED: 'Confirmed',
  CANCELED: 'Canceled',
  PENDING: 'Pending',
  REJECTED: 'Rejected',
};
const PAYMENT = PAYMENT_LABELS;

/** An order paid online still waiting for its money (offline orders are approved at once): the buyer can pay it. */
const awaitsCard = (o: { status: string; paymentStatus: string }) =>
  o.status === 'INITIALIZED' && ['NOT_PAID', 'DECLINED', 'CANCELED'].includes(o.paymentStatus);

/** "Pay now": the order's thank-you page, which pays an unpaid order. */
function PayNow({ orderId }: { orderId: string }) {
  return (
    <Link className="button button--primary" to={`/thank-you/${encodeURIComponent(orderId)}`}>
      Pay now
    </Link>
  );
}
const FULFILLMENT: Record<string, string> = {
  NOT_FULFILLED: 'Not shipped yet',
  FULFILLED: 'Shipped',
  PARTIALLY_FULFILLED: 'Partly shipped',
};

/** The member's orders with their status, newest first. */
export function Orders() {
  usePageTitle('Your orders');
  const { data, error, isPending, refetch } = useQuery(ordersQuery());
  return (
    <>
      <h1>Your orders</h1>
      {isPending ? (
        <Loading label="Loading your orders…" />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Empty title="No orders yet">
          <Link to="/shop">Start shopping</Link>
        </Empty>
      ) : (
        <table className="orders">
          <caption className="visually-hidden">Your orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {data.map((o) => (
              <tr key={o.id}>
                <th scope="row">
                  <Link to={`/account/orders/${o.id}`}>#{o.number}</Link>
                </th>
                <td>{formatDate(o.createdDate)}</td>
                <td>
                  {STATUS[o.status] ?? o.status} · {PAYMENT[o.paymentStatus] ?? o.paymentStatus}
                  {awaitsCard(o) ? (
                    <>
                      {' '}
                      <PayNow orderId={o.id} />
                    </>
                  ) : null}
                </td>
                <td>{o.priceSummary.total?.formattedAmount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** One order: status, lines, totals and where it goes. */
export function OrderDetail() {
  const { id = '' } = useParams();
  const { data: order, error, isPending, refetch } = useQuery(orderQuery(id));
  usePageTitle(order ? `Order #${order.number}` : 'Order');
  if (isPending) return <Loading label="Loading the order…" />;
  if (error) return <ErrorState error={error} retry={() => void refetch()} />;
  const address = (order.shippingInfo as { logistics?: { shippingDestination?: { address?: Record<string, string> } } })
    ?.logistics?.shippingDestination?.address;
  return (
    <>
      <p>
        <Link to="/account">← All orders</Link>
      </p>
      <h1>Order #{order.number}</h1>
      <p className="muted">
        Placed {formatDate(order.createdDate, true)} · {STATUS[order.status] ?? order.status} ·{' '}
        {PAYMENT[order.paymentStatus] ?? order.paymentStatus} ·{' '}
        {FULFILLMENT[order.fulfillmentStatus] ?? order.fulfillmentStatus}
      </p>
      {awaitsCard(order) ? (
        <p className="notice">
          This order is not paid yet. <PayNow orderId={order.id} />
        </p>
      ) : null}
      <OrderLines order={order} className="order-lines" />
      <OrderTotals order={order} />
      {address ? (
        <p>
          <strong>Delivery to:</strong> {addressLines(address).join(', ')}
        </p>
      ) : null}
    </>
  );
}
