import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { Card, Page } from '../../components/page';
import { Empty } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import type { WebhookEndpoint } from './api/client';
import { endpointsQuery, useEndpoints } from './api/endpoints';
import { webhookSettingsQuery } from './api/settings';
import { DisabledBanner } from './components/disabled-banner';
import { PrivateNetworksCard } from './components/private-networks-card';
import { EndpointStatusBadge } from './components/status-badges';
import { eventCountLabel } from './lib/event-groups';
import './webhooks.css';

const columns: ReadonlyArray<Column<WebhookEndpoint>> = [
  {
    id: 'url',
    header: 'Endpoint',
    cell: (e) => (
      <span className="webhook-endpoint-cell">
        <Link to={`/settings/webhooks/${e.id}`} className="webhook-url">
          {e.url}
        </Link>
        {e.description ? <span className="muted">{e.description}</span> : null}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (e) => (
      <span className="webhook-status-cell">
        <EndpointStatusBadge status={e.status} />
        {e.status === 'DISABLED' && e.disabledDate ? (
          <span className="muted">since {formatDateTime(e.disabledDate)}</span>
        ) : null}
        {e.status !== 'DISABLED' && e.failingSince ? (
          <span className="webhook-failing">Failing since {formatDateTime(e.failingSince)}</span>
        ) : null}
      </span>
    ),
  },
  { id: 'events', header: 'Events', cell: (e) => eventCountLabel(e.eventTypes) },
  { id: 'created', header: 'Added', secondary: true, cell: (e) => formatDateTime(e.createdDate) },
];

/**
 * Settings → Webhooks: the endpoints that receive the store's events (an index page: the list is short, so no search
 * or paging), a banner for those Merx stopped sending to, and the store's webhook setting.
 */
export function Component() {
  const can = useCan();
  const navigate = useNavigate();
  const endpoints = useEndpoints();
  const manage = can('webhooks:manage');
  const addButton = manage ? (
    <Link to="/settings/webhooks/new" className="button">
      Add endpoint
    </Link>
  ) : null;
  return (
    <Page
      title="Webhooks"
      crumbs={[{ label: 'Settings', to: '/settings' }]}
      subtitle="Merx tells other apps (a warehouse, accounting, your own code) what happens in your store as it happens: each event is sent to the endpoints below, signed so that they can check it came from you."
      actions={addButton}
    >
      <DisabledBanner endpoints={endpoints.data ?? []} />
      <Card>
        <DataTable
          label="Webhook endpoints"
          columns={columns}
          rows={endpoints.data}
          rowId={(e) => e.id}
          loading={endpoints.isPending}
          error={endpoints.error}
          retry={() => void endpoints.refetch()}
          onOpen={(e) => navigate(`/settings/webhooks/${e.id}`)}
          empty={
            <Empty title="No endpoints yet" action={addButton}>
              Add the address of an app that should hear about new orders, stock changes or product updates. You choose
              which events it receives.
            </Empty>
          }
        />
      </Card>
      <PrivateNetworksCard />
    </Page>
  );
}

/** Starts loading the endpoints and the setting while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(endpointsQuery());
  void queryClient.prefetchQuery(webhookSettingsQuery());
}
