import { useId, useState } from 'react';
import { TextField } from '../../../components/field';
import { FormError } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { messageOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { type BulkOutcome, useBulkOrderActions } from '../api/bulk';
import type { Order } from '../api/orders';
import { ActionDialog } from './action-dialog';

const plural = (n: number) => `${n} order${n === 1 ? '' : 's'}`;

/** Says what a bulk action did; refusals are listed by order number. */
function report(outcome: BulkOutcome, did: string, numberOf: (id: string) => string) {
  if (outcome.done > 0) toast(`${plural(outcome.done)} ${did}`);
  if (outcome.failed.length > 0) {
    const first = outcome.failed.slice(0, 3).map((f) => `#${numberOf(f.id)}: ${f.reason}`);
    toast(
      `${plural(outcome.failed.length)} not changed. ${first.join('. ')}${outcome.failed.length > 3 ? ' …' : ''}`,
      'error',
    );
  }
}

function TagDialog({
  remove,
  ids,
  tags,
  onDone,
  onClose,
}: {
  remove: boolean;
  ids: string[];
  tags: readonly string[];
  onDone: (outcome: BulkOutcome) => void;
  onClose: () => void;
}) {
  const { tag } = useBulkOrderActions();
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);
  const list = useId();
  return (
    <ActionDialog
      title={remove ? `Remove a tag from ${plural(ids.length)}` : `Add a tag to ${plural(ids.length)}`}
      submitLabel={remove ? 'Remove tag' : 'Add tag'}
      busy={tag.isPending}
      onClose={onClose}
      onSubmit={() => {
        const t = value.trim();
        if (!t) return setEmpty(true);
        tag.mutate({ ids, tag: t, remove }, { onSuccess: onDone });
      }}
    >
      <TextField
        label="Tag"
        list={list}
        value={value}
        maxLength={100}
        autoFocus
        onChange={(e) => {
          setValue(e.target.value);
          setEmpty(false);
        }}
        error={empty ? 'Type a tag' : undefined}
        hint={remove ? undefined : 'A word to group orders by, e.g. “gift” or “wholesale”.'}
      />
      <datalist id={list}>
        {tags.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <FormError error={tag.error} />
    </ActionDialog>
  );
}

/** What staff may do to the selected orders at once: tags, mark as paid, fulfil without tracking. */
export function OrderBulkActions({
  ids,
  clear,
  rows,
  tags,
}: {
  ids: string[];
  clear: () => void;
  rows: readonly Order[];
  tags: readonly string[];
}) {
  const { markPaid, fulfil } = useBulkOrderActions();
  const [tagging, setTagging] = useState<'add' | 'remove'>();
  const selected = rows.filter((o) => ids.includes(o.id));
  const numberOf = (id: string) => rows.find((o) => o.id === id)?.number ?? id;
  const busy = markPaid.isPending || fulfil.isPending;
  const done = (did: string) => (outcome: BulkOutcome) => {
    report(outcome, did, numberOf);
    setTagging(undefined);
    if (outcome.failed.length === 0) clear();
  };
  const failed = (e: unknown) => toast(messageOf(e), 'error');

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={async () => {
          const ok = await confirmAction({
            title: `Mark ${plural(ids.length)} as paid?`,
            message:
              'Each order gets an offline payment of what is left to pay. Use this when the money reached you another way.',
            confirmLabel: 'Mark as paid',
          });
          if (ok) markPaid.mutate(ids, { onSuccess: done('marked as paid'), onError: failed });
        }}
      >
        Mark as paid
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={async () => {
          const ok = await confirmAction({
            title: `Fulfil ${plural(ids.length)}?`,
            message:
              'Every item not fulfilled yet is marked as fulfilled, without tracking. Buyers of online orders get the shipping email.',
            confirmLabel: 'Fulfil orders',
          });
          if (ok) fulfil.mutate(selected, { onSuccess: done('fulfilled'), onError: failed });
        }}
      >
        Fulfil without tracking
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => setTagging('add')}>
        Add tag
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => setTagging('remove')}>
        Remove tag
      </button>
      {tagging ? (
        <TagDialog
          remove={tagging === 'remove'}
          ids={ids}
          tags={tags}
          onClose={() => setTagging(undefined)}
          onDone={done(tagging === 'remove' ? 'untagged' : 'tagged')}
        />
      ) : null}
    </>
  );
}
