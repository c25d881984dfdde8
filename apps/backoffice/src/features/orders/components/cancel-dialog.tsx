import { useState } from 'react';
import { CheckboxField, TextArea } from '../../../components/field';
import { FormError } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { fieldErrorsOf } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { useCancel } from '../api/order-actions';
import type { Order } from '../api/orders';
import { amountOf, emailOf } from '../lib/order-view';
import { ActionDialog } from './action-dialog';

/**
 * Cancels the order: its items back in stock or not, and an email to the buyer with an optional message. Canceling
 * does not refund: money paid is refunded on its own.
 */
export function CancelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const cancel = useCancel(order.id);
  const email = emailOf(order);
  const [restock, setRestock] = useState(true);
  const [notify, setNotify] = useState(Boolean(email));
  const [message, setMessage] = useState('');
  const errors = fieldErrorsOf(cancel.error);
  const paid =
    amountOf((order.balanceSummary as Record<string, unknown>).paid) -
    amountOf((order.balanceSummary as Record<string, unknown>).refunded);

  return (
    <ActionDialog
      title={`Cancel order #${order.number}`}
      description="The order stays in your list, marked canceled; it can no longer be fulfilled."
      submitLabel="Cancel order"
      dismissLabel="Keep order"
      tone="danger"
      busy={cancel.isPending}
      onClose={onClose}
      onSubmit={async () => {
        const ok = await confirmAction({
          title: `Cancel order #${order.number}?`,
          message: 'A canceled order cannot be opened again.',
          confirmLabel: 'Cancel order',
          tone: 'danger',
        });
        if (!ok) return;
        cancel.mutate(
          {
            restockAllItems: restock,
            sendOrderCanceledEmail: notify,
            ...(notify && message.trim() ? { customMessage: message.trim() } : {}),
          },
          {
            onSuccess: () => {
              toast(`Order #${order.number} canceled${notify ? ', the buyer was emailed' : ''}`);
              onClose();
            },
          },
        );
      }}
    >
      <CheckboxField
        label="Put the items back in stock"
        checked={restock}
        onChange={(e) => setRestock(e.target.checked)}
      />
      <CheckboxField
        label={email ? `Email the buyer (${email})` : 'Email the buyer'}
        checked={notify}
        disabled={!email}
        onChange={(e) => setNotify(e.target.checked)}
        hint={email ? undefined : 'The order has no email address.'}
      />
      {notify ? (
        <TextArea
          label="Message to the buyer (optional)"
          value={message}
          maxLength={1000}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.customMessage}
          hint="Quoted in the cancellation email."
        />
      ) : null}
      {paid > 0 ? (
        <p className="warning order-small">
          The buyer paid {formatMoney(paid)}. Canceling does not refund it: use Refund on the order too.
        </p>
      ) : null}
      <FormError error={Object.keys(errors).length > 0 ? undefined : cancel.error} />
    </ActionDialog>
  );
}
