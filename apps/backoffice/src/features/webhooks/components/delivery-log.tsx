import { useMemo } from 'react';
import { type Column, DataTable, ListEmpty } from '../../../components/data-table';
import { SelectField } from '../../../components/field';
import { Card } from '../../../components/page';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useUrlState } from '../../../lib/url-state';
import type { WebhookDelivery, WebhookEndpoint } from '../api/client';
import { useDeliveries } from '../api/deliveries';
import { ALL_EVENTS, allEventTypes, describeEvent } from '../lib/event-groups';
import { DeliveryDrawer } from './delivery-drawer';
import { DeliveryStatusBadge, deliveryStatusChoices } from './status-badges';

const KEYS = ['status', 'eventType', 'delivery'] as const;

/**
 * An endpoint's delivery log: each event sent to it, newest first, with its status, attempts and last answer;
 * filtered by status and event type (kept in the URL), "Load more" for older ones, and a delivery's details in a
 * side panel (its id in the URL too, so a link opens it).
 */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { values, set } = useUrlState(KEYS);
  const status = (values.status || undefined) as WebhookDelivery['status'] | undefined;
  const filter = { status, eventType: values.eventType || undefined };
  const log = useDeliveries(endpoint.id, filter);
  const rows = useMemo(() => log.data?.pages.flatMap((p) => p.deliveries), [log.data]);
  const types = endpoint.eventTypes.includes(ALL_EVENTS)
    ? allEventTypes
    : [...endpoint.eventTypes, allEventTypes.at(-1) ?? ''];
  const typeChoices = [{ value: '', label: 'Any event' }, ...types.map((t) => ({ value: t, label: describeEvent(t) }))];

  const columns: ReadonlyArray<Column<WebhookDelivery>> = [
    {
      id: 'event',
      header: 'Event',
      cell: (d) => (
        <span className="webhook-event-cell">
          <button type="button" className="button--link" onClick={() => set({ delivery: d.id })}>
            {describeEvent(d.eventType)}
          </button>
          <code className="muted">{d.eventType}</code>
        </span>
      ),
    },
    { id: 'entity', header: 'Entity', secondary: true, cell: (d) => <code>{d.entityId}</code> },
    { id: 'status', header: 'Status', cell: (d) => <DeliveryStatusBadge status={d.status} /> },
    { id: 'attempts', header: 'Attempts', align: 'end', cell: (d) => formatNumber(d.attempts) },
    {
      id: 'code',
      header: 'Last answer',
      cell: (d) =>
        d.lastStatusCode !== null ? (
          `HTTP ${d.lastStatusCode}`
        ) : d.lastError ? (
          <span title={d.lastError}>No answer</span>
        ) : (
          <span className="muted">—</span>
        ),
    },
    { id: 'time', header: 'Time', cell: (d) => formatDateTime(d.lastAttemptDate ?? d.createdDate) },
  ];

  const filtered = Boolean(values.status || values.eventType);
  return (
    <Card
      title="Delivery log"
      id="deliveries"
      actions={
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void log.refetch()}
          disabled={log.isFetching}
        >
          Refresh
        </button>
      }
    >
      <div className="toolbar webhook-log-filters">
        <SelectField
          label="Filter by status"
          options={deliveryStatusChoices}
          value={values.status}
          onChange={(e) => set({ status: e.target.value || undefined })}
        />
        <SelectField
          label="Filter by event type"
          options={typeChoices}
          value={values.eventType}
          onChange={(e) => set({ eventType: e.target.value || undefined })}
        />
      </div>
      <DataTable
        label="Deliveries"
        columns={columns}
        rows={rows}
        rowId={(d) => d.id}
        loading={log.isPending}
        error={log.error}
        retry={() => void log.refetch()}
        onOpen={(d) => set({ delivery: d.id })}
        empty={
          <ListEmpty
            filtered={filtered}
            noun="deliveries"
            onClear={() => set({ status: undefined, eventType: undefined })}
            firstStep={<p className="muted">Events appear here as they are sent. Send a test event to see one now.</p>}
          />
        }
      />
      {log.hasNextPage ? (
        <div className="webhook-more">
          <button
            type="button"
            className="button button--secondary"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
      {values.delivery ? (
        <DeliveryDrawer
          key={values.delivery}
          endpointId={endpoint.id}
          deliveryId={values.delivery}
          onClose={() => set({ delivery: undefined })}
        />
      ) : null}
    </Card>
  );
}
