import { useId, useState } from 'react';
import { TextField } from '../../../components/field';
import { FormError } from '../../../components/states';
import { fieldErrorsOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { type TrackingInput, useFulfil, useUpdateTracking } from '../api/order-actions';
import type { Fulfillment } from '../api/orders';
import { type LineView, unfulfilledOf } from '../lib/order-view';
import { CARRIERS } from '../lib/words';
import { ActionDialog } from './action-dialog';
import { LineImage } from './lines-card';

export interface TrackingDraft {
  shippingProvider: string;
  trackingNumber: string;
  trackingLink: string;
}

const given = (s: string) => (s.trim() ? s.trim() : undefined);
const trackingOf = (t: TrackingDraft): TrackingInput => ({
  shippingProvider: given(t.shippingProvider) ?? null,
  trackingNumber: given(t.trackingNumber) ?? null,
  trackingLink: given(t.trackingLink) ?? null,
});

/** Carrier, tracking number and link; `errors` by field name (`trackingNumber`…) beside each. */
function TrackingFields({
  value,
  onChange,
  errors,
}: {
  value: TrackingDraft;
  onChange: (patch: Partial<TrackingDraft>) => void;
  errors: Record<string, string>;
}) {
  const carriers = useId();
  return (
    <fieldset className="stack">
      <legend>Tracking (optional)</legend>
      <div className="form-row">
        <TextField
          label="Carrier"
          list={carriers}
          value={value.shippingProvider}
          maxLength={200}
          onChange={(e) => onChange({ shippingProvider: e.target.value })}
          error={errors.shippingProvider}
        />
        <datalist id={carriers}>
          {CARRIERS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <TextField
          label="Tracking number"
          value={value.trackingNumber}
          maxLength={200}
          onChange={(e) => onChange({ trackingNumber: e.target.value })}
          error={errors.trackingNumber}
        />
      </div>
      <TextField
        label="Tracking link"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value.trackingLink}
        maxLength={2000}
        onChange={(e) => onChange({ trackingLink: e.target.value })}
        error={errors.trackingLink}
        hint="The carrier's page for this parcel, sent to the buyer."
      />
    </fieldset>
  );
}

/**
 * Fulfils some or all of what is left: units per line (all by default), and tracking. Buyers of online orders are
 * mailed what the shipment holds and how to track it.
 */
export function FulfilDialog({ orderId, lines, onClose }: { orderId: string; lines: LineView[]; onClose: () => void }) {
  const open = lines.filter((l) => unfulfilledOf(l) > 0);
  const fulfil = useFulfil(orderId);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, String(unfulfilledOf(l))])),
  );
  const [tracking, setTracking] = useState<TrackingDraft>({
    shippingProvider: '',
    trackingNumber: '',
    trackingLink: '',
  });
  const errors = fieldErrorsOf(fulfil.error, 'fulfillment.');
  const trackingErrors = fieldErrorsOf(fulfil.error, 'fulfillment.trackingInfo.');
  const chosen = open
    .map((l) => ({ id: l.id, quantity: Number(quantities[l.id] ?? 0) }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const units = chosen.reduce((n, l) => n + l.quantity, 0);
  const badQuantity = open.find((l) => {
    const n = Number(quantities[l.id] ?? 0);
    return !Number.isInteger(n) || n < 0 || n > unfulfilledOf(l);
  });
  const shownError = Object.keys(errors).length > 0 && !errors.lineItems ? undefined : fulfil.error;

  return (
    <ActionDialog
      title="Fulfil items"
      description="Choose what goes in this shipment. Buyers who ordered online get an email with the tracking."
      submitLabel={units > 0 ? `Fulfil ${units} item${units === 1 ? '' : 's'}` : 'Fulfil items'}
      busy={fulfil.isPending}
      submitDisabled={units === 0 || Boolean(badQuantity)}
      wide
      onClose={onClose}
      onSubmit={() =>
        fulfil.mutate(
          { lineItems: chosen, trackingInfo: trackingOf(tracking) },
          {
            onSuccess: () => {
              toast(`${units} item${units === 1 ? '' : 's'} fulfilled`);
              onClose();
            },
          },
        )
      }
    >
      <table className="order-lines order-lines--compact">
        <caption className="visually-hidden">Items left to fulfil</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity to fulfil
            </th>
          </tr>
        </thead>
        <tbody>
          {open.map((l) => {
            const left = unfulfilledOf(l);
            const value = quantities[l.id] ?? '';
            const n = Number(value);
            const invalid = !Number.isInteger(n) || n < 0 || n > left;
            // The server names lines by their place in what was sent (lines with 0 units are not sent).
            const sent = chosen.findIndex((c) => c.id === l.id);
            const error =
              (sent >= 0 ? (errors[`lineItems[${sent}].quantity`] ?? errors[`lineItems[${sent}].id`]) : undefined) ??
              (invalid ? `From 0 to ${left}` : undefined);
            return (
              <tr key={l.id}>
                <td>
                  <div className="order-line">
                    <LineImage url={l.imageUrl} size={36} />
                    <div>
                      <div className="order-line__name">{l.name}</div>
                      {l.options ? <div className="muted order-small">{l.options}</div> : null}
                    </div>
                  </div>
                </td>
                <td className="num">
                  <div className="order-qty">
                    <label className="visually-hidden" htmlFor={`fulfil-${l.id}`}>
                      Quantity of {l.name} to fulfil, out of {left}
                    </label>
                    <input
                      id={`fulfil-${l.id}`}
                      type="number"
                      min={0}
                      max={left}
                      step={1}
                      value={value}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `fulfil-${l.id}-error` : undefined}
                      onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                    />
                    <span className="muted">of {left}</span>
                  </div>
                  {error ? (
                    <p id={`fulfil-${l.id}-error`} className="field__error">
                      {error}
                    </p>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <TrackingFields
        value={tracking}
        onChange={(patch) => setTracking((t) => ({ ...t, ...patch }))}
        errors={trackingErrors}
      />
      <FormError error={shownError} />
    </ActionDialog>
  );
}

/** Changes the tracking of a fulfilment (the buyer is not mailed again). */
export function TrackingDialog({
  orderId,
  fulfillment,
  onClose,
}: {
  orderId: string;
  fulfillment: Fulfillment;
  onClose: () => void;
}) {
  const update = useUpdateTracking(orderId);
  const t = (fulfillment.trackingInfo ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const [tracking, setTracking] = useState<TrackingDraft>({
    shippingProvider: str(t.shippingProvider),
    trackingNumber: str(t.trackingNumber),
    trackingLink: str(t.trackingLink),
  });
  const errors = fieldErrorsOf(update.error, 'fulfillment.trackingInfo.');
  return (
    <ActionDialog
      title="Edit tracking"
      submitLabel="Save tracking"
      busy={update.isPending}
      onClose={onClose}
      onSubmit={() =>
        update.mutate(
          { fulfillmentId: fulfillment.id, trackingInfo: trackingOf(tracking) },
          {
            onSuccess: () => {
              toast('Tracking saved');
              onClose();
            },
          },
        )
      }
    >
      <TrackingFields value={tracking} onChange={(patch) => setTracking((x) => ({ ...x, ...patch }))} errors={errors} />
      <FormError error={Object.keys(errors).length > 0 ? undefined : update.error} />
    </ActionDialog>
  );
}
