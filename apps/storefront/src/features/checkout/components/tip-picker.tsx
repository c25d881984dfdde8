import type { Checkout } from '@merx/contract';
import { MerxApplicationError } from '@merx/sdk';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../lib/errors';
import { useUpdateCheckout } from '../api/checkout';

/**
 * A tip: one of the store's suggestions (the checkout's `tipOptions`, each with what it would be on this order) or,
 * when the store allows it, an amount. A checkout without `tipOptions` belongs to a store that takes no tips: no
 * picker then.
 */
export function TipPicker({ checkout }: { checkout: Checkout }) {
  const update = useUpdateCheckout(checkout.id);
  const [refused, setRefused] = useState(false);
  const [custom, setCustom] = useState(checkout.tipSelection?.customAmount !== undefined);
  const chosen = checkout.tipSelection;
  const tip = checkout.priceSummary.tip;
  const set = (tipSelection: { presetIndex: number } | { customAmount: string } | null) =>
    update.mutate(
      { tipSelection },
      {
        onError: (error) => {
          if (error instanceof MerxApplicationError && error.code === 'TIPS_NOT_ALLOWED') setRefused(true);
        },
      },
    );
  const options = checkout.tipOptions;
  if (refused || !options) return null;
  const onCustom = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const amount = String(new FormData(e.currentTarget).get('tip') ?? '').trim();
    if (/^\d+(\.\d{1,2})?$/.test(amount)) set({ customAmount: amount });
  };
  const labels = options.presets.map((p) =>
    p.percentage !== undefined ? `${p.percentage}% (${p.amount.formattedAmount})` : p.amount.formattedAmount,
  );
  return (
    <fieldset className="tip">
      <legend>Add a tip (optional)</legend>
      <div className="tip__choices">
        <button
          type="button"
          className="chip"
          aria-pressed={!chosen}
          onClick={() => {
            setCustom(false);
            set(null);
          }}
        >
          No tip
        </button>
        {options.presets.map((preset, i) => (
          <button
            key={preset.presetIndex}
            type="button"
            className="chip"
            aria-pressed={chosen?.presetIndex === preset.presetIndex}
            onClick={() => {
              setCustom(false);
              set({ presetIndex: preset.presetIndex });
            }}
          >
            {labels[i]}
          </button>
        ))}
        {options.allowCustomAmount ? (
          <button type="button" className="chip" aria-pressed={custom} onClick={() => setCustom(true)}>
            Other amount
          </button>
        ) : null}
      </div>
      {custom ? (
        <form className="inline-form" onSubmit={onCustom}>
          <label htmlFor="tip-amount">Tip amount</label>
          <div className="inline-form__row">
            <input id="tip-amount" name="tip" inputMode="decimal" defaultValue={chosen?.customAmount ?? ''} />
            <button type="submit" className="button">
              Add tip
            </button>
          </div>
        </form>
      ) : null}
      {chosen && tip ? (
        <p className="muted small" role="status">
          Tip: {tip.formattedAmount}
        </p>
      ) : null}
      {update.error && !refused ? (
        <p className="notice notice--error" role="alert">
          {messageOf(update.error)}
        </p>
      ) : null}
    </fieldset>
  );
}
