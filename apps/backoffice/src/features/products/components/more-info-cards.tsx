import { CheckboxField, TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { searchInfoSections } from '../api/catalog-entities';
import { LIMITS, newKey } from '../hooks/product-form';
import type { CardProps } from './card-props';
import { EntityCombobox } from './entity-combobox';
import { RichTextField } from './rich-text-field';

function move<T>(list: T[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  if (item !== undefined) list.splice(to, 0, item);
}

function focusSoon(key: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus());
}

/**
 * Additional info sections (care, shipping, returns…), shown under the description in the shop: either the
 * product's own (a title and rich text each) or shared info sections, kept on their own page and referenced in order
 * (decision 0030: a product has one or the other, and shared ones replace its own).
 */
export function InfoSectionsCard(props: CardProps) {
  const { form, edit, readOnly } = props;
  return (
    <Card title="Additional info sections" id="info-sections">
      <div className="stack">
        <fieldset className="stack" disabled={readOnly}>
          <legend>Where the sections come from</legend>
          <div className="radio-row">
            <label>
              <input
                type="radio"
                name="sections-mode"
                checked={form.sectionsMode === 'own'}
                onChange={() =>
                  edit((f) => {
                    f.sectionsMode = 'own';
                  })
                }
              />
              This product’s own sections
            </label>
            <label>
              <input
                type="radio"
                name="sections-mode"
                checked={form.sectionsMode === 'shared'}
                onChange={() =>
                  edit((f) => {
                    f.sectionsMode = 'shared';
                  })
                }
              />
              Shared info sections
            </label>
          </div>
          <p className="field__hint">
            Shared info sections are written once on the Info sections page and can be used by many products; a change
            there shows on every product using them. A product has either its own sections or shared ones: saving with
            shared sections replaces its own.
          </p>
        </fieldset>
        {form.sectionsMode === 'own' ? <OwnSections {...props} /> : <SharedSections {...props} />}
      </div>
    </Card>
  );
}

/** The shared info sections the product uses, in order: add by searching, move, remove. */
function SharedSections({ form, edit, errors, readOnly }: CardProps) {
  const list = form.sharedSections;
  const ownCount = form.sections.length;
  return (
    <>
      {ownCount > 0 ? (
        <p className="notice" role="note">
          When you save, this product’s {ownCount === 1 ? 'own section is' : `${ownCount} own sections are`} replaced by
          the shared sections below.
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="muted">No shared sections chosen yet: search for one below.</p>
      ) : (
        <ol className="row-list" aria-label="Shared info sections, in the order shown">
          {list.map((s, i) => {
            const label = s.uniqueName;
            return (
              <li key={s.id}>
                <div className="row-list__head">
                  <div className="shared-section">
                    <strong>{s.uniqueName}</strong>
                    <span className="muted">{s.title}</span>
                  </div>
                  {readOnly ? null : (
                    <div className="row-actions">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Move ${label} up`}
                        disabled={i === 0}
                        onClick={() => edit((f) => move(f.sharedSections, i, i - 1))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={`Move ${label} down`}
                        disabled={i === list.length - 1}
                        onClick={() => edit((f) => move(f.sharedSections, i, i + 1))}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => edit((f) => void f.sharedSections.splice(i, 1))}
                      >
                        Remove<span className="visually-hidden"> {label}</span>
                      </button>
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {readOnly ? null : list.length >= LIMITS.sections ? (
        <p className="muted">At most {LIMITS.sections} sections.</p>
      ) : (
        <EntityCombobox
          label="Add a shared info section"
          onPick={(c) =>
            edit((f) => {
              if (!f.sharedSections.some((x) => x.id === c.id))
                f.sharedSections.push({ id: c.id, uniqueName: c.name, title: c.detail ?? '' });
            })
          }
          exclude={list.map((s) => s.id)}
          search={searchInfoSections}
          searchKey="info-sections"
          error={errors.sharedSections}
          readOnly={readOnly}
          placeholder="Search by unique name or title"
          hint="Create new ones on the Info sections page."
        />
      )}
    </>
  );
}

/** The product's own sections: a title and rich text each, in the order shown. */
function OwnSections({ form, edit, errors, readOnly }: CardProps) {
  return (
    <>
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
    </>
  );
}

/**
 * Text the shopper types when buying (an engraving, a name on a cake): a title, a length limit, required or not. Part
 * of the customer choices card (the free-text modifiers of catalog v3).
 */
export function TextFields({ form, edit, errors, readOnly }: CardProps) {
  return (
    <>
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
    </>
  );
}
