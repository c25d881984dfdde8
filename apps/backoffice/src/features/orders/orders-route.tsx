import { useMemo } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { Empty } from '../../components/states';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { LiveIndicator, ORDER_EVENTS, useLiveRefresh } from '../../lib/live-events';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useShortcuts } from '../../lib/shortcuts';
import { useUrlState } from '../../lib/url-state';
import {
  LIST_KEYS,
  type Order,
  type OrderListView,
  orderListQuery,
  orderTagsQuery,
  useOrderList,
  useOrderTags,
} from './api/orders';
import { OrderBulkActions } from './components/order-bulk-actions';
import { filterChips, OrderFilters } from './components/order-filters';
import { FulfilmentBadge, OrderStatusBadge, PaymentBadge } from './components/status-badges';
import { amountOf, buyerName, emailOf, formattedOf, tagsOf } from './lib/order-view';
import { channelLabel } from './lib/words';
import './orders.css';

const items = (o: Order) => o.lineItems.reduce((n, l) => n + l.quantity, 0);

const columns: ReadonlyArray<Column<Order>> = [
  {
    id: 'number',
    header: 'Order',
    cell: (o) => (
      <span className="order-cell">
        <Link to={`/orders/${o.id}`} className="order-cell__number">
          #{o.number}
        </Link>
        <OrderStatusBadge status={o.status} archived={o.archived} />
      </span>
    ),
  },
  {
    id: 'date',
    header: 'Date',
    cell: (o) => (
      <time dateTime={o.createdDate} title={formatDateTime(o.createdDate)} className="order-date">
        {formatDate(o.createdDate)}
      </time>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    cell: (o) => {
      const name = buyerName(o);
      const email = emailOf(o);
      return (
        <span className="order-customer">
          <span>{name || email || 'No customer'}</span>
          {name && email ? <span className="muted order-small">{email}</span> : null}
        </span>
      );
    },
  },
  { id: 'channel', header: 'Channel', secondary: true, cell: (o) => channelLabel(o.channelInfo.type) },
  { id: 'payment', header: 'Payment', cell: (o) => <PaymentBadge status={o.paymentStatus} /> },
  { id: 'fulfilment', header: 'Fulfilment', cell: (o) => <FulfilmentBadge status={o.fulfillmentStatus} /> },
  { id: 'items', header: 'Items', align: 'end', secondary: true, cell: (o) => formatNumber(items(o)) },
  {
    id: 'tags',
    header: 'Tags',
    secondary: true,
    cell: (o) => tagsOf(o).join(', ') || <span className="muted">—</span>,
  },
  {
    id: 'total',
    header: 'Total',
    align: 'end',
    cell: (o) => formattedOf(o.priceSummary.total) ?? formatMoney(amountOf(o.priceSummary.total)),
  },
];

const viewOf = (params: URLSearchParams): OrderListView => ({
  ...(Object.fromEntries(LIST_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof LIST_KEYS)[number], string>),
  cursor: params.get('cursor') ?? '',
});

const NO_FILTERS = Object.fromEntries(LIST_KEYS.filter((k) => k !== 'sort').map((k) => [k, ''])) as Partial<
  Record<(typeof LIST_KEYS)[number], string>
>;

/**
 * Orders: every order, found by number, customer email or name, filtered by payment, fulfilment, status, channel,
 * tag and date, sorted and paged by cursor, with the whole view in the URL. Staff who may change orders can tag,
 * mark as paid or fulfil the selected orders at once.
 */
export function Component() {
  const can = useCan();
  const writer = can('orders:write');
  const navigate = useNavigate();
  const { values, cursor, set } = useUrlState(LIST_KEYS);
  const view: OrderListView = { ...values, cursor };
  const list = useOrderList(view);
  const tags = useOrderTags();
  const rows = list.data?.orders;
  const chips = filterChips(view, set);
  const filtered = chips.length > 0 || view.q !== '';
  const cursors = list.data?.metadata.cursors;
  const count = rows?.length ?? 0;
  // A new or changed order anywhere (the shop, another staff member, an integration) refreshes the list.
  const { live } = useLiveRefresh(ORDER_EVENTS, [
    ['orders', 'list'],
    ['orders', 'tags'],
  ]);

  useShortcuts(
    useMemo(
      (): Record<string, () => void> => (writer ? { n: () => void navigate('/orders/new') } : {}),
      [writer, navigate],
    ),
  );

  return (
    <Page
      title="Orders"
      actions={
        <>
          <LiveIndicator live={live} />
          {writer ? (
            <Link to="/orders/new" className="button" aria-keyshortcuts="n">
              Create order
            </Link>
          ) : null}
        </>
      }
    >
      <Card>
        <ListToolbar
          search={view.q}
          onSearch={(q) => set({ q })}
          placeholder="Search by order number, email or name"
          filters={<OrderFilters view={view} set={set} tags={tags.data ?? []} />}
          chips={chips}
        />
        <DataTable
          label="Orders"
          columns={columns}
          rows={rows}
          rowId={(o) => o.id}
          loading={list.isFetching}
          error={list.error}
          retry={() => (view.cursor ? set({ cursor: undefined }) : void list.refetch())}
          onOpen={(o) => navigate(`/orders/${o.id}`)}
          {...(writer
            ? {
                bulkActions: (ids: string[], clear: () => void) => (
                  <OrderBulkActions ids={ids} clear={clear} rows={rows ?? []} tags={tags.data ?? []} />
                ),
              }
            : {})}
          empty={
            filtered ? (
              <Empty
                title="No orders match"
                action={
                  <button type="button" className="button button--secondary" onClick={() => set({ ...NO_FILTERS })}>
                    Clear search and filters
                  </button>
                }
              >
                Try another search or fewer filters.
              </Empty>
            ) : (
              <Empty
                title="No orders yet"
                action={
                  writer ? (
                    <Link to="/orders/new" className="button">
                      Create an order
                    </Link>
                  ) : undefined
                }
              >
                Orders placed in your shop appear here. You can also create one for a customer who ordered by phone or
                in person.
              </Empty>
            )
          }
          paging={{
            hasPrev: Boolean(cursors?.prev),
            hasNext: Boolean(list.data?.metadata.hasNext && cursors?.next),
            onPrev: () => set({ cursor: cursors?.prev ?? undefined }),
            onNext: () => set({ cursor: cursors?.next ?? undefined }),
            summary: count ? `${formatNumber(count)} order${count === 1 ? '' : 's'} on this page` : undefined,
          }}
        />
        <p className="muted order-small order-keys">
          Keys: <kbd>/</kbd> search, <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>o</kbd> open
          {writer ? (
            <>
              , <kbd>x</kbd> select, <kbd>n</kbd> new order
            </>
          ) : null}
          .
        </p>
      </Card>
    </Page>
  );
}

/** Starts loading the list in the URL (and the tags its filter offers) while the page opens. */
export function warm({ request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(orderListQuery(viewOf(new URL(request.url).searchParams)));
  void queryClient.prefetchQuery(orderTagsQuery());
}
