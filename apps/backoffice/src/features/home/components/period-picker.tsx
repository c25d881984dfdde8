import { useEffect, useId, useState } from 'react';
import { customRangeProblem, type DayRange, localDay, type PeriodKey, periodChoices } from '../periods';

/**
 * The period Home reports on: a preset, or a custom range of days (checked before it is used; the problem is said
 * beside the dates).
 */
export function PeriodPicker({
  value,
  custom,
  onChange,
}: {
  value: PeriodKey;
  custom: Partial<DayRange>;
  onChange: (key: PeriodKey, range?: DayRange) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<PeriodKey>(value);
  const [start, setStart] = useState(custom.start ?? '');
  const [end, setEnd] = useState(custom.end ?? '');
  const [problem, setProblem] = useState<string>();
  useEffect(() => setChoice(value), [value]);
  const today = localDay();
  return (
    <form
      className="period-picker"
      aria-label="Report period"
      onSubmit={(e) => {
        e.preventDefault();
        const wrong = customRangeProblem({ start, end }, today);
        setProblem(wrong);
        if (!wrong) onChange('custom', { start, end });
      }}
    >
      <label htmlFor={`${id}-period`} className="visually-hidden">
        Period
      </label>
      <select
        id={`${id}-period`}
        value={choice}
        onChange={(e) => {
          const next = e.target.value as PeriodKey;
          setChoice(next);
          setProblem(undefined);
          if (next !== 'custom') onChange(next);
        }}
      >
        {periodChoices.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
      {choice === 'custom' ? (
        <>
          <label htmlFor={`${id}-start`}>From</label>
          <input
            id={`${id}-start`}
            type="date"
            value={start}
            max={today}
            onChange={(e) => setStart(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <label htmlFor={`${id}-end`}>To</label>
          <input
            id={`${id}-end`}
            type="date"
            value={end}
            max={today}
            onChange={(e) => setEnd(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <button type="submit" className="button button--secondary">
            Apply
          </button>
          {problem ? (
            <p id={`${id}-problem`} className="field__error period-picker__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </>
      ) : null}
    </form>
  );
}
