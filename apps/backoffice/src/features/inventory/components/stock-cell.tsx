import type { StockLevel } from '@merx/contract';
import { useId, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { MAX_UNITS, StockChangedError, type StockEdit, stockMessageOf, useStockEdit } from '../api/stock-edits';
import { variantName } from '../api/stock-levels';

/** The id of the page's note on how to type a quantity, which every quantity field points at. */
export const ENTRY_HINT_ID = 'inventory-entry-hint';

const units = (n: number) => `${formatNumber(n)} ${n === 1 ? 'unit' : 'units'}`;

/**
 * What was typed in a quantity field: a count to set ("12"), units to add or take away ("+3", "-2", "−2"), nothing
 * to do (the count it has), or why it cannot be saved.
 */
export function readEntry(text: string, current: number, seen = current): { edit?: StockEdit; error?: string } {
  const entry = text
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, '');
  const wrong = 'Type a number of units, or +3 / −2 to add or take away units.';
  const relative = /^([+-])(\d{1,9})$/.exec(entry);
  if (relative) {
    const by = (relative[1] === '-' ? -1 : 1) * Number(relative[2]);
    if (by === 0) return {};
    if (current + by < 0) return { error: `Only ${units(current)} left: that is all you can take away.` };
    if (current + by > MAX_UNITS) return { error: `A variant holds at most ${units(MAX_UNITS)}.` };
    return { edit: { kind: 'adjust', by } };
  }
  if (!/^\d{1,9}$/.test(entry)) return { error: wrong };
  const quantity = Number(entry);
  if (quantity > MAX_UNITS) return { error: `A variant holds at most ${units(MAX_UNITS)}.` };
  return quantity === current && seen === current ? {} : { edit: { kind: 'set', quantity, expected: seen } };
}

/** What a saved edit did, in a sentence. */
function doneMessage(name: string, edit: StockEdit): string {
  if (edit.kind === 'set') return `${name}: ${units(edit.quantity)} in stock`;
  if (edit.kind === 'availability') return `${name}: ${edit.inStock ? 'in stock' : 'out of stock'}`;
  return `${name}: ${units(Math.abs(edit.by))} ${edit.by > 0 ? 'added' : 'taken away'}`;
}

/**
 * A tracked variant's units, edited in place: type a count (or +3 / −2) and press Enter or Save, or add and take
 * away one unit with the buttons. Escape puts the field back. A refusal is said under the field.
 */
function QuantityEditor({ level }: { level: StockLevel }) {
  const id = useId();
  const name = variantName(level);
  const current = level.quantity ?? 0;
  const edit = useStockEdit(level);
  // What is typed, and the count it was typed over (a count set is saved only if the stock still has it). null: the
  // field shows the count as it is, and follows it when it changes.
  const [draft, setDraft] = useState<{ text: string; seen: number } | null>(null);
  const [typo, setTypo] = useState<string>();
  const shown = draft?.text ?? String(current);
  const dirty = draft !== null && draft.text.trim() !== String(current);
  const error = typo ?? (edit.error ? stockMessageOf(edit.error) : undefined);

  const run = (change: StockEdit) =>
    edit.mutate(change, {
      onSuccess: () => {
        setDraft(null);
        toast(doneMessage(name, change));
      },
      onError: (e) => {
        // The message says the new count: saving again means "over that one".
        if (e instanceof StockChangedError && e.now !== undefined) {
          const now = e.now;
          setDraft((d) => d && { ...d, seen: now });
        }
      },
    });
  const save = () => {
    const read = readEntry(shown, current, draft?.seen ?? current);
    setTypo(read.error);
    if (read.error) return;
    if (read.edit) run(read.edit);
    else setDraft(null);
  };
  const step = (by: number) => {
    setTypo(undefined);
    setDraft(null);
    run({ kind: 'adjust', by });
  };

  return (
    <div className={`inv-qty${error ? ' inv-qty--invalid' : ''}`}>
      <form
        className="inv-qty__row"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <button
          type="button"
          className="inv-qty__step"
          aria-label={`Take one unit away from ${name}`}
          disabled={current === 0 || edit.isPending}
          onClick={() => step(-1)}
        >
          −
        </button>
        <label htmlFor={id} className="visually-hidden">
          Quantity of {name}
        </label>
        <input
          id={id}
          className="inv-qty__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : ENTRY_HINT_ID}
          onChange={(e) => {
            const text = e.target.value;
            setDraft((d) => ({ text, seen: d?.seen ?? current }));
            setTypo(undefined);
            edit.reset();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && draft !== null) {
              e.preventDefault();
              setDraft(null);
              setTypo(undefined);
              edit.reset();
            }
          }}
        />
        <button
          type="button"
          className="inv-qty__step"
          aria-label={`Add one unit to ${name}`}
          disabled={current >= MAX_UNITS || edit.isPending}
          onClick={() => step(1)}
        >
          +
        </button>
        {dirty ? (
          <button
            type="submit"
            className="button button--small"
            disabled={edit.isPending}
            aria-busy={edit.isPending}
            aria-label={`Save quantity of ${name}`}
          >
            Save
          </button>
        ) : null}
      </form>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** An untracked variant's availability, chosen in place: in stock or out of stock. */
function AvailabilitySelect({ level }: { level: StockLevel }) {
  const id = useId();
  const name = variantName(level);
  const edit = useStockEdit(level);
  const error = edit.error ? stockMessageOf(edit.error) : undefined;
  return (
    <div className={`inv-qty${error ? ' inv-qty--invalid' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        Availability of {name}
      </label>
      <select
        id={id}
        className="inv-qty__select"
        value={level.inStock ? 'in' : 'out'}
        disabled={edit.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const change: StockEdit = { kind: 'availability', inStock: e.target.value === 'in' };
          edit.mutate(change, { onSuccess: () => toast(doneMessage(name, change)) });
        }}
      >
        <option value="in">In stock</option>
        <option value="out">Out of stock</option>
      </select>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A variant's stock: its units when it counts them, else in or out of stock; editable for those who may. */
export function StockCell({ level, editable }: { level: StockLevel; editable: boolean }) {
  if (editable) return level.trackQuantity ? <QuantityEditor level={level} /> : <AvailabilitySelect level={level} />;
  if (level.trackQuantity) return <span className="inv-nowrap">{units(level.quantity ?? 0)}</span>;
  return <span>{level.inStock ? 'In stock' : 'Out of stock'}</span>;
}
