import { useState } from 'react';
import { CheckboxField, MoneyField, TextField } from '../../../components/field';
import { FormError } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { fieldErrorsOf } from '../../../lib/errors';
import { formatMoney, storeMoney } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { type RefundPayments, useRefund } from '../api/order-actions';
import type { Order, OrderTransaction, Refundability } from '../api/orders';
import { amountOf, type LineView } from '../lib/order-view';
import { ActionDialog } from './action-dialog';
import { LineImage } from './lines-card';

/** Units of a line that can still be refunded. */
const refundableUnits = (l: LineView) => Math.max(0, l.quantity - l.refunded);
const cents = (n: number) => Math.round(n * 100) / 100;

/** Splits `amount` over the payments that can refund, in order, each up to what it can return. */
function splitOver(refundability: Refundability, amount: number): RefundPayments {
  let left = cents(amount);
  const parts: NonNullable<RefundPayments> = [];
  for (const r of refundability.refundabilities) {
    const can = amountOf(r.refundableAmount);
    if (left <= 0 || can <= 0 || (!r.refundable && !r.manuallyRefundableReason)) continue;
    const take = cents(Math.min(left, can));
    parts.push({ paymentId: r.paymentId, amount: String(take) });
    left = cents(left - take);
  }
  return parts;
}

/**
 * Refunds part or all of an order: units of each line, the shipping, an amount (what the choice comes to when left
 * empty), and whether the units go back in stock. Only what the server says can be refunded is offered.
 */
export function RefundDialog({
  order,
  lines,
  refundability,
  transactions,
  onClose,
}: {
  order: Order;
  lines: LineView[];
  refundability: Refundability;
  transactions: readonly OrderTransaction[];
  onClose: () => void;
}) {
  const refund = useRefund(order.id);
  const open = lines.filter((l) => refundableUnits(l) > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [shipping, setShipping] = useState(false);
  const [restock, setRestock] = useState(true);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const errors = fieldErrorsOf(refund.error);
  const available = amountOf(refundability.refundableAmount);
  const shippingCost = amountOf(order.priceSummary.shipping);
  const shippingRefunded = transactions.some((t) => t.kind === 'REFUND' && t.details.shippingIncluded === true);
  const manual = refundability.refundabilities.some((r) => r.manuallyRefundableReason);

  const items = open
    .map((l) => ({ line: l, quantity: Number(quantities[l.id] || 0) }))
    .filter((i) => Number.isInteger(i.quantity) && i.quantity > 0);
  const badLine = open.find((l) => {
    const n = Number(quantities[l.id] || 0);
    return !Number.isInteger(n) || n < 0 || n > refundableUnits(l);
  });
  // What the choice comes to at the prices paid (the server counts it exactly, to the cent).
  const estimate = cents(
    Math.min(
      available,
      items.reduce((sum, i) => {
        const line = order.lineItems.find((x) => x.id === i.line.id);
        return sum + (line ? (amountOf(line.totalPriceAfterTax) / line.quantity) * i.quantity : 0);
      }, 0) + (shipping ? shippingCost : 0),
    ),
  );
  const typed = amount.trim().replace(',', '.');
  const typedAmount = typed ? Number(typed) : undefined;
  const amountProblem =
    typedAmount === undefined
      ? undefined
      : !Number.isFinite(typedAmount) || typedAmount <= 0
        ? 'Type an amount above zero'
        : typedAmount > available + 1e-9
          ? `At most ${formatMoney(available)} can be refunded`
          : undefined;
  const total = typedAmount ?? estimate;
  const nothing = items.length === 0 && !shipping && typedAmount === undefined;
  const amountError =
    amountProblem ?? Object.entries(errors).find(([field]) => /^payments(\[\d+\])?(\.amount)?$/.test(field))?.[1];
  const fieldError = (i: number) => errors[`details.items[${i}].quantity`] ?? errors[`details.items[${i}].lineItemId`];

  const submit = async () => {
    if (nothing || badLine || amountProblem) return;
    const ok = await confirmAction({
      title: `Refund ${formatMoney(total)}?`,
      message: manual
        ? 'Money paid offline is returned by you (cash, bank transfer): the refund is recorded on the order. This cannot be undone.'
        : 'The money goes back to the buyer’s card. This cannot be undone.',
      confirmLabel: `Refund ${formatMoney(total)}`,
      tone: 'danger',
    });
    if (!ok) return;
    refund.mutate(
      {
        payments: typedAmount !== undefined ? splitOver(refundability, typedAmount) : [],
        options: {
          details: {
            items: items.map((i) => ({ lineItemId: i.line.id, quantity: i.quantity })),
            shippingIncluded: shipping,
            ...(reason.trim() ? { reason: reason.trim() } : {}),
          },
          sideEffects: { restockInfo: { type: restock && items.length > 0 ? 'ALL_ITEMS' : 'NO_ITEMS' } },
        },
      },
      {
        onSuccess: () => {
          toast(`${formatMoney(total)} refunded${restock && items.length > 0 ? ', items back in stock' : ''}`);
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      title="Refund"
      description={`Up to ${formatMoney(available)} can be refunded.`}
      submitLabel={nothing ? 'Refund' : `Refund ${formatMoney(total)}`}
      busy={refund.isPending}
      submitDisabled={nothing || Boolean(badLine) || Boolean(amountProblem)}
      tone="danger"
      wide
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {open.length > 0 ? (
        <table className="order-lines order-lines--compact">
          <caption className="visually-hidden">Items that can be refunded</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Quantity to refund
              </th>
            </tr>
          </thead>
          <tbody>
            {open.map((l) => {
              const max = refundableUnits(l);
              const value = quantities[l.id] ?? '';
              const n = Number(value || 0);
              const sent = items.findIndex((i) => i.line.id === l.id);
              const error =
                (sent >= 0 ? fieldError(sent) : undefined) ??
                (!Number.isInteger(n) || n < 0 || n > max ? `From 0 to ${max}` : undefined);
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
                      <label className="visually-hidden" htmlFor={`refund-${l.id}`}>
                        Quantity of {l.name} to refund, out of {max}
                      </label>
                      <input
                        id={`refund-${l.id}`}
                        type="number"
                        min={0}
                        max={max}
                        step={1}
                        placeholder="0"
                        value={value}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `refund-${l.id}-error` : undefined}
                        onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value }))}
                      />
                      <span className="muted">of {max}</span>
                    </div>
                    {error ? (
                      <p id={`refund-${l.id}-error`} className="field__error">
                        {error}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="muted">Every item has been refunded; what is left is an amount.</p>
      )}
      {shippingCost > 0 && !shippingRefunded ? (
        <CheckboxField
          label={`Refund the shipping (${formatMoney(shippingCost)})`}
          checked={shipping}
          onChange={(e) => setShipping(e.target.checked)}
        />
      ) : null}
      {open.length > 0 ? (
        <CheckboxField
          label="Put the refunded items back in stock"
          checked={restock}
          onChange={(e) => setRestock(e.target.checked)}
          hint="Leave it on when the items came back and can be sold again."
        />
      ) : null}
      <div className="form-row">
        <MoneyField
          label="Amount to refund"
          currency={storeMoney.currency}
          value={amount}
          placeholder={estimate > 0 ? String(estimate) : ''}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError}
          hint={
            estimate > 0
              ? `Leave empty to refund what you chose: about ${formatMoney(estimate)}.`
              : 'Choose items or shipping above, or type an amount.'
          }
        />
        <TextField
          label="Reason (optional)"
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value)}
          error={errors['details.reason']}
        />
      </div>
      {manual ? (
        <p className="warning order-small">
          This order was paid offline: return the money yourself (cash, bank transfer); the refund is recorded here.
        </p>
      ) : null}
      <FormError error={Object.keys(errors).length > 0 ? undefined : refund.error} />
    </ActionDialog>
  );
}
