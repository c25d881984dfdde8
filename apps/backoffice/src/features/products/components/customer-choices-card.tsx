import { CheckboxField, MoneyField, SelectField, TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { storeMoney } from '../../../lib/format';
import { DEFAULT_SWATCH, type ModifierDraft, type ModifierKind } from '../hooks/modifiers';
import { LIMITS, newKey } from '../hooks/product-form';
import type { CardProps } from './card-props';
import { TextFields } from './more-info-cards';
import { ColourInput, useFocusLater } from './options-card';

const KINDS: ReadonlyArray<{ value: ModifierKind; label: string }> = [
  { value: 'TEXT_CHOICES', label: 'Words' },
  { value: 'SWATCH_CHOICES', label: 'Colour swatches' },
];

const newChoice = () => ({ key: newKey('mchoice'), name: '', color: DEFAULT_SWATCH, addedPrice: '' });

function ModifierItem({
  modifier,
  index,
  props,
  focusLater,
}: {
  modifier: ModifierDraft;
  index: number;
  props: CardProps;
  focusLater: (key: string) => void;
}) {
  const { edit, errors, readOnly } = props;
  const at = `modifiers[${index}]`;
  const label = modifier.name.trim() || `Choice list ${index + 1}`;
  const swatch = modifier.kind === 'SWATCH_CHOICES';
  const change = (recipe: (m: ModifierDraft) => void) =>
    edit((f) => {
      const m = f.modifiers[index];
      if (m) recipe(m);
    });
  const addChoice = () => {
    const choice = newChoice();
    change((m) => void m.choices.push(choice));
    focusLater(choice.key);
  };
  const choicesError = errors[`${at}.choicesSettings.choices`] ?? errors[`${at}.choicesSettings`] ?? errors[at];
  return (
    <li>
      <div className="row-list__head">
        <TextField
          label={`Choice list ${index + 1} name`}
          value={modifier.name}
          placeholder="Gift wrap, Ribbon colour…"
          maxLength={LIMITS.modifierName}
          readOnly={readOnly}
          error={errors[`${at}.name`]}
          data-focus-key={modifier.key}
          onChange={(e) => {
            const v = e.target.value;
            change((m) => {
              m.name = v;
            });
          }}
        />
        <SelectField
          label={`${label}: shown as`}
          value={modifier.kind}
          options={KINDS}
          disabled={readOnly}
          onChange={(e) => {
            const v = e.target.value as ModifierKind;
            change((m) => {
              m.kind = v;
            });
          }}
        />
        {readOnly ? null : (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => edit((f) => void f.modifiers.splice(index, 1))}
          >
            Remove<span className="visually-hidden"> choice list {label}</span>
          </button>
        )}
      </div>
      <CheckboxField
        label={`${label}: customers must choose one`}
        checked={modifier.mandatory}
        disabled={readOnly}
        onChange={(e) => {
          const on = e.target.checked;
          change((m) => {
            m.mandatory = on;
          });
        }}
      />
      {choicesError ? <p className="field__error">{choicesError}</p> : null}
      <ul className="choices" aria-label={`Choices of ${label}`}>
        {modifier.choices.map((c, j) => {
          const cAt = `${at}.choicesSettings.choices[${j}]`;
          const choiceLabel = `${label} choice ${j + 1}`;
          return (
            <li key={c.key}>
              <TextField
                label={choiceLabel}
                value={c.name}
                maxLength={LIMITS.choiceName}
                readOnly={readOnly}
                error={errors[`${cAt}.name`]}
                data-focus-key={c.key}
                onChange={(e) => {
                  const v = e.target.value;
                  change((m) => {
                    const x = m.choices[j];
                    if (x) x.name = v;
                  });
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !readOnly) {
                    e.preventDefault();
                    if (j === modifier.choices.length - 1) addChoice();
                    else
                      document
                        .querySelector<HTMLElement>(`[data-focus-key="${modifier.choices[j + 1]?.key}"]`)
                        ?.focus();
                  }
                }}
              />
              {swatch ? (
                <ColourInput
                  label={`${choiceLabel} colour`}
                  value={c.color}
                  readOnly={readOnly}
                  error={errors[`${cAt}.colorCode`]}
                  onChange={(v) =>
                    change((m) => {
                      const x = m.choices[j];
                      if (x) x.color = v;
                    })
                  }
                />
              ) : null}
              <MoneyField
                label={`${choiceLabel} adds to the price`}
                currency={storeMoney.currency}
                value={c.addedPrice}
                placeholder="0"
                readOnly={readOnly}
                error={errors[`${cAt}.addedPrice`]}
                onChange={(e) => {
                  const v = e.target.value;
                  change((m) => {
                    const x = m.choices[j];
                    if (x) x.addedPrice = v;
                  });
                }}
              />
              {readOnly ? null : (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove choice ${c.name.trim() || j + 1} of ${label}`}
                  onClick={() => change((m) => void m.choices.splice(j, 1))}
                >
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {readOnly ? null : (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={modifier.choices.length >= LIMITS.choices}
          onClick={addChoice}
        >
          Add choice<span className="visually-hidden"> to {label}</span>
        </button>
      )}
    </li>
  );
}

/**
 * What the customer adds to the product when buying it, without making a variant (decision 0033): lists of choices
 * to pick one from (gift wrap, a ribbon's colour), shown as words or colour swatches, each choice with an optional
 * added price; and text they type (an engraving). Saved with the product, through catalog v3.
 */
export function CustomerChoicesCard(props: CardProps) {
  const { form, edit, errors, readOnly } = props;
  const focusLater = useFocusLater();
  const full = form.modifiers.length + form.textFields.length >= LIMITS.modifiers;
  return (
    <Card title="Customer choices" id="customer-choices">
      <div className="stack">
        <p className="muted">
          Extras the customer picks or writes when buying, such as gift wrap or an engraving. They are not variants:
          they have no stock of their own, and a choice can add to the price.
        </p>
        <section className="stack" aria-labelledby="choice-lists-title">
          <h3 id="choice-lists-title">Choices to pick from</h3>
          {form.modifiers.length === 0 ? (
            <p className="muted">
              None yet. Add a list such as “Gift wrap” with the choices “None” and “Paper (+2.50)”.
            </p>
          ) : (
            <ul className="row-list" aria-label="Choice lists">
              {form.modifiers.map((m, i) => (
                <ModifierItem key={m.key} modifier={m} index={i} props={props} focusLater={focusLater} />
              ))}
            </ul>
          )}
          {errors.modifiers ? <p className="field__error">{errors.modifiers}</p> : null}
          {readOnly ? null : (
            <div>
              <button
                type="button"
                className="button button--secondary"
                disabled={full}
                onClick={() => {
                  const key = newKey('modifier');
                  edit(
                    (f) =>
                      void f.modifiers.push({
                        key,
                        name: '',
                        kind: 'TEXT_CHOICES',
                        mandatory: false,
                        choices: [newChoice()],
                      }),
                  );
                  focusLater(key);
                }}
              >
                Add choice list
              </button>
              {full ? (
                <span className="muted"> At most {LIMITS.modifiers} choice lists and text fields together.</span>
              ) : null}
            </div>
          )}
        </section>
        <section className="stack" aria-labelledby="text-fields-title">
          <h3 id="text-fields-title">Text the customer writes</h3>
          <TextFields {...props} />
        </section>
      </div>
    </Card>
  );
}
