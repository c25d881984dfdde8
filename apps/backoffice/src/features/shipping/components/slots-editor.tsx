import { TextField } from '../../../components/field';
import { errorAt } from '../lib/field-errors';
import { localInputOf } from '../lib/values';

type Slot = { from: string; to: string };

/** Delivery windows: time slots the shopper chooses one of at checkout (in the merchant's time zone). */
export function SlotsEditor({
  value,
  onChange,
  errors,
}: {
  value: Slot[];
  onChange: (next: Slot[]) => void;
  errors: Record<string, string>;
}) {
  const set = (i: number, patch: Partial<Slot>) => onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div className="stack">
      {value.length === 0 ? (
        <p className="muted">No delivery windows: shoppers do not choose a time.</p>
      ) : (
        <ol className="slots">
          {value.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity but their place
            <li key={i} className="slot">
              <TextField
                label={`Window ${i + 1} starts`}
                type="datetime-local"
                value={s.from}
                onChange={(e) => set(i, { from: e.target.value })}
                error={errorAt(errors, `deliveryTimeSlots[${i}].from`)}
              />
              <TextField
                label={`Window ${i + 1} ends`}
                type="datetime-local"
                value={s.to}
                onChange={(e) => set(i, { to: e.target.value })}
                error={errorAt(errors, `deliveryTimeSlots[${i}].to`)}
              />
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                Remove<span className="visually-hidden"> window {i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            // The next window starts where the last ended (or tomorrow at 9:00), and lasts three hours.
            const last = value.at(-1)?.to;
            const start = last ? new Date(last) : new Date();
            if (!last) {
              start.setDate(start.getDate() + 1);
              start.setHours(9, 0, 0, 0);
            }
            const end = new Date(start.getTime() + 3 * 3600_000);
            onChange([...value, { from: localInputOf(start.toISOString()), to: localInputOf(end.toISOString()) }]);
          }}
        >
          Add delivery window
        </button>
      </div>
      <p className="muted">Times are in {zone}.</p>
    </div>
  );
}
