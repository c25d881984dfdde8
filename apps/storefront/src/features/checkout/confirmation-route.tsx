import type { Order } from '@merx/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs, useParams, useSearchParams } from 'react-router';
import { OrderLines, OrderTotals, PAYMENT_LABELS } from '../../components/order-summary';
import { usePageTitle } from '../../components/page-title';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isNotFound } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { keys } from '../../lib/query-keys';
import {
  offlineInstructionsQuery,
  orderQuery,
  type PaymentState,
  payLinkQuery,
  paymentStateQuery,
} from './api/checkout';
import { PayOrder } from './components/pay-order';
import './components/checkout.css';

export function warm({ params, request }: LoaderFunctionArgs) {
  if (params.orderId && !new URL(request.url).searchParams.get('pay'))
    void queryClient.prefetchQuery(orderQuery(params.orderId));
}

/** An unpaid order has just been placed: it awaits its payment rather than being "not paid". */
const PAYMENT: Record<string, string> = { ...PAYMENT_LABELS, NOT_PAID: 'Awaiting payment' };

/**
 * The order and where its payment stands: with the reminder's pay link (`?pay=`) for whoever holds it, else as the
 * shopper's own order.
 */
function useOrderAndPayment(orderId: string, token: string) {
  const link = useQuery({ ...payLinkQuery(orderId, token), enabled: Boolean(token) });
  const order = useQuery({ ...orderQuery(orderId), enabled: !token });
  const payment = useQuery({ ...paymentStateQuery(orderId), enabled: !token });
  if (token) return { order: link.data?.order, payment: link.data?.payment, error: link.error, refetch: link.refetch };
  return {
    order: order.data,
    payment: payment.data,
    error: order.error ?? payment.error,
    refetch: () => Promise.all([order.refetch(), payment.refetch()]),
  };
}

function OfflineInstructions() {
  const { data } = useQuery(offlineInstructionsQuery());
  if (!data) return null;
  return (
    <div className="notice pay-instructions" role="note">
      <h2>How to pay</h2>
      <p style={{ whiteSpace: 'pre-line' }}>{data}</p>
    </div>
  );
}

function Confirmed({ order, payment, linked }: { order: Order; payment: PaymentState; linked: boolean }) {
  const email = (order.buyerInfo as { email?: string }).email;
  const canceled = order.status === 'CANCELED';
  return (
    <section className="container confirmation">
      <p className="eyebrow">{canceled ? 'Order canceled' : 'Thank you'}</p>
      <h1>{canceled ? `Order #${order.number} was canceled` : `Order #${order.number} is confirmed`}</h1>
      <p>
        {canceled ? (
          'It was not paid in time, so the items were released. You are welcome to order again.'
        ) : email ? (
          <>
            A confirmation is on its way to <strong>{email}</strong>.
          </>
        ) : (
          'Keep your order number for reference.'
        )}{' '}
        Payment: <strong>{PAYMENT[order.paymentStatus] ?? order.paymentStatus}</strong>.
      </p>
      {!payment.online && order.paymentStatus !== 'PAID' && !canceled ? <OfflineInstructions /> : null}
      <OrderLines order={order} className="confirmation__lines" />
      <OrderTotals order={order} />
      <p className="actions">
        <Link className="button button--primary" to="/shop">
          Continue shopping
        </Link>
        {linked ? null : <Link to={`/account/orders/${order.id}`}>View in your account</Link>}
      </p>
    </section>
  );
}

/**
 * The thank-you page: the order confirmation; for an order paid online that is still unpaid, what happened and a
 * card form that pays it instead.
 */
export function Component() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('pay') ?? '';
  const client = useQueryClient();
  const { order, payment, error, refetch } = useOrderAndPayment(orderId, token);
  usePageTitle(order ? `Order #${order.number}` : 'Order confirmation');
  if (error && isNotFound(error))
    return (
      <div className="container">
        <Empty title="We can't show this order here">
          <p>
            This order belongs to another browser or account — sign in, or see your confirmation email for its details.
          </p>
          <Link className="button button--primary" to="/account">
            Sign in
          </Link>
        </Empty>
      </div>
    );
  if (error) return <ErrorState error={error} retry={() => void refetch()} />;
  if (!order || !payment) return <Loading label="Loading your order…" />;
  if (payment.payable)
    return (
      <section className="container confirmation">
        <p className="eyebrow">Order #{order.number} · not paid yet</p>
        <PayOrder
          level={1}
          orderId={order.id}
          total={order.priceSummary.total?.formattedAmount ?? ''}
          amount={order.priceSummary.total?.amount ?? '0'}
          currency={order.currency}
          lastDecline={payment.declineReason}
          token={token || undefined}
          onPaid={() => void client.invalidateQueries({ queryKey: keys.order(order.id) })}
        />
        <OrderLines order={order} className="confirmation__lines" />
        <OrderTotals order={order} />
      </section>
    );
  return <Confirmed order={order} payment={payment} linked={Boolean(token)} />;
}
