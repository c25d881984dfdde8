import { CheckboxField, TextArea, TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { formatNumber } from '../../../lib/format';
import { DEFAULT_PREORDER_MESSAGE, PREORDER_MESSAGE_MAX } from '../hooks/preorder';
import { LIMITS } from '../hooks/product-form';
import { variantField } from '../hooks/product-validation';
import { type CardProps, setText } from './card-props';

/** The hint under a quantity that went below zero: units owed to buyers who preordered. */
export function owedHint(owed: number): string {
  return `${formatNumber(owed)} preordered ${owed === 1 ? 'unit is' : 'units are'} owed to buyers; new stock fills them first.`;
}

/**
 * Preorder: once a variant is out of stock, buyers may still order it (down to the limit below zero when quantities
 * are tracked), and they read the message beside the buy button and on their order line.
 */
function PreorderFields({ form, edit, errors, readOnly }: CardProps) {
  const { preorder } = form;
  return (
    <fieldset className="preorder" disabled={readOnly}>
      <legend>Preorder</legend>
      <CheckboxField
        label="Let customers preorder when out of stock"
        role="switch"
        checked={preorder.enabled}
        aria-checked={preorder.enabled}
        onChange={(e) => {
          const on = e.target.checked;
          edit((f) => {
            f.preorder.enabled = on;
          });
        }}
        hint={
          form.trackInventory
            ? 'The product stays on sale at zero; its quantity goes below zero by the units owed.'
            : 'Variants marked out of stock stay on sale as preorders.'
        }
      />
      {preorder.enabled ? (
        <div className="stack preorder__fields">
          <TextArea
            label="Message to buyers (optional)"
            rows={2}
            value={preorder.message}
            placeholder={DEFAULT_PREORDER_MESSAGE}
            onChange={(e) => {
              const v = e.target.value;
              edit((f) => {
                f.preorder.message = v;
              });
            }}
            error={errors['preorderInfo.message']}
            hint={`Shown beside the Preorder button and on the order. ${preorder.message.length} of ${PREORDER_MESSAGE_MAX} characters`}
            maxLength={PREORDER_MESSAGE_MAX}
            readOnly={readOnly}
          />
          {form.trackInventory ? (
            <div className="form-row">
              <TextField
                label="How many units can be preordered"
                inputMode="numeric"
                value={preorder.limit}
                placeholder="No limit"
                onChange={(e) => {
                  const v = e.target.value;
                  edit((f) => {
                    f.preorder.limit = v;
                  });
                }}
                error={errors['preorderInfo.limit']}
                hint="Per variant, beyond the units in stock. Leave empty for no limit."
                readOnly={readOnly}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

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
                hint={only.owed > 0 && Number(only.quantity) === -only.owed ? owedHint(only.owed) : undefined}
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
        <PreorderFields form={form} edit={edit} errors={errors} readOnly={readOnly} />
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
