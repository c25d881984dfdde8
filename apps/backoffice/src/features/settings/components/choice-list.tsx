import { useId } from 'react';

/** One choice of a `ChoiceList`: its value, its words, and a line on what it means. */
export interface Choice<V extends string> {
  value: V;
  label: string;
  help?: string;
}

/** A labelled group of radio buttons, each with a line on what it means (arrow keys move between them). */
export function ChoiceList<V extends string>({
  legend,
  choices,
  value,
  onChange,
  disabled,
  error,
}: {
  legend: string;
  choices: ReadonlyArray<Choice<V>>;
  value: V | undefined;
  onChange: (value: V) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset className="choice-list" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <div key={c.value} className="choice-list__item">
          <input
            type="radio"
            id={`${name}-${c.value}`}
            name={name}
            value={c.value}
            checked={value === c.value}
            disabled={disabled}
            onChange={() => onChange(c.value)}
            aria-describedby={c.help ? `${name}-${c.value}-help` : undefined}
          />
          <label htmlFor={`${name}-${c.value}`}>{c.label}</label>
          {c.help ? (
            <p id={`${name}-${c.value}-help`} className="field__hint">
              {c.help}
            </p>
          ) : null}
        </div>
      ))}
      {error ? (
        <p id={`${name}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
