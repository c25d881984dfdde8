import type { ApiKey } from '@merx/sdk';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { Card, Page } from '../../components/page';
import { confirmAction } from '../../lib/confirm';
import { messageOf } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { apiKeysQuery, useApiKeys, useRevokeApiKey } from './api/api-keys';
import { NewKeyForm } from './components/new-key-form';

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={revoke.isPending}
      onClick={async () => {
        const ok = await confirmAction({
          title: `Revoke “${apiKey.name}”?`,
          message: 'Anything using this key stops working at once. This cannot be undone.',
          confirmLabel: 'Revoke key',
          tone: 'danger',
        });
        if (!ok) return;
        revoke.mutate(apiKey.id, {
          onSuccess: () => toast(`Key “${apiKey.name}” revoked`),
          onError: (e) => toast(messageOf(e), 'error'),
        });
      }}
    >
      Revoke<span className="visually-hidden"> {apiKey.name}</span>
    </button>
  );
}

const columns: ReadonlyArray<Column<ApiKey>> = [
  { id: 'name', header: 'Name', cell: (k) => <strong>{k.name}</strong> },
  { id: 'prefix', header: 'Key', cell: (k) => <code>{k.prefix}…</code>, secondary: true },
  {
    id: 'scopes',
    header: 'Permissions',
    cell: (k) => (k.scopes.length ? k.scopes.join(', ') : <span className="muted">none</span>),
  },
  { id: 'created', header: 'Created', cell: (k) => formatDate(k.createdDate), secondary: true },
  {
    id: 'status',
    header: 'Status',
    cell: (k) => (k.revokedDate ? <Badge>Revoked</Badge> : <Badge tone="success">Active</Badge>),
  },
  { id: 'actions', header: 'Actions', cell: (k) => (k.revokedDate ? null : <RevokeButton apiKey={k} />) },
];

/** Settings → API keys: the keys integrations use, made with the permissions they need and revoked when done. */
export function Component() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title="API keys"
      crumbs={[{ label: 'Settings', to: '/settings' }]}
      actions={
        creating ? null : (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            Create API key
          </button>
        )
      }
    >
      {creating ? (
        <Card title="New API key">
          <NewKeyForm onDone={() => setCreating(false)} />
        </Card>
      ) : null}
      <Card>
        <DataTable
          label="API keys"
          columns={columns}
          rows={keys.data}
          rowId={(k) => k.id}
          loading={keys.isPending}
          error={keys.error}
          retry={() => void keys.refetch()}
          empty={
            <ListEmpty
              filtered={false}
              noun="API keys"
              onClear={() => {}}
              firstStep={
                <button type="button" className="button" onClick={() => setCreating(true)}>
                  Create your first API key
                </button>
              }
            />
          }
        />
      </Card>
    </Page>
  );
}

/** Starts loading the keys while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(apiKeysQuery());
}
