import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useShortcuts } from '../lib/shortcuts';

/**
 * The top of an index page: the search box (`/` focuses it; typing waits a moment before searching), the filter
 * controls, and chips for the filters that are on, each removable.
 */
export function ListToolbar({
  search,
  onSearch,
  placeholder,
  filters,
  chips = [],
}: {
  search: string;
  onSearch: (value: string) => void;
  placeholder: string;
  filters?: ReactNode;
  chips?: ReadonlyArray<{ label: string; onRemove: () => void }>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, search, onSearch]);
  useShortcuts(useMemo(() => ({ '/': () => input.current?.focus() }), []));
  return (
    <div className="toolbar">
      <search className="toolbar__search">
        <label htmlFor={id} className="visually-hidden">
          {placeholder}
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          placeholder={`${placeholder} (press /)`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSearch(text.trim());
            if (e.key === 'Escape') input.current?.blur();
          }}
        />
      </search>
      {filters ? <div className="toolbar__filters">{filters}</div> : null}
      {chips.length > 0 ? (
        <ul className="chips" aria-label="Filters on">
          {chips.map((c) => (
            <li key={c.label} className="chip">
              {c.label}
              <button type="button" aria-label={`Remove filter ${c.label}`} onClick={c.onRemove}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
