import type { Coupon } from '@merx/sdk';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useShortcuts } from '../../lib/shortcuts';
import { useUrlState } from '../../lib/url-state';
import { COUPON_PAGE_SIZE, couponsQuery, useCoupons, useDeleteCoupons, useSetCouponsActive } from './api/coupons';
import { Allowed } from './components/allowed';
import { BulkActions } from './components/bulk-actions';
import { DiscountTabs } from './components/discount-tabs';
import { ListFilter } from './components/list-filter';
import { couponSummary, statusOf, windowText } from './lib/describe';
import './discounts.css';

const KEYS = ['q', 'status', 'type', 'sort'] as const;
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'expired', label: 'Expired' },
  { value: 'inactive', label: 'Inactive' },
];
const TYPES = [
  { value: 'PERCENTAGE', label: 'Percentage off' },
  { value: 'FIXED_AMOUNT', label: 'Amount off' },
  { value: 'FIXED_PRICE', label: 'Fixed price' },
  { value: 'FREE_SHIPPING', label: 'Free shipping' },
];
const SORTS = [
  { value: '', label: 'Newest first' },
  { value: 'code', label: 'Code A–Z' },
  { value: 'used', label: 'Most used' },
  { value: 'given', label: 'Most given' },
];

const columns: ReadonlyArray<Column<Coupon>> = [
  {
    id: 'code',
    header: 'Code',
    cell: (c) => (
      <div className="cell-stack">
        <Link to={`/discounts/coupons/${c.id}`} className="code-link">
          {c.code}
        </Link>
        {c.name !== c.code ? <span className="muted">{c.name}</span> : null}
      </div>
    ),
  },
  { id: 'gives', header: 'Discount', cell: (c) => couponSummary(c) },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => {
      const s = statusOf(c);
      return <Badge tone={s.tone}>{s.label}</Badge>;
    },
  },
  {
    id: 'used',
    header: 'Used',
    align: 'end',
    cell: (c) =>
      c.limits.usageLimit !== undefined
        ? `${formatNumber(c.usageCount)} of ${formatNumber(c.limits.usageLimit)}`
        : formatNumber(c.usageCount),
  },
  { id: 'given', header: 'Given', align: 'end', cell: (c) => formatMoney(c.totalDiscount) },
  {
    id: 'dates',
    header: 'Dates',
    secondary: true,
    cell: (c) => windowText(c.startDate, c.expirationDate, formatDate),
  },
];

/** Discounts → Discount codes: every coupon with its status and usage; search, filters and sort in the URL. */
function PageContent() {
  const can = useCan();
  const navigate = useNavigate();
  const writer = can('discounts:write');
  const { values, cursor, set } = useUrlState(KEYS);
  const page = Number(cursor) || 0;
  const view = { ...values, page };
  const list = useCoupons(view);
  const activate = useSetCouponsActive();
  const remove = useDeleteCoupons();
  useShortcuts(
    useMemo(
      (): Record<string, () => void> => (writer ? { n: () => void navigate('/discounts/coupons/new') } : {}),
      [writer, navigate],
    ),
  );
  const filtered = Boolean(values.q || values.status || values.type);
  const rows = list.data?.items;
  const labelOf = (options: typeof STATUSES, v: string) => options.find((o) => o.value === v)?.label ?? v;
  const chips = [
    ...(values.status
      ? [{ label: `Status: ${labelOf(STATUSES, values.status)}`, onRemove: () => set({ status: '' }) }]
      : []),
    ...(values.type ? [{ label: `Type: ${labelOf(TYPES, values.type)}`, onRemove: () => set({ type: '' }) }] : []),
  ];
  const newCode = (
    <Link className="button" to="/discounts/coupons/new">
      Create discount code
    </Link>
  );
  const total = list.data?.total;

  return (
    <Page title="Discounts" actions={writer ? newCode : null}>
      <DiscountTabs />
      <Card>
        <ListToolbar
          search={values.q}
          onSearch={(q) => set({ q })}
          placeholder="Search by code or title"
          chips={chips}
          filters={
            <>
              <ListFilter
                label="Status"
                value={values.status}
                options={STATUSES}
                onChange={(status) => set({ status })}
              />
              <ListFilter label="Type" value={values.type} options={TYPES} onChange={(type) => set({ type })} />
              <ListFilter
                label="Sort"
                value={values.sort}
                options={SORTS}
                onChange={(sort) => set({ sort })}
                all={null}
              />
            </>
          }
        />
        <DataTable
          label="Discount codes"
          columns={columns}
          rows={rows}
          rowId={(c) => c.id}
          loading={list.isPending}
          error={list.error}
          retry={() => void list.refetch()}
          onOpen={(c) => navigate(`/discounts/coupons/${c.id}`)}
          bulkActions={
            writer
              ? (ids, clear) => (
                  <BulkActions
                    noun="discount code"
                    ids={ids}
                    busy={activate.isPending || remove.isPending}
                    onActive={(active) =>
                      activate.mutateAsync({ coupons: (rows ?? []).filter((c) => ids.includes(c.id)), active })
                    }
                    onDelete={() => remove.mutateAsync(ids)}
                    clear={clear}
                  />
                )
              : undefined
          }
          empty={
            <ListEmpty
              filtered={filtered}
              noun="discount codes"
              onClear={() => set({ q: '', status: '', type: '' })}
              firstStep={
                writer ? (
                  <>
                    <p>Codes give shoppers a discount when they enter them in the cart or at checkout.</p>
                    {newCode}
                  </>
                ) : undefined
              }
            />
          }
          paging={{
            hasPrev: page > 0,
            hasNext: Boolean(list.data?.hasNext),
            onPrev: () => set({ cursor: page > 1 ? String(page - 1) : '' }),
            onNext: () => set({ cursor: String(page + 1) }),
            summary:
              total === undefined
                ? undefined
                : `${formatNumber(Math.min(total, page * COUPON_PAGE_SIZE + 1))}–${formatNumber(
                    Math.min(total, (page + 1) * COUPON_PAGE_SIZE),
                  )} of ${formatNumber(total)}`,
          }}
        />
      </Card>
    </Page>
  );
}

/** The page, for staff holding discounts:read. */
export function Component() {
  return (
    <Allowed permission="discounts:read" title="Discounts">
      <PageContent />
    </Allowed>
  );
}

/** Starts loading the list the URL asks for while the page opens. */
export function warm({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  const get = (k: string) => params.get(k) ?? '';
  void queryClient.prefetchQuery(
    couponsQuery({
      q: get('q'),
      status: get('status'),
      type: get('type'),
      sort: get('sort'),
      page: Number(get('cursor')) || 0,
    }),
  );
}
