import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { messageOf } from '../../../lib/errors';
import type { NamedRef } from '../api/products';

/** An entity the combobox offers: what it is called, and a second line when useful. */
export interface EntityChoice {
  id: string;
  name: string;
  detail?: string;
}

interface Row {
  key: string;
  text: string;
  detail?: string | undefined;
  pick: () => void;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A combobox over a catalog entity (brands, ribbons, info sections), in the ARIA combobox pattern: typing searches
 * the store's entities, arrow keys move through them, Enter chooses, Escape closes. With `value` it holds one
 * choice: it can be cleared, and (`createNoun`) a name no entity has becomes a new one, created when the product is
 * saved. Without `value` each choice is handed to `onPick` and the box empties, ready for the next one.
 */
export function EntityCombobox({
  label,
  hint,
  error,
  readOnly,
  maxLength,
  value,
  onChange,
  onPick,
  exclude,
  search,
  searchKey,
  createNoun,
  noneLabel,
  placeholder,
  createdWhen = 'when you save the product',
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  readOnly: boolean;
  maxLength?: number;
  value?: NamedRef | null;
  onChange?: (next: NamedRef | null) => void;
  onPick?: (choice: EntityChoice) => void;
  exclude?: readonly string[];
  search: (term: string) => Promise<EntityChoice[]>;
  searchKey: string;
  /** Offers "Create …" for a name no entity has (the server creates it on saving). */
  createNoun?: string;
  /** The choice that clears the value (“No brand”). */
  noneLabel?: string;
  placeholder?: string;
  /** When a typed new name is created, for the status line (“when you save the product”). */
  createdWhen?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const holding = onChange !== undefined;
  const [text, setText] = useState(value?.name ?? '');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const focused = useRef(false);

  // The value changed elsewhere (saved, discarded, reloaded): show it unless the box is being typed in.
  useEffect(() => {
    if (!focused.current) setText(value?.name ?? '');
  }, [value?.name]);

  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);

  const hits = useQuery({
    queryKey: ['products', 'picker', searchKey, term],
    queryFn: () => search(term),
    enabled: open && !readOnly,
    staleTime: 10_000,
  });
  const typed = text.trim();
  // Only the answer to what the box says now: Enter never picks from an older search.
  const fresh = term === typed && !hits.isPlaceholderData;
  const found = fresh ? (hits.data ?? []).filter((c) => !exclude?.includes(c.id)) : [];

  const choose = (next: NamedRef | null) => {
    onChange?.(next);
    setText(next?.name ?? '');
    setOpen(false);
  };
  const rows: Row[] = found.map((c) => ({
    key: c.id,
    text: c.name,
    detail: c.detail,
    pick: () => {
      if (holding) choose({ id: c.id, name: c.name });
      else {
        onPick?.(c);
        setText('');
        setOpen(false);
      }
    },
  }));
  if (holding && createNoun && typed && fresh && !hits.isFetching && !found.some((c) => same(c.name, typed))) {
    rows.push({ key: 'create', text: `Create the ${createNoun} “${typed}”`, pick: () => choose({ name: typed }) });
  }
  if (holding && noneLabel && value) rows.push({ key: 'none', text: noneLabel, pick: () => choose(null) });
  const current = rows[Math.min(active, rows.length - 1)];

  /** Leaving the box keeps what it says: nothing (none), an entity of that name, or a new name. */
  const commit = () => {
    if (!holding) return;
    if (!typed) {
      if (value) choose(null);
      return;
    }
    if (value && same(value.name, typed)) {
      setText(value.name);
      return;
    }
    const match = found.find((c) => same(c.name, typed));
    if (match) choose({ id: match.id, name: match.name });
    else if (createNoun) choose({ name: typed });
    else setText(value?.name ?? '');
  };

  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : '', holding ? `${id}-status` : '']
    .filter(Boolean)
    .join(' ');
  const expanded = open && !readOnly;
  return (
    <div className={`field picker${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && current ? `${listId}-${current.key}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        readOnly={readOnly}
        maxLength={maxLength}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => {
          focused.current = true;
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          focused.current = false;
          setOpen(false);
          commit();
        }}
        onKeyDown={(e) => {
          if (readOnly) return;
          if (e.key === 'ArrowDown') {
            if (!open) setOpen(true);
            else setActive((i) => Math.min(i + 1, rows.length - 1));
          } else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter' && open && current) current.pick();
          else if (e.key === 'Escape' && open) {
            setOpen(false);
            if (holding) setText(value?.name ?? '');
          } else return;
          e.preventDefault();
        }}
      />
      {expanded ? (
        <div id={listId} role="listbox" aria-label={`${label}: choices`} className="picker__list">
          {rows.map((row) => (
            <div
              key={row.key}
              id={`${listId}-${row.key}`}
              role="option"
              tabIndex={-1}
              aria-selected={row === current}
              className={`picker__option${row.key === 'create' ? ' picker__option--create' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                row.pick();
              }}
            >
              <span>{row.text}</span>
              {row.detail ? <span className="picker__detail">{row.detail}</span> : null}
            </div>
          ))}
          {rows.length === 0 ? (
            <div className="picker__none" role="option" tabIndex={-1} aria-selected={false} aria-disabled="true">
              {hits.error
                ? messageOf(hits.error)
                : hits.isFetching || term !== typed
                  ? 'Searching…'
                  : typed
                    ? `Nothing found for “${typed}”`
                    : 'Nothing to choose yet'}
            </div>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {holding ? (
        <p id={`${id}-status`} className="field__hint" aria-live="polite">
          {value && !value.id ? `New: “${value.name.trim()}” is created ${createdWhen}.` : ''}
        </p>
      ) : null}
    </div>
  );
}
