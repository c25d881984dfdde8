import type { DiscountRule } from '@merx/sdk';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatDate, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useShortcuts } from '../../lib/shortcuts';
import { useUrlState } from '../../lib/url-state';
import { RULE_PAGE_SIZE, rulesQuery, useDeleteRules, useRules, useSetRulesActive } from './api/discount-rules';
import { Allowed } from './components/allowed';
import { BulkActions } from './components/bulk-actions';
import { DiscountTabs } from './components/discount-tabs';
import { ListFilter } from './components/list-filter';
import { conditionText, ruleSummary, statusOf, windowText } from './lib/describe';
import './discounts.css';

const KEYS = ['q', 'status'] as const;
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'expired', label: 'Expired' },
  { value: 'inactive', label: 'Inactive' },
];

const columns: ReadonlyArray<Column<DiscountRule>> = [
  {
    id: 'name',
    header: 'Name',
    cell: (r) => (
      <Link to={`/discounts/automatic/${r.id}`}>
        <strong>{r.name}</strong>
      </Link>
    ),
  },
  { id: 'gives', header: 'Discount', cell: (r) => ruleSummary(r) },
  { id: 'when', header: 'Applies when', cell: (r) => conditionText(r), secondary: true },
  {
    id: 'status',
    header: 'Status',
    cell: (r) => {
      const s = statusOf(r);
      return <Badge tone={s.tone}>{s.label}</Badge>;
    },
  },
  { id: 'used', header: 'Orders', align: 'end', cell: (r) => formatNumber(r.usageCount) },
  {
    id: 'dates',
    header: 'Dates',
    secondary: true,
    cell: (r) => windowText(r.activeTimeInfo?.start, r.activeTimeInfo?.end, formatDate),
  },
];

/** Discounts → Automatic discounts: rules that apply by themselves in the cart, with their state and use. */
function PageContent() {
  const can = useCan();
  const navigate = useNavigate();
  const writer = can('discounts:write');
  const { values, cursor, set } = useUrlState(KEYS);
  const page = Number(cursor) || 0;
  const list = useRules({ ...values, page });
  const activate = useSetRulesActive();
  const remove = useDeleteRules();
  useShortcuts(
    useMemo(
      (): Record<string, () => void> => (writer ? { n: () => void navigate('/discounts/automatic/new') } : {}),
      [writer, navigate],
    ),
  );
  const rows = list.data?.items;
  const total = list.data?.total;
  const newRule = (
    <Link className="button" to="/discounts/automatic/new">
      Create automatic discount
    </Link>
  );
  const statusLabel = STATUSES.find((s) => s.value === values.status)?.label;

  return (
    <Page title="Discounts" actions={writer ? newRule : null}>
      <DiscountTabs />
      <Card>
        <ListToolbar
          search={values.q}
          onSearch={(q) => set({ q })}
          placeholder="Search by name"
          chips={statusLabel ? [{ label: `Status: ${statusLabel}`, onRemove: () => set({ status: '' }) }] : []}
          filters={
            <ListFilter
              label="Status"
              value={values.status}
              options={STATUSES}
              onChange={(status) => set({ status })}
            />
          }
        />
        <DataTable
          label="Automatic discounts"
          columns={columns}
          rows={rows}
          rowId={(r) => r.id}
          loading={list.isPending}
          error={list.error}
          retry={() => void list.refetch()}
          onOpen={(r) => navigate(`/discounts/automatic/${r.id}`)}
          bulkActions={
            writer
              ? (ids, clear) => (
                  <BulkActions
                    noun="automatic discount"
                    ids={ids}
                    busy={activate.isPending || remove.isPending}
                    onActive={(active) =>
                      activate.mutateAsync({ rules: (rows ?? []).filter((r) => ids.includes(r.id)), active })
                    }
                    onDelete={() => remove.mutateAsync(ids)}
                    clear={clear}
                  />
                )
              : undefined
          }
          empty={
            <ListEmpty
              filtered={Boolean(values.q || values.status)}
              noun="automatic discounts"
              onClear={() => set({ q: '', status: '' })}
              firstStep={
                writer ? (
                  <>
                    <p>
                      Automatic discounts apply in the cart by themselves, e.g. 10% off a collection or $5 off orders
                      over $50.
                    </p>
                    {newRule}
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
                : `${formatNumber(Math.min(total, page * RULE_PAGE_SIZE + 1))}–${formatNumber(
                    Math.min(total, (page + 1) * RULE_PAGE_SIZE),
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

export function warm({ request }: { request: Request }) {
  const params = new URL(request.url).searchParams;
  void queryClient.prefetchQuery(
    rulesQuery({
      q: params.get('q') ?? '',
      status: params.get('status') ?? '',
      page: Number(params.get('cursor')) || 0,
    }),
  );
}
