import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  type CartKit,
  expectAppError,
  expectNoCartWrites,
  expectViolation,
  item,
  type Shopper,
  sizeAndColor,
  startCartKit,
} from './cart-test-kit.js';

let kit: CartKit;
let product: Product;
let options: Product;
let shopper: Shopper;
beforeAll(async () => {
  kit = await startCartKit();
  product = await kit.createProduct({ stock: { trackInventory: true, quantity: 10 } });
  options = await kit.createProduct(sizeAndColor());
  shopper = await kit.newVisitor();
});
afterAll(async () => {
  await kit.close();
});

const add = (client: Shopper | typeof kit.owner, ...items: unknown[]) =>
  client.post(`${CART}/add-to-cart`, { lineItems: items });

describe('add-to-cart refuses bad lines and writes nothing (not even the cart)', () => {
  it.each([
    [0, 'MIN'],
    [-2, 'MIN'],
    [1.5, 'VALIDATION'],
    [100_001, 'MAX'],
    ['2', 'VALIDATION'],
  ])('quantity %s is a %s violation', async (quantity, rule) => {
    await expectNoCartWrites(kit, async () => {
      expectViolation(await add(shopper, item(product.id, quantity as number)), 'lineItems[0].quantity', rule);
    });
  });

  it('needs at least one line, a catalog reference of the stores app, and at most 100 lines per call', async () => {
    await expectNoCartWrites(kit, async () => {
      expectViolation(await shopper.post(`${CART}/add-to-cart`, {}), 'lineItems', 'REQUIRED_FIELD');
      const foreign = { catalogReference: { appId: 'some-other-app', catalogItemId: product.id }, quantity: 1 };
      expectViolation(await add(shopper, foreign), 'lineItems[0].catalogReference.appId');
      expectViolation(await add(shopper, { quantity: 1 }), 'lineItems[0].catalogReference', 'REQUIRED_FIELD');
      expectViolation(
        await add(shopper, ...Array.from({ length: 101 }, () => item(product.id))),
        'lineItems',
        'MAX_SIZE',
      );
    });
  });

  it('answers 404 for an unknown product or variant, and for a hidden product or variant', async () => {
    const hidden = await kit.createProduct({ visible: false });
    const managed = await kit.createProduct({ ...sizeAndColor(), manageVariants: true });
    await kit.owner.patch(`/stores/v1/products/${managed.id}/variants`, {
      variants: [{ choices: { Size: 'S', Color: 'Red' }, visible: false }],
    });
    await expectNoCartWrites(kit, async () => {
      expectAppError(await add(shopper, item('no-such-product')), 404, 'PRODUCT_NOT_FOUND');
      expectAppError(await add(shopper, item(hidden.id)), 404, 'PRODUCT_NOT_FOUND');
      expectAppError(
        await add(shopper, item(options.id, 1, { variantId: 'no-such-variant' })),
        404,
        'VARIANT_NOT_FOUND',
      );
      expectAppError(
        await add(shopper, item(managed.id, 1, { options: { Size: 'S', Color: 'Red' } })),
        404,
        'VARIANT_NOT_FOUND',
      );
      // A good line beside a bad one is not added either.
      expectAppError(await add(shopper, item(product.id), item('no-such-product')), 404, 'PRODUCT_NOT_FOUND');
    });
    // Staff and keys holding catalog:read see hidden products in their own carts, as in the catalog; a key
    // without it is treated as a shopper.
    expect((await add(kit.owner, item(hidden.id))).status).toBe(200);
    expect((await add(kit.stranger, item(hidden.id))).status).toBe(200);
    const ordersOnly = kit.as((await kit.server.services.apiKeys.create({ name: 'o', scopes: ['orders:*'] })).key);
    expectAppError(await add(ordersOnly, item(hidden.id)), 404, 'PRODUCT_NOT_FOUND');
  });

  it('lets only callers holding checkouts:write set custom lines or prices, in carts and checkouts', async () => {
    const custom = {
      quantity: 1,
      price: '0.01',
      productName: { original: 'Anything' },
      itemType: { preset: 'SERVICE' },
    };
    const override = { ...item(product.id), catalogOverrideFields: { price: '0.01' } };
    const withoutScope = kit.as(
      (await kit.server.services.apiKeys.create({ name: 'n', scopes: ['orders:*', 'catalog:*'] })).key,
    );
    const writer = kit.as((await kit.server.services.apiKeys.create({ name: 'w', scopes: ['checkouts:write'] })).key);
    await expectNoCartWrites(kit, async () => {
      for (const client of [shopper, withoutScope]) {
        expectAppError(
          await client.post(`${CART}/add-to-cart`, { customLineItems: [custom] }),
          403,
          'PERMISSION_DENIED',
        );
        expectAppError(await add(client, override), 403, 'PERMISSION_DENIED');
        expectAppError(
          await client.post('/ecom/v1/checkouts', { customLineItems: [custom] }),
          403,
          'PERMISSION_DENIED',
        );
      }
    });
    expect((await writer.post(`${CART}/add-to-cart`, { customLineItems: [custom] })).status).toBe(200);
    expect((await writer.post('/ecom/v1/checkouts', { customLineItems: [custom] })).status).toBe(200);
  });

  it('refuses a product id holding a lone surrogate as a validation error, on both engines (jsonb refuses its escape)', async () => {
    await expectNoCartWrites(kit, async () => {
      expectViolation(await add(shopper, item('a\ud800b')), 'lineItems[0].catalogReference.catalogItemId', 'FORMAT');
      expectViolation(
        await add(shopper, item(product.id), item('\udc00')),
        'lineItems[1].catalogReference.catalogItemId',
        'FORMAT',
      );
    });
  });

  it('names the option or choice that does not exist, and asks for a variant when none is chosen', async () => {
    await expectNoCartWrites(kit, async () => {
      const path = 'lineItems[0].catalogReference.options';
      expectViolation(
        await add(shopper, item(options.id, 1, { options: { Size: 'XXL', Color: 'Red' } })),
        `${path}.options.Size`,
      );
      expectViolation(
        await add(shopper, item(options.id, 1, { options: { Material: 'Silk' } })),
        `${path}.options.Material`,
      );
      expectViolation(
        await add(shopper, item(options.id, 1, { options: { Size: 'S' } })),
        `${path}.options`,
        'REQUIRED_FIELD',
      );
      expectViolation(await add(shopper, item(options.id)), path, 'REQUIRED_FIELD');
    });
  });

  it('refuses more than is in stock, counting what the cart already holds', async () => {
    const sold = await kit.createProduct({ stock: { trackInventory: true, quantity: 0 } });
    const off = await kit.createProduct({ stock: { inStock: false } });
    const v = await kit.newVisitor();
    await addToCart(v, item(product.id, 8));
    await expectNoCartWrites(kit, async () => {
      const res = await add(v, item(product.id, 3));
      expectAppError(res, 400, 'INSUFFICIENT_STOCK');
      expect(res.body.details.applicationError.data).toMatchObject({
        catalogItemId: product.id,
        quantityAvailable: 10,
      });
      expectAppError(await add(v, item(product.id, 1), item(product.id, 2)), 400, 'INSUFFICIENT_STOCK');
      expectAppError(await add(v, item(sold.id)), 400, 'ITEM_OUT_OF_STOCK');
      expectAppError(await add(v, item(off.id)), 400, 'ITEM_OUT_OF_STOCK');
    });
    expect((await v.get(CART)).body.cart.lineItems[0].quantity).toBe(8);
  });

  it('refuses a line that would hold more than 100,000 units', async () => {
    const p = await kit.createProduct();
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id, 99_999));
    await expectNoCartWrites(kit, async () => {
      expectViolation(await add(v, item(p.id, 2)), 'lineItems[0].quantity', 'MAX');
    });
  });

  it('refuses lines worth more together than totals can add exactly (2^53 minor units), writing nothing', async () => {
    // Each bound alone is legal: the highest price, the most units on a line.
    const dear = await kit.createProduct({ priceData: { price: 999_999_999 } });
    const dearer = await kit.createProduct({ priceData: { price: 999_999_999 } });
    const v = await kit.newVisitor();
    await expectNoCartWrites(kit, async () => {
      expectAppError(await add(v, item(dear.id, 100_000)), 400, 'AMOUNT_TOO_LARGE');
      expectAppError(await add(v, item(dear.id, 60_000), item(dearer.id, 60_000)), 400, 'AMOUNT_TOO_LARGE');
      const custom = { quantity: 100_000, price: '999999999', productName: { original: 'Dear' } };
      expectAppError(
        await kit.owner.post(`${CART}/add-to-cart`, { customLineItems: [custom] }),
        400,
        'AMOUNT_TOO_LARGE',
      );
    });
    const cart = await addToCart(v, item(dear.id, 60_000));
    await expectNoCartWrites(kit, async () => {
      const more = [{ id: cart.lineItems[0].id, quantity: 100_000 }];
      expectAppError(await v.post(`${CART}/update-line-items-quantity`, { lineItems: more }), 400, 'AMOUNT_TOO_LARGE');
    });
  });

  it('answers 400 AMOUNT_TOO_LARGE, not 500, for a cart whose price rose past that since, until a quantity is lowered', async () => {
    const p = await kit.createProduct({ priceData: { price: 1000 } });
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item(p.id, 100_000));
    const raised = await kit.owner.patch(`/stores/v1/products/${p.id}`, {
      product: { priceData: { price: 999_999_999 } },
    });
    expect(raised.status).toBe(200);
    expectAppError(await v.get(CART), 400, 'AMOUNT_TOO_LARGE');
    const lower = [{ id: cart.lineItems[0].id, quantity: 10 }];
    expect((await v.post(`${CART}/update-line-items-quantity`, { lineItems: lower })).status).toBe(200);
    expect((await v.get(CART)).body.cart.lineItems[0].quantity).toBe(10);
  });

  it('refuses custom line items and catalog overrides from shoppers with 403', async () => {
    const m = await kit.newMember();
    const custom = { quantity: 1, price: '5', productName: { original: 'Gift wrap' } };
    await expectNoCartWrites(kit, async () => {
      expect((await shopper.post(`${CART}/add-to-cart`, { customLineItems: [custom] })).status).toBe(403);
      expect((await m.patch(CART, { customLineItems: [custom] })).status).toBe(403);
      const override = { ...item(product.id), catalogOverrideFields: { price: '1' } };
      expect((await m.post(`${CART}/add-to-cart`, { lineItems: [override] })).status).toBe(403);
    });
  });

  it('refuses custom prices finer than the currency, and custom lines without a name', async () => {
    await expectNoCartWrites(kit, async () => {
      const res = await kit.owner.post(`${CART}/add-to-cart`, {
        customLineItems: [{ quantity: 1, price: '1.005', productName: { original: 'Odd' } }],
      });
      expectViolation(res, 'customLineItems[0].price', 'DECIMAL_MAX_SCALE');
      const unnamed = await kit.owner.post(`${CART}/add-to-cart`, { customLineItems: [{ quantity: 1, price: '1' }] });
      expectViolation(unnamed, 'customLineItems[0].productName', 'REQUIRED_FIELD');
    });
  });
});

describe('line limits and line ids', () => {
  it('holds at most 300 lines', async () => {
    const big = await kit.createProduct({
      productOptions: [
        { name: 'Size', choices: Array.from({ length: 20 }, (_, i) => ({ description: `S${i}` })) },
        { name: 'Tone', choices: Array.from({ length: 16 }, (_, i) => ({ description: `T${i}` })) },
      ],
    });
    const lines = big.variants!.map((v) => item(big.id, 1, { variantId: v.id }));
    const v = await kit.newVisitor();
    await expectNoCartWrites(kit, async () => {
      expectViolation(await v.patch(CART, { lineItems: lines.slice(0, 301) }), 'lineItems', 'MAX_SIZE');
    });
    const filled = await v.patch(CART, { lineItems: lines.slice(0, 300) });
    expect(filled.status, JSON.stringify(filled.body).slice(0, 300)).toBe(200);
    expect(filled.body.cart.lineItems).toHaveLength(300);
    await expectNoCartWrites(kit, async () => {
      expectAppError(await add(v, lines[300]), 400, 'TOO_MANY_LINE_ITEMS');
    });
    // More of a line already there is fine.
    expect((await add(v, lines[0])).status).toBe(200);
  });

  it('answers 404 LINE_ITEM_NOT_FOUND for a line id not in the cart, changing nothing', async () => {
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item(product.id));
    const lineId = cart.lineItems[0].id;
    await expectNoCartWrites(kit, async () => {
      expectAppError(
        await v.post(`${CART}/remove-line-items`, { lineItemIds: [lineId, 'nope'] }),
        404,
        'LINE_ITEM_NOT_FOUND',
      );
      expectAppError(
        await v.post(`${CART}/update-line-items-quantity`, { lineItems: [{ id: 'nope', quantity: 2 }] }),
        404,
        'LINE_ITEM_NOT_FOUND',
      );
      expectViolation(await v.post(`${CART}/remove-line-items`, { lineItemIds: [] }), 'lineItemIds', 'MIN_SIZE');
      expectViolation(
        await v.post(`${CART}/update-line-items-quantity`, { lineItems: [{ id: lineId, quantity: 0 }] }),
        'lineItems[0].quantity',
        'MIN',
      );
    });
    expect((await v.get(CART)).body.cart).toMatchObject({ revision: '1', lineItems: [{ id: lineId, quantity: 1 }] });
  });

  it('answers OWNED_CART_NOT_FOUND for changes of a cart that does not exist, creating none', async () => {
    const v = await kit.newVisitor();
    await expectNoCartWrites(kit, async () => {
      expectAppError(await v.post(`${CART}/remove-line-items`, { lineItemIds: ['x'] }), 404, 'OWNED_CART_NOT_FOUND');
      expectAppError(
        await v.post(`${CART}/update-line-items-quantity`, { lineItems: [{ id: 'x', quantity: 1 }] }),
        404,
        'OWNED_CART_NOT_FOUND',
      );
      expectAppError(await v.post(`${CART}/remove-coupon`, {}), 404, 'OWNED_CART_NOT_FOUND');
      expectAppError(await v.post(`${CART}/estimate-totals`, {}), 404, 'OWNED_CART_NOT_FOUND');
      expectAppError(await v.delete(CART), 404, 'OWNED_CART_NOT_FOUND');
    });
  });

  it('refuses addresses and notes the contract does not allow', async () => {
    await expectNoCartWrites(kit, async () => {
      expectViolation(
        await shopper.patch(CART, { cartInfo: { contactInfo: { address: { country: 'XX' } } } }),
        'cartInfo.contactInfo.address.country',
      );
      expectViolation(
        await shopper.patch(CART, { cartInfo: { buyerNote: 'x'.repeat(1001) } }),
        'cartInfo.buyerNote',
        'MAX_LENGTH',
      );
      const lat = { contactInfo: { address: { country: 'US', geocode: { latitude: 91 } } } };
      expectViolation(
        await shopper.patch(CART, { cartInfo: lat }),
        'cartInfo.contactInfo.address.geocode.latitude',
        'MAX',
      );
    });
  });
});
