import type { Product } from '@merx/contract';
import { useId } from 'react';

type Option = NonNullable<Product['productOptions']>[number];

interface Props {
  option: Option;
  value: string | undefined;
  /** Choices (by description) in stock with the other options as chosen. */
  inStock: (choice: string) => boolean;
  onChange: (choice: string) => void;
}

/** One option: colour swatches (radio buttons) or a drop-down; sold-out choices stay choosable and say so. */
export function OptionPicker({ option, value, inStock, onChange }: Props) {
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
            const available = inStock(label);
            return (
              <label key={label} className={`swatch${available ? '' : ' swatch--out'}`} title={label}>
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
                  {available ? '' : ' (sold out)'}
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
          return (
            <option key={label} value={label}>
              {label}
              {inStock(label) ? '' : ' — sold out'}
            </option>
          );
        })}
      </select>
    </div>
  );
}
