import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, FormError, Loading } from '../../components/states';
import { useDraft } from '../../lib/draft';
import { fieldErrorsOf, isConflict, isNotFound, messageOf } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { type OrderPatch, useMarkAsPaid, useSaveOrder } from './api/order-actions';
import {
  collectabilityQuery,
  fulfillmentsQuery,
  type Order,
  orderKey,
  orderQuery,
  refundabilityQuery,
  transactionsQuery,
  useCollectability,
  useOrder,
  useOrderTags,
  useRefundability,
  useTransactions,
} from './api/orders';
import { type AddressDraft, draftOf, wireOf } from './components/address-fields';
import { CancelDialog } from './components/cancel-dialog';
import { FulfilDialog } from './components/fulfil-dialog';
import { FulfilmentsCard } from './components/fulfilments-card';
import { LinesCard } from './components/lines-card';
import { PaymentCard } from './components/payment-card';
import { RefundDialog } from './components/refund-dialog';
import { AddressCards, CustomerCard, TagsCard } from './components/side-cards';
import { FulfilmentBadge, OrderStatusBadge, PaymentBadge } from './components/status-badges';
import { TimelineCard } from './components/timeline-card';
import { amountOf, buyerName, contactOf, emailOf, lineView, memberIdOf, tagsOf, unfulfilledOf } from './lib/order-view';
import { NOT_REFUNDABLE } from './lib/words';
import './orders.css';

/**
 * What the page lets staff edit, saved together from the save bar. Tags are kept as what was added and removed, so
 * that saving never drops a tag someone else added meanwhile.
 */
interface OrderDraft {
  email: string;
  shipping: AddressDraft;
  addTags: string[];
  removeTags: string[];
}

const draftOfOrder = (order: Order): OrderDraft => {
  const r = contactOf(order.recipientInfo);
  return { email: emailOf(order) ?? '', shipping: draftOf(r.contact, r.address), addTags: [], removeTags: [] };
};

type Dialog = 'fulfil' | 'refund' | 'cancel';

function MarkAsPaidButton({ order }: { order: Order }) {
  const collectability = useCollectability(order.id);
  const mark = useMarkAsPaid(order.id);
  if (collectability.data?.status !== 'COLLECTABLE') return null;
  const due = collectability.data.amount.formattedAmount ?? formatMoney(amountOf(collectability.data.amount));
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={mark.isPending}
      onClick={() =>
        mark.mutate(undefined, {
          onSuccess: () => toast(`Order #${order.number} marked as paid (${due})`),
          onError: (e) => toast(messageOf(e), 'error'),
        })
      }
    >
      Mark as paid<span className="visually-hidden"> ({due})</span>
    </button>
  );
}

function OrderPage({ order }: { order: Order }) {
  const can = useCan();
  const writer = can('orders:write');
  const client = useQueryClient();
  const transactions = useTransactions(order.id);
  const refundability = useRefundability(order.id);
  const tags = useOrderTags();
  const [dialog, setDialog] = useState<Dialog>();
  const [editing, setEditing] = useState<{ email?: boolean; shipping?: boolean }>({});
  const saved = useMemo(() => draftOfOrder(order), [order]);
  const draft = useDraft(saved);
  const save = useSaveOrder(order.id);
  const value = draft.value ?? saved;
  const lines = useMemo(() => order.lineItems.map(lineView), [order]);
  const shownTags = [...tagsOf(order).filter((t) => !value.removeTags.includes(t)), ...value.addTags];
  const setTags = (next: string[]) => {
    const current = tagsOf(order);
    draft.set({
      addTags: next.filter((t) => !current.includes(t)),
      removeTags: current.filter((t) => !next.includes(t)),
    });
  };

  const canceled = order.status === 'CANCELED' || order.status === 'REJECTED';
  const left = lines.reduce((n, l) => n + unfulfilledOf(l), 0);
  const anyFulfilled = lines.some((l) => l.fulfilled > 0);
  const refundable = amountOf(refundability.data?.refundableAmount);
  const conflict = isConflict(save.error);
  const emailError = fieldErrorsOf(save.error, 'order.')['buyerInfo.email'];
  const shippingErrors = fieldErrorsOf(save.error, 'order.recipientInfo.');
  const shownError = conflict || emailError || Object.keys(shippingErrors).length > 0 ? undefined : save.error;

  const discard = () => {
    draft.discard();
    setEditing({});
    save.reset();
  };
  const onSave = () => {
    const patch: OrderPatch = { revision: order.revision };
    let changed = false;
    if (value.email.trim() !== saved.email) {
      patch.buyerInfo = { email: value.email.trim() };
      changed = true;
    }
    if (JSON.stringify(value.shipping) !== JSON.stringify(saved.shipping)) {
      patch.recipientInfo = wireOf(value.shipping);
      changed = true;
    }
    save.mutate(
      { ...(changed ? { patch } : {}), addTags: value.addTags, removeTags: value.removeTags },
      {
        onSuccess: () => {
          draft.discard();
          setEditing({});
          toast('Order saved');
        },
      },
    );
  };

  const actions = writer ? (
    <>
      {!canceled && left > 0 ? (
        <button type="button" className="button" onClick={() => setDialog('fulfil')}>
          Fulfil items
        </button>
      ) : null}
      {refundable > 0 ? (
        <button type="button" className="button button--secondary" onClick={() => setDialog('refund')}>
          Refund
        </button>
      ) : null}
      <Link to={`/orders/${order.id}/packing-slip`} className="button button--secondary">
        Print packing slip
      </Link>
      {!canceled && !anyFulfilled ? (
        <button type="button" className="button button--secondary" onClick={() => setDialog('cancel')}>
          Cancel order
        </button>
      ) : null}
    </>
  ) : (
    <Link to={`/orders/${order.id}/packing-slip`} className="button button--secondary">
      Print packing slip
    </Link>
  );

  return (
    <Page
      title={`Order #${order.number}`}
      crumbs={[{ label: 'Orders', to: '/orders' }]}
      subtitle={
        <span className="order-subtitle">
          <span>{formatDateTime(order.createdDate)}</span>
          <OrderStatusBadge status={order.status} archived={order.archived} />
          <PaymentBadge status={order.paymentStatus} />
          <FulfilmentBadge status={order.fulfillmentStatus} />
        </span>
      }
      actions={actions}
    >
      {conflict ? (
        <div className="form-error order-conflict" role="alert">
          <p>
            Someone changed this order while you were editing it, so your changes were not saved. Reload the order to
            see what changed, then make your changes again.
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              discard();
              void client.invalidateQueries({ queryKey: orderKey(order.id) });
            }}
          >
            Reload order
          </button>
        </div>
      ) : null}
      <div className="order-form-error">
        <FormError error={shownError} />
      </div>
      <div className="columns order-columns">
        <div>
          <LinesCard lines={lines} />
          <FulfilmentsCard orderId={order.id} lines={lines} writer={writer} />
          <PaymentCard order={order} writer={writer} actions={writer ? <MarkAsPaidButton order={order} /> : null} />
          {refundability.data &&
          refundable === 0 &&
          refundability.data.nonRefundableReason &&
          amountOf(order.balanceSummary.paid) > 0 ? (
            <p className="muted order-small order-note">
              No refund is possible now.{' '}
              {NOT_REFUNDABLE[refundability.data.nonRefundableReason] ?? refundability.data.nonRefundableReason}
            </p>
          ) : null}
          <TimelineCard order={order} writer={writer} />
        </div>
        <div>
          <CustomerCard
            order={order}
            name={buyerName(order)}
            contact={
              contactOf(order.billingInfo).contact.phone
                ? contactOf(order.billingInfo).contact
                : contactOf(order.recipientInfo).contact
            }
            memberId={memberIdOf(order)}
            email={value.email}
            editing={Boolean(editing.email)}
            onEdit={() => setEditing((e) => ({ ...e, email: true }))}
            onEmail={(email) => draft.set({ email })}
            error={emailError}
            writer={writer}
            canSeeMembers={can('members:read')}
          />
          <AddressCards
            order={order}
            shipping={value.shipping}
            shippingSaved={contactOf(order.recipientInfo)}
            billing={contactOf(order.billingInfo)}
            editing={Boolean(editing.shipping)}
            onEdit={() => setEditing((e) => ({ ...e, shipping: true }))}
            onShipping={(patch) => draft.set({ shipping: { ...value.shipping, ...patch } })}
            errors={shippingErrors}
            writer={writer}
          />
          <TagsCard tags={shownTags} known={tags.data ?? []} onChange={setTags} writer={writer} />
          {order.buyerNote ? (
            <Card title="Note from the buyer" id="order-note">
              <p className="order-comment">{order.buyerNote}</p>
            </Card>
          ) : null}
        </div>
      </div>
      <SaveBar dirty={draft.dirty} saving={save.isPending} onSave={onSave} onDiscard={discard} />
      {dialog === 'fulfil' ? (
        <FulfilDialog orderId={order.id} lines={lines} onClose={() => setDialog(undefined)} />
      ) : null}
      {dialog === 'refund' && refundability.data && transactions.data ? (
        <RefundDialog
          order={order}
          lines={lines}
          refundability={refundability.data}
          transactions={transactions.data}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {dialog === 'cancel' ? <CancelDialog order={order} onClose={() => setDialog(undefined)} /> : null}
    </Page>
  );
}

/**
 * An order: its items, shipments, money (payments and refunds) and timeline, the customer, addresses and tags; and
 * what staff may do with it (fulfil, refund, mark as paid, capture or void, cancel, print the packing slip). Edits of
 * the email, the shipping address and the tags are saved together from the save bar, on the revision read.
 */
export function Component() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  if (order.isPending)
    return (
      <Page title="Order" crumbs={[{ label: 'Orders', to: '/orders' }]}>
        <Loading label="Loading the order…" />
      </Page>
    );
  if (order.error)
    return (
      <Page title={isNotFound(order.error) ? 'Order not found' : 'Order'} crumbs={[{ label: 'Orders', to: '/orders' }]}>
        {isNotFound(order.error) ? (
          <Empty
            title="There is no such order"
            action={
              <Link to="/orders" className="button">
                Back to orders
              </Link>
            }
          >
            It may have been deleted, or the link is wrong.
          </Empty>
        ) : (
          <ErrorState error={order.error} retry={() => void order.refetch()} />
        )}
      </Page>
    );
  return <OrderPage order={order.data} />;
}

/** Starts loading the order and what its page shows while it opens. */
export function warm({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  void queryClient.prefetchQuery(orderQuery(id));
  void queryClient.prefetchQuery(transactionsQuery(id));
  void queryClient.prefetchQuery(fulfillmentsQuery(id));
  void queryClient.prefetchQuery(refundabilityQuery(id));
  void queryClient.prefetchQuery(collectabilityQuery(id));
}
