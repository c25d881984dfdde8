import { useState } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { confirmAction } from '../../../lib/confirm';
import { messageOf } from '../../../lib/errors';
import { storeMoney } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { type BulkAction, type BulkOutcome, type BulkProperty, useBulkAction } from '../api/bulk';
import { BulkCollectionDialog } from './bulk-collection-dialog';
import { BulkNameDialog } from './bulk-name-dialog';
import { BulkSectionDialog } from './bulk-section-dialog';
import { BulkTagsDialog } from './bulk-tags-dialog';

const plural = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

const PROPERTIES: ReadonlyArray<{ value: BulkProperty; label: string }> = [
  { value: 'price', label: 'Price' },
  { value: 'cost', label: 'Cost' },
  { value: 'weight', label: 'Weight (kg)' },
];
const MODES = [
  { value: 'set', label: 'Set to' },
  { value: 'up-amount', label: 'Increase by an amount' },
  { value: 'down-amount', label: 'Decrease by an amount' },
  { value: 'up-percent', label: 'Increase by a percentage' },
  { value: 'down-percent', label: 'Decrease by a percentage' },
] as const;

/** Says what a bulk action did, naming the products it could not change and why. */
function report(outcome: BulkOutcome, what: string, names: Map<string, string>) {
  if (outcome.failed.length === 0) {
    toast(`${what} ${plural(outcome.done)}`);
    return;
  }
  const reasons = outcome.failed
    .slice(0, 3)
    .map((f) => `${names.get(f.id) ?? 'A product'}: ${f.message}`)
    .join('; ');
  const more = outcome.failed.length > 3 ? ` and ${outcome.failed.length - 3} more` : '';
  toast(
    `${outcome.done ? `${what} ${plural(outcome.done)}. ` : ''}${plural(outcome.failed.length)} not changed: ${reasons}${more}.`,
    'error',
  );
}

function EditValuesDialog({
  count,
  busy,
  onRun,
  onClose,
}: {
  count: number;
  busy: boolean;
  onRun: (action: BulkAction) => void;
  onClose: () => void;
}) {
  const [property, setProperty] = useState<BulkProperty>('price');
  const [mode, setMode] = useState<(typeof MODES)[number]['value']>('set');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const percent = mode.endsWith('percent');
  const unit = percent ? '%' : property === 'weight' ? 'kg' : storeMoney.currency;
  return (
    <FormDialog
      title={`Edit ${plural(count)}`}
      submitLabel="Apply"
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        const n = Number(value.replace(',', '.'));
        if (value.trim() === '' || !Number.isFinite(n) || n < 0) {
          setError('Enter a number that is not negative');
          return;
        }
        if (mode === 'down-percent' && n > 100) {
          setError('A decrease is at most 100 %');
          return;
        }
        const signed = mode.startsWith('down') ? -n : n;
        onRun({
          kind: 'edit',
          property,
          change: { mode: mode === 'set' ? 'set' : percent ? 'percent' : 'amount', value: signed },
        });
      }}
    >
      <SelectField
        label="What to change"
        value={property}
        onChange={(e) => setProperty(e.target.value as BulkProperty)}
        options={PROPERTIES}
      />
      <SelectField label="How" value={mode} onChange={(e) => setMode(e.target.value as typeof mode)} options={MODES} />
      <TextField
        label={`Value (${unit})`}
        inputMode="decimal"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        error={error}
        required
        hint={
          mode === 'set'
            ? `Every selected product gets this ${property}.`
            : 'Variants with a price of their own keep it; products whose discount would exceed the price are left as they are.'
        }
      />
    </FormDialog>
  );
}

type Open = 'edit' | 'add' | 'remove' | 'tags' | 'section' | 'ribbon' | 'brand' | undefined;

/** What a ribbon or brand action did, for its report. */
const nameDone = (kind: 'ribbon' | 'brand', name: string) => {
  const noun = kind === 'ribbon' ? 'Ribbon' : 'Brand';
  return name ? `${noun} “${name}” set on` : `${noun} removed from`;
};

/**
 * What can be done to the selected products at once: edit price, cost or weight, show or hide them, add them to or
 * remove them from a collection, add or remove tags or a shared info section, set or remove their ribbon or brand,
 * delete them (after saying how many).
 */
export function ProductBulkActions({
  ids,
  clear,
  names,
}: {
  ids: string[];
  clear: () => void;
  names: Map<string, string>;
}) {
  const bulk = useBulkAction();
  const [open, setOpen] = useState<Open>();
  const run = (action: BulkAction, what: string) =>
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (outcome) => {
          report(outcome, what, names);
          setOpen(undefined);
          if (outcome.failed.length === 0) clear();
        },
        onError: (error) => toast(messageOf(error), 'error'),
      },
    );
  const small = 'button button--secondary button--small';
  return (
    <>
      <button type="button" className={small} onClick={() => setOpen('edit')} disabled={bulk.isPending}>
        Edit prices, costs or weights
      </button>
      <button
        type="button"
        className={small}
        disabled={bulk.isPending}
        onClick={() => run({ kind: 'visibility', visible: true }, 'Shown in the shop:')}
      >
        Show in shop
      </button>
      <button
        type="button"
        className={small}
        disabled={bulk.isPending}
        onClick={() => run({ kind: 'visibility', visible: false }, 'Hidden from the shop:')}
      >
        Hide from shop
      </button>
      <button type="button" className={small} onClick={() => setOpen('add')} disabled={bulk.isPending}>
        Add to collection
      </button>
      <button type="button" className={small} onClick={() => setOpen('remove')} disabled={bulk.isPending}>
        Remove from collection
      </button>
      <button type="button" className={small} onClick={() => setOpen('tags')} disabled={bulk.isPending}>
        Add or remove tags
      </button>
      <button type="button" className={small} onClick={() => setOpen('section')} disabled={bulk.isPending}>
        Add or remove an info section
      </button>
      <button type="button" className={small} onClick={() => setOpen('ribbon')} disabled={bulk.isPending}>
        Set ribbon
      </button>
      <button type="button" className={small} onClick={() => setOpen('brand')} disabled={bulk.isPending}>
        Set brand
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={bulk.isPending}
        onClick={async () => {
          const ok = await confirmAction({
            title: `Delete ${plural(ids.length)}?`,
            message: `${plural(ids.length)} will be removed from the catalog and the shop. Orders already placed keep their lines. This cannot be undone.`,
            confirmLabel: `Delete ${plural(ids.length)}`,
            tone: 'danger',
          });
          if (ok) run({ kind: 'delete' }, 'Deleted');
        }}
      >
        Delete
      </button>
      {open === 'edit' ? (
        <EditValuesDialog
          count={ids.length}
          busy={bulk.isPending}
          onClose={() => setOpen(undefined)}
          onRun={(action) => run(action, 'Changed')}
        />
      ) : null}
      {open === 'add' || open === 'remove' ? (
        <BulkCollectionDialog
          add={open === 'add'}
          subject={plural(ids.length)}
          busy={bulk.isPending}
          onClose={() => setOpen(undefined)}
          onRun={(action) => run(action, open === 'add' ? 'Added to the collection:' : 'Removed from the collection:')}
        />
      ) : null}
      {open === 'tags' ? (
        <BulkTagsDialog
          ids={ids}
          subject={plural(ids.length)}
          busy={bulk.isPending}
          onClose={() => setOpen(undefined)}
          onRun={(action) =>
            run(action, `${action.tags.length === 1 ? 'Tag' : 'Tags'} ${action.add ? 'added to' : 'removed from'}`)
          }
        />
      ) : null}
      {open === 'section' ? (
        <BulkSectionDialog
          subject={plural(ids.length)}
          busy={bulk.isPending}
          onClose={() => setOpen(undefined)}
          onRun={(action, name) => run(action, `Info section “${name}” ${action.add ? 'added to' : 'removed from'}`)}
        />
      ) : null}
      {open === 'ribbon' || open === 'brand' ? (
        <BulkNameDialog
          key={open}
          kind={open}
          subject={plural(ids.length)}
          busy={bulk.isPending}
          onClose={() => setOpen(undefined)}
          onRun={(action) => run(action, nameDone(action.kind, action.name))}
        />
      ) : null}
    </>
  );
}
