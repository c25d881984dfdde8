import { useId } from 'react';
import { charCount, clipText, inputMaxLength, type TextModifier } from '../modifiers';

interface Props {
  modifier: TextModifier;
  value: string;
  /** Why the text is refused (shown once the buyer tried to add to cart), if it is. */
  error: string | undefined;
  onChange: (value: string) => void;
  /** The input, so that the page can take the buyer to the first field refused. */
  inputRef?: (input: HTMLInputElement | null) => void;
}

/**
 * One free-text modifier (an engraving): its title as the label, "(required)" when mandatory, the count of
 * characters typed against the most, and the reason a text is refused, both tied to the input for screen readers.
 */
export function FreeTextField({ modifier, value, error, onChange, inputRef }: Props) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const max = modifier.maxChars;
  return (
    <div className="field free-text">
      <label htmlFor={id}>
        {modifier.title}
        {modifier.mandatory ? ' (required)' : ''}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        value={value}
        maxLength={inputMaxLength(value, max)}
        required={modifier.mandatory}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${countId}` : countId}
        autoComplete="off"
        // A paste past the most is held at it in whole characters (an emoji is never cut in half).
        onChange={(e) => onChange(clipText(e.target.value, max))}
      />
      <div className="free-text__notes">
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
        <p id={countId} className="field__hint free-text__count">
          {charCount(value)} of {max} characters
        </p>
      </div>
    </div>
  );
}
