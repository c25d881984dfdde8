import type { AbandonedCheckout } from '@merx/sdk';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { confirmAction } from '../../lib/confirm';
import { messageOf } from '../../lib/errors';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { useUrlState } from '../../lib/url-state';
import {
  type AbandonedView,
  abandonedListQuery,
  abandonedStatuses,
  PAGE_SIZE,
  useAbandonedList,
  useDeleteAbandoned,
} from './api/abandoned-checkouts';
import { buyerOf, RecoveryBadge, reminderOf, statusLabel } from './components/abandoned-words';
import './abandoned-checkouts.css';

const KEYS = ['q', 'status'] as const;

function viewOf(values: Record<(typeof KEYS)[number], string>, cursor: string): AbandonedView {
  const status = abandonedStatuses.find((s) => s === values.status) ?? '';
  return { search: values.q, status, offset: /^\d+$/.test(cursor) ? Number(cursor) : 0 };
}

const columns: ReadonlyArray<Column<AbandonedCheckout>> = [
  {
    id: 'when',
    header: 'Abandoned',
    cell: (a) => <Link to={`/abandoned-checkouts/${a.id}`}>{formatDateTime(a.createdDate)}</Link>,
  },
  {
    id: 'buyer',
    header: 'Customer',
    cell: (a) => {
      const buyer = buyerOf(a);
      return (
        <div className="buyer-cell">
          <span>{buyer.name}</span>
          {buyer.email ? <span className="muted">{buyer.email}</span> : null}
        </div>
      );
    },
  },
  { id: 'value', header: 'Value', align: 'end', cell: (a) => formatMoney(a.totalPrice.amount) },
  { id: 'status', header: 'Recovery', cell: (a) => <RecoveryBadge status={a.status} /> },
  { id: 'reminder', header: 'Reminder', cell: (a) => reminderOf(a), secondary: true },
];

function DeleteSelected({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const remove = useDeleteAbandoned();
  return (
    <button
      type="button"
      className="button button--danger button--small"
      disabled={remove.isPending}
      onClick={async () => {
        const n = ids.length;
        const ok = await confirmAction({
          title: `Delete ${n} abandoned ${n === 1 ? 'checkout' : 'checkouts'}?`,
          message: 'They leave this list for good, and their recovery links stop counting as recoveries.',
          confirmLabel: 'Delete',
          tone: 'danger',
        });
        if (!ok) return;
        remove.mutate(ids, {
          onSuccess: (failed) => {
            if (failed.length < n) toast(`${n - failed.length} deleted`);
            if (failed.length) toast(`${failed.length} could not be deleted: they no longer exist.`, 'error');
            onDone();
          },
          onError: (e) => toast(messageOf(e), 'error'),
        });
      }}
    >
      Delete
    </button>
  );
}

/** Abandoned checkouts: who left what, when, and whether they came back; newest first. */
export function Component() {
  const can = useCan();
  const navigate = useNavigate();
  const { values, cursor, set } = useUrlState(KEYS);
  const view = viewOf(values, cursor);
  const list = useAbandonedList(view);
  const rows = list.data?.abandonedCheckouts;
  const total = list.data?.pagingMetadata.total;
  const shown = rows?.length ?? 0;
  return (
    <Page
      title="Abandoned checkouts"
      subtitle="Checkouts customers left with their email and something in them: send them the link to finish."
    >
      <Card>
        <ListToolbar
          search={view.search}
          onSearch={(q) => set({ q })}
          placeholder="Search by email"
          filters={
            <>
              <label htmlFor="abandoned-status" className="visually-hidden">
                Recovery
              </label>
              <select id="abandoned-status" value={view.status} onChange={(e) => set({ status: e.target.value })}>
                <option value="">All checkouts</option>
                {abandonedStatuses.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            </>
          }
          chips={[
            ...(view.search ? [{ label: `Email: ${view.search}`, onRemove: () => set({ q: undefined }) }] : []),
            ...(view.status ? [{ label: statusLabel(view.status), onRemove: () => set({ status: undefined }) }] : []),
          ]}
        />
        <DataTable
          label="Abandoned checkouts"
          columns={columns}
          rows={rows}
          rowId={(a) => a.id}
          loading={list.isFetching}
          error={list.error}
          retry={() => void list.refetch()}
          onOpen={(a) => navigate(`/abandoned-checkouts/${a.id}`)}
          bulkActions={can('orders:write') ? (ids, clear) => <DeleteSelected ids={ids} onDone={clear} /> : undefined}
          empty={
            <ListEmpty
              filtered={Boolean(view.search || view.status)}
              noun="abandoned checkouts"
              onClear={() => set({ q: undefined, status: undefined })}
              firstStep={<p>A checkout appears here when a customer leaves it with their email and something in it.</p>}
            />
          }
          paging={{
            hasPrev: view.offset > 0,
            hasNext: total !== undefined && view.offset + shown < total,
            onPrev: () => set({ cursor: String(Math.max(0, view.offset - PAGE_SIZE)) }),
            onNext: () => set({ cursor: String(view.offset + PAGE_SIZE) }),
            summary:
              total && shown
                ? `${formatNumber(view.offset + 1)}–${formatNumber(view.offset + shown)} of ${formatNumber(total)}`
                : undefined,
          }}
        />
      </Card>
    </Page>
  );
}

export function warm({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const view = viewOf({ q: params.get('q') ?? '', status: params.get('status') ?? '' }, params.get('cursor') ?? '');
  void queryClient.prefetchQuery(abandonedListQuery(view));
}
