import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { addToCart, CART, type CartKit, item, sizeAndColor, startCartKit } from './cart-test-kit.js';

/*
 * The catalog a cart reads is kept per process by product revision (CatalogCache): a cart answer must never show a
 * product as it was before a change, whichever process made the change.
 */

let kit: CartKit;

beforeAll(async () => {
  kit = await startCartKit();
});
afterAll(async () => {
  await kit.close();
});

/** A second server on the same database: another process as far as the first one's memory goes. */
async function fromAnotherServer(work: (other: Awaited<ReturnType<typeof buildApp>>) => Promise<unknown>) {
  const other = await buildApp({ config: kit.server.config, merx: kit.server.merx, logger: false });
  try {
    await work(other);
  } finally {
    await other.app.close();
  }
}

const patchProduct = (other: Awaited<ReturnType<typeof buildApp>>, id: string, product: Record<string, unknown>) =>
  other.app.inject({
    method: 'PATCH',
    url: `/stores/v1/products/${id}`,
    headers: { authorization: kit.server.apiKey, 'content-type': 'application/json' },
    payload: JSON.stringify({ product }),
  });

describe('the catalog kept per process for carts', () => {
  it("shows a product's new name, price and stock changed by another process at once", async () => {
    const p = await kit.createProduct({
      name: 'Teapot',
      priceData: { price: 30 },
      stock: { trackInventory: true, quantity: 9 },
    });
    const v = await kit.newVisitor();
    const first = await addToCart(v, item(p.id, 2));
    expect(first.lineItems[0]).toMatchObject({ productName: { original: 'Teapot' }, price: { amount: '30' } });
    await fromAnotherServer(async (other) => {
      const res = await patchProduct(other, p.id, { name: 'Glass teapot', priceData: { price: 34 } });
      expect(res.statusCode, res.body).toBe(200);
    });
    const read = (await v.get(CART)).body.cart;
    expect(read.lineItems[0]).toMatchObject({ productName: { original: 'Glass teapot' }, price: { amount: '34' } });
    await fromAnotherServer(async (other) => {
      const res = await patchProduct(other, p.id, { stock: { quantity: 1 } });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect((await v.get(CART)).body.cart.lineItems[0].availability).toMatchObject({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 1,
    });
  });

  it('reads a product the process has not seen in one more statement, then from memory', async () => {
    const p = await kit.createProduct(sizeAndColor());
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id, 1, { options: { Size: 'S', Color: 'Red' } }));
    // Another process changes the product: this process holds only the old revision.
    await fromAnotherServer((other) => patchProduct(other, p.id, { name: 'Renamed shirt' }));
    const dispatcher = kit.server.dispatcher;
    await dispatcher.drain();
    const cold = await kit.statementsOf(() => v.get(CART));
    const warm = await kit.statementsOf(() => v.get(CART));
    expect(cold).toBe(warm + 1);
    expect((await v.get(CART)).body.cart.lineItems[0].productName.original).toBe('Renamed shirt');
  });

  it('adds a product at its current revision: held unchanged, or changed by another process since', async () => {
    const p = await kit.createProduct({ name: 'Kettle', priceData: { price: 40 } });
    const q = await kit.createProduct({ name: 'Mug', priceData: { price: 8 } });
    const first = await kit.newVisitor();
    await addToCart(first, item(p.id));
    // Held at its revision: the next add reads only its revision (same answer).
    const second = await kit.newVisitor();
    const held = await addToCart(second, item(p.id), item(q.id));
    expect(held.lineItems.map((l: { price: { amount: string } }) => l.price.amount)).toEqual(['40', '8']);
    await fromAnotherServer((other) => patchProduct(other, p.id, { name: 'Steel kettle', priceData: { price: 45 } }));
    const third = await kit.newVisitor();
    const changed = await addToCart(third, item(p.id, 2));
    expect(changed.lineItems[0]).toMatchObject({ productName: { original: 'Steel kettle' }, price: { amount: '45' } });
    expect(changed.subtotal.amount).toBe('90');
  });

  it('drops a deleted product from the catalog (its line is NOT_FOUND)', async () => {
    const p = await kit.createProduct();
    const v = await kit.newVisitor();
    await addToCart(v, item(p.id));
    await fromAnotherServer((other) =>
      other.app.inject({
        method: 'DELETE',
        url: `/stores/v1/products/${p.id}`,
        headers: { authorization: kit.server.apiKey },
      }),
    );
    expect((await v.get(CART)).body.cart.lineItems[0].availability.status).toBe('NOT_FOUND');
  });
});
