import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface FieldFrame {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The label, hint and error around a control, tied to it for screen readers. */
function Frame({ id, label, error, hint, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, f: FieldFrame) => (f.error ? `${id}-error` : f.hint ? `${id}-hint` : undefined);

/** A labelled text (or number, email…) input. */
export function TextField({ label, error, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & FieldFrame) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, error, hint })}
        {...input}
      />
    </Frame>
  );
}

/** A labelled multi-line text input. */
export function TextArea({ label, error, hint, ...input }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldFrame) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, error, hint })}
        {...input}
      />
    </Frame>
  );
}

/** A labelled drop-down of `options`. */
export function SelectField({
  label,
  error,
  hint,
  options,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> &
  FieldFrame & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, error, hint })}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A labelled checkbox (the label sits after the box). */
export function CheckboxField({
  label,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** An amount of money as the API takes it (a decimal string), with the store's currency beside it. */
export function MoneyField({
  label,
  error,
  hint,
  currency,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & FieldFrame & { currency: string }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <div className="money-input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          pattern="[0-9]*([.,][0-9]{0,4})?"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { label, error, hint })}
          {...input}
        />
        <span aria-hidden="true">{currency}</span>
      </div>
    </Frame>
  );
}
