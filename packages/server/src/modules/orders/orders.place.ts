import {
  type Checkout,
  type CreateOrderFromCheckoutRequest,
  orderEventTypes,
  type PaymentProvider,
} from '@merx/contract';
import type { UnitOfWork } from '@merx/db';
import { paymentStatusOf } from '@merx/domain';
import type { NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import { preorderLine } from '../cart/cart.lines.js';
import { compact } from '../cart/cart.mapper.js';
import type { OrderWriter, PricedCheckout } from '../checkout/index.js';
import { actorOf } from '../inventory/inventory.log.js';
import type { StockKeeper } from '../inventory/inventory.stock.js';
import type { ModuleDeps } from '../module.js';
import type { OrderMail } from './orders.mail.js';
import { orderWire } from './orders.mapper.js';
import type { OrdersRepo } from './orders.repo.js';
import type { OrdersSettingsService } from './orders.settings.js';
import type { OrderData, OrderRecord, OrderState, StoredLine } from './orders.types.js';

/** What create-order answers (WIRE.md 5.2). */
export interface PlacedOrder {
  orderId: string;
  paymentGatewayOrderId?: string;
}

type Wire = Record<string, unknown>;

/** The checkout's chosen delivery as the order's shipping info (carrier option, destination, cost, region). */
function shippingInfoOf(checkout: Checkout): Wire | undefined {
  const info = checkout.shippingInfo as Wire & { selectedCarrierServiceOption?: Wire; region?: Wire };
  const selected = info.selectedCarrierServiceOption as
    | (Wire & { logistics?: Wire; cost?: Wire & { totalDiscount?: unknown } })
    | undefined;
  if (!selected) return undefined;
  const { totalDiscount, ...cost } = selected.cost ?? {};
  return compact({
    carrierId: selected.carrierId,
    code: selected.code,
    title: selected.title,
    logistics: compact({
      ...(selected.logistics ?? {}),
      shippingDestination: checkout.shippingInfo.shippingDestination,
    }),
    cost: compact({ ...cost, discount: totalDiscount }),
    region: info.region,
  });
}

/** A checkout's line on the order: its wire fields with the order's names (`image`, `totalDiscount`). */
function lineItemOf(line: Checkout['lineItems'][number]): OrderData['lineItems'][number] {
  const { media, discount, availability: _a, ...rest } = line as Checkout['lineItems'][number] & Wire;
  return compact({ ...rest, image: media, totalDiscount: discount }) as OrderData['lineItems'][number];
}

/** Whether a description line is the one that says a line is preordered (see `preorderLine`). */
const isPreorderLine = (d: Wire) =>
  d['lineType'] === 'PLAIN_TEXT' && (d['name'] as Wire | undefined)?.['original'] === 'Preorder';

/**
 * The order's lines say what the stock taken at placement really did (docs/decisions/0032-preorder.md): a line whose
 * units went beyond stock carries the preorder line, one that did not carries none, whatever the checkout showed.
 */
function markPreorders(
  items: OrderData['lineItems'],
  lines: readonly StoredLine[],
  preordered: ReadonlyMap<string, string | null>,
): void {
  items.forEach((item, i) => {
    const line = lines[i];
    if (!line?.productId || !line.variantId) return;
    const key = `${line.productId}\u0000${line.variantId}`;
    const wire = item as Wire;
    const kept = ((wire['descriptionLines'] as Wire[] | undefined) ?? []).filter((d) => !isPreorderLine(d));
    wire['descriptionLines'] = preordered.has(key) ? [...kept, preorderLine(preordered.get(key) ?? null)] : kept;
  });
}

function dataOf(priced: PricedCheckout, checkout: Checkout): OrderData {
  const s = checkout.priceSummary;
  const shippingInfo = shippingInfoOf(checkout);
  const c = priced.state.checkout;
  return {
    lineItems: checkout.lineItems.map(lineItemOf),
    buyerInfo: compact({ contactId: c.contactId ?? undefined }),
    ...(checkout.billingInfo ? { billingInfo: checkout.billingInfo } : {}),
    ...(shippingInfo ? { shippingInfo } : {}),
    ...(checkout.shippingInfo.shippingDestination ? { recipientInfo: checkout.shippingInfo.shippingDestination } : {}),
    ...(c.buyerNote ? { buyerNote: c.buyerNote } : {}),
    priceSummary: compact({
      subtotal: s.subtotal,
      shipping: s.shipping,
      tax: s.tax,
      discount: s.discount,
      total: s.total,
      totalPrice: s.total,
      totalAdditionalFees: s.additionalFees,
      tip: s.tip,
    }) as OrderData['priceSummary'],
    taxSummary: checkout.taxSummary as Wire,
    appliedDiscounts: checkout.appliedDiscounts as Wire[],
    additionalFees: checkout.additionalFees as Wire[],
    weightUnit: checkout.weightUnit,
    taxIncludedInPrices: checkout.taxIncludedInPrice,
    channelType: checkout.channelType,
    siteLanguage: checkout.siteLanguage,
    buyerLanguage: checkout.buyerLanguage,
    purchaseFlowId: checkout.purchaseFlowId,
    seenByAHuman: false,
    discountRuleIds: priced.totals.appliedDiscounts.flatMap((d) => (d.discountRule ? [d.discountRule.id] : [])),
    ...(c.couponCode ? { couponCode: c.couponCode } : {}),
  };
}

/** How the order is paid: as asked, else offline when every line is paid offline, else the test gateway. */
function paymentMethodOf(
  priced: PricedCheckout,
  asked: PaymentProvider | null | undefined,
  online: PaymentProvider,
): PaymentProvider {
  if (asked) return asked;
  return priced.state.lines.every((l) => l.paymentOption === 'FULL_PAYMENT_OFFLINE') ? 'offline' : online;
}

export interface PlaceDeps {
  deps: ModuleDeps;
  repo: OrdersRepo;
  stock: StockKeeper;
  settings: OrdersSettingsService;
  mail: OrderMail;
  /** The order answered to a second create-order of the same checkout. */
  existing(orderId: string): Promise<OrderState>;
  /** The provider orders paid online go through now (`stripe` when Stripe is enabled, else `test`). */
  onlineProvider?: () => Promise<PaymentProvider>;
}

/**
 * The orders side of create-order: numbers the order, takes stock (when the store takes it at placement), writes
 * the order and its first activity, and appends order events. Free orders are paid on placement; offline orders
 * are approved and wait for staff to mark them paid; orders paid online stay INITIALIZED until the payment. The
 * stock taken is logged as ORDER_PLACED by `caller` (the buyer, or the staff member or key that created the order).
 */
export async function orderWriter(
  p: PlaceDeps,
  input: CreateOrderFromCheckoutRequest,
  caller: Caller,
): Promise<OrderWriter<PlacedOrder>> {
  const settings = await p.settings.get();
  const online = p.onlineProvider ? await p.onlineProvider() : 'test';
  const answer = (o: OrderRecord): PlacedOrder => ({
    orderId: o.id,
    ...(o.paymentMethod !== 'offline' && o.totalMinor > 0 && o.paymentStatus !== 'PAID'
      ? { paymentGatewayOrderId: o.id }
      : {}),
  });
  return {
    async existing(orderId) {
      return answer((await p.existing(orderId)).order);
    },
    async write(uow: UnitOfWork, id: string, priced: PricedCheckout, checkout: Checkout) {
      const now = p.deps.clock.now().toISOString();
      const c = priced.state.checkout;
      const totals = priced.totals;
      const lines: StoredLine[] = priced.state.lines.map((line, i) => ({
        id: line.id,
        name: priced.views[i]?.name.original ?? '',
        productId: line.catalogItemId,
        variantId: line.variantId,
        quantity: line.quantity,
        totalMinor: totals.lineItems[i]?.totalPriceAfterTax ?? 0,
        stockTaken: false,
        refundedQuantity: 0,
        restockedQuantity: 0,
      }));
      const events: NewEvent[] = [];
      const data = dataOf(priced, checkout);
      if (settings.inventoryUpdateTrigger === 'ON_ORDER_PLACED') {
        const taken = await p.stock.take(
          uow,
          lines.flatMap((l) =>
            l.productId && l.variantId
              ? [{ productId: l.productId, variantId: l.variantId, quantity: l.quantity, preorder: true }]
              : [],
          ),
          { reason: 'ORDER_PLACED', actor: await actorOf(uow.trx, caller), orderId: id, now },
        );
        const tracked = new Set(taken.changes.map((ch) => `${ch.productId}\u0000${ch.variantId}`));
        for (const l of lines) l.stockTaken = tracked.has(`${l.productId}\u0000${l.variantId}`);
        const preordered = new Map(
          taken.changes
            .filter((ch) => ch.preordered > 0)
            .map((ch) => [`${ch.productId}\u0000${ch.variantId}`, ch.preorderMessage]),
        );
        markPreorders(data.lineItems, lines, preordered);
        events.push(...taken.events);
      }
      const paymentMethod = paymentMethodOf(priced, input.paymentMethod, online);
      const total = totals.priceSummary.total;
      const paymentStatus = paymentStatusOf(total, []);
      const approved = paymentMethod === 'offline' || paymentStatus === 'PAID';
      const order: OrderRecord = {
        id,
        number: await p.repo.nextNumber(uow.trx),
        checkoutId: c.id,
        cartId: c.cartId,
        owner: c.owner,
        email: c.email,
        status: approved ? 'APPROVED' : 'INITIALIZED',
        paymentStatus,
        fulfillmentStatus: 'NOT_FULFILLED',
        currency: c.currency,
        subtotalMinor: totals.priceSummary.subtotal,
        shippingMinor: totals.priceSummary.shipping,
        taxMinor: totals.priceSummary.tax,
        discountMinor: totals.priceSummary.discount,
        totalMinor: total,
        paymentMethod,
        lines,
        data: { ...data, ...(input.delayCapture ? { delayCapture: true } : {}) },
        archived: false,
        createdDate: now,
        updatedDate: now,
        purchasedDate: approved ? now : null,
        revision: 1,
      };
      // The timeline's first entry, ORDER_PLACED, is the order's own creation (see `placedActivity`): no row.
      await p.repo.insert(uow.trx, order);
      const state: OrderState = { order, transactions: [], activities: [], fulfillments: [] };
      const entity = orderWire(state, p.deps.store().locale);
      events.push({ type: orderEventTypes.created, entityId: id, payload: { entity } });
      if (approved) {
        events.push({ type: orderEventTypes.approved, entityId: id, payload: { order: entity } });
        await p.mail.confirmed(uow.trx, state, entity);
      }
      return { result: answer(order), events };
    },
  };
}
