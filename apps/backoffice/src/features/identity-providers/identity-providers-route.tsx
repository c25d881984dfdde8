import { useState } from 'react';
import { CheckboxField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { Empty, ErrorState, FormError, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { toast } from '../../lib/toasts';
import {
  type IdentityProvider,
  useCreateIdentityProvider,
  useDeleteIdentityProvider,
  useIdentityProviders,
  useUpdateIdentityProvider,
} from './api';

interface Draft {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  enabled: boolean;
}

const blank: Draft = {
  name: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: 'openid email profile',
  enabled: true,
};

const draftOf = (p: IdentityProvider): Draft => ({
  name: p.name,
  issuer: p.issuer,
  clientId: p.clientId,
  clientSecret: '',
  scopes: p.scopes.join(' '),
  enabled: p.enabled,
});

/** The fields of a provider; the secret is write-only (typed, sent once, never shown). */
function ProviderFields({
  draft,
  set,
  errors,
  disabled,
  secretSet,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  errors: Record<string, string>;
  disabled: boolean;
  secretSet?: boolean;
}) {
  return (
    <div className="stack">
      <TextField
        label="Name on the sign-in page"
        value={draft.name}
        disabled={disabled}
        maxLength={100}
        onChange={(e) => set({ name: e.target.value })}
        error={errors.name}
        hint="Members see “Continue with” and this name."
      />
      <TextField
        label="Issuer URL"
        value={draft.issuer}
        disabled={disabled}
        spellCheck={false}
        maxLength={500}
        placeholder="https://accounts.google.com"
        onChange={(e) => set({ issuer: e.target.value })}
        error={errors.issuer}
        hint="Its /.well-known/openid-configuration is read when you save."
      />
      <TextField
        label="Client ID"
        value={draft.clientId}
        disabled={disabled}
        spellCheck={false}
        autoComplete="off"
        maxLength={500}
        onChange={(e) => set({ clientId: e.target.value })}
        error={errors.clientId}
      />
      <TextField
        label="Client secret"
        type="password"
        value={draft.clientSecret}
        disabled={disabled}
        autoComplete="new-password"
        maxLength={2000}
        placeholder={secretSet ? 'Type a new secret to replace the stored one' : ''}
        onChange={(e) => set({ clientSecret: e.target.value })}
        error={errors.clientSecret}
        hint={`${secretSet ? 'Set (stored encrypted). ' : ''}Write-only: it is never shown again.`}
      />
      <TextField
        label="Scopes"
        value={draft.scopes}
        disabled={disabled}
        spellCheck={false}
        maxLength={500}
        onChange={(e) => set({ scopes: e.target.value })}
        error={errors.scopes}
        hint="Separated by spaces; must include openid."
      />
      <CheckboxField
        label="Offer it on the sign-in page"
        checked={draft.enabled}
        disabled={disabled}
        onChange={(e) => set({ enabled: e.target.checked })}
      />
    </div>
  );
}

const scopesOf = (text: string) => text.split(/\s+/).filter(Boolean);

function ProviderCard({ provider, editable }: { provider: IdentityProvider; editable: boolean }) {
  const [draft, setDraft] = useState(() => draftOf(provider));
  const update = useUpdateIdentityProvider();
  const remove = useDeleteIdentityProvider();
  const errors = fieldErrorsOf(update.error, 'identityProvider.');
  const save = () => {
    update.mutate(
      {
        id: provider.id,
        patch: {
          name: draft.name,
          issuer: draft.issuer,
          clientId: draft.clientId,
          scopes: scopesOf(draft.scopes),
          enabled: draft.enabled,
          ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          toast(`${saved.name} saved`);
        },
      },
    );
  };
  const onDelete = async () => {
    const ok = await confirmAction({
      title: `Remove ${provider.name}?`,
      message: 'Members who signed in with it keep their accounts; they can set a password through “Forgot password”.',
      confirmLabel: 'Remove',
      tone: 'danger',
    });
    if (ok) remove.mutate(provider.id, { onSuccess: () => toast(`${provider.name} removed`) });
  };
  return (
    <Card
      title={provider.name}
      id={`idp-${provider.id}`}
      actions={
        editable ? (
          <button type="button" className="button button--secondary button--small" onClick={() => void onDelete()}>
            Remove
          </button>
        ) : null
      }
    >
      <ProviderFields
        draft={draft}
        set={(patch) => setDraft({ ...draft, ...patch })}
        errors={errors}
        disabled={!editable}
        secretSet={provider.clientSecretSet}
      />
      <FormError error={Object.keys(errors).length ? undefined : (update.error ?? remove.error)} />
      {editable ? (
        <p>
          <button type="button" className="button" disabled={update.isPending} onClick={save}>
            {update.isPending ? 'Checking the issuer…' : 'Save'}
          </button>
        </p>
      ) : null}
    </Card>
  );
}

/** Settings → Identity providers: "Continue with …" sign-in for members over OpenID Connect. */
export function Component() {
  const can = useCan();
  const editable = can('members:manage');
  const providers = useIdentityProviders();
  const create = useCreateIdentityProvider();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Draft>(blank);
  const errors = fieldErrorsOf(create.error, 'identityProvider.');
  const crumbs = [{ label: 'Settings', to: '/settings' }];
  const title = 'Identity providers';

  if (providers.isPending)
    return (
      <Page title={title} crumbs={crumbs}>
        <Loading />
      </Page>
    );
  if (!providers.data)
    return (
      <Page title={title} crumbs={crumbs}>
        <ErrorState error={providers.error} retry={() => void providers.refetch()} />
      </Page>
    );
  const { identityProviders: list, callbackUrl } = providers.data;
  const add = () =>
    create.mutate(
      {
        name: draft.name,
        issuer: draft.issuer,
        clientId: draft.clientId,
        scopes: scopesOf(draft.scopes),
        enabled: draft.enabled,
        ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
      },
      {
        onSuccess: (saved) => {
          setAdding(false);
          setDraft(blank);
          toast(`${saved.name} added`);
        },
      },
    );

  return (
    <Page
      title={title}
      crumbs={crumbs}
      subtitle="Let members sign in with an account they already have (Google, Microsoft, Okta, Keycloak…)."
      actions={
        editable && !adding ? (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            Add identity provider
          </button>
        ) : null
      }
    >
      <div className="settings-form">
        <Card title="Callback URL" id="callback">
          <p>
            Register this redirect URI with each provider: <code>{callbackUrl}</code>
          </p>
        </Card>
        {adding ? (
          <Card title="New identity provider" id="new-idp">
            <ProviderFields
              draft={draft}
              set={(patch) => setDraft({ ...draft, ...patch })}
              errors={errors}
              disabled={false}
            />
            <FormError error={Object.keys(errors).length ? undefined : create.error} />
            <p>
              <button type="button" className="button" disabled={create.isPending} onClick={add}>
                {create.isPending ? 'Checking the issuer…' : 'Add'}
              </button>{' '}
              <button type="button" className="button button--secondary" onClick={() => setAdding(false)}>
                Cancel
              </button>
            </p>
          </Card>
        ) : null}
        {list.length === 0 && !adding ? (
          <Empty title="No identity providers">Members sign in with their email and password only.</Empty>
        ) : null}
        {list.map((p) => (
          <ProviderCard key={`${p.id}:${p.revision}`} provider={p} editable={editable} />
        ))}
        {editable ? null : (
          <p className="muted">You can see these settings; changing them needs the “members:manage” permission.</p>
        )}
      </div>
    </Page>
  );
}
