import { memo, useCallback, useMemo } from 'react';
import { Card } from '../../../components/page';
import { formatNumber, storeMoney } from '../../../lib/format';
import { comboKey, type OptionDraft, type VariantDraft } from '../hooks/product-form';
import { variantField } from '../hooks/product-validation';
import type { CardProps } from './card-props';

type TextField = 'price' | 'cost' | 'weight' | 'sku' | 'quantity';

interface RowProps {
  variant: VariantDraft;
  name: string;
  swatches: string[];
  tracked: boolean;
  readOnly: boolean;
  placeholders: Record<'price' | 'cost' | 'weight' | 'sku', string>;
  errors: Record<string, string>;
  onText: (choiceKeys: string[], field: TextField, value: string) => void;
  onFlag: (choiceKeys: string[], field: 'visible' | 'inStock', value: boolean) => void;
}

function Cell({
  row,
  field,
  label,
  inputMode,
}: {
  row: RowProps;
  field: TextField;
  label: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
}) {
  const key = variantField(row.variant.choiceKeys, field);
  const error = row.errors[key];
  const errorId = `${comboKey(row.variant.choiceKeys)}-${field}-error`;
  return (
    <td>
      <input
        type="text"
        inputMode={inputMode ?? 'text'}
        aria-label={`${row.name} ${label}`}
        value={row.variant[field]}
        placeholder={field === 'quantity' ? '0' : row.placeholders[field]}
        readOnly={row.readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => row.onText(row.variant.choiceKeys, field, e.target.value)}
      />
      {error ? (
        <p id={errorId} className="cell-error">
          {error}
        </p>
      ) : field === 'quantity' && row.variant.owed > 0 && Number(row.variant.quantity) === -row.variant.owed ? (
        <p className="cell-note">{`${formatNumber(row.variant.owed)} preordered`}</p>
      ) : null}
    </td>
  );
}

/** One variant's row; kept as it is while other rows change (a matrix may have a thousand). */
const VariantRow = memo(function VariantRow(row: RowProps) {
  const { variant, name, tracked, readOnly } = row;
  return (
    <tr className={variant.visible ? undefined : 'hidden-variant'}>
      <th scope="row" className="matrix__variant">
        {row.swatches.map((c) => (
          <span key={c} className="swatch" style={{ background: c }} aria-hidden="true" />
        ))}{' '}
        {name}
      </th>
      <Cell row={row} field="price" label="price" inputMode="decimal" />
      <Cell row={row} field="cost" label="cost" inputMode="decimal" />
      <Cell row={row} field="weight" label="weight" inputMode="decimal" />
      <Cell row={row} field="sku" label="SKU" />
      <td>
        <input
          type="checkbox"
          aria-label={`${name} visible in the shop`}
          checked={variant.visible}
          disabled={readOnly}
          onChange={(e) => row.onFlag(variant.choiceKeys, 'visible', e.target.checked)}
        />
      </td>
      {tracked ? (
        <Cell row={row} field="quantity" label="quantity in stock" inputMode="numeric" />
      ) : (
        <td>
          <label className="radio-row">
            <input
              type="checkbox"
              checked={variant.inStock}
              disabled={readOnly}
              onChange={(e) => row.onFlag(variant.choiceKeys, 'inStock', e.target.checked)}
            />
            <span>
              In stock<span className="visually-hidden">: {name}</span>
            </span>
          </label>
        </td>
      )}
    </tr>
  );
});

function describe(options: OptionDraft[], v: VariantDraft) {
  const parts = options.map((o, i) => o.choices.find((c) => c.key === v.choiceKeys[i]));
  return {
    name: parts.map((c, i) => c?.name.trim() || `Choice ${i + 1}`).join(' / '),
    swatches: options.flatMap((o, i) => (o.optionType === 'color' && parts[i] ? [parts[i].color] : [])),
  };
}

/**
 * The variant matrix: one row per combination of choices, with its own price, cost, weight and SKU (empty: as the
 * product), whether the shop shows it, and its stock (units when the product tracks quantity).
 */
export function VariantsCard({ form, edit, errors, readOnly }: CardProps) {
  const placeholders = useMemo(
    () => ({ price: form.price || '0', cost: form.cost, weight: form.weight, sku: form.sku }),
    [form.price, form.cost, form.weight, form.sku],
  );
  const onText = useCallback(
    (choiceKeys: string[], field: TextField, value: string) =>
      edit((f) => {
        const v = f.variants.find((x) => comboKey(x.choiceKeys) === comboKey(choiceKeys));
        if (v) v[field] = value;
      }),
    [edit],
  );
  const onFlag = useCallback(
    (choiceKeys: string[], field: 'visible' | 'inStock', value: boolean) =>
      edit((f) => {
        const v = f.variants.find((x) => comboKey(x.choiceKeys) === comboKey(choiceKeys));
        if (v) v[field] = value;
      }),
    [edit],
  );
  if (form.options.length === 0) return null;
  return (
    <Card title={`Variants (${form.variants.length})`} id="variants">
      <p className="muted">
        Empty price, cost, weight or SKU: the product’s. Amounts in {storeMoney.currency}, weights in kg.
        {form.trackInventory
          ? ' Quantities are units in stock; below zero, units owed to buyers who preordered.'
          : ' Tick “Track quantity” above to count units.'}
      </p>
      <div className="matrix">
        <table>
          <caption className="visually-hidden">Variants: price, cost, weight, SKU, visibility and stock</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Price</th>
              <th scope="col">Cost</th>
              <th scope="col">Weight</th>
              <th scope="col">SKU</th>
              <th scope="col">Visible</th>
              <th scope="col">{form.trackInventory ? 'Quantity' : 'Stock'}</th>
            </tr>
          </thead>
          <tbody>
            {form.variants.map((v) => {
              const { name, swatches } = describe(form.options, v);
              return (
                <VariantRow
                  key={comboKey(v.choiceKeys)}
                  variant={v}
                  name={name}
                  swatches={swatches}
                  tracked={form.trackInventory}
                  readOnly={readOnly}
                  placeholders={placeholders}
                  errors={errors}
                  onText={onText}
                  onFlag={onFlag}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
