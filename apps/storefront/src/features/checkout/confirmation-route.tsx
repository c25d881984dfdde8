import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { OrderLines, OrderTotals, PAYMENT_LABELS } from '../../components/order-summary';
import { usePageTitle } from '../../components/page-title';
import { ErrorState, Loading } from '../../components/states';
import { queryClient } from '../../lib/query-client';
import { orderQuery } from './api/checkout';
import './components/checkout.css';

export function warm({ params }: LoaderFunctionArgs) {
  if (params.orderId) void queryClient.prefetchQuery(orderQuery(params.orderId));
}

/** An unpaid order has just been placed: it awaits its payment rather than being "not paid". */
const PAYMENT: Record<string, string> = { ...PAYMENT_LABELS, NOT_PAID: 'Awaiting payment' };

/** The order confirmation: its number, what was bought, where it goes and what was paid. */
export function Component() {
  const { orderId = '' } = useParams();
  const { data: order, error, isPending, refetch } = useQuery(orderQuery(orderId));
  usePageTitle(order ? `Order #${order.number}` : 'Order confirmation');
  if (isPending) return <Loading label="Loading your order…" />;
  if (error) return <ErrorState error={error} retry={() => void refetch()} />;
  const email = (order.buyerInfo as { email?: string }).email;
  return (
    <section className="container confirmation">
      <p className="eyebrow">Thank you</p>
      <h1>Order #{order.number} is confirmed</h1>
      <p>
        {email ? (
          <>
            A confirmation is on its way to <strong>{email}</strong>.
          </>
        ) : (
          'Keep your order number for reference.'
        )}{' '}
        Payment: <strong>{PAYMENT[order.paymentStatus] ?? order.paymentStatus}</strong>.
      </p>
      <OrderLines order={order} className="confirmation__lines" />
      <OrderTotals order={order} />
      <p className="actions">
        <Link className="button button--primary" to="/shop">
          Continue shopping
        </Link>
        <Link to={`/account/orders/${order.id}`}>View in your account</Link>
      </p>
    </section>
  );
}
