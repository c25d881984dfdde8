import { useQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { usePageTitle } from '../../components/page-title';
import { ErrorState, Loading } from '../../components/states';
import { queryClient } from '../../lib/query-client';
import { orderQuery } from './api/checkout';
import './components/checkout.css';

export function warm({ params }: LoaderFunctionArgs) {
  if (params.orderId) void queryClient.prefetchQuery(orderQuery(params.orderId));
}

const PAYMENT: Record<string, string> = {
  PAID: 'Paid',
  NOT_PAID: 'Awaiting payment',
  PENDING: 'Payment pending',
  DECLINED: 'Payment declined',
  PARTIALLY_PAID: 'Partly paid',
};

/** The order confirmation: its number, what was bought, where it goes and what was paid. */
export function Component() {
  const { orderId = '' } = useParams();
  const { data: order, error, isPending, refetch } = useQuery(orderQuery(orderId));
  usePageTitle(order ? `Order #${order.number}` : 'Order confirmation');
  if (isPending) return <Loading label="Loading your order…" />;
  if (error) return <ErrorState error={error} retry={() => void refetch()} />;
  const s = order.priceSummary;
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
      <ul className="confirmation__lines">
        {order.lineItems.map((line) => (
          <li key={line.id}>
            <span>
              {line.quantity} × {line.productName.original}
            </span>
            <span>{line.totalPriceAfterTax.formattedAmount}</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        {s.subtotal ? (
          <div>
            <dt>Subtotal</dt>
            <dd>{s.subtotal.formattedAmount}</dd>
          </div>
        ) : null}
        {s.shipping ? (
          <div>
            <dt>Shipping</dt>
            <dd>{s.shipping.formattedAmount}</dd>
          </div>
        ) : null}
        {s.tax ? (
          <div>
            <dt>Tax</dt>
            <dd>{s.tax.formattedAmount}</dd>
          </div>
        ) : null}
        <div className="totals__total">
          <dt>Total</dt>
          <dd>{s.total?.formattedAmount}</dd>
        </div>
      </dl>
      <p className="actions">
        <Link className="button button--primary" to="/shop">
          Continue shopping
        </Link>
        <Link to={`/account/orders/${order.id}`}>View in your account</Link>
      </p>
    </section>
  );
}
