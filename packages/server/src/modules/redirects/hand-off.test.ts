import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  type CartKit,
  expectAppError,
  item,
  type Shopper,
  startCartKit,
} from '../cart/cart-test-kit.js';

const SESSION = '/_api/redirects-api/v1/redirect-session';
const HAND_OFF = '/_api/merx/v1/redirect-sessions/hand-off';
const SHOP = 'https://shop.example';

let kit: CartKit;
let clientId: string;
let productId: string;

beforeAll(async () => {
  kit = await startCartKit();
  // The storefront's own client takes the buyer; the headless shop has a client of its own, whose origin makes its
  // callbacks acceptable.
  clientId = (await kit.server.services.clients.firstOfKind('storefront'))!.id;
  await kit.server.services.clients.create({ name: 'Headless shop', allowedOrigins: [SHOP] });
  productId = (await kit.createProduct()).id;
});
afterAll(() => kit.close());

/** A checkout of the shopper's cart. */
async function checkoutOf(shopper: Shopper): Promise<string> {
  await addToCart(shopper, item(productId, 2));
  const res = await shopper.post(`${CART}/create-checkout`, { channelType: 'WEB' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkoutId;
}

/** A checkout session made with `auth` for `checkoutId`: its id, key and URL. */
async function sessionFor(auth: string | undefined, checkoutId: string) {
  const res = await kit.as(auth).post(SESSION, {
    ecomCheckout: { checkoutId },
    callbacks: { postFlowUrl: `${SHOP}/`, thankYouPageUrl: `${SHOP}/thank-you`, cartPageUrl: `${SHOP}/cart` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.redirectSession.fullUrl);
  return {
    id: url.searchParams.get('redirectSessionId') ?? '',
    key: url.searchParams.get('key') ?? '',
    url,
  };
}

const claim = (body: Record<string, unknown>) => kit.visitor.post(HAND_OFF, body);

describe('checkout hand-off', () => {
  it("gives the browser the visitor who made the session, once, with the shop's callbacks", async () => {
    const buyer = await kit.newVisitor();
    const checkoutId = await checkoutOf(buyer);
    const session = await sessionFor(buyer.auth, checkoutId);
    expect(session.url.pathname).toBe('/checkout');
    expect(session.url.searchParams.get('checkoutId')).toBe(checkoutId);
    expect(session.key.length).toBeGreaterThanOrEqual(32);

    // Another browser cannot read the checkout with its own visitor token.
    const stranger = await kit.newVisitor();
    expectAppError(await stranger.get(`/ecom/v1/checkouts/${checkoutId}`), 404, 'CHECKOUT_NOT_FOUND');

    const res = await claim({ redirectSessionId: session.id, key: session.key, checkoutId, clientId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      checkoutId,
      role: 'visitor',
      callbacks: { postFlowUrl: `${SHOP}/`, thankYouPageUrl: `${SHOP}/thank-you`, cartPageUrl: `${SHOP}/cart` },
    });
    expect(res.body.tokens.refresh_token).toMatch(/^merx_rt_/);
    // The tokens are the buyer's: the checkout reads, and it is the same checkout with the same lines.
    const read = await kit.as(res.body.tokens.access_token).get(`/ecom/v1/checkouts/${checkoutId}`);
    expect(read.status).toBe(200);
    expect(read.body.checkout.lineItems[0].quantity).toBe(2);
    // The refresh token renews as that visitor.
    const renewed = await kit.visitor.post('/oauth2/token', {
      clientId,
      grantType: 'refresh_token',
      refreshToken: res.body.tokens.refresh_token,
    });
    expect(renewed.status).toBe(200);
    expect((await kit.as(renewed.body.access_token).get(`/ecom/v1/checkouts/${checkoutId}`)).status).toBe(200);

    // Taken once: the same URL opened again (another browser, a copied link) gets nothing.
    expectAppError(
      await claim({ redirectSessionId: session.id, key: session.key, checkoutId, clientId }),
      400,
      'HAND_OFF_USED',
    );
  });

  it('gives a member the member who made the session', async () => {
    const member = await kit.newMember();
    const checkoutId = await checkoutOf(member);
    const session = await sessionFor(member.auth, checkoutId);
    const res = await claim({ redirectSessionId: session.id, key: session.key, checkoutId, clientId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.role).toBe('member');
    const me = await kit.as(res.body.tokens.access_token).get('/_api/merx/v1/members/me');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(JSON.stringify(me.body)).toContain(member.id);
    expect((await kit.as(res.body.tokens.access_token).get(`/ecom/v1/checkouts/${checkoutId}`)).status).toBe(200);
  });

  it("hands an API key's session to the checkout's own buyer", async () => {
    const buyer = await kit.newVisitor();
    const checkoutId = await checkoutOf(buyer);
    const session = await sessionFor(kit.server.apiKey, checkoutId);
    const res = await claim({ redirectSessionId: session.id, key: session.key, checkoutId, clientId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.role).toBe('visitor');
    expect((await kit.as(res.body.tokens.access_token).get(`/ecom/v1/checkouts/${checkoutId}`)).status).toBe(200);
  });

  it('makes no hand-off for a session made without a token, or for a checkout that is not the maker’s', async () => {
    const buyer = await kit.newVisitor();
    const checkoutId = await checkoutOf(buyer);
    const anonymous = await sessionFor(undefined, checkoutId);
    expect(anonymous.key).toBe('');
    // Another visitor makes a session naming the buyer's checkout: the key opens nothing.
    const thief = await kit.newVisitor();
    const stolen = await sessionFor(thief.auth, checkoutId);
    expectAppError(
      await claim({ redirectSessionId: stolen.id, key: stolen.key, checkoutId, clientId }),
      404,
      'HAND_OFF_NOT_VALID',
    );
  });

  it('refuses wrong keys, checkouts, sessions, clients and expired sessions without using the session up', async () => {
    const buyer = await kit.newVisitor();
    const checkoutId = await checkoutOf(buyer);
    const session = await sessionFor(buyer.auth, checkoutId);
    const good = { redirectSessionId: session.id, key: session.key, checkoutId, clientId };
    const wrongKey = `${session.key.slice(0, -4)}AAAA`;
    expectAppError(await claim({ ...good, key: wrongKey }), 404, 'HAND_OFF_NOT_VALID');
    expectAppError(await claim({ ...good, checkoutId: 'another-checkout' }), 404, 'HAND_OFF_NOT_VALID');
    expectAppError(await claim({ ...good, redirectSessionId: 'nope' }), 404, 'HAND_OFF_NOT_VALID');
    expectAppError(await claim({ ...good, clientId: 'no-such-client' }), 404, 'CLIENT_NOT_FOUND');
    for (const bad of [{}, { ...good, key: 'short' }, { ...good, checkoutId: '' }, { ...good, key: 7 }]) {
      const res = await claim(bad);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.details.validationError.fieldViolations.length).toBeGreaterThan(0);
    }
    // None of those used the session up.
    expect((await claim(good)).status).toBe(200);

    const late = await sessionFor(buyer.auth, checkoutId);
    await kit.server.merx.db
      .updateTable('redirect_sessions')
      .set({ expires_date: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', late.id)
      .execute();
    expectAppError(
      await claim({ redirectSessionId: late.id, key: late.key, checkoutId, clientId }),
      400,
      'HAND_OFF_EXPIRED',
    );
  });

  it('stores only a hash of the key', async () => {
    const buyer = await kit.newVisitor();
    const checkoutId = await checkoutOf(buyer);
    const session = await sessionFor(buyer.auth, checkoutId);
    const row = await kit.server.merx.db
      .selectFrom('redirect_sessions')
      .selectAll()
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(session.key);
    expect(row.subject_kind).toBe('visitor');
  });
});
