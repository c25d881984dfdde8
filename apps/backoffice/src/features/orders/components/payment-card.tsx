import { totalsRows } from '@merx/contract/words';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { MoneyField } from '../../../components/field';
import { Card } from '../../../components/page';
import { ErrorState, FormError, Loading } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { fieldErrorsOf, messageOf } from '../../../lib/errors';
import { formatDateTime, formatMoney, storeMoney } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { useCapture, useVoid } from '../api/order-actions';
import { type Order, type OrderTransaction, useTransactions } from '../api/orders';
import { amountOf, couponOf, deliveryOf, formattedOf } from '../lib/order-view';
import { ActionDialog } from './action-dialog';

const money = (price: unknown) => formattedOf(price) ?? formatMoney(amountOf(price));

/** How a payment was made, in words: the card's brand and last digits, or by hand. */
function methodOf(t: OrderTransaction): string {
  const card = t.details.card as { brand?: string; last4?: string } | undefined;
  if (card?.last4) {
    const brand =
      card.brand && card.brand !== 'UNKNOWN' ? card.brand.charAt(0) + card.brand.slice(1).toLowerCase() : 'Card';
    return `${brand} ending ${card.last4}`;
  }
  if (t.provider === 'offline' || t.details.manual === true) return 'Recorded by hand';
  return 'Test gateway';
}

/** Where a refund went: back to the payment's card, or returned by hand. */
function refundMethodOf(t: OrderTransaction, all: readonly OrderTransaction[]): string {
  if (t.details.manual === true) return 'Returned by hand';
  const payment = all.find((p) => p.id === t.paymentId);
  return payment ? `To ${methodOf(payment)}` : methodOf(t);
}

const STATUS: Record<string, { label: string; tone: 'success' | 'warning' | 'critical' | 'neutral' | 'info' }> = {
  APPROVED: { label: 'Paid', tone: 'success' },
  AUTHORIZED: { label: 'Authorized', tone: 'info' },
  PENDING: { label: 'Pending', tone: 'warning' },
  DECLINED: { label: 'Declined', tone: 'critical' },
  VOIDED: { label: 'Voided', tone: 'neutral' },
  SUCCEEDED: { label: 'Refunded', tone: 'neutral' },
  FAILED: { label: 'Failed', tone: 'critical' },
};

function CaptureDialog({
  orderId,
  payment,
  onClose,
}: {
  orderId: string;
  payment: OrderTransaction;
  onClose: () => void;
}) {
  const capture = useCapture(orderId);
  const [amount, setAmount] = useState(payment.amount.amount);
  const errors = fieldErrorsOf(capture.error, 'payments[0].');
  return (
    <ActionDialog
      title="Capture payment"
      description={`The card holds ${money(payment.amount)}. Capture all of it, or less: the rest is released to the buyer.`}
      submitLabel="Capture"
      busy={capture.isPending}
      onClose={onClose}
      onSubmit={() =>
        capture.mutate(
          { paymentId: payment.id, amount: amount.trim().replace(',', '.') },
          {
            onSuccess: () => {
              toast('Payment captured');
              onClose();
            },
          },
        )
      }
    >
      <MoneyField
        label="Amount to capture"
        currency={storeMoney.currency}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        autoFocus
      />
      <FormError error={errors.amount ? undefined : capture.error} />
    </ActionDialog>
  );
}

function TransactionRow({
  orderId,
  t,
  all,
  writer,
}: {
  orderId: string;
  t: OrderTransaction;
  all: readonly OrderTransaction[];
  writer: boolean;
}) {
  const [capturing, setCapturing] = useState(false);
  const voiding = useVoid(orderId);
  const status = STATUS[t.status] ?? { label: t.status, tone: 'neutral' as const };
  const what = t.kind === 'REFUND' ? 'Refund' : 'Payment';
  return (
    <tr>
      <td>{formatDateTime(t.createdDate)}</td>
      <td>
        <div>{what}</div>
        <div className="muted order-small">{t.kind === 'REFUND' ? refundMethodOf(t, all) : methodOf(t)}</div>
      </td>
      <td>
        <Badge tone={status.tone}>{status.label}</Badge>
      </td>
      <td className="num">{t.kind === 'REFUND' ? `−${money(t.amount)}` : money(t.amount)}</td>
      {writer ? (
        <td>
          <div className="order-transaction__actions">
            {t.kind === 'PAYMENT' && t.status === 'AUTHORIZED' ? (
              <>
                <button type="button" className="button button--small" onClick={() => setCapturing(true)}>
                  Capture
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={voiding.isPending}
                  onClick={async () => {
                    const ok = await confirmAction({
                      title: 'Void the authorized payment?',
                      message: `The ${money(t.amount)} held on the card is released to the buyer and cannot be captured any more.`,
                      confirmLabel: 'Void payment',
                      tone: 'danger',
                    });
                    if (ok)
                      voiding.mutate(t.id, {
                        onSuccess: () => toast('Payment voided'),
                        onError: (e) => toast(messageOf(e), 'error'),
                      });
                  }}
                >
                  Void
                </button>
              </>
            ) : null}
          </div>
          {capturing ? <CaptureDialog orderId={orderId} payment={t} onClose={() => setCapturing(false)} /> : null}
        </td>
      ) : null}
    </tr>
  );
}

/** One row of the totals: a label (with a detail in small print) and an amount. */
function Row({ label, value, detail, strong }: { label: string; value: string; detail?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'order-totals__strong' : undefined}>
      <dt>
        {label}
        {detail ? <span className="muted order-small"> {detail}</span> : null}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The order's money: every part of the total, what was paid, refunded and is left to pay, and the payments and
 * refunds themselves (authorized payments are captured or voided here).
 */
export function PaymentCard({ order, writer, actions }: { order: Order; writer: boolean; actions?: React.ReactNode }) {
  const transactions = useTransactions(order.id);
  const p = order.priceSummary;
  const b = order.balanceSummary as Record<string, unknown>;
  const units = order.lineItems.reduce((n, l) => n + l.quantity, 0);
  const coupon = couponOf(order);
  const delivery = deliveryOf(order);
  const balance = amountOf(b.balance);
  const refunded = amountOf(b.refunded);
  return (
    <Card title="Payment" id="order-payment" actions={actions}>
      <dl className="order-totals">
        {totalsRows(p, {
          currency: order.currency,
          taxIncluded: order.taxIncludedInPrices,
          shippingChosen: order.shippingInfo !== undefined,
        }).map((row) => (
          <Row
            key={row.kind}
            label={row.label}
            detail={
              row.kind === 'subtotal'
                ? `${units} item${units === 1 ? '' : 's'}`
                : row.kind === 'discount' && coupon
                  ? `coupon ${coupon}`
                  : row.kind === 'shipping'
                    ? delivery.title
                    : undefined
            }
            value={row.amount}
            strong={row.kind === 'total'}
          />
        ))}
        <Row label="Paid" value={money(b.paid)} />
        {amountOf(b.authorized) > 0 ? <Row label="Authorized, not captured" value={money(b.authorized)} /> : null}
        {amountOf(b.pending) > 0 ? <Row label="Pending" value={money(b.pending)} /> : null}
        {refunded > 0 ? <Row label="Refunded" value={`−${money(b.refunded)}`} /> : null}
        {refunded > 0 ? (
          <Row label="Net paid" value={formatMoney(amountOf(b.paid) - refunded)} strong />
        ) : (
          <Row
            label={balance > 0 ? 'Balance due' : 'Balance'}
            value={balance > 0 ? money(b.balance) : order.status === 'CANCELED' ? 'Canceled' : 'Nothing left to pay'}
            strong
          />
        )}
      </dl>
      <h3 className="order-subheading">Payments and refunds</h3>
      {transactions.isPending ? (
        <Loading label="Loading payments…" />
      ) : transactions.error ? (
        <ErrorState error={transactions.error} retry={() => void transactions.refetch()} />
      ) : transactions.data.length === 0 ? (
        <p className="muted">
          No payment yet
          {order.paymentMethod === 'offline'
            ? ': the buyer pays offline (mark the order as paid when the money arrives).'
            : '.'}
        </p>
      ) : (
        <div className="order-table-scroll">
          <table className="order-lines order-transactions">
            <caption className="visually-hidden">Payments and refunds</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                {writer ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {transactions.data.map((t) => (
                <TransactionRow key={t.id} orderId={order.id} t={t} all={transactions.data} writer={writer} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
