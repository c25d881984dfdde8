import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUTS,
  type CheckoutKit,
  type Client,
  createCheckout,
  expectAppError,
  expectNoCheckoutWrites,
  item,
  NEW_YORK,
  startCheckoutKit,
} from './checkout-test-kit.js';

let kit: CheckoutKit;
let mug: Product;
let book: Product;
let scarce: Product;

beforeAll(async () => {
  kit = await startCheckoutKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 } });
  book = await kit.createProduct({ name: 'Book', priceData: { price: 10 } });
  scarce = await kit.createProduct({
    name: 'Vase',
    priceData: { price: 50 },
    stock: { trackInventory: true, quantity: 3 },
  });
});
afterAll(async () => {
  await kit.close();
});

const post = async (client: Client, url: string, body: Record<string, unknown>) => {
  const res = await client.post(url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout;
};

describe('POST /ecom/v1/checkouts/{id}/add-to-checkout', () => {
  it('adds new lines and adds quantities to the same item', async () => {
    const v = await kit.newVisitor();
    const created = await createCheckout(v, { lineItems: [item(mug.id)] });
    const url = `${CHECKOUTS}/${created.id}/add-to-checkout`;
    const checkout = await post(v, url, { id: created.id, lineItems: [item(mug.id, 2), item(book.id)] });
    expect(
      checkout.lineItems.map((l: { productName: { original: string }; quantity: number }) => [
        l.productName.original,
        l.quantity,
      ]),
    ).toEqual([
      ['Mug', 3],
      ['Book', 1],
    ]);
    expect(checkout.lineItems[0].id).toBe(created.lineItems[0].id);
    expect(checkout.priceSummary.subtotal.amount).toBe('70');
  });

  it('refuses more units than are in stock, and writes nothing', async () => {
    const v = await kit.newVisitor();
    const created = await createCheckout(v, { lineItems: [item(scarce.id, 2)] });
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(
        await v.post(`${CHECKOUTS}/${created.id}/add-to-checkout`, { lineItems: [item(scarce.id, 2)] }),
        400,
        'INSUFFICIENT_STOCK',
      );
    });
  });

  it('lets elevated callers add custom lines paid offline, split into pay now and pay later', async () => {
    const created = await createCheckout(kit.owner, {
      lineItems: [item(mug.id)],
      checkoutInfo: {
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: kit.store.standard.id },
        },
      },
    });
    const checkout = await post(kit.owner, `${CHECKOUTS}/${created.id}/add-to-checkout`, {
      customLineItems: [
        {
          quantity: 1,
          price: '30',
          productName: { original: 'Assembly' },
          itemType: { preset: 'SERVICE' },
          paymentOption: 'FULL_PAYMENT_OFFLINE',
        },
      ],
    });
    expect(checkout.lineItems.map((l: { paymentOption: string }) => l.paymentOption)).toEqual([
      'FULL_PAYMENT_ONLINE',
      'FULL_PAYMENT_OFFLINE',
    ]);
    expect(checkout.lineItems[1]).toMatchObject({ customLineItem: true, productName: { original: 'Assembly' } });
    // The mug ($20 + 8 % tax) and $5 shipping are paid now; the assembly ($30 + 8 % tax) later.
    expect(checkout.payNow).toMatchObject({ subtotal: { amount: '20' }, total: { amount: '26.6' } });
    expect(checkout.payLater).toMatchObject({
      subtotal: { amount: '30' },
      tax: { amount: '2.4' },
      total: { amount: '32.4' },
    });
    expect(checkout.priceSummary.total.amount).toBe('59');
  });

  it('answers 403 to a shopper adding a custom line or catalog overrides', async () => {
    const v = await kit.newVisitor();
    const created = await createCheckout(v, { lineItems: [item(mug.id)] });
    const url = `${CHECKOUTS}/${created.id}/add-to-checkout`;
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(
        await v.post(url, { customLineItems: [{ quantity: 1, price: '1', productName: { original: 'Free' } }] }),
        403,
        'PERMISSION_DENIED',
      );
      expectAppError(
        await v.post(url, { lineItems: [{ ...item(mug.id), catalogOverrideFields: { price: '1' } }] }),
        403,
        'PERMISSION_DENIED',
      );
    });
  });
});

describe('POST /ecom/v1/checkouts/{id}/remove-line-items', () => {
  it('removes lines, and answers 404 LINE_ITEM_NOT_FOUND for a line it does not hold', async () => {
    const v = await kit.newVisitor();
    const created = await createCheckout(v, { lineItems: [item(mug.id), item(book.id)] });
    const url = `${CHECKOUTS}/${created.id}/remove-line-items`;
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await v.post(url, { lineItemIds: [created.lineItems[0].id, 'nope'] }), 404, 'LINE_ITEM_NOT_FOUND');
    });
    const checkout = await post(v, url, { id: created.id, lineItemIds: [created.lineItems[0].id] });
    expect(checkout.lineItems.map((l: { id: string }) => l.id)).toEqual([created.lineItems[1].id]);
    expect(checkout.priceSummary.subtotal.amount).toBe('10');
  });
});

describe('POST /ecom/v1/checkouts/{id}/update-line-items-quantity', () => {
  it('sets quantities, lowering below stock always and raising only up to it', async () => {
    const v = await kit.newVisitor();
    const created = await createCheckout(v, { lineItems: [item(scarce.id, 2), item(book.id)] });
    const url = `${CHECKOUTS}/${created.id}/update-line-items-quantity`;
    const [vase, bookLine] = created.lineItems;
    const checkout = await post(v, url, {
      id: created.id,
      lineItems: [
        { id: vase.id, quantity: 3 },
        { id: bookLine.id, quantity: 4 },
      ],
    });
    expect(checkout.lineItems.map((l: { quantity: number }) => l.quantity)).toEqual([3, 4]);
    expect(checkout.priceSummary.subtotal.amount).toBe('190');
    await expectNoCheckoutWrites(kit, async () => {
      expectAppError(await v.post(url, { lineItems: [{ id: vase.id, quantity: 4 }] }), 400, 'INSUFFICIENT_STOCK');
      expectAppError(await v.post(url, { lineItems: [{ id: 'nope', quantity: 1 }] }), 404, 'LINE_ITEM_NOT_FOUND');
    });
    expect((await post(v, url, { lineItems: [{ id: vase.id, quantity: 1 }] })).lineItems[0].quantity).toBe(1);
  });

  it('shows a line that went out of stock as a violation', async () => {
    const v = await kit.newVisitor();
    const product = await kit.createProduct({ stock: { trackInventory: true, quantity: 5 } });
    const created = await createCheckout(v, { lineItems: [item(product.id, 4)] });
    await kit.owner.patch(`/stores/v1/products/${product.id}`, { product: { stock: { quantity: 0 } } });
    const checkout = (await v.get(`${CHECKOUTS}/${created.id}`)).body.checkout;
    expect(checkout.lineItems[0].availability).toEqual({ status: 'NOT_AVAILABLE', quantityAvailable: 0 });
    expect(checkout.violations).toEqual([
      expect.objectContaining({ severity: 'ERROR', suggestedFix: 'REMOVE_LINE_ITEM' }),
    ]);
  });
});
