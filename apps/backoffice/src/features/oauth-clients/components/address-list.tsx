import { useId } from 'react';

/**
 * A list of addresses (redirect URIs, origins): one input each, added and removed one by one, each with the
 * server's refusal beside it (`errors` by index).
 */
export function AddressList({
  legend,
  hint,
  items,
  onChange,
  errors,
  placeholder,
  addLabel,
  locked = [],
  error,
}: {
  legend: string;
  hint: string;
  items: string[];
  onChange: (items: string[]) => void;
  errors: Record<number, string>;
  placeholder: string;
  addLabel: string;
  /** Addresses that stay (a built-in app's): shown, neither edited nor removed. */
  locked?: readonly string[];
  /** A refusal about the whole list. */
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="address-list" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error ? <p className="field__error">{error}</p> : null}
      {items.length === 0 ? <p className="muted">None yet.</p> : null}
      <ol>
        {items.map((item, i) => (
          // Rows are edited in place; the index is their identity while the list is being edited.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className={errors[i] ? 'field--invalid' : undefined}>
            <div className="address-list__row">
              <input
                readOnly={locked.includes(item)}
                type="url"
                value={item}
                placeholder={placeholder}
                aria-label={`${legend} ${i + 1}`}
                aria-invalid={errors[i] ? true : undefined}
                aria-describedby={errors[i] ? `${id}-${i}-error` : undefined}
                onChange={(e) => onChange(items.map((x, j) => (j === i ? e.target.value : x)))}
              />
              {locked.includes(item) ? (
                <span className="address-list__kept">Kept</span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  Remove<span className="visually-hidden"> {item || `${legend} ${i + 1}`}</span>
                </button>
              )}
            </div>
            {errors[i] ? (
              <p id={`${id}-${i}-error`} className="field__error">
                {errors[i]}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <button type="button" className="button button--secondary button--small" onClick={() => onChange([...items, ''])}>
        {addLabel}
      </button>
    </fieldset>
  );
}
