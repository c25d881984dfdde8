import type { Order } from '@merx/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/badge';
import { type Column, DataTable } from '../../../components/data-table';
import { Card } from '../../../components/page';
import { Empty, ErrorState } from '../../../components/states';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useMemberOrders, useMemberSpend } from '../api/member-orders';
import { FulfilmentBadge, PaymentBadge } from './member-words';

const columns: ReadonlyArray<Column<Order>> = [
  { id: 'number', header: 'Order', cell: (o) => <Link to={`/orders/${o.id}`}>#{o.number}</Link> },
  { id: 'date', header: 'Date', cell: (o) => formatDate(o.createdDate) },
  {
    id: 'payment',
    header: 'Payment',
    cell: (o) => (o.status === 'CANCELED' ? <Badge>Canceled</Badge> : <PaymentBadge status={o.paymentStatus} />),
  },
  {
    id: 'fulfilment',
    header: 'Fulfilment',
    cell: (o) => <FulfilmentBadge status={o.fulfillmentStatus} />,
    secondary: true,
  },
  { id: 'total', header: 'Total', align: 'end', cell: (o) => formatMoney(o.priceSummary.total?.amount) },
];

/** What the member spent, and their orders, newest first, a page at a time. */
export function MemberOrders({ memberId }: { memberId: string }) {
  const navigate = useNavigate();
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors.at(-1);
  const orders = useMemberOrders(memberId, cursor, true);
  const spend = useMemberSpend(memberId, true);
  const next = orders.data?.metadata.cursors.next;
  return (
    <Card title="Orders" id="orders">
      {spend.data ? (
        <dl className="spent">
          <div>
            <dt>Total spent</dt>
            <dd>{formatMoney(spend.data.spent)}</dd>
          </div>
          <div>
            <dt>Orders</dt>
            <dd>{formatNumber(spend.data.orders)}</dd>
          </div>
          {spend.data.orders > 0 ? (
            <div>
              <dt>Average order</dt>
              <dd>{formatMoney(spend.data.sales / spend.data.orders)}</dd>
            </div>
          ) : null}
        </dl>
      ) : spend.error ? (
        <ErrorState error={spend.error} retry={() => void spend.refetch()} />
      ) : null}
      {spend.data && spend.data.refunds > 0 ? (
        <p className="muted">
          Total spent is what the orders came to ({formatMoney(spend.data.sales)}) less refunds (
          {formatMoney(spend.data.refunds)}). Canceled orders do not count.
        </p>
      ) : null}
      <DataTable
        label="Orders of this customer"
        columns={columns}
        rows={orders.data?.orders}
        rowId={(o) => o.id}
        loading={orders.isFetching}
        error={orders.error}
        retry={() => void orders.refetch()}
        onOpen={(o) => navigate(`/orders/${o.id}`)}
        empty={<Empty title="No orders yet">Orders this customer places while signed in appear here.</Empty>}
        paging={{
          hasPrev: cursors.length > 1,
          hasNext: Boolean(next),
          onPrev: () => setCursors((c) => c.slice(0, -1)),
          onNext: () => setCursors((c) => [...c, next]),
        }}
      />
    </Card>
  );
}
