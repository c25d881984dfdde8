import type { AuditEntry } from '@merx/sdk';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { Card, Page } from '../../components/page';
import { admin } from '../../lib/admin';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useUrlState } from '../../lib/url-state';
import { auditLogQuery, PAGE_SIZE, useAuditLog } from './api/audit-log';
import { actionWords, actorOf, detailsOf } from './describe';
import './audit-log.css';

const columns: ReadonlyArray<Column<AuditEntry>> = [
  { id: 'when', header: 'When', cell: (e) => <time dateTime={e.createdDate}>{formatDateTime(e.createdDate)}</time> },
  { id: 'who', header: 'Who', cell: (e) => <span className="audit-party">{actorOf(e)}</span> },
  { id: 'what', header: 'What', cell: (e) => actionWords[e.action] ?? e.action },
  { id: 'whom', header: 'About', cell: (e) => <span className="audit-party">{e.target.name}</span> },
  { id: 'details', header: 'Details', cell: (e) => <span className="audit-details">{detailsOf(e)}</span> },
  { id: 'from', header: 'From', cell: (e) => e.ip ?? <span className="muted">—</span>, secondary: true },
];

/** The staff accounts, to filter by person (owners, who read the log, may list them). */
function useStaffNames(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'list'],
    queryFn: async () => (await (await admin()).staff.listStaff()).staff,
    enabled,
  });
}

/**
 * Settings → Audit log (owners): who changed whose access to the store, when and from which address, filtered by
 * action and person, newest first. An index page without selection: the trail cannot be changed.
 */
export function Component() {
  const can = useCan();
  const { values, cursor, set } = useUrlState(['action', 'actor', 'target'] as const);
  const offset = Math.max(0, Number.parseInt(cursor, 10) || 0);
  const log = useAuditLog({ action: values.action, actorId: values.actor, targetId: values.target, offset });
  const staff = useStaffNames(can('staff:read'));
  const people = useMemo(
    () => (staff.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.email})` })),
    [staff.data],
  );
  const nameOf = (id: string) => people.find((p) => p.value === id)?.label ?? id;
  const total = log.data?.metadata.total ?? 0;
  const chips = [
    ...(values.action
      ? [{ label: `What: ${actionWords[values.action] ?? values.action}`, onRemove: () => set({ action: '' }) }]
      : []),
    ...(values.actor ? [{ label: `Who: ${nameOf(values.actor)}`, onRemove: () => set({ actor: '' }) }] : []),
    ...(values.target ? [{ label: `About: ${nameOf(values.target)}`, onRemove: () => set({ target: '' }) }] : []),
  ];

  return (
    <Page
      title="Audit log"
      crumbs={[{ label: 'Settings', to: '/settings' }]}
      subtitle="Every change of access to the store: invitations, roles, removals, passwords, two-step sign-in, API keys."
    >
      <Card>
        <div className="toolbar">
          <div className="toolbar__filters">
            <select aria-label="What" value={values.action} onChange={(e) => set({ action: e.target.value })}>
              <option value="">All changes</option>
              {Object.entries(actionWords).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <select aria-label="Who" value={values.actor} onChange={(e) => set({ actor: e.target.value })}>
              <option value="">Anyone</option>
              {people.map((p) => (
                <option key={p.value} value={p.value}>
                  By {p.label}
                </option>
              ))}
            </select>
            <select aria-label="About" value={values.target} onChange={(e) => set({ target: e.target.value })}>
              <option value="">About anyone</option>
              {people.map((p) => (
                <option key={p.value} value={p.value}>
                  About {p.label}
                </option>
              ))}
            </select>
          </div>
          {chips.length > 0 ? (
            <ul className="chips" aria-label="Filters on">
              {chips.map((c) => (
                <li key={c.label} className="chip">
                  {c.label}
                  <button type="button" aria-label={`Remove filter ${c.label}`} onClick={c.onRemove}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <DataTable
          label="Audit log"
          columns={columns}
          rows={log.data?.entries}
          rowId={(e) => e.id}
          loading={log.isFetching}
          error={log.error}
          retry={() => void log.refetch()}
          empty={
            <ListEmpty
              filtered={chips.length > 0}
              noun="changes"
              onClear={() => set({ action: '', actor: '', target: '' })}
            />
          }
          paging={{
            hasPrev: offset > 0,
            hasNext: offset + PAGE_SIZE < total,
            onPrev: () => set({ cursor: String(Math.max(0, offset - PAGE_SIZE)) }),
            onNext: () => set({ cursor: String(offset + PAGE_SIZE) }),
            summary: total
              ? `${formatNumber(offset + 1)}–${formatNumber(Math.min(offset + PAGE_SIZE, total))} of ${formatNumber(total)}`
              : undefined,
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
    auditLogQuery({
      action: params.get('action') ?? '',
      actorId: params.get('actor') ?? '',
      targetId: params.get('target') ?? '',
      offset: Math.max(0, Number.parseInt(params.get('cursor') ?? '', 10) || 0),
    }),
  );
}
