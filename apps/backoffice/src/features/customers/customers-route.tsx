import type { Identity } from '@merx/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatDate, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useUrlState } from '../../lib/url-state';
import { type MembersView, memberStatuses, membersQuery, PAGE_SIZE, useMembers } from './api/members';
import { BulkActions } from './components/bulk-actions';
import { hasName, nameOf, StatusBadge, statusLabel } from './components/member-words';
import './customers.css';

const KEYS = ['q', 'status'] as const;

/** The list's view from the URL: search, status, and the offset kept in the URL's cursor. */
function viewOf(values: Record<(typeof KEYS)[number], string>, cursor: string): MembersView {
  const status = memberStatuses.find((s) => s === values.status) ?? '';
  const offset = /^\d+$/.test(cursor) ? Number(cursor) : 0;
  return { search: values.q, status, offset };
}

const columns: ReadonlyArray<Column<Identity>> = [
  {
    id: 'customer',
    header: 'Customer',
    cell: (m) => (
      <div className="member-cell">
        <Link to={`/customers/${m.id}`}>{nameOf(m)}</Link>
        {hasName(m) ? <span className="muted">{m.email.address}</span> : null}
      </div>
    ),
  },
  { id: 'status', header: 'Status', cell: (m) => <StatusBadge status={m.status.name} /> },
  { id: 'joined', header: 'Joined', cell: (m) => formatDate(m.createdDate) },
  {
    id: 'seen',
    header: 'Last signed in',
    cell: (m) => (m.lastLoginDate ? formatDate(m.lastLoginDate) : <span className="muted">Never</span>),
    secondary: true,
  },
];

/** Customers: the store's members, found by name or email and by status, newest first. */
export function Component() {
  const can = useCan();
  const navigate = useNavigate();
  const { values, cursor, set } = useUrlState(KEYS);
  const view = viewOf(values, cursor);
  const members = useMembers(view);
  const total = members.data?.metadata.total;
  const filtered = Boolean(view.search || view.status);
  const shown = members.data?.identities.length ?? 0;
  return (
    <Page
      title="Customers"
      subtitle={
        total === undefined
          ? undefined
          : `${formatNumber(total)} ${total === 1 ? 'customer' : 'customers'}${filtered ? ' found' : ''}`
      }
    >
      <Card>
        <ListToolbar
          search={view.search}
          onSearch={(q) => set({ q })}
          placeholder="Search by name or email"
          filters={
            <>
              <label htmlFor="member-status" className="visually-hidden">
                Status
              </label>
              <select id="member-status" value={view.status} onChange={(e) => set({ status: e.target.value })}>
                <option value="">All statuses</option>
                {memberStatuses.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </select>
            </>
          }
          chips={[
            ...(view.search ? [{ label: `Search: ${view.search}`, onRemove: () => set({ q: undefined }) }] : []),
            ...(view.status
              ? [{ label: `Status: ${statusLabel(view.status)}`, onRemove: () => set({ status: undefined }) }]
              : []),
          ]}
        />
        <DataTable
          label="Customers"
          columns={columns}
          rows={members.data?.identities}
          rowId={(m) => m.id}
          loading={members.isFetching}
          error={members.error}
          retry={() => void members.refetch()}
          onOpen={(m) => navigate(`/customers/${m.id}`)}
          bulkActions={can('members:manage') ? (ids, clear) => <BulkActions ids={ids} onDone={clear} /> : undefined}
          empty={
            <ListEmpty
              filtered={filtered}
              noun="customers"
              onClear={() => set({ q: undefined, status: undefined })}
              firstStep={
                <p>
                  Customers appear here when they create an account in{' '}
                  <a href="/" target="_blank" rel="noreferrer">
                    your shop
                  </a>
                  .
                </p>
              }
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

/** Starts loading the page of members the URL asks for. */
export function warm({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const view = viewOf({ q: params.get('q') ?? '', status: params.get('status') ?? '' }, params.get('cursor') ?? '');
  void queryClient.prefetchQuery(membersQuery(view));
}
