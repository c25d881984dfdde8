import type { OAuthClient } from '@merx/sdk';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { Card, Page } from '../../components/page';
import { formatDate } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { oauthClientsQuery, useOAuthClients } from './api/oauth-clients';
import { kindWords } from './kinds';
import './oauth-clients.css';

const columns: ReadonlyArray<Column<OAuthClient>> = [
  { id: 'name', header: 'Name', cell: (c) => <Link to={`/settings/oauth-clients/${c.id}`}>{c.name}</Link> },
  {
    id: 'kind',
    header: 'Kind',
    cell: (c) => <Badge tone={c.kind === 'custom' ? 'neutral' : 'info'}>{kindWords[c.kind]}</Badge>,
  },
  {
    id: 'redirects',
    header: 'Sends members back to',
    cell: (c) =>
      c.redirectUris.length ? (
        <span className="oauth-uris">
          {c.redirectUris[0]}
          {c.redirectUris.length > 1 ? ` and ${c.redirectUris.length - 1} more` : ''}
        </span>
      ) : (
        <span className="muted">Nowhere yet</span>
      ),
  },
  { id: 'id', header: 'Client ID', cell: (c) => <code className="oauth-uris">{c.id}</code>, secondary: true },
  { id: 'updated', header: 'Changed', cell: (c) => formatDate(c.updatedDate), secondary: true },
];

/**
 * Settings → Sign-in apps: the OAuth clients members and staff sign in through (the built-in shop and back office,
 * and the merchant's own storefronts or apps), each with the exact addresses it may send people back to.
 */
export function Component() {
  const clients = useOAuthClients();
  const navigate = useNavigate();
  const onOpen = useCallback((c: OAuthClient) => navigate(`/settings/oauth-clients/${c.id}`), [navigate]);
  const register = (
    <Link className="button" to="/settings/oauth-clients/new">
      Register an app
    </Link>
  );
  return (
    <Page
      title="Sign-in apps"
      crumbs={[{ label: 'Settings', to: '/settings' }]}
      subtitle="The storefronts and apps that sign members in through this store (OAuth clients)."
      actions={register}
    >
      <Card>
        <p className="oauth-intro">
          A member signs in on this store’s own sign-in page, then goes back to the app they came from, but only to an
          address listed for it. The <strong>built-in shop</strong> and the <strong>back office</strong> came with the
          store; register an app here when you build a storefront of your own on another address.
        </p>
        <DataTable
          label="Sign-in apps"
          columns={columns}
          rows={clients.data}
          rowId={(c) => c.id}
          loading={clients.isPending}
          error={clients.error}
          retry={() => void clients.refetch()}
          onOpen={onOpen}
          empty={<ListEmpty filtered={false} noun="sign-in apps" onClear={() => {}} firstStep={register} />}
        />
      </Card>
    </Page>
  );
}

/** Starts loading the clients while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(oauthClientsQuery());
}
