import { useId } from 'react';
import type { ChoiceModifier, ModifierChoice } from '../modifiers';

interface Props {
  modifier: ChoiceModifier;
  /** The picked choice's key, if any. */
  value: string | undefined;
  /** "+ $2.50" for a choice's added price in minor units. */
  added: (minor: number) => string;
  /** A choice's key, or undefined to pick none (optional modifiers only). */
  onChange: (choice: string | undefined) => void;
}

/** "Paper (+ $2.50)", or the bare name when the choice adds nothing. */
const labelOf = (c: ModifierChoice, added: Props['added']) =>
  c.addedMinor > 0 ? `${c.name} (${added(c.addedMinor)})` : c.name;

/**
 * One choice modifier under the options: swatches (radio buttons with the colour's name and added price) or a
 * drop-down, as options are shown. An optional one can be set back to "None"; a mandatory one asks for a choice.
 */
export function ModifierPicker({ modifier, value, added, onChange }: Props) {
  const id = useId();
  const picked = modifier.choices.find((c) => c.key === value);
  const optional = modifier.mandatory ? '' : ' (optional)';
  if (modifier.kind === 'swatch') {
    return (
      <fieldset className="option modifier">
        <legend>
          {modifier.name}
          {optional}:{' '}
          <span className="option__value">
            {picked ? labelOf(picked, added) : modifier.mandatory ? 'choose one' : 'none'}
          </span>
        </legend>
        <div className="swatches">
          {modifier.choices.map((c) => (
            <label key={c.key} className="swatch swatch--priced" title={labelOf(c, added)}>
              <input
                type="radio"
                name={`${id}-${modifier.key}`}
                value={c.key}
                checked={value === c.key}
                onChange={() => onChange(c.key)}
              />
              <span className="swatch__color" style={{ background: c.colorCode }} aria-hidden="true" />
              <span className="visually-hidden">{labelOf(c, added)}</span>
              {c.addedMinor > 0 ? (
                <span className="swatch__price" aria-hidden="true">
                  {added(c.addedMinor)}
                </span>
              ) : null}
            </label>
          ))}
          {modifier.mandatory ? null : (
            <label className="swatch swatch--priced swatch--none" title="None">
              <input
                type="radio"
                name={`${id}-${modifier.key}`}
                value=""
                checked={!picked}
                onChange={() => onChange(undefined)}
              />
              <span className="swatch__color" aria-hidden="true" />
              <span className="visually-hidden">None</span>
            </label>
          )}
        </div>
      </fieldset>
    );
  }
  return (
    <div className="option modifier">
      <label htmlFor={`${id}-select`}>
        {modifier.name}
        {optional}
      </label>
      <select
        id={`${id}-select`}
        value={picked?.key ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="" disabled={modifier.mandatory}>
          {modifier.mandatory ? `Choose ${modifier.name.toLowerCase()}` : 'None'}
        </option>
        {modifier.choices.map((c) => (
          <option key={c.key} value={c.key}>
            {labelOf(c, added)}
          </option>
        ))}
      </select>
    </div>
  );
}
