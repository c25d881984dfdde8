import {
  type EcomPrice,
  type ImportOrderRequest,
  moreOrderErrorCodes,
  type Order,
  orderEventTypes,
} from '@merx/contract';
import { withTransaction } from '@merx/db';
import { AppError, fulfillmentStatusOf, invalid, paymentStatusOf } from '@merx/domain';
import { identityOf } from '../../events/identity.js';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { compact, priceOf, type WireContext } from '../cart/cart.mapper.js';
import { ownerOf } from '../cart/cart.service.js';
import type { CartOwner } from '../cart/cart.types.js';
import type { ModuleDeps } from '../module.js';
import { toMinorUnits } from '../shipping/decimal.js';
import { withoutNulls } from './orders.changes.timeline.js';
import { orderWire } from './orders.mapper.js';
import { assertMember } from './orders.more.create.js';
import { bulkRun } from './orders.more.js';
import type { OrdersRepo } from './orders.repo.js';
import { domainTransactions, fulfillmentRowOf, transactionRowOf } from './orders.rows.js';
import { orderNotFound } from './orders.service.js';
import type { FulfillmentRecord, OrderData, OrderRecord, StoredLine, TransactionRecord } from './orders.types.js';

/*
 * Orders imported from another system (importOrder), deleting them again, and the order number counter. An imported
 * order keeps what it states: its number when free, its dates, prices and statuses; it takes no stock. Its payment
 * and fulfillment status are backed by an offline payment (and refund) and a fulfillment written with it, so that
 * later changes, which derive both again, keep them.
 */

type Input = ImportOrderRequest['order'];
type Price = { amount: string } | null | undefined;

const REFUNDED = new Set(['PARTIALLY_REFUNDED', 'FULLY_REFUNDED']);

/** The order's lines as the rules read them and on the wire; field violations name the request's fields. */
function linesOf(input: Input, minor: (p: Price, field: string) => number | undefined, ctx: WireContext) {
  const ids = new Set<string>();
  return input.lineItems.map((line, i) => {
    const field = `order.lineItems[${i}]`;
    const id = line.id ?? newId();
    if (ids.has(id)) throw invalid(`${field}.id`, 'must be unique within the order');
    ids.add(id);
    if ((line.fulfilledQuantity ?? 0) > line.quantity)
      throw invalid(`${field}.fulfilledQuantity`, 'must not be more than the quantity');
    const unit = minor(line.price, `${field}.price.amount`) ?? 0;
    const total = minor(line.totalPriceAfterTax, `${field}.totalPriceAfterTax.amount`) ?? unit * line.quantity;
    const discount = minor(line.totalDiscount, `${field}.totalDiscount.amount`) ?? 0;
    const stored: StoredLine = {
      id,
      name: line.productName.original,
      productId: line.catalogReference?.catalogItemId ?? null,
      variantId: null,
      quantity: line.quantity,
      totalMinor: total,
      stockTaken: false,
      refundedQuantity: 0,
      restockedQuantity: 0,
    };
    const wire = compact({
      id,
      productName: withoutNulls(line.productName),
      catalogReference: line.catalogReference ? withoutNulls(line.catalogReference) : undefined,
      quantity: line.quantity,
      price: priceOf(unit, ctx),
      priceBeforeDiscounts: priceOf(unit, ctx),
      totalPriceBeforeTax: priceOf(total, ctx),
      totalPriceAfterTax: priceOf(total, ctx),
      totalDiscount: priceOf(discount, ctx),
      paymentOption: 'FULL_PAYMENT_OFFLINE',
      itemType: line.itemType ? withoutNulls(line.itemType) : { preset: 'PHYSICAL' },
      image: line.image ? withoutNulls(line.image) : undefined,
      physicalProperties: line.physicalProperties ? withoutNulls(line.physicalProperties) : undefined,
      descriptionLines: withoutNulls(line.descriptionLines ?? []),
    });
    return { stored, wire, unit, discount, fulfilled: line.fulfilledQuantity ?? 0 };
  });
}

export function createOrderImports({ deps, repo }: { deps: ModuleDeps; repo: OrdersRepo }) {
  /** The order number an import keeps (when free) or gets, under the counter's lock. */
  async function numberFor(ex: Parameters<OrdersRepo['insert']>[0], asked: number | undefined): Promise<number> {
    const last = await repo.lockNumberCounter(ex);
    if (asked !== undefined) {
      const taken = await ex.selectFrom('orders').select('id').where('number', '=', asked).executeTakeFirst();
      if (!taken) {
        // Numbers stay unique: the counter moves past a kept number above it.
        if (asked > last) await repo.setNumberCounter(ex, asked);
        return asked;
      }
    }
    return repo.nextNumber(ex);
  }

  return {
    /** importOrder: the order as stated, `imported: true`; refusals write nothing. */
    async importOrder(caller: Caller, input: Input): Promise<Order> {
      const memberId = input.buyerInfo?.memberId;
      if (memberId) await assertMember(deps.db, memberId);
      const owner: CartOwner = memberId ? { kind: 'member', id: memberId } : ownerOf(caller);
      const currency = input.currency ?? deps.store().currency;
      const ctx: WireContext = { currency, locale: deps.store().locale };
      const minor = (p: Price, field: string) => (p ? toMinorUnits(p.amount, currency, field) : undefined);
      const now = deps.clock.now().toISOString();
      const createdDate = input.createdDate ? new Date(input.createdDate).toISOString() : now;
      const lines = linesOf(input, minor, ctx);
      const ps = input.priceSummary;
      const subtotal =
        minor(ps?.subtotal, 'order.priceSummary.subtotal.amount') ?? sum(lines.map((l) => l.unit * l.stored.quantity));
      const shipping =
        minor(ps?.shipping, 'order.priceSummary.shipping.amount') ??
        minor(input.shippingInfo?.cost?.price, 'order.shippingInfo.cost.price.amount') ??
        0;
      const tax = minor(ps?.tax, 'order.priceSummary.tax.amount') ?? 0;
      const discount = minor(ps?.discount, 'order.priceSummary.discount.amount') ?? sum(lines.map((l) => l.discount));
      const total = minor(ps?.total, 'order.priceSummary.total.amount') ?? subtotal + shipping + tax - discount;
      if (total < 0)
        throw invalid('order.priceSummary.total', 'must not be below zero (the discount exceeds the rest)');

      const orderId = newId();
      const paymentStatus = input.paymentStatus ?? 'NOT_PAID';
      const b = input.balanceSummary;
      const paid =
        minor(b?.paid, 'order.balanceSummary.paid.amount') ??
        (paymentStatus === 'PAID' || REFUNDED.has(paymentStatus) ? total : 0);
      const refunded =
        minor(b?.refunded, 'order.balanceSummary.refunded.amount') ?? (paymentStatus === 'FULLY_REFUNDED' ? paid : 0);
      if (paid > total) throw invalid('order.balanceSummary.paid', 'must not be more than the total');
      if (refunded > paid) throw invalid('order.balanceSummary.refunded', 'must not be more than was paid');
      const transactions: TransactionRecord[] = [];
      const txn = (
        kind: TransactionRecord['kind'],
        amountMinor: number,
        paymentId: string | null,
      ): TransactionRecord => ({
        id: newId(),
        orderId,
        kind,
        status: kind === 'PAYMENT' ? 'APPROVED' : 'SUCCEEDED',
        amountMinor,
        provider: 'offline',
        providerTransactionId: null,
        paymentId,
        details: { imported: true },
        createdDate,
        updatedDate: createdDate,
      });
      if (paid > 0) transactions.push(txn('PAYMENT', paid, null));
      if (refunded > 0) transactions.push(txn('REFUND', refunded, transactions[0]!.id));
      const derivedPayment = paymentStatusOf(total, domainTransactions(transactions));
      if (derivedPayment !== paymentStatus)
        throw invalid(
          'order.paymentStatus',
          `does not fit the amounts: ${paid} paid and ${refunded} refunded (minor units) of ${total} is ${derivedPayment}; give balanceSummary.paid and balanceSummary.refunded`,
        );

      const fullyFulfilled = input.fulfillmentStatus === 'FULFILLED' && lines.every((l) => l.fulfilled === 0);
      const fulfilledLines = lines
        .map((l) => ({ id: l.stored.id, quantity: fullyFulfilled ? l.stored.quantity : l.fulfilled }))
        .filter((l) => l.quantity > 0);
      const fulfillments: FulfillmentRecord[] =
        fulfilledLines.length > 0
          ? [
              {
                id: newId(),
                orderId,
                lineItems: fulfilledLines,
                trackingInfo: null,
                createdDate,
                updatedDate: createdDate,
              },
            ]
          : [];
      const fulfillmentStatus = fulfillmentStatusOf(
        lines.map((l) => l.stored),
        fulfillments.map((f) => ({ lineItems: f.lineItems.map((l) => ({ lineItemId: l.id, quantity: l.quantity })) })),
      );
      if (input.fulfillmentStatus && input.fulfillmentStatus !== fulfillmentStatus)
        throw invalid(
          'order.fulfillmentStatus',
          `does not fit the lines' fulfilledQuantity (they make it ${fulfillmentStatus})`,
        );

      const status = input.status ?? 'APPROVED';
      const language = deps.store().locale.split('-')[0] ?? 'en';
      const price = (m: number): EcomPrice => priceOf(m, ctx);
      const shippingInfo = input.shippingInfo
        ? compact({
            title: input.shippingInfo.title ?? undefined,
            code: input.shippingInfo.code ?? undefined,
            cost: { price: price(shipping), totalPriceAfterTax: price(shipping) },
            logistics: input.recipientInfo ? { shippingDestination: withoutNulls(input.recipientInfo) } : undefined,
          })
        : undefined;
      const data: OrderData = {
        lineItems: lines.map((l) => l.wire as OrderData['lineItems'][number]),
        buyerInfo: {},
        ...(input.billingInfo ? { billingInfo: withoutNulls(input.billingInfo) } : {}),
        ...(shippingInfo ? { shippingInfo } : {}),
        ...(input.recipientInfo ? { recipientInfo: withoutNulls(input.recipientInfo) } : {}),
        ...(input.buyerNote ? { buyerNote: input.buyerNote } : {}),
        priceSummary: {
          subtotal: price(subtotal),
          shipping: price(shipping),
          tax: price(tax),
          discount: price(discount),
          total: price(total),
          totalPrice: price(total),
          totalAdditionalFees: price(0),
        },
        taxSummary: { totalTax: price(tax) },
        appliedDiscounts: [],
        additionalFees: [],
        weightUnit: input.weightUnit ?? 'KG',
        taxIncludedInPrices: input.taxIncludedInPrices ?? false,
        channelType: input.channelInfo?.type ?? 'OTHER_PLATFORM',
        siteLanguage: language,
        buyerLanguage: language,
        seenByAHuman: input.seenByAHuman ?? false,
        discountRuleIds: [],
        imported: true,
      };
      const asked = input.number ? Number(input.number) : undefined;
      return withTransaction(deps.db, async (uow) => {
        const order: OrderRecord = {
          id: orderId,
          number: await numberFor(uow.trx, asked),
          checkoutId: null,
          cartId: null,
          owner,
          email: input.buyerInfo?.email ?? null,
          status,
          paymentStatus,
          fulfillmentStatus,
          currency,
          subtotalMinor: subtotal,
          shippingMinor: shipping,
          taxMinor: tax,
          discountMinor: discount,
          totalMinor: total,
          paymentMethod: 'offline',
          lines: lines.map((l) => l.stored),
          data,
          archived: input.archived ?? false,
          createdDate,
          updatedDate: now,
          purchasedDate: input.purchasedDate
            ? new Date(input.purchasedDate).toISOString()
            : status === 'APPROVED'
              ? createdDate
              : null,
          revision: 1,
        };
        await repo.insert(uow.trx, order);
        await repo.insertTransactions(uow.trx, transactions.map(transactionRowOf));
        if (fulfillments.length > 0)
          await uow.trx.insertInto('order_fulfillments').values(fulfillments.map(fulfillmentRowOf)).execute();
        const entity = orderWire({ order, transactions, activities: [], fulfillments }, ctx.locale);
        await deps.outbox.append(uow, {
          type: orderEventTypes.created,
          entityId: orderId,
          payload: { entity },
          identity: identityOf(caller),
        });
        return entity;
      });
    },

    /** bulkDeleteImportedOrders: each imported order with everything hanging off it; others are refused. */
    async bulkDeleteImported(orderIds: readonly string[]) {
      return bulkRun(orderIds, async (id) => {
        await withTransaction(deps.db, async (uow) => {
          const row = await uow.trx.selectFrom('orders').select('data').where('id', '=', id).executeTakeFirst();
          if (!row) throw orderNotFound(id);
          if (!(JSON.parse(row.data) as OrderData).imported)
            throw new AppError(
              'FAILED_PRECONDITION',
              moreOrderErrorCodes.orderNotImported,
              'Only imported orders can be deleted (cancel or archive an order placed in Merx)',
              { orderId: id },
            );
          // Its transactions, activities and fulfillments go with it (ON DELETE CASCADE).
          await uow.trx.deleteFrom('orders').where('id', '=', id).execute();
        });
        return undefined;
      });
    },

    /** setOrderNumberCounter: the next order's number; lower only when allowed, never onto a number in use. */
    async setCounter(counter: number, allowLower: boolean) {
      return withTransaction(deps.db, async (uow) => {
        const last = await repo.lockNumberCounter(uow.trx);
        const row = await uow.trx
          .selectFrom('orders')
          .select((eb) => eb.fn.max('number').as('highest'))
          .executeTakeFirst();
        const highest = Number(row?.highest ?? 0);
        const previousCounter = last + 1;
        if (counter < previousCounter && !allowLower)
          throw new AppError(
            'FAILED_PRECONDITION',
            moreOrderErrorCodes.orderNumberCounterTooLow,
            `The next order number is ${previousCounter}: pass allowLowerCounter to set a lower one`,
            { counter, current: previousCounter },
          );
        if (counter <= highest)
          throw new AppError(
            'FAILED_PRECONDITION',
            moreOrderErrorCodes.orderNumberCounterTooLow,
            `Order numbers are unique: the counter must be above ${highest}, the highest number in use`,
            { counter, highest },
          );
        await repo.setNumberCounter(uow.trx, counter - 1);
        return { counter, previousCounter };
      });
    },
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export type OrderImports = ReturnType<typeof createOrderImports>;
