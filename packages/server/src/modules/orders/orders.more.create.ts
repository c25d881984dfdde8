import {
  type CheckoutCustomLineItemInput,
  type CheckoutLineItemInput,
  type CreateCheckoutRequest,
  type CreateOrderRequest,
  type MerchantOrderLineItem,
  moreOrderErrorCodes,
  type Order,
} from '@merx/contract';
import type { Database } from '@merx/db';
import { notFound } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Caller } from '../../http/auth.js';
import type { CheckoutServices, OrderWriter } from '../checkout/index.js';
import type { ModuleDeps } from '../module.js';
import { orderWriter, type PlaceDeps, type PlacedOrder } from './orders.place.js';
import type { OrdersService } from './orders.service.js';

/*
 * createOrder (POST /ecom/v1/orders): a merchant places an order (phone, POS) through the checkout, so that totals,
 * validation and stock taking are the shopper's: a checkout of the caller is made from the lines and the buyer's
 * details and placed like create-order (offline payment unless asked otherwise), both in one transaction, so a
 * refused order leaves nothing behind and no event of a checkout that never was goes out.
 */

export interface MerchantOrdersDeps {
  deps: ModuleDeps;
  orders: OrdersService;
  checkout: CheckoutServices;
  place: Omit<PlaceDeps, 'existing'>;
}

export const memberNotFound = (memberId: string) =>
  notFound(moreOrderErrorCodes.memberNotFound, 'No member of the store has this id', { memberId });

/** Refuses an id that names no member of the store (a deleted member included). */
export async function assertMember(db: Kysely<Database>, memberId: string): Promise<void> {
  const row = await db
    .selectFrom('identities')
    .select('status')
    .where('id', '=', memberId)
    .where('kind', '=', 'member')
    .executeTakeFirst();
  if (!row || row.status === 'DELETED') throw memberNotFound(memberId);
}

type Line = MerchantOrderLineItem;

function catalogLineOf(line: Line): CheckoutLineItemInput {
  return {
    catalogReference: line.catalogReference as CheckoutLineItemInput['catalogReference'],
    quantity: line.quantity,
    catalogOverrideFields: line.catalogOverrideFields,
  };
}

function customLineOf(line: Line): CheckoutCustomLineItemInput {
  return {
    quantity: line.quantity,
    price: line.price as string,
    fullPrice: line.fullPrice,
    productName: line.productName as CheckoutCustomLineItemInput['productName'],
    itemType: line.itemType,
    media: line.media,
    physicalProperties: line.physicalProperties,
    descriptionLines: line.descriptionLines,
    paymentOption: line.paymentOption,
    catalogReference: line.catalogReference,
  };
}

/**
 * The checkout request of a merchant order: catalog lines first, then custom lines (lines with a price); a coupon
 * given in `appliedDiscounts` is applied as the checkout's coupon (refused like a shopper's: COUPON_NOT_FOUND, …).
 */
export function checkoutRequestOf(o: CreateOrderRequest['order']): CreateCheckoutRequest {
  const shipping = o.shippingInfo;
  const destination = shipping?.shippingDestination ?? shipping?.logistics?.shippingDestination;
  const slot = shipping?.logistics?.deliveryTimeSlot;
  const couponCode = o.appliedDiscounts?.[0]?.coupon.code;
  return {
    channelType: o.channelInfo?.type ?? 'BACKOFFICE_MERCHANT',
    ...(couponCode ? { couponCode } : {}),
    lineItems: o.lineItems.filter((l) => l.price == null).map(catalogLineOf),
    customLineItems: o.lineItems.filter((l) => l.price != null).map(customLineOf),
    checkoutInfo: {
      buyerInfo: { email: o.buyerInfo.email },
      ...(o.billingInfo ? { billingInfo: o.billingInfo } : {}),
      shippingInfo: {
        ...(destination ? { shippingDestination: destination } : {}),
        ...(shipping?.code
          ? {
              selectedCarrierServiceOption: {
                code: shipping.code,
                ...(slot ? { logistics: { deliveryTimeSlot: slot } } : {}),
              },
            }
          : {}),
      },
      ...(o.buyerNote ? { buyerNote: o.buyerNote } : {}),
    },
  };
}

/** The order written for the member `memberId` (their account lists it) instead of the checkout's owner. */
function forMember(writer: OrderWriter<PlacedOrder>, memberId: string | null | undefined): OrderWriter<PlacedOrder> {
  if (!memberId) return writer;
  return {
    existing: (orderId) => writer.existing(orderId),
    write: (uow, orderId, priced, checkout) =>
      writer.write(
        uow,
        orderId,
        {
          ...priced,
          state: { ...priced.state, checkout: { ...priced.state.checkout, owner: { kind: 'member', id: memberId } } },
        },
        checkout,
      ),
  };
}

export function createMerchantOrders({ deps, orders, checkout, place }: MerchantOrdersDeps) {
  return {
    async create(caller: Caller, input: CreateOrderRequest['order']): Promise<Order> {
      const memberId = input.buyerInfo.memberId;
      if (memberId) await assertMember(deps.db, memberId);
      // Refusals of the lines, coupon-free pricing and the shipping choice come before anything is written.
      const prepared = await checkout.creation.prepare(caller, checkoutRequestOf(input));
      const writer = await orderWriter(
        { ...place, existing: async (orderId) => orders.load(orderId) },
        { paymentMethod: input.paymentMethod ?? 'offline' },
        caller,
      );
      // The checkout and the order in one transaction: a refused order leaves nothing behind.
      const placed = await checkout.placement.placeNew(caller, prepared, forMember(writer, memberId));
      return orders.wire(await orders.load(placed.orderId));
    },
  };
}

export type MerchantOrders = ReturnType<typeof createMerchantOrders>;
