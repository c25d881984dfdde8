import { useId } from 'react';
import { CheckboxField, MoneyField, SelectField } from '../../../components/field';
import { formatMoney, storeMoney } from '../../../lib/format';
import { errorAt } from '../lib/field-errors';
import { blankTier, type RateMode, type RatesForm, type Tier, tierFields } from '../lib/rates';

const MODES: ReadonlyArray<{ value: RateMode; label: string; hint: string }> = [
  { value: 'flat', label: 'Flat rate', hint: 'One price for every order.' },
  { value: 'BY_TOTAL_WEIGHT', label: 'By order weight', hint: 'A price for each weight range.' },
  { value: 'BY_TOTAL_PRICE', label: 'By order price', hint: 'A price for each range of the items’ total.' },
  { value: 'BY_TOTAL_QUANTITY', label: 'By number of items', hint: 'A price for each range of item counts.' },
];

/** The measure of a tier's range, as its column header says. */
function measure(mode: RateMode, unit: string): { label: string; money: boolean } {
  if (mode === 'BY_TOTAL_WEIGHT') return { label: `weight (${unit.toLowerCase()})`, money: false };
  if (mode === 'BY_TOTAL_PRICE') return { label: `order price (${storeMoney.currency})`, money: true };
  return { label: 'items', money: false };
}

/**
 * How an option prices: one flat amount (or an amount per item), or tiers of weight, order price or item count,
 * each "from" (inclusive) "up to" (exclusive) with its price. The cheapest tier that fits an order applies.
 */
export function RatesEditor({
  value,
  onChange,
  weightUnit,
  onWeightUnit,
  errors,
}: {
  value: RatesForm;
  onChange: (next: RatesForm) => void;
  weightUnit: 'KG' | 'LB';
  onWeightUnit: (unit: 'KG' | 'LB') => void;
  errors: Record<string, string>;
}) {
  const name = useId();
  const setTier = (i: number, patch: Partial<Tier>) =>
    onChange({ ...value, tiers: value.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  const m = measure(value.mode, weightUnit);
  const chooseMode = (mode: RateMode) => {
    if (mode === value.mode) return;
    // Tiers start from the flat price, so switching does not lose it.
    const tiers = value.tiers.length ? value.tiers : [{ ...blankTier, from: '0', amount: value.flatAmount }];
    onChange({ ...value, mode, tiers });
  };

  return (
    <div className="stack">
      <fieldset className="choice-group plain-fieldset">
        <legend>How the price is set</legend>
        <div className="mode-choices">
          {MODES.map((mode) => (
            <label key={mode.value} className="mode-choice">
              <input
                type="radio"
                name={name}
                checked={value.mode === mode.value}
                onChange={() => chooseMode(mode.value)}
              />
              <span>
                <strong>{mode.label}</strong>
                <span className="muted">{mode.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {value.mode === 'custom' ? (
        <div className="warning" role="note">
          <p>These rates were set through the API in a way this page cannot show as a table:</p>
          <ul>
            {value.custom.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows set through the API have no identity but their place
              <li key={i}>
                {formatMoney(r.amount)}
                {r.multiplyByQuantity ? ' per item' : ''}
                {r.conditions.length
                  ? ` when ${r.conditions.map((c) => `${c.type.replace('BY_TOTAL_', '').toLowerCase()} ${c.operator} ${c.value}`).join(' and ')}`
                  : ' always'}
              </li>
            ))}
          </ul>
          <p>They stay as they are unless you choose another way of pricing above.</p>
        </div>
      ) : value.mode === 'flat' ? (
        <div className="form-row">
          <MoneyField
            label="Price"
            currency={storeMoney.currency}
            value={value.flatAmount}
            onChange={(e) => onChange({ ...value, flatAmount: e.target.value })}
            error={errorAt(errors, 'rates[0].amount') ?? errorAt(errors, 'rates')}
            hint="0 for free shipping."
          />
          <CheckboxField
            label="Charge it for each item"
            checked={value.perItem}
            onChange={(e) => onChange({ ...value, perItem: e.target.checked })}
            hint="Two items cost twice the price."
          />
        </div>
      ) : (
        <div className="stack">
          {value.mode === 'BY_TOTAL_WEIGHT' ? (
            <SelectField
              label="Weight unit"
              value={weightUnit}
              onChange={(e) => onWeightUnit(e.target.value as 'KG' | 'LB')}
              options={[
                { value: 'KG', label: 'Kilograms (kg)' },
                { value: 'LB', label: 'Pounds (lb)' },
              ]}
            />
          ) : null}
          <table className="tiers">
            <caption className="visually-hidden">Rates by {m.label}</caption>
            <thead>
              <tr>
                <th scope="col">From {m.label}</th>
                <th scope="col">Up to (not included)</th>
                <th scope="col">Price ({storeMoney.currency})</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {value.tiers.map((t, i) => {
                const f = tierFields(t, i);
                const fromError = t.from.trim() ? errorAt(errors, f.from) : undefined;
                const toError = t.to.trim() ? errorAt(errors, f.to) : undefined;
                const amountError = errorAt(errors, f.amount);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no identity but their place
                  <tr key={i}>
                    <td>
                      <TierInput
                        label={`Rate ${i + 1}: from`}
                        value={t.from}
                        onChange={(from) => setTier(i, { from })}
                        error={fromError}
                        placeholder="0"
                      />
                    </td>
                    <td>
                      <TierInput
                        label={`Rate ${i + 1}: up to`}
                        value={t.to}
                        onChange={(to) => setTier(i, { to })}
                        error={toError}
                        placeholder="No limit"
                      />
                    </td>
                    <td>
                      <TierInput
                        label={`Rate ${i + 1}: price`}
                        value={t.amount}
                        onChange={(amount) => setTier(i, { amount })}
                        error={amountError}
                        placeholder="0.00"
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => onChange({ ...value, tiers: value.tiers.filter((_, j) => j !== i) })}
                      >
                        Remove<span className="visually-hidden"> rate {i + 1}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {errors['rates'] ? <p className="field__error">{errors['rates']}</p> : null}
          <div>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                const last = value.tiers.at(-1);
                onChange({ ...value, tiers: [...value.tiers, { ...blankTier, from: last?.to ?? '' }] });
              }}
            >
              Add rate
            </button>
          </div>
          <p className="muted">
            When an order fits several rates, the cheapest applies. An order that fits none cannot use this option.
          </p>
        </div>
      )}
    </div>
  );
}

/** One cell's input of the tiers table, labelled for screen readers, its refusal below it. */
function TierInput({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder: string;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
