import { CheckboxField, TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { LIMITS, newKey } from '../hooks/product-form';
import type { CardProps } from './card-props';
import { RichTextField } from './rich-text-field';

function move<T>(list: T[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  if (item !== undefined) list.splice(to, 0, item);
}

function focusSoon(key: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus());
}

/** Additional info sections (care, shipping, returns…): a title and rich text each, in the order shown. */
export function InfoSectionsCard({ form, edit, errors, readOnly }: CardProps) {
  return (
    <Card title="Additional info sections" id="info-sections">
      <div className="stack">
        {form.sections.length === 0 ? (
          <p className="muted">Sections such as “Care” or “Returns” appear under the description in the shop.</p>
        ) : (
          <ol className="row-list">
            {form.sections.map((s, i) => {
              const label = s.title.trim() || `Section ${i + 1}`;
              return (
                <li key={s.key}>
                  <div className="row-list__head">
                    <TextField
                      label={`Section ${i + 1} title`}
                      value={s.title}
                      maxLength={LIMITS.sectionTitle}
                      readOnly={readOnly}
                      error={errors[`additionalInfoSections[${i}].title`]}
                      data-focus-key={s.key}
                      onChange={(e) => {
                        const v = e.target.value;
                        edit((f) => {
                          const x = f.sections[i];
                          if (x) x.title = v;
                        });
                      }}
                    />
                    {readOnly ? null : (
                      <div className="row-actions">
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Move ${label} up`}
                          disabled={i === 0}
                          onClick={() => edit((f) => move(f.sections, i, i - 1))}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Move ${label} down`}
                          disabled={i === form.sections.length - 1}
                          onClick={() => edit((f) => move(f.sections, i, i + 1))}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          onClick={() => edit((f) => void f.sections.splice(i, 1))}
                        >
                          Remove<span className="visually-hidden"> section {label}</span>
                        </button>
                      </div>
                    )}
                  </div>
                  <RichTextField
                    label={`${label} text`}
                    value={s.description}
                    disabled={readOnly}
                    error={errors[`additionalInfoSections[${i}].description`]}
                    onChange={(html) =>
                      edit((f) => {
                        const x = f.sections[i];
                        if (x) x.description = html;
                      })
                    }
                  />
                </li>
              );
            })}
          </ol>
        )}
        {readOnly ? null : (
          <div>
            <button
              type="button"
              className="button button--secondary"
              disabled={form.sections.length >= LIMITS.sections}
              onClick={() => {
                const key = newKey('section');
                edit((f) => void f.sections.push({ key, title: '', description: '' }));
                focusSoon(key);
              }}
            >
              Add section
            </button>
            {form.sections.length >= LIMITS.sections ? (
              <span className="muted"> At most {LIMITS.sections} sections.</span>
            ) : null}
          </div>
        )}
      </div>
    </Card>
  );
}

/** Text the shopper types when buying (an engraving, a name on a cake): a title, a length limit, required or not. */
export function TextFieldsCard({ form, edit, errors, readOnly }: CardProps) {
  return (
    <Card title="Custom text from the shopper" id="text-fields">
      <div className="stack">
        {form.textFields.length === 0 ? (
          <p className="muted">Ask the shopper for text with their order, such as an engraving.</p>
        ) : (
          <ul className="row-list">
            {form.textFields.map((t, i) => (
              <li key={t.key}>
                <div className="row-list__head">
                  <TextField
                    label={`Text field ${i + 1} title`}
                    value={t.title}
                    maxLength={LIMITS.textFieldTitle}
                    readOnly={readOnly}
                    error={errors[`customTextFields[${i}].title`]}
                    data-focus-key={t.key}
                    placeholder="Engraving"
                    onChange={(e) => {
                      const v = e.target.value;
                      edit((f) => {
                        const x = f.textFields[i];
                        if (x) x.title = v;
                      });
                    }}
                  />
                  <TextField
                    label={`Text field ${i + 1} longest text (characters)`}
                    inputMode="numeric"
                    value={t.maxLength}
                    readOnly={readOnly}
                    error={errors[`customTextFields[${i}].maxLength`]}
                    onChange={(e) => {
                      const v = e.target.value;
                      edit((f) => {
                        const x = f.textFields[i];
                        if (x) x.maxLength = v;
                      });
                    }}
                  />
                  {readOnly ? null : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => edit((f) => void f.textFields.splice(i, 1))}
                    >
                      Remove<span className="visually-hidden"> text field {i + 1}</span>
                    </button>
                  )}
                </div>
                <CheckboxField
                  label="The shopper must fill it in"
                  checked={t.mandatory}
                  disabled={readOnly}
                  onChange={(e) => {
                    const on = e.target.checked;
                    edit((f) => {
                      const x = f.textFields[i];
                      if (x) x.mandatory = on;
                    });
                  }}
                />
              </li>
            ))}
          </ul>
        )}
        {readOnly ? null : (
          <div>
            <button
              type="button"
              className="button button--secondary"
              disabled={form.textFields.length >= LIMITS.textFields}
              onClick={() => {
                const key = newKey('text');
                edit((f) => void f.textFields.push({ key, title: '', maxLength: '100', mandatory: false }));
                focusSoon(key);
              }}
            >
              Add text field
            </button>
            {form.textFields.length >= LIMITS.textFields ? (
              <span className="muted"> At most {LIMITS.textFields} text fields.</span>
            ) : null}
          </div>
        )}
      </div>
    </Card>
  );
}
