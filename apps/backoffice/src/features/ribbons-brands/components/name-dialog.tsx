import { MerxError } from '@merx/sdk';
import { useState } from 'react';
import { TextField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { FormError } from '../../../components/states';
import { fieldErrorsOf, isConflict, isNotFound } from '../../../lib/errors';
import { fetchOne, KINDS, type Kind, type NamedEntity, useCreate, useRename } from '../api/named-entities';

/** What went wrong with a save: beside the name, as a changed-elsewhere notice, or for the whole form. */
interface Problem {
  field?: string;
  conflict?: boolean;
  gone?: boolean;
  other?: unknown;
}

function problemOf(error: unknown, one: string): Problem {
  if (error instanceof MerxError && /ALREADY_EXISTS$/.test(error.code)) return { field: error.message };
  if (isConflict(error)) return { conflict: true };
  if (isNotFound(error)) return { gone: true };
  const field = fieldErrorsOf(error, `${one}.`).name;
  return field ? { field } : { other: error };
}

/** Creates a ribbon or brand, or renames one (with the revision it was read at). */
export function NameDialog({
  kind,
  entity,
  onClose,
  onSaved,
}: {
  kind: Kind;
  /** The one to rename; none to create. */
  entity?: NamedEntity | undefined;
  onClose: () => void;
  onSaved: (saved: NamedEntity) => void;
}) {
  const { one, maxName } = KINDS[kind];
  const [name, setName] = useState(entity?.name ?? '');
  const [revision, setRevision] = useState(entity?.revision ?? '');
  const [problem, setProblem] = useState<Problem>({});
  const [reloading, setReloading] = useState(false);
  const create = useCreate(kind);
  const rename = useRename(kind);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setProblem({ field: 'Required' });
    if (trimmed.length > maxName) return setProblem({ field: `Use at most ${maxName} characters` });
    setProblem({});
    const failed = (error: unknown) => setProblem(problemOf(error, one));
    if (entity) {
      if (trimmed === entity.name && revision === entity.revision) return onClose();
      rename.mutate({ id: entity.id, revision, name: trimmed }, { onSuccess: onSaved, onError: failed });
    } else create.mutate(trimmed, { onSuccess: onSaved, onError: failed });
  };

  const reload = async () => {
    if (!entity) return;
    setReloading(true);
    try {
      const fresh = await fetchOne(kind, entity.id);
      setRevision(fresh.revision);
      setName(fresh.name);
      setProblem({});
    } catch (error) {
      setProblem(isNotFound(error) ? { gone: true } : { other: error });
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormDialog
      title={entity ? `Rename the ${one} “${entity.name}”` : `New ${one}`}
      submitLabel={entity ? 'Rename' : `Create ${one}`}
      busy={create.isPending || rename.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {problem.conflict ? (
        <div className="form-error" role="alert">
          <strong>This {one} was changed elsewhere</strong> since you opened it, so it was not renamed and nothing was
          overwritten.{' '}
          <button type="button" className="button--link" onClick={reload} disabled={reloading}>
            {reloading ? 'Reloading…' : `Reload the ${one}`}
          </button>
        </div>
      ) : null}
      {problem.gone ? (
        <div className="form-error" role="alert">
          This {one} no longer exists: it was deleted elsewhere.
        </div>
      ) : null}
      {problem.other ? <FormError error={problem.other} /> : null}
      <TextField
        label="Name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (problem.field) setProblem({});
        }}
        error={problem.field}
        hint={`Up to ${maxName} characters. ${entity ? `Products with this ${one} show the new name at once.` : ''}`}
        maxLength={maxName + 20}
        required
      />
    </FormDialog>
  );
}
