import { useId, useState } from 'react';
import { useCan } from '../../../lib/me';
import { ALL_EVENTS, type EventArea, eventAreas } from '../lib/event-groups';

/** A group's box: on when all its events are, mixed when some are. */
function AreaBox({
  area,
  selected,
  disabled,
  onChange,
}: {
  area: EventArea;
  selected: ReadonlySet<string>;
  disabled: boolean;
  onChange: (types: string[], on: boolean) => void;
}) {
  const types = area.events.map((e) => e.type);
  const count = types.filter((t) => selected.has(t)).length;
  return (
    <label className="event-picker__area-box">
      <input
        type="checkbox"
        checked={count === types.length}
        disabled={disabled}
        ref={(el) => {
          if (el) el.indeterminate = count > 0 && count < types.length;
        }}
        onChange={(e) => onChange(types, e.target.checked)}
      />
      <span>Select all in {area.label}</span>
    </label>
  );
}

/**
 * Which events an endpoint receives: "All events" (every event the staff member may read, new kinds included), or
 * a choice by area with a search over the words and the type names. Only events the staff member may read are
 * offered; the server refuses the others.
 */
export function EventPicker({
  value,
  onChange,
  error,
  disabled = false,
}: {
  value: readonly string[];
  onChange: (types: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const can = useCan();
  const id = useId();
  const [search, setSearch] = useState('');
  const all = value.includes(ALL_EVENTS);
  const selected = new Set(value);
  const words = search.trim().toLowerCase();
  const areas = eventAreas
    .map((a) => ({ ...a, events: a.events.filter((e) => can(e.scope)) }))
    .filter((a) => a.events.length > 0);
  const shown = areas
    .map((a) => ({
      ...a,
      events: words
        ? a.events.filter(
            (e) =>
              e.description.toLowerCase().includes(words) ||
              e.type.toLowerCase().includes(words) ||
              a.label.toLowerCase().includes(words),
          )
        : a.events,
    }))
    .filter((a) => a.events.length > 0);
  const set = (types: string[], on: boolean) => {
    const next = new Set(value.filter((t) => t !== ALL_EVENTS));
    for (const t of types) {
      if (on) next.add(t);
      else next.delete(t);
    }
    onChange([...next]);
  };

  return (
    <fieldset className="event-picker" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>Events to send</legend>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field__hint">
          {all
            ? 'Every event you may see is sent, including kinds added to Merx later.'
            : `${value.length} chosen. Pick only what the receiving app uses: fewer events, less work for it.`}
        </p>
      )}
      <label className="event-picker__all">
        <input
          type="checkbox"
          checked={all}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked ? [ALL_EVENTS] : [])}
        />
        <span>All events</span>
      </label>
      {all ? null : (
        <>
          <div className="field event-picker__search">
            <label htmlFor={`${id}-search`}>Find an event</label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              placeholder="order, stock, product_created…"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {shown.length === 0 ? <p className="muted">No event matches “{search.trim()}”.</p> : null}
          {shown.map((area) => {
            const chosen = area.events.filter((e) => selected.has(e.type)).length;
            return (
              // An area opens when it holds chosen events or the search found some in it; the others stay short.
              <details key={area.label} className="event-picker__area" open={Boolean(words) || chosen > 0}>
                <summary>
                  {area.label}{' '}
                  <span className="muted">
                    ({chosen} of {area.events.length} chosen)
                  </span>
                </summary>
                <AreaBox area={area} selected={selected} disabled={disabled} onChange={set} />
                <ul>
                  {area.events.map((e) => (
                    <li key={e.type}>
                      <label className="scope">
                        <input
                          type="checkbox"
                          checked={selected.has(e.type)}
                          disabled={disabled}
                          onChange={(ev) => set([e.type], ev.target.checked)}
                        />
                        <span>
                          {e.description} <code className="event-picker__type">{e.type}</code>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </details>
            );
          })}
        </>
      )}
    </fieldset>
  );
}
