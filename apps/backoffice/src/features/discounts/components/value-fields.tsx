import { useId } from 'react';
import { MoneyField, SelectField } from '../../../components/field';
import { storeMoney } from '../../../lib/format';

const LABELS: Record<string, string> = {
  PERCENTAGE: 'Percentage off',
  FIXED_AMOUNT: 'Amount off',
  FIXED_PRICE: 'Fixed price per item',
  FREE_SHIPPING: 'Free shipping',
};

/** A percentage, as typed, with its sign beside it. */
export function PercentField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="money-input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <span aria-hidden="true">%</span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** What a discount gives: its kind and its value (a percentage or an amount in the store's currency). */
export function ValueFields<T extends string>({
  types,
  type,
  value,
  onChange,
  error,
}: {
  types: readonly T[];
  type: T;
  value: string;
  onChange: (change: { type?: T; value?: string }) => void;
  error?: string | undefined;
}) {
  return (
    <div className="form-row">
      <SelectField
        label="Type"
        value={type}
        onChange={(e) => onChange({ type: e.target.value as T })}
        options={types.map((t) => ({ value: t, label: LABELS[t] ?? t }))}
      />
      {type === 'PERCENTAGE' ? (
        <PercentField label="Percentage" value={value} onChange={(v) => onChange({ value: v })} error={error} />
      ) : type === 'FREE_SHIPPING' ? null : (
        <MoneyField
          label={type === 'FIXED_PRICE' ? 'Price' : 'Amount'}
          currency={storeMoney.currency}
          value={value}
          onChange={(e) => onChange({ value: e.target.value })}
          error={error}
          hint={
            type === 'FIXED_PRICE' ? 'Each item it covers costs this much (never more than its own price).' : undefined
          }
        />
      )}
    </div>
  );
}
