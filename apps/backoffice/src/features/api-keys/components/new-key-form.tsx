import { namedOnlyPermissions, permissionAreas, permissionCatalogue } from '@merx/contract/permissions';
import { useState } from 'react';
import { TextField } from '../../../components/field';
import { FormError } from '../../../components/states';
import { fieldErrorsOf } from '../../../lib/errors';
import { useCan } from '../../../lib/me';
import { toast } from '../../../lib/toasts';
import { useCreateApiKey } from '../api/api-keys';

type Created = Awaited<ReturnType<ReturnType<typeof useCreateApiKey>['mutateAsync']>>;

/** Each area's permissions, in the catalogue's order. */
const byArea = permissionAreas.map((area) => ({
  area,
  permissions: Object.entries(permissionCatalogue).filter(([p]) => p.startsWith(`${area}:`)),
}));

/**
 * Makes an API key: a name and the permissions it holds (only those the staff member holds themself are offered;
 * the server refuses any other). The secret is shown once, with what to know about it.
 */
export function NewKeyForm({ onDone }: { onDone: () => void }) {
  const can = useCan();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [created, setCreated] = useState<Created>();
  const errors = fieldErrorsOf(create.error);
  const toggle = (scope: string, on: boolean) =>
    setScopes((s) => (on ? [...new Set([...s, scope])] : s.filter((x) => x !== scope)));

  if (created) {
    return (
      <div className="key-created" role="status">
        <h2>Copy the key now</h2>
        <p>This is the only time the key is shown. Store it in your integration's settings or a password manager.</p>
        <div className="secret">
          <span className="visually-hidden">API key: </span>
          <code>{created.key}</code>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void navigator.clipboard?.writeText(created.key).then(() => toast('Key copied'))}
          >
            Copy
          </button>
        </div>
        {created.warnings.map((w) => (
          <p key={w} className="warning">
            {w}
          </p>
        ))}
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    );
  }

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ name: name.trim(), scopes }, { onSuccess: setCreated });
      }}
    >
      <TextField
        label="Name"
        hint="What uses the key, e.g. “Warehouse sync”."
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        maxLength={100}
        error={errors.name}
      />
      <fieldset className="scopes">
        <legend>Permissions</legend>
        {errors.scopes ? <p className="field__error">{errors.scopes}</p> : null}
        {byArea.map(({ area, permissions }) => {
          const offered = permissions.filter(
            ([p]) => can(p) || (can('audit:read') && namedOnlyPermissions.includes(p as never)),
          );
          if (offered.length === 0) return null;
          return (
            <div key={area} className="scopes__area">
              {offered.map(([p, words]) => (
                <label key={p} className="scope">
                  <input type="checkbox" checked={scopes.includes(p)} onChange={(e) => toggle(p, e.target.checked)} />
                  <span>
                    <code>{p}</code> {words}
                  </span>
                </label>
              ))}
            </div>
          );
        })}
      </fieldset>
      <FormError error={Object.keys(errors).length ? undefined : create.error} />
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={create.isPending || scopes.length === 0 || !name.trim()}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
