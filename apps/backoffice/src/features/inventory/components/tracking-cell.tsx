import type { StockLevel } from '@merx/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { TextField } from '../../../components/field';
import { admin } from '../../../lib/admin';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { MAX_UNITS, stockMessageOf, useTracking } from '../api/stock-edits';
import { variantName } from '../api/stock-levels';

/** A product's inventory item: how many variants a change of tracking reaches. */
const itemQuery = (productId: string) =>
  queryOptions({
    queryKey: ['inventory', 'item', productId],
    queryFn: async ({ signal }) =>
      (await (await admin()).inventory.getInventoryVariants(productId, {}, { signal })).inventoryItem,
    staleTime: 0,
  });

/**
 * Switching the counting of units on or off, for the whole product (the inventory API tracks per product), in a
 * modal dialog that says so first. Switched on, it asks for the units each variant starts with.
 */
function TrackingDialog({ level, on, onClose }: { level: StockLevel; on: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const item = useQuery(itemQuery(level.productId));
  const tracking = useTracking(level.productId);
  const [start, setStart] = useState('');
  const [startError, setStartError] = useState<string>();
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      before?.focus();
    };
  }, []);

  const count = item.data?.variants.length;
  const variants =
    count === undefined ? 'Every variant' : count === 1 ? 'Its one variant' : `All ${formatNumber(count)} variants`;
  const submit = () => {
    let startWith = 0;
    if (on) {
      if (!/^\d{1,9}$/.test(start.trim()) || Number(start) > MAX_UNITS) {
        setStartError(`Type a number of units from 0 to ${formatNumber(MAX_UNITS)}.`);
        return;
      }
      startWith = Number(start);
    }
    tracking.mutate(
      { on, startWith },
      {
        onSuccess: () => {
          toast(on ? `${level.productName}: quantity tracked` : `${level.productName}: quantity no longer tracked`);
          onClose();
        },
      },
    );
  };

  return (
    <dialog
      ref={ref}
      className="dialog inv-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onCancel={(e) => {
        e.preventDefault();
        if (!tracking.isPending) onClose();
      }}
    >
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!tracking.isPending) submit();
        }}
      >
        <h2 id={`${id}-title`}>
          {on ? `Track quantity of ${level.productName}?` : `Stop tracking quantity of ${level.productName}?`}
        </h2>
        <p id={`${id}-description`} className="muted">
          {on
            ? `${variants} of this product will count their units: orders take them, and a variant is out of stock at zero.`
            : `${variants} of this product will stop counting units. Each stays in stock if it has units left, out of stock if not, until you change it by hand; the history records no more changes.`}
        </p>
        {on ? (
          <TextField
            label="Units each variant starts with"
            inputMode="numeric"
            autoComplete="off"
            value={start}
            error={startError}
            hint="Variants that already count their units keep them. Set each variant's own count in the table afterwards."
            onChange={(e) => {
              setStart(e.target.value);
              setStartError(undefined);
            }}
          />
        ) : null}
        {tracking.error ? (
          <div className="form-error" role="alert">
            {stockMessageOf(tracking.error)}
          </div>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={tracking.isPending}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={tracking.isPending} aria-busy={tracking.isPending}>
            {tracking.isPending ? 'Saving…' : on ? 'Track quantity' : 'Stop tracking'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Whether a variant counts its units: a switch for those who may change it, words for the others. */
export function TrackingCell({ level, editable }: { level: StockLevel; editable: boolean }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  if (!editable) return <span>{level.trackQuantity ? 'Tracked' : 'Not tracked'}</span>;
  return (
    <div className="inv-track">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={level.trackQuantity}
        aria-checked={level.trackQuantity}
        aria-describedby={`${id}-note`}
        onChange={() => setAsking(true)}
      />
      <label htmlFor={id}>
        Track<span className="visually-hidden"> quantity of {variantName(level)}</span>
      </label>
      <span id={`${id}-note`} className="visually-hidden">
        Applies to every variant of {level.productName}
      </span>
      {asking ? <TrackingDialog level={level} on={!level.trackQuantity} onClose={() => setAsking(false)} /> : null}
    </div>
  );
}
