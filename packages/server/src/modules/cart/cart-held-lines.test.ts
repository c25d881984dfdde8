import type { AddToCartRequest } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { cartJson } from './cart.views.js';
import { addToCart, CART, type CartKit, item, type Shopper, sizeAndColor, startCartKit } from './cart-test-kit.js';

/*
 * A process keeps the lines its own committed changes left in a cart (HeldLines), checked against the cart's
 * revision in the statement that takes or reads the cart: an add costs the same however many lines the cart holds,
 * and never answers a cart as it was before a change, whichever process made the change.
 */

let kit: CartKit;

beforeAll(async () => {
  kit = await startCartKit();
});
afterAll(async () => {
  await kit.close();
});

type App = Awaited<ReturnType<typeof buildApp>>;

/** A second server on the same database: another process as far as the first one's memory goes. */
async function withAnotherServer<T>(work: (other: App) => Promise<T>): Promise<T> {
  const other = await buildApp({ config: kit.server.config, merx: kit.server.merx, logger: false });
  try {
    return await work(other);
  } finally {
    await other.app.close();
  }
}

/** `shopper`'s call through `app`; answers status and body. */
async function callOn(app: App, shopper: Shopper, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const res = await app.app.inject({
    method,
    url,
    headers: { authorization: shopper.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

interface WireLine {
  id: string;
  quantity: number;
  catalogReference: { catalogItemId: string };
  price: { amount: string };
}

/** The lines of a cart answer as `product id × quantity`, in the cart's order. */
const linesOf = (cart: { lineItems: WireLine[] }) =>
  cart.lineItems.map((l) => `${l.catalogReference.catalogItemId}×${l.quantity}`);

/** The lines the database holds for the visitor's cart, in the same form and order (position, then id). */
async function storedLines(shopper: Shopper): Promise<string[]> {
  const rows = await kit.server.merx.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['cart_lines.id', 'cart_lines.position', 'cart_lines.catalog_item_id', 'cart_lines.quantity'])
    .where('carts.owner_kind', '=', 'visitor')
    .where('carts.owner_id', '=', shopper.id)
    .execute();
  // Adds racing on PostgreSQL may number two lines alike: a cart orders those by id.
  rows.sort((a, b) => Number(a.position) - Number(b.position) || (a.id < b.id ? -1 : 1));
  return rows.map((r) => `${r.catalog_item_id}×${Number(r.quantity)}`);
}

async function products(count: number) {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await kit.createProduct());
  return made;
}

/** Statements of one add of `productId`, the dispatcher kept asleep (its reads after the commit are its own). */
async function statementsOfAdd(shopper: Shopper, productId: string): Promise<number> {
  const dispatcher = kit.server.dispatcher;
  const kick = dispatcher.kick;
  dispatcher.kick = () => {};
  try {
    return await kit.statementsOf(() => addToCart(shopper, item(productId)));
  } finally {
    dispatcher.kick = kick;
    await dispatcher.drain();
  }
}

describe('the lines a process holds for carts', () => {
  it('adds to a cart of 60 lines with the statements of an add to a cart of 5, reading none of its lines', async () => {
    const catalog = await products(62);
    const small = await kit.newVisitor();
    const large = await kit.newVisitor();
    for (const p of catalog.slice(0, 5)) await addToCart(small, item(p.id));
    for (const p of catalog.slice(0, 60)) await addToCart(large, item(p.id));
    const atFive = await statementsOfAdd(small, catalog[60]!.id);
    const atSixty = await statementsOfAdd(large, catalog[60]!.id);
    expect(atSixty).toBe(atFive);
    expect(atSixty).toBeLessThanOrEqual(5);
    // Read twice, the cart answers the very lines its last add left: none was read and parsed again.
    const { repo } = kit.server.services.cart.carts;
    const owner = { kind: 'visitor' as const, id: large.id };
    const first = await repo.findByOwner(kit.server.merx.db, owner);
    const second = await repo.findByOwner(kit.server.merx.db, owner);
    expect(first?.lines).toHaveLength(61);
    expect(second?.lines).toBe(first?.lines);
    const cart = await addToCart(large, item(catalog[61]!.id));
    expect(linesOf(cart)).toEqual(await storedLines(large));
  });

  it('answers the lines, quantities and prices another process changed since', async () => {
    const [a, b, c, d] = await products(4);
    const v = await kit.newVisitor();
    await addToCart(v, item(a!.id), item(b!.id), item(c!.id));
    await withAnotherServer(async (other) => {
      const added = await callOn(other, v, 'POST', `${CART}/add-to-cart`, { lineItems: [item(a!.id, 2)] });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const lineB = (added.body.cart.lineItems as WireLine[]).find((l) => l.catalogReference.catalogItemId === b!.id);
      const removed = await callOn(other, v, 'POST', `${CART}/remove-line-items`, { lineItemIds: [lineB!.id] });
      expect(removed.status).toBe(200);
      const patched = await other.app.inject({
        method: 'PATCH',
        url: `/stores/v1/products/${c!.id}`,
        headers: { authorization: kit.server.apiKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ product: { priceData: { price: 12.5 } } }),
      });
      expect(patched.statusCode, patched.body).toBe(200);
    });
    expect(linesOf((await v.get(CART)).body.cart)).toEqual([`${a!.id}×3`, `${c!.id}×1`]);
    const cart = await addToCart(v, item(d!.id));
    expect(linesOf(cart)).toEqual([`${a!.id}×3`, `${c!.id}×1`, `${d!.id}×1`]);
    expect(linesOf(cart)).toEqual(await storedLines(v));
    expect((cart.lineItems as WireLine[])[1]!.price.amount).toBe('12.5');
    expect(cart.subtotal.amount).toBe('52.5');
  });

  it('keeps answering right after a refused change and after the cart was deleted elsewhere', async () => {
    const [a, b] = await products(2);
    const gone = await kit.createProduct({ stock: { trackInventory: true, quantity: 0 } });
    const v = await kit.newVisitor();
    await addToCart(v, item(a!.id));
    const refused = await v.post(`${CART}/add-to-cart`, { lineItems: [item(b!.id), item(gone.id)] });
    expect(refused.body.details.applicationError.code).toBe('ITEM_OUT_OF_STOCK');
    expect(linesOf(await addToCart(v, item(a!.id)))).toEqual([`${a!.id}×2`]);
    await withAnotherServer(async (other) => {
      expect((await callOn(other, v, 'DELETE', CART)).status).toBe(200);
    });
    expect((await v.get(CART)).status).toBe(404);
    expect(linesOf(await addToCart(v, item(b!.id)))).toEqual([`${b!.id}×1`]);
  });

  it('after adds racing from two processes, both answer every line the database holds', async () => {
    const catalog = await products(12);
    const v = await kit.newVisitor();
    await addToCart(v, item(catalog[0]!.id));
    await withAnotherServer(async (other) => {
      for (let round = 0; round < 2; round++) {
        const batch = catalog.slice(1 + round * 5, 6 + round * 5);
        const answers = await Promise.all(
          batch.map((p, i) =>
            i % 2 === 0
              ? v.post(`${CART}/add-to-cart`, { lineItems: [item(p.id)] })
              : callOn(other, v, 'POST', `${CART}/add-to-cart`, { lineItems: [item(p.id)] }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(batch.map(() => 200));
        const stored = await storedLines(v);
        expect(stored).toHaveLength(6 + round * 5);
        expect(linesOf((await v.get(CART)).body.cart)).toEqual(stored);
        expect(linesOf((await callOn(other, v, 'GET', CART)).body.cart)).toEqual(stored);
      }
      const last = catalog[11]!.id;
      const here = await addToCart(v, item(last));
      expect(linesOf(here)).toEqual(await storedLines(v));
      const there = await callOn(other, v, 'POST', `${CART}/add-to-cart`, { lineItems: [item(last)] });
      expect(linesOf(there.body.cart)).toEqual(await storedLines(v));
    });
  });

  it('answers byte for byte the JSON of the cart, made of the JSON kept for each line', async () => {
    const shirt = await kit.createProduct(sizeAndColor());
    const [a, b] = await products(2);
    const v = await kit.newVisitor();
    const caller = { kind: 'visitor' as const, visitorId: v.id, clientId: '' };
    const add = (...lineItems: unknown[]) =>
      kit.server.services.cart.carts.add(caller, { lineItems } as AddToCartRequest);
    await add(item(a!.id), item(shirt.id, 1, { options: { Size: 'S', Color: 'Red' } }));
    const patched = await kit.owner.patch(`/stores/v1/products/${a!.id}`, { product: { priceData: { price: 11 } } });
    expect(patched.status).toBe(200);
    const cart = await add(item(b!.id, 3));
    expect(cartJson(cart)).toBe(JSON.stringify(cart));
    expect(cart.lineItems[0]?.price.amount).toBe('11');
    const res = await kit.server.app.inject({ method: 'GET', url: CART, headers: { authorization: v.auth } });
    expect(res.body).toBe(JSON.stringify({ cart: JSON.parse(res.body).cart }));
    expect(JSON.parse(res.body).cart).toEqual(JSON.parse(JSON.stringify(cart)));
  });
});
