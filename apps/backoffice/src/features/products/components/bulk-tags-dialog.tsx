import { useId, useState } from 'react';
import { SelectField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { messageOf } from '../../../lib/errors';
import { type BulkAction, useTagsCarried } from '../api/bulk';
import { TagsField } from './tags-field';
import './bulk-dialogs.css';

const MODES = [
  { value: 'add', label: 'Add tags' },
  { value: 'remove', label: 'Remove tags' },
] as const;

/** The tags that the selected products carry, as boxes to tick (a tag is taken off exactly as it is written). */
function CarriedTags({
  ids,
  chosen,
  onChange,
  error,
}: {
  ids: string[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error: string | undefined;
}) {
  const id = useId();
  const carried = useTagsCarried(ids);
  if (carried.isPending) return <p className="muted">Loading the tags of these products…</p>;
  if (carried.error) return <p className="field__error">{messageOf(carried.error)}</p>;
  if (carried.data.length === 0) return <p className="muted">None of the selected products has a tag.</p>;
  return (
    <fieldset
      className={`field bulk-checks${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>Tags to remove</legend>
      <ul>
        {carried.data.map(({ tag, count }) => (
          <li key={tag}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(tag)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, tag] : chosen.filter((t) => t !== tag))}
              />
              <span>
                {tag} <span className="muted">(on {count === ids.length ? 'all' : `${count} of ${ids.length}`})</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Adds public tags to the selected products (typed as in the editor) or takes off tags they carry (ticked from the
 * tags they have). Products keep their other tags.
 */
export function BulkTagsDialog({
  ids,
  subject,
  busy,
  onRun,
  onClose,
}: {
  ids: string[];
  /** “3 products” */
  subject: string;
  busy: boolean;
  onRun: (action: BulkAction & { kind: 'tags' }) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [typed, setTyped] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={`Tags of ${subject}`}
      submitLabel={mode === 'add' ? 'Add tags' : 'Remove tags'}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (mode === 'add' && typed.length === 0) setError('Add at least one tag: type it, then press Enter');
        else if (mode === 'remove' && chosen.length === 0) setError('Tick at least one tag to remove');
        else onRun({ kind: 'tags', add: mode === 'add', tags: mode === 'add' ? typed : chosen });
      }}
    >
      <SelectField
        label="What to do"
        value={mode}
        onChange={(e) => {
          setMode(e.target.value as typeof mode);
          setError(undefined);
        }}
        options={MODES}
      />
      {mode === 'add' ? (
        <TagsField
          tags={typed}
          onChange={(next) => {
            setTyped(next);
            setError(undefined);
          }}
          error={error}
          readOnly={false}
        />
      ) : (
        <CarriedTags
          ids={ids}
          chosen={chosen}
          onChange={(next) => {
            setChosen(next);
            setError(undefined);
          }}
          error={error}
        />
      )}
    </FormDialog>
  );
}
