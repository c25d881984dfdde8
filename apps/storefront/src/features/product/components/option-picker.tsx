import type { Product } from '@merx/contract';
import { useId } from 'react';
import type { Availability } from '../stock';

type Option = NonNullable<Product['productOptions']>[number];

interface Props {
  option: Option;
  value: string | undefined;
  /** Whether a choice (by description) is in stock, on preorder or sold out with the other options as chosen. */
  availability: (choice: string) => Availability;
  onChange: (choice: string) => void;
}

/** What a choice's name is followed by: nothing in stock, else whether it is on preorder or sold out. */
const NOTE: Record<Availability, string> = { in: '', preorder: 'preorder', out: 'sold out' };

/**
 * One option: colour swatches (radio buttons) or a drop-down; sold-out and preorder choices stay choosable and say
 * so.
 */
export function OptionPicker({ option, value, availability, onChange }: Props) {
  const id = useId();
  const name = option.name ?? '';
  const choices = (option.choices ?? []).filter((c) => c.visible !== false);
  if (option.optionType === 'color') {
    return (
      <fieldset className="option">
        <legend>
          {name}: <span className="option__value">{value ?? 'choose one'}</span>
        </legend>
        <div className="swatches">
          {choices.map((c) => {
            const label = c.description ?? c.value ?? '';
            const state = availability(label);
            const note = NOTE[state];
            return (
              <label
                key={label}
                className={`swatch${state === 'in' ? '' : ` swatch--${state}`}`}
                title={note ? `${label} (${note})` : label}
              >
                <input
                  type="radio"
                  name={`${id}-${name}`}
                  value={label}
                  checked={value === label}
                  onChange={() => onChange(label)}
                />
                <span className="swatch__color" style={{ background: c.value }} aria-hidden="true" />
                <span className="visually-hidden">
                  {label}
                  {note ? ` (${note})` : ''}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="option">
      <label htmlFor={`${id}-select`}>{name}</label>
      <select id={`${id}-select`} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="" disabled>
          Choose {name.toLowerCase()}
        </option>
        {choices.map((c) => {
          const label = c.description ?? c.value ?? '';
          const note = NOTE[availability(label)];
          return (
            <option key={label} value={label}>
              {label}
              {note ? ` — ${note}` : ''}
            </option>
          );
        })}
      </select>
    </div>
  );
}
