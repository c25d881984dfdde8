import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUTS,
  type CheckoutKit,
  type Client,
  createCheckout,
  item,
  NEW_YORK,
  startCheckoutKit,
} from './checkout-test-kit.js';

let kit: CheckoutKit;
let mug: Product;
let ebook: Product;

beforeAll(async () => {
  kit = await startCheckoutKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 } });
  ebook = await kit.createProduct({ name: 'E-book', productType: 'digital', priceData: { price: 9 } });
});
afterAll(async () => {
  await kit.close();
});

const validate = (id: string) => kit.server.services.checkout.validateForOrder(id);
const codes = async (id: string) => (await validate(id)).map((p) => p.code);

/** A checkout of `lines` with an email, a New York address and standard shipping. */
async function ready(lines: unknown[], client?: Client): Promise<{ v: Client; id: string }> {
  const v = client ?? (await kit.newVisitor());
  const checkout = await createCheckout(v, {
    lineItems: lines,
    checkoutInfo: {
      buyerInfo: { email: 'ann@example.com' },
      shippingInfo: {
        shippingDestination: { address: NEW_YORK },
        selectedCarrierServiceOption: { code: kit.store.standard.id },
      },
    },
  });
  return { v, id: checkout.id };
}

describe('validateForOrder', () => {
  it('finds nothing wrong with a checkout that has an email, an address, a shipping option and lines in stock', async () => {
    const { id } = await ready([item(mug.id, 2)]);
    expect(await validate(id)).toEqual([]);
  });

  it('asks for an email and a shipping address', async () => {
    const v = await kit.newVisitor();
    const { id } = await createCheckout(v, { lineItems: [item(mug.id)] });
    expect(await validate(id)).toEqual([
      { code: 'EMAIL_MISSING', description: expect.any(String), field: 'checkout.buyerInfo.email' },
      {
        code: 'SHIPPING_ADDRESS_MISSING',
        description: expect.any(String),
        field: 'checkout.shippingInfo.shippingDestination.address',
      },
    ]);
  });

  it('needs no address for items that do not ship', async () => {
    const v = await kit.newVisitor();
    const { id } = await createCheckout(v, {
      lineItems: [item(ebook.id)],
      checkoutInfo: { buyerInfo: { email: 'ann@example.com' } },
    });
    expect(await validate(id)).toEqual([]);
  });

  it('reports a malformed email', async () => {
    const { id } = await ready([item(mug.id)]);
    await kit.server.merx.db.updateTable('checkouts').set({ buyer_email: 'ann@' }).where('id', '=', id).execute();
    expect(await codes(id)).toEqual(['EMAIL_INVALID']);
  });

  it('reports an address no option delivers to, and a chosen option that stopped delivering', async () => {
    const { v, id } = await ready([item(mug.id)]);
    await v.patch(`${CHECKOUTS}/${id}`, {
      checkout: { shippingInfo: { shippingDestination: { address: { country: 'FR', city: 'Paris' } } } },
    });
    expect(await codes(id)).toEqual(['NO_SHIPPING_OPTION']);
    await v.patch(`${CHECKOUTS}/${id}`, {
      checkout: { shippingInfo: { shippingDestination: { address: { country: 'CA', city: 'Toronto' } } } },
    });
    // Standard stays chosen, but only Canada Post delivers there.
    expect(await codes(id)).toEqual(['SHIPPING_OPTION_NOT_AVAILABLE']);
  });

  it('reports lines that are gone or above the stock left', async () => {
    const scarce = await kit.createProduct({ name: 'Vase', stock: { trackInventory: true, quantity: 5 } });
    const gone = await kit.createProduct({ name: 'Lamp' });
    const { id } = await ready([item(scarce.id, 4), item(gone.id)]);
    await kit.owner.patch(`/stores/v1/products/${scarce.id}`, { product: { stock: { quantity: 3 } } });
    await kit.owner.delete(`/stores/v1/products/${gone.id}`);
    const problems = await validate(id);
    expect(problems.map((p) => [p.code, p.description])).toEqual([
      ['INSUFFICIENT_STOCK', 'Only 3 of Vase left in stock'],
      ['LINE_ITEM_NOT_AVAILABLE', 'Lamp is no longer available'],
    ]);
    expect(problems.every((p) => p.lineItemId)).toBe(true);
  });

  it('reports a coupon that stopped applying since it was entered', async () => {
    const coupon = await kit.created('/_api/merx/v1/coupons', 'coupon', {
      code: `SOON${Date.now()}`,
      name: 'Soon gone',
      discount: { discountType: 'PERCENTAGE', percentage: 10 },
    });
    const { v, id } = await ready([item(mug.id)]);
    expect((await v.patch(`${CHECKOUTS}/${id}`, { checkout: {}, couponCode: coupon.code })).status).toBe(200);
    await kit.owner.patch(`/_api/merx/v1/coupons/${coupon.id}`, {
      coupon: { active: false, revision: coupon.revision },
    });
    expect(await codes(id)).toEqual(['COUPON_NOT_APPLICABLE']);
    const checkout = (await v.get(`${CHECKOUTS}/${id}`)).body.checkout;
    expect(checkout.calculationErrors.couponCalculationError.applicationError.code).toBe('COUPON_INACTIVE');
  });

  it('throws CHECKOUT_NOT_FOUND for an unknown checkout', async () => {
    await expect(validate('no-such-checkout')).rejects.toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
  });
});
