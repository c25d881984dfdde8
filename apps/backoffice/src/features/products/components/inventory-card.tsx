import { CheckboxField, TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { LIMITS } from '../hooks/product-form';
import { variantField } from '../hooks/product-validation';
import { type CardProps, setText } from './card-props';

/** SKU and stock (of the product itself when it has no options; per variant otherwise), type and weight. */
export function InventoryCard({ form, edit, errors, readOnly }: CardProps) {
  const only = form.options.length === 0 ? form.variants[0] : undefined;
  return (
    <Card title="Inventory and shipping" id="inventory">
      <div className="stack">
        <div className="form-row">
          <TextField
            label="SKU (stock keeping unit)"
            value={form.sku}
            onChange={setText(edit, 'sku')}
            error={errors.sku}
            maxLength={LIMITS.sku}
            readOnly={readOnly}
          />
        </div>
        <CheckboxField
          label="Track quantity"
          checked={form.trackInventory}
          disabled={readOnly}
          onChange={(e) => {
            const on = e.target.checked;
            edit((f) => {
              f.trackInventory = on;
            });
          }}
          hint="Counts units as orders take them; out of stock at zero."
        />
        {only ? (
          form.trackInventory ? (
            <div className="form-row">
              <TextField
                label="Quantity"
                inputMode="numeric"
                value={only.quantity}
                readOnly={readOnly}
                onChange={(e) => {
                  const v = e.target.value;
                  edit((f) => {
                    const first = f.variants[0];
                    if (first) first.quantity = v;
                  });
                }}
                error={errors[variantField([], 'quantity')]}
              />
            </div>
          ) : (
            <CheckboxField
              label="In stock"
              checked={only.inStock}
              disabled={readOnly}
              onChange={(e) => {
                const on = e.target.checked;
                edit((f) => {
                  const first = f.variants[0];
                  if (first) first.inStock = on;
                });
              }}
            />
          )
        ) : (
          <p className="muted">Each variant’s stock is set in the Variants table below.</p>
        )}
        <fieldset disabled={readOnly}>
          <legend>Type</legend>
          <div className="radio-row">
            <label>
              <input
                type="radio"
                name="product-type"
                checked={form.productType === 'physical'}
                onChange={() =>
                  edit((f) => {
                    f.productType = 'physical';
                  })
                }
              />
              Physical (shipped)
            </label>
            <label>
              <input
                type="radio"
                name="product-type"
                checked={form.productType === 'digital'}
                onChange={() =>
                  edit((f) => {
                    f.productType = 'digital';
                  })
                }
              />
              Digital (nothing to ship)
            </label>
          </div>
        </fieldset>
        {form.productType === 'physical' ? (
          <div className="form-row">
            <TextField
              label="Weight (kg)"
              inputMode="decimal"
              value={form.weight}
              onChange={setText(edit, 'weight')}
              error={errors.weight}
              readOnly={readOnly}
              hint="Used for shipping rates by weight."
            />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
