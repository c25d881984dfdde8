import type { MailMessage } from '@merx/sdk';
import { useCallback } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatDateTime } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { useUrlState } from '../../lib/url-state';
import { mailListQuery, PAGE_SIZE, useMailList } from './api/mail';
import { kindWords, statusWords } from './words';
import './mail-log.css';

const columns: ReadonlyArray<Column<MailMessage>> = [
  {
    id: 'subject',
    header: 'Subject',
    cell: (m) => (
      <Link className="mail-subject" to={`/settings/mail/${m.id}`}>
        {m.subject}
      </Link>
    ),
  },
  { id: 'to', header: 'To', cell: (m) => <span className="mail-to">{m.to}</span> },
  { id: 'kind', header: 'Kind', cell: (m) => kindWords[m.kind] ?? m.kind, secondary: true },
  {
    id: 'status',
    header: 'Status',
    cell: (m) => (
      <Badge tone={statusWords[m.status]?.tone ?? 'neutral'}>{statusWords[m.status]?.label ?? m.status}</Badge>
    ),
  },
  { id: 'date', header: 'Date', cell: (m) => formatDateTime(m.createdDate) },
];

const offsetOf = (cursor: string | null) => Math.max(0, Number.parseInt(cursor ?? '', 10) || 0);

/**
 * Settings → Mail log: every mail the store sent or keeps (codes, links, invitations, order mail), by recipient and
 * kind; without SMTP set up this is where they are. An index page; a message opens its own page.
 */
export function Component() {
  const navigate = useNavigate();
  const { values, cursor, set } = useUrlState(['to', 'kind'] as const);
  const offset = offsetOf(cursor);
  const list = useMailList({ to: values.to, kind: values.kind, offset });
  const rows = list.data?.messages;
  const onOpen = useCallback((m: MailMessage) => navigate(`/settings/mail/${m.id}`), [navigate]);
  const filtered = Boolean(values.to || values.kind);
  const chips = [
    ...(values.to ? [{ label: `To ${values.to}`, onRemove: () => set({ to: '' }) }] : []),
    ...(values.kind
      ? [{ label: kindWords[values.kind as MailMessage['kind']] ?? values.kind, onRemove: () => set({ kind: '' }) }]
      : []),
  ];
  return (
    <Page
      title="Mail log"
      crumbs={[{ label: 'Settings', to: '/settings' }]}
      subtitle="The mail your store sent, or keeps here when no mail server is set up (MERX_SMTP_URL)."
    >
      <Card>
        <ListToolbar
          search={values.to}
          onSearch={(to) => set({ to: to.toLowerCase() })}
          placeholder="Recipient’s full email address"
          filters={
            <select aria-label="Kind" value={values.kind} onChange={(e) => set({ kind: e.target.value })}>
              <option value="">All kinds</option>
              {Object.entries(kindWords).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          }
          chips={chips}
        />
        <DataTable
          label="Mail messages"
          columns={columns}
          rows={rows}
          rowId={(m) => m.id}
          loading={list.isFetching}
          error={list.error}
          retry={() => void list.refetch()}
          onOpen={onOpen}
          empty={
            <ListEmpty
              filtered={filtered}
              noun="mail"
              onClear={() => set({ to: '', kind: '' })}
              firstStep={<p>Mail appears here as the store sends it: codes, links, invitations and order mail.</p>}
            />
          }
          paging={{
            hasPrev: offset > 0,
            hasNext: (rows?.length ?? 0) === PAGE_SIZE,
            onPrev: () => set({ cursor: String(Math.max(0, offset - PAGE_SIZE)) }),
            onNext: () => set({ cursor: String(offset + PAGE_SIZE) }),
          }}
        />
      </Card>
    </Page>
  );
}

/** Starts loading the first page while the page opens. */
export function warm({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  void queryClient.prefetchQuery(
    mailListQuery({
      to: params.get('to') ?? '',
      kind: params.get('kind') ?? '',
      offset: offsetOf(params.get('cursor')),
    }),
  );
}
