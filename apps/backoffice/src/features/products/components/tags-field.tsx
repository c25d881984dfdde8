import { useId, useState } from 'react';
import { addTag, TAG_LIMITS } from '../hooks/tags';

/**
 * The product's public tags: typed and added with Enter (or the Add button), removed with their ×. A word typed but
 * not added yet is not saved, so the field says so while it holds one.
 */
export function TagsField({
  tags,
  onChange,
  error,
  readOnly,
}: {
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
  readOnly: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const shown = problem ?? error;
  const add = () => {
    const next = addTag(tags, text);
    if ('error' in next) {
      setProblem(next.error);
      return;
    }
    onChange(next.tags);
    setText('');
    setProblem(undefined);
  };
  return (
    <div className={`field${shown ? ' field--invalid' : ''}`}>
      {readOnly ? <span className="field__label">Tags</span> : <label htmlFor={id}>Tags</label>}
      {tags.length > 0 ? (
        <ul className="chips product-tags" aria-label="Tags of this product">
          {tags.map((t) => (
            <li key={t} className="chip">
              {t}
              {readOnly ? null : (
                <button
                  type="button"
                  aria-label={`Remove tag ${t}`}
                  onClick={() => onChange(tags.filter((x) => x !== t))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No tags</p>
      )}
      {readOnly ? null : (
        <div className="tag-add">
          <input
            id={id}
            value={text}
            maxLength={TAG_LIMITS.tagLength}
            placeholder="Type a tag, then Enter"
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-${shown ? 'error' : 'hint'}`}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <button type="button" className="button button--secondary button--small" onClick={add}>
            Add<span className="visually-hidden"> tag</span>
          </button>
        </div>
      )}
      {readOnly ? null : shown ? (
        <p id={`${id}-error`} className="field__error">
          {shown}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field__hint">
          {text.trim()
            ? 'Press Enter to add it: a tag left in the box is not saved.'
            : 'Words that group products, such as “summer” or “gift idea”. Apps and the shop can read them.'}
        </p>
      )}
    </div>
  );
}
