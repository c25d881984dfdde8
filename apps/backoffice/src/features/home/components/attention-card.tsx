import { Link } from 'react-router';
import { Card } from '../../../components/page';
import { ErrorState, Loading } from '../../../components/states';
import { formatNumber } from '../../../lib/format';
import { useWaiting } from '../api/sales';

function Waiting({ count, what, to }: { count: number; what: string; to: string }) {
  const orders = count === 1 ? 'order' : 'orders';
  return (
    <li className="attention__item">
      <span className="attention__count">{formatNumber(count)}</span>
      {count > 0 ? (
        <Link to={to}>
          {orders} waiting for {what}
        </Link>
      ) : (
        <span className="muted">
          {orders} waiting for {what}
        </span>
      )}
    </li>
  );
}

/** Orders that need the merchant: not paid yet, not sent yet (each count opens the Orders list filtered so). */
export function AttentionCard() {
  const waiting = useWaiting(true);
  return (
    <Card title="To do" id="attention">
      {waiting.data ? (
        <ul className="attention">
          <Waiting count={waiting.data.payment} what="payment" to="/orders?payment=NOT_PAID" />
          <Waiting count={waiting.data.fulfilment} what="fulfilment" to="/orders?fulfilment=NOT_FULFILLED" />
        </ul>
      ) : waiting.error ? (
        <ErrorState error={waiting.error} retry={() => void waiting.refetch()} />
      ) : (
        <Loading label="Loading orders to do…" />
      )}
    </Card>
  );
}
