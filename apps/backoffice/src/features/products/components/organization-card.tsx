import { CheckboxField } from '../../../components/field';
import { Card } from '../../../components/page';
import { messageOf } from '../../../lib/errors';
import { searchBrands, searchRibbons } from '../api/catalog-entities';
import { ALL_PRODUCTS_COLLECTION_ID, useCollectionChoices } from '../api/products';
import { LIMITS } from '../hooks/product-form';
import type { CardProps } from './card-props';
import { EntityCombobox } from './entity-combobox';
import { TagsField } from './tags-field';

/** Whether the shop shows the product, and a link to it there. */
export function VisibilityCard({ form, edit, readOnly, shopUrl }: CardProps & { shopUrl: string | undefined }) {
  return (
    <Card title="Visibility" id="visibility">
      <div className="stack">
        <CheckboxField
          label="Visible in the shop"
          checked={form.visible}
          disabled={readOnly}
          onChange={(e) => {
            const on = e.target.checked;
            edit((f) => {
              f.visible = on;
            });
          }}
          hint={form.visible ? 'Shoppers can find and buy it.' : 'Hidden: only staff see it.'}
        />
        {shopUrl ? (
          <a href={shopUrl} target="_blank" rel="noreferrer">
            View in the shop<span className="visually-hidden"> (opens a new tab)</span> ↗
          </a>
        ) : null}
      </div>
    </Card>
  );
}

/** Brand, ribbon (a short word on the product's picture, like “New”), tags and collections. */
export function OrganizationCard({ form, edit, errors, readOnly }: CardProps) {
  const collections = useCollectionChoices();
  const choices = (collections.data ?? []).filter((c) => c.id !== ALL_PRODUCTS_COLLECTION_ID);
  return (
    <Card title="Organization" id="organization">
      <div className="stack">
        <EntityCombobox
          label="Brand"
          value={form.brand}
          onChange={(next) =>
            edit((f) => {
              f.brand = next;
            })
          }
          search={searchBrands}
          searchKey="brands"
          createNoun="brand"
          noneLabel="No brand"
          error={errors.brand}
          maxLength={LIMITS.brand}
          readOnly={readOnly}
          hint="Choose one of your brands, or type a new name to create it."
        />
        <EntityCombobox
          label="Ribbon"
          value={form.ribbon}
          onChange={(next) =>
            edit((f) => {
              f.ribbon = next;
            })
          }
          search={searchRibbons}
          searchKey="ribbons"
          createNoun="ribbon"
          noneLabel="No ribbon"
          error={errors.ribbon}
          maxLength={LIMITS.ribbon}
          readOnly={readOnly}
          hint="A word shown on the picture, like “New” or “Sale”: choose one or type a new one."
        />
        <TagsField
          tags={form.tags}
          error={errors.tags}
          readOnly={readOnly}
          onChange={(tags) =>
            edit((f) => {
              f.tags = tags;
            })
          }
        />
        <fieldset disabled={readOnly}>
          <legend>Collections</legend>
          {collections.isPending ? (
            <p className="muted">Loading collections…</p>
          ) : collections.error ? (
            <p className="field__error">{messageOf(collections.error)}</p>
          ) : choices.length === 0 ? (
            <p className="muted">No collections yet.</p>
          ) : (
            choices.map((c) => (
              <CheckboxField
                key={c.id}
                label={c.name}
                checked={form.collectionIds.includes(c.id)}
                onChange={(e) => {
                  const on = e.target.checked;
                  edit((f) => {
                    f.collectionIds = on
                      ? [...new Set([...f.collectionIds, c.id])]
                      : f.collectionIds.filter((x) => x !== c.id);
                  });
                }}
              />
            ))
          )}
        </fieldset>
      </div>
    </Card>
  );
}
