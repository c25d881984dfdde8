import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  type CartKit,
  expectNoCartWrites,
  expectViolation,
  item,
  startCartKit,
} from '../cart/cart-test-kit.js';
import { COUPONS, PAST, uniqueCode } from './discounts-test-kit.js';

const CHECK = '/_api/merx/v1/coupons/check';

let kit: CartKit;
let product: Product;
beforeAll(async () => {
  kit = await startCartKit();
  product = await kit.createProduct({ priceData: { price: 10 } });
});
afterAll(async () => {
  await kit.close();
});

async function createCoupon(input: Record<string, unknown> = {}): Promise<string> {
  const coupon = { code: uniqueCode(), name: 'Coupon', discount: { discountType: 'PERCENTAGE', percentage: 10 } };
  const res = await kit.owner.post(COUPONS, { coupon: { ...coupon, ...input } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.coupon.code;
}

describe('POST /_api/merx/v1/coupons/check', () => {
  it('answers 200 with the verdict for the current cart, the same as applying it, and changes nothing', async () => {
    const shopper = await kit.newVisitor();
    await addToCart(shopper, item(product.id, 2)); // subtotal 20
    const good = await createCoupon();
    const expired = await createCoupon({ startDate: PAST.start, expirationDate: PAST.end });
    const tooSmall = await createCoupon({ limits: { minimumSubtotal: '25' } });
    const cartBefore = (await shopper.get(CART)).body.cart;

    await expectNoCartWrites(kit, async () => {
      const verdicts = {
        unknown: await shopper.post(CHECK, { code: 'NO-SUCH-CODE' }),
        good: await shopper.post(CHECK, { code: good.toLowerCase() }),
        expired: await shopper.post(CHECK, { code: expired }),
        tooSmall: await shopper.post(CHECK, { code: tooSmall }),
      };
      for (const res of Object.values(verdicts)) expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(verdicts.unknown.body).toEqual({ valid: false, reason: 'NOT_FOUND', message: 'No coupon has this code' });
      expect(verdicts.good.body).toEqual({ valid: true, message: 'The coupon applies to this cart' });
      expect(verdicts.expired.body).toMatchObject({
        valid: false,
        reason: 'EXPIRED',
        message: 'The coupon has expired',
      });
      expect(verdicts.tooSmall.body).toMatchObject({ valid: false, reason: 'MINIMUM_SUBTOTAL_NOT_MET' });
      expect(verdicts.tooSmall.body.message).toMatch(/subtotal/);
    });
    expect((await shopper.get(CART)).body.cart).toEqual(cartBefore);

    // Applying agrees with each verdict.
    for (const [code, status] of [
      ['NO-SUCH-CODE', 400],
      [expired, 400],
      [tooSmall, 400],
    ] as const) {
      const res = await shopper.patch(CART, { couponCode: code });
      expect(res.status, code).toBeGreaterThanOrEqual(status);
      expect(res.status, code).toBeLessThan(500);
    }
    expect((await shopper.patch(CART, { couponCode: good })).status).toBe(200);

    // With more in the cart the minimum subtotal is reached.
    await addToCart(shopper, item(product.id, 1)); // subtotal 30
    expect((await shopper.post(CHECK, { code: tooSmall })).body).toMatchObject({ valid: true });
  });

  it('answers the same for a member', async () => {
    const member = await kit.newMember();
    await addToCart(member, item(product.id));
    expect((await member.post(CHECK, { code: 'NO-SUCH-CODE' })).body).toMatchObject({ valid: false });
    expect((await member.post(CHECK, { code: await createCoupon() })).body).toMatchObject({ valid: true });
  });

  it('answers 404 to a shopper without a cart, and 401 without a token; writes nothing', async () => {
    const shopper = await kit.newVisitor();
    const code = await createCoupon();
    await expectNoCartWrites(kit, async () => {
      const res = await shopper.post(CHECK, { code });
      expect(res.status).toBe(404);
      expect(res.body.details.applicationError.code).toBe('OWNED_CART_NOT_FOUND');
      expect((await kit.visitor.post(CHECK, { code: 'ANY-CODE' })).status).toBe(401);
    });
  });

  it('refuses bad input in the envelope', async () => {
    const shopper = await kit.newVisitor();
    await addToCart(shopper, item(product.id));
    await expectNoCartWrites(kit, async () => {
      expectViolation(await shopper.post(CHECK, { code: '' }), 'code', 'MIN_LENGTH');
      expectViolation(await shopper.post(CHECK, { code: '   ' }), 'code', 'MIN_LENGTH');
      expectViolation(await shopper.post(CHECK, { code: 'x'.repeat(500) }), 'code', 'MAX_LENGTH');
      expectViolation(await shopper.post(CHECK, { code: 42 }), 'code');
      expectViolation(await shopper.post(CHECK, {}), 'code', 'REQUIRED_FIELD');
      expectViolation(await shopper.post(CHECK, { code: 'ABC', extra: 1 }), 'body', 'FIELD_NOT_ALLOWED');
    });
  });

  it('lets a shopper check only so many codes in a while', async () => {
    const shopper = await kit.newVisitor();
    await addToCart(shopper, item(product.id));
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await shopper.post(CHECK, { code: `GUESS-${i}` })).status);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
    const last = await shopper.post(CHECK, { code: 'GUESS-LAST' });
    expect(last.status).toBe(429);
    expect(last.body.details.applicationError.code).toBe('TOO_MANY_COUPON_CHECKS');
  });
});
