import type { OAuthClient } from '@merx/sdk';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, FormError, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { useDraft } from '../../lib/draft';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  type ClientForm,
  clean,
  oauthClientsQuery,
  useCreateOAuthClient,
  useDeleteOAuthClient,
  useOAuthClients,
  useUpdateOAuthClient,
} from './api/oauth-clients';
import { AddressList } from './components/address-list';
import { kindHelp, kindWords } from './kinds';
import './oauth-clients.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Sign-in apps', to: '/settings/oauth-clients' },
];
const blank: ClientForm = { name: '', redirectUris: [''], allowedOrigins: [] };

/** `redirectUris[2]` → { 2: message } for the list's rows. */
function byIndex(errors: Record<string, string>, list: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const match = new RegExp(`^${list}\\[(\\d+)\\]$`).exec(field);
    if (match) out[Number(match[1])] = message;
  }
  return out;
}

function Form({ client }: { client?: OAuthClient }) {
  const navigate = useNavigate();
  const create = useCreateOAuthClient();
  const update = useUpdateOAuthClient();
  const remove = useDeleteOAuthClient();
  const saved: ClientForm = client
    ? { name: client.name, redirectUris: client.redirectUris, allowedOrigins: client.allowedOrigins }
    : blank;
  const form = useDraft(saved);
  const value = form.value ?? saved;
  const saving = client ? update : create;
  const errors = fieldErrorsOf(saving.error, 'client.');
  const title = client ? client.name : 'Register an app';

  const onSave = () => {
    const sent = clean(value);
    form.set(sent);
    if (client) {
      update.mutate(
        { id: client.id, form: sent },
        {
          onSuccess: () => {
            form.discard();
            toast(`${sent.name} saved`);
          },
        },
      );
    } else {
      create.mutate(sent, {
        onSuccess: (made) => {
          form.discard();
          toast(`${made.name} registered`);
          navigate(`/settings/oauth-clients/${made.id}`, { replace: true });
        },
      });
    }
  };

  const onDelete = async () => {
    if (!client) return;
    const ok = await confirmAction({
      title: `Delete “${client.name}”?`,
      message:
        'Members signed in through it are signed out, and it can no longer sign anyone in. This cannot be undone.',
      confirmLabel: 'Delete app',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(client.id, {
      onSuccess: () => {
        toast(`${client.name} deleted`);
        navigate('/settings/oauth-clients');
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };

  return (
    <Page
      title={title}
      crumbs={crumbs}
      subtitle={
        client ? (
          <Badge tone={client.kind === 'custom' ? 'neutral' : 'info'}>{kindWords[client.kind]}</Badge>
        ) : undefined
      }
    >
      <div className="columns">
        <div>
          <Card title="App" id="app">
            <div className="stack">
              <TextField
                label="Name"
                value={value.name}
                maxLength={200}
                required
                onChange={(e) => form.set({ name: e.target.value })}
                error={errors.name}
                hint="For you and your staff: members do not see it."
              />
              <AddressList
                legend="Redirect URIs"
                hint="Where the sign-in page may send members back, compared exactly: https://shop.example/callback. No # part."
                placeholder="https://shop.example/callback"
                addLabel="Add a redirect URI"
                items={value.redirectUris}
                onChange={(redirectUris) => form.set({ redirectUris })}
                errors={byIndex(errors, 'redirectUris')}
                error={errors.redirectUris}
                locked={client && client.kind !== 'custom' ? client.redirectUris : []}
              />
              <AddressList
                legend="Allowed origins"
                hint="Sites that may call the store from a browser for this app, as an origin only: https://shop.example (no path)."
                placeholder="https://shop.example"
                addLabel="Add an origin"
                items={value.allowedOrigins}
                onChange={(allowedOrigins) => form.set({ allowedOrigins })}
                errors={byIndex(errors, 'allowedOrigins')}
                error={errors.allowedOrigins}
              />
              <FormError error={Object.keys(errors).length ? undefined : saving.error} />
            </div>
          </Card>
          {client?.kind === 'custom' ? (
            <Card title="Delete app" id="delete">
              <p>Members signed in through {client.name} are signed out, and it can no longer sign anyone in.</p>
              <button type="button" className="button button--danger" disabled={remove.isPending} onClick={onDelete}>
                Delete app
              </button>
            </Card>
          ) : null}
        </div>
        <Card title="About this app" id="about">
          <div className="stack">
            <p>{kindHelp[client?.kind ?? 'custom']}</p>
            {client ? (
              <>
                <dl className="details">
                  <dt>Client ID</dt>
                  <dd>
                    <code>{client.id}</code>
                  </dd>
                  <dt>Registered</dt>
                  <dd>{formatDateTime(client.createdDate)}</dd>
                  <dt>Changed</dt>
                  <dd>{formatDateTime(client.updatedDate)}</dd>
                </dl>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void navigator.clipboard?.writeText(client.id).then(() => toast('Client ID copied'))}
                >
                  Copy client ID
                </button>
              </>
            ) : (
              <p className="muted">
                Its client ID is shown once it is registered: the app passes it when it signs members in.
              </p>
            )}
          </div>
        </Card>
      </div>
      <SaveBar
        dirty={form.dirty}
        saving={saving.isPending}
        saveLabel={client ? 'Save' : 'Register app'}
        onSave={onSave}
        onDiscard={() => {
          saving.reset();
          form.discard();
        }}
      />
    </Page>
  );
}

/** Settings → Sign-in apps → one app (or a new one at /new): its name and addresses, with a save bar. */
export function Component() {
  const { id } = useParams();
  const clients = useOAuthClients();
  if (!id) return <Form key="new" />;
  if (clients.isPending)
    return (
      <Page title="Sign-in app" crumbs={crumbs}>
        <Loading />
      </Page>
    );
  if (clients.error) {
    return (
      <Page title="Sign-in app" crumbs={crumbs}>
        <ErrorState error={clients.error} retry={() => void clients.refetch()} />
      </Page>
    );
  }
  const client = clients.data?.find((c) => c.id === id);
  if (!client) {
    return (
      <Page title="Sign-in app" crumbs={crumbs}>
        <Empty title="No such app">It may have been deleted. Go back to the sign-in apps.</Empty>
      </Page>
    );
  }
  return <Form key={client.id} client={client} />;
}

/** Starts loading the clients while the page opens. */
export function warm(_args: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(oauthClientsQuery());
}
