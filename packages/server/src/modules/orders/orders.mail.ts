import type { Order } from '@merx/contract';
import { addressLines, lineAmount, lineOptions, totalsRows } from '@merx/contract/words';
import type { Executor } from '@merx/db';
import { formatMoney } from '@merx/domain';
import type { MailService } from '../mail/mail.service.js';
import {
  type OrderMailView,
  orderCanceledMail,
  orderConfirmationMail,
  orderShippedMail,
} from '../mail/mail.templates.js';
import type { ModuleDeps } from '../module.js';
import { createOrdersSettings } from './orders.settings.js';
import type { FulfillmentRecord, OrderState } from './orders.types.js';

/*
 * The buyer's mails about their order (docs/order-mail.md), written to the mail outbox in the transaction of the
 * change they tell of, so a mail goes out exactly when the change commits:
 * - the confirmation, when an order of the storefront (channel WEB) becomes APPROVED: at placing when it is free or
 *   paid offline, else when its payment comes in;
 * - the cancellation, when staff cancel an order with `sendOrderCanceledEmail`, whatever its channel;
 * - the shipping notice, for each fulfillment created of a storefront order, with its tracking.
 * An order without an email address gets none. Orders staff create or import are not the buyer's doing: no
 * confirmation or shipping notice unless their channel says WEB.
 */

/** What a change of an order asks to be mailed (see `OrdersService.change`). */
export type OrderMailRequest =
  | { kind: 'canceled'; customMessage?: string }
  | { kind: 'shipped'; fulfillmentId: string };

type Wire = Record<string, unknown>;

/**
 * The mails' view of the order: words and formatted amounts, in the rows every page shows (subtotal, discount,
 * shipping, fees, tax, tip, total); the lines at what they add to the subtotal, so they add up to it.
 */
export function orderMailView(
  order: Order,
  storeName: string,
  url: string | undefined,
  locale = 'en-US',
): OrderMailView {
  const shipping = order.shippingInfo as (Wire & { title?: string; logistics?: Wire }) | undefined;
  const destination = (shipping?.logistics?.shippingDestination ?? order.recipientInfo) as
    | { address?: Wire; contactDetails?: { firstName?: string; lastName?: string } }
    | undefined;
  const name = [destination?.contactDetails?.firstName, destination?.contactDetails?.lastName]
    .filter(Boolean)
    .join(' ');
  const totals = totalsRows(order.priceSummary, {
    currency: order.currency,
    taxIncluded: order.taxIncludedInPrices,
    shippingChosen: shipping !== undefined,
  }).map((row) => ({ label: row.label, amount: row.amount }));
  const pickup = (shipping?.logistics as { pickupDetails?: { address?: Wire } } | undefined)?.pickupDetails;
  // A pickup order goes nowhere: the buyer's address (kept for billing and tax) is not where it is delivered.
  const address = pickup ? [] : addressLines(destination?.address);
  return {
    storeName,
    number: order.number,
    lines: order.lineItems.map((item) => {
      const line = item as unknown as Wire & { productName?: { original?: string }; descriptionLines?: Wire[] };
      return {
        name: line.productName?.original ?? '',
        options: lineOptions(line.descriptionLines),
        quantity: Number(line.quantity ?? 0),
        amount: lineAmount(item, order.currency, (minor) => formatMoney(minor, order.currency, locale)).amount,
      };
    }),
    totals,
    shipTo: address.length > 0 && name ? [name, ...address] : address,
    pickupAt: pickup ? addressLines(pickup.address) : [],
    ...(shipping?.title ? { delivery: shipping.title } : {}),
    ...(url ? { url } : {}),
  };
}

export function createOrderMail(deps: ModuleDeps, mail: MailService) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  /** The view of the order `entity` (the wire of `state`); members get a link to the order in their account. */
  const view = (state: OrderState, entity: Order) =>
    orderMailView(
      entity,
      deps.store().name,
      state.order.owner.kind === 'member' ? `${base}/account/orders/${encodeURIComponent(state.order.id)}` : undefined,
      deps.store().locale,
    );
  const fromStorefront = (entity: Order) => entity.channelInfo?.type === 'WEB';
  const settings = createOrdersSettings(deps.db);

  return {
    /** The confirmation of an order that just became APPROVED. */
    async confirmed(ex: Executor, state: OrderState, entity: Order): Promise<void> {
      const to = state.order.email;
      if (!to || !fromStorefront(entity)) return;
      // An order to pay offline: the merchant's instructions tell the buyer how (docs/decisions/0013-unpaid-orders.md).
      const instructions =
        state.order.paymentMethod === 'offline' && state.order.paymentStatus !== 'PAID'
          ? (await settings.get(ex)).offlinePaymentInstructions
          : '';
      const v = { ...view(state, entity), ...(instructions ? { paymentInstructions: instructions } : {}) };
      await mail.queue(ex, { kind: 'order-confirmation', to, ...orderConfirmationMail(v) });
    },

    /** What a change asked for, once the change is made (`entity` is the order after it). */
    async requested(ex: Executor, state: OrderState, entity: Order, request: OrderMailRequest): Promise<void> {
      const to = state.order.email;
      if (!to) return;
      if (request.kind === 'canceled') {
        await mail.queue(ex, {
          kind: 'order-canceled',
          to,
          ...orderCanceledMail(view(state, entity), request.customMessage),
        });
        return;
      }
      const f = state.fulfillments.find((x: FulfillmentRecord) => x.id === request.fulfillmentId);
      if (!f || !fromStorefront(entity)) return;
      const v = view(state, entity);
      const byId = new Map(entity.lineItems.map((item, i) => [(item as unknown as { id: string }).id, v.lines[i]]));
      const lines = f.lineItems.flatMap((l) => {
        const line = byId.get(l.id);
        return line ? [{ ...line, quantity: l.quantity, amount: '' }] : [];
      });
      const t = (f.trackingInfo ?? {}) as { trackingNumber?: string; shippingProvider?: string; trackingLink?: string };
      await mail.queue(ex, {
        kind: 'order-shipped',
        to,
        ...orderShippedMail(v, {
          lines,
          ...(t.trackingNumber ? { trackingNumber: t.trackingNumber } : {}),
          ...(t.shippingProvider ? { shippingProvider: t.shippingProvider } : {}),
          ...(t.trackingLink ? { trackingLink: t.trackingLink } : {}),
        }),
      });
    },
  };
}

export type OrderMail = ReturnType<typeof createOrderMail>;
