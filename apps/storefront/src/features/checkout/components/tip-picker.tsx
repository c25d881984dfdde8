import type { Checkout } from '@merx/contract';
import { MerxApplicationError } from '@merx/sdk';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../lib/errors';
import { useUpdateCheckout } from '../api/checkout';

/**
 * A tip: one of the store's three suggestions or an amount. The tip settings are staff-only on the API, so the
 * suggestions are named by order and their amount shows once chosen; a store that takes no tips says so on the
 * first choice, and the picker then steps aside.
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
  if (refused) return null;
  const onCustom = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const amount = String(new FormData(e.currentTarget).get('tip') ?? '').trim();
    if (/^\d+(\.\d{1,2})?$/.test(amount)) set({ customAmount: amount });
  };
  const labels = ['Suggested tip 1', 'Suggested tip 2', 'Suggested tip 3'];
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
        {labels.map((label, i) => (
          <button
            key={label}
            type="button"
            className="chip"
            aria-pressed={chosen?.presetIndex === i}
            onClick={() => {
              setCustom(false);
              set({ presetIndex: i });
            }}
          >
            {label}
          </button>
        ))}
        <button type="button" className="chip" aria-pressed={custom} onClick={() => setCustom(true)}>
          Other amount
        </button>
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
