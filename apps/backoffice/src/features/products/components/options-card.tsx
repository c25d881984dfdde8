import { useEffect, useId, useRef } from 'react';
import { SelectField, TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { LIMITS, type MediaDraft, newKey, type OptionDraft, type OptionType } from '../hooks/product-form';
import type { CardProps } from './card-props';

const TYPES: ReadonlyArray<{ value: OptionType; label: string }> = [
  { value: 'drop_down', label: 'Drop-down list' },
  { value: 'color', label: 'Colour swatches' },
];

/** Focuses the field marked `data-focus-key` once it is on screen (after "Add option" or "Add choice"). */
export function useFocusLater() {
  const pending = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!pending.current) return;
    document.querySelector<HTMLElement>(`[data-focus-key="${pending.current}"]`)?.focus();
    pending.current = undefined;
  });
  return (key: string) => {
    pending.current = key;
  };
}

function move<T>(list: T[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  if (item !== undefined) list.splice(to, 0, item);
}

export function ColourInput({
  label,
  value,
  error,
  readOnly,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={`${id}-hex`}>{label}</label>
      <div className="swatch-input">
        <input
          type="color"
          aria-label={`${label}, picker`}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000'}
          disabled={readOnly}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          id={`${id}-hex`}
          type="text"
          value={value}
          maxLength={7}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Which of the product's images a choice shows (a colour's photos), as checkboxes. */
function ChoiceMedia({
  choiceName,
  selected,
  media,
  readOnly,
  onChange,
}: {
  choiceName: string;
  selected: string[];
  media: MediaDraft[];
  readOnly: boolean;
  onChange: (keys: string[]) => void;
}) {
  if (media.length === 0) return null;
  return (
    <details className="choice-media">
      <summary>
        Images for {choiceName || 'this choice'} ({selected.filter((k) => media.some((m) => m.key === k)).length})
      </summary>
      <fieldset disabled={readOnly}>
        <legend className="visually-hidden">Images shown when {choiceName || 'this choice'} is chosen</legend>
        <div className="choice-media__list">
          {media.map((m, i) => (
            <label key={m.key}>
              <img className="thumb" src={m.url} alt="" width={56} height={56} />
              <span>
                <input
                  type="checkbox"
                  checked={selected.includes(m.key)}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...selected, m.key] : selected.filter((k) => k !== m.key))
                  }
                />{' '}
                Image {i + 1}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}

function OptionItem({
  option,
  index,
  count,
  props,
  focusLater,
}: {
  option: OptionDraft;
  index: number;
  count: number;
  props: CardProps;
  focusLater: (key: string) => void;
}) {
  const { edit, errors, readOnly, form } = props;
  const at = `productOptions[${index}]`;
  const label = option.name.trim() || `Option ${index + 1}`;
  const change = (recipe: (o: OptionDraft) => void) =>
    edit((f) => {
      const o = f.options[index];
      if (o) recipe(o);
    });
  const addChoice = () => {
    const key = newKey('choice');
    change((o) => void o.choices.push({ key, name: '', color: '#000000', mediaKeys: [] }));
    focusLater(key);
  };
  return (
    <li>
      <div className="row-list__head">
        <TextField
          label={`Option ${index + 1} name`}
          value={option.name}
          placeholder="Size, Colour, Material…"
          maxLength={LIMITS.optionName}
          readOnly={readOnly}
          error={errors[`${at}.name`]}
          data-focus-key={option.key}
          onChange={(e) => {
            const v = e.target.value;
            change((o) => {
              o.name = v;
            });
          }}
        />
        <SelectField
          label={`${label}: shown as`}
          value={option.optionType}
          options={TYPES}
          disabled={readOnly}
          onChange={(e) => {
            const v = e.target.value as OptionType;
            change((o) => {
              o.optionType = v;
            });
          }}
        />
        {readOnly ? null : (
          <div className="row-actions">
            <button
              type="button"
              className="icon-button"
              aria-label={`Move ${label} up`}
              disabled={index === 0}
              onClick={() => edit((f) => move(f.options, index, index - 1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Move ${label} down`}
              disabled={index === count - 1}
              onClick={() => edit((f) => move(f.options, index, index + 1))}
            >
              ↓
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => edit((f) => void f.options.splice(index, 1))}
            >
              Remove<span className="visually-hidden"> option {label}</span>
            </button>
          </div>
        )}
      </div>
      {errors[`${at}.choices`] ? <p className="field__error">{errors[`${at}.choices`]}</p> : null}
      <ul className="choices" aria-label={`Choices of ${label}`}>
        {option.choices.map((c, j) => (
          <li key={c.key}>
            <TextField
              label={`${label} choice ${j + 1}`}
              value={c.name}
              maxLength={LIMITS.choiceName}
              readOnly={readOnly}
              error={errors[`${at}.choices[${j}].description`]}
              data-focus-key={c.key}
              onChange={(e) => {
                const v = e.target.value;
                change((o) => {
                  const choice = o.choices[j];
                  if (choice) choice.name = v;
                });
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !readOnly) {
                  e.preventDefault();
                  if (j === option.choices.length - 1) addChoice();
                  else document.querySelector<HTMLElement>(`[data-focus-key="${option.choices[j + 1]?.key}"]`)?.focus();
                }
              }}
            />
            {option.optionType === 'color' ? (
              <ColourInput
                label={`${c.name || `Choice ${j + 1}`} colour`}
                value={c.color}
                readOnly={readOnly}
                error={errors[`${at}.choices[${j}].value`]}
                onChange={(v) =>
                  change((o) => {
                    const choice = o.choices[j];
                    if (choice) choice.color = v;
                  })
                }
              />
            ) : null}
            {readOnly ? null : (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove choice ${c.name || j + 1} of ${label}`}
                onClick={() => change((o) => void o.choices.splice(j, 1))}
              >
                ×
              </button>
            )}
            <ChoiceMedia
              choiceName={c.name}
              selected={c.mediaKeys}
              media={form.media}
              readOnly={readOnly}
              onChange={(keys) =>
                change((o) => {
                  const choice = o.choices[j];
                  if (choice) choice.mediaKeys = keys;
                })
              }
            />
          </li>
        ))}
      </ul>
      {readOnly ? null : (
        <button type="button" className="button button--secondary button--small" onClick={addChoice}>
          Add choice<span className="visually-hidden"> to {label}</span>
        </button>
      )}
    </li>
  );
}

/**
 * Options (size, colour…) with their choices: a drop-down list or colour swatches, each choice with a name, a colour
 * for swatches, and the product images it shows. Every combination of choices is a variant (below).
 */
export function OptionsCard(props: CardProps) {
  const { form, edit, errors, readOnly } = props;
  const focusLater = useFocusLater();
  const full = form.options.length >= LIMITS.options;
  return (
    <Card title="Options" id="options">
      <div className="stack">
        {form.options.length === 0 ? (
          <p className="muted">Add options when the product comes in sizes, colours or other choices.</p>
        ) : (
          <ul className="row-list">
            {form.options.map((o, i) => (
              <OptionItem
                key={o.key}
                option={o}
                index={i}
                count={form.options.length}
                props={props}
                focusLater={focusLater}
              />
            ))}
          </ul>
        )}
        {errors.productOptions ? <p className="field__error">{errors.productOptions}</p> : null}
        {readOnly ? null : (
          <div>
            <button
              type="button"
              className="button button--secondary"
              disabled={full}
              onClick={() => {
                const key = newKey('option');
                edit(
                  (f) =>
                    void f.options.push({
                      key,
                      name: '',
                      optionType: 'drop_down',
                      choices: [{ key: newKey('choice'), name: '', color: '#000000', mediaKeys: [] }],
                    }),
                );
                focusLater(key);
              }}
            >
              Add option
            </button>
            {full ? <span className="muted"> At most {LIMITS.options} options.</span> : null}
          </div>
        )}
      </div>
    </Card>
  );
}
