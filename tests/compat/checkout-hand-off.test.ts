/**
 * The checkout hand-off as a headless shop makes it (issue 19, item 1; docs/decisions/0019-redirect-hand-off.md):
 * a visitor or member of the real `@wix/sdk` OAuth strategy fills a cart with `@wix/ecom`, creates a checkout and an
 * `ecomCheckout` session with `@wix/redirects`; Merx's checkout page, in another origin with no token of the buyer,
 * takes the buyer from the session's URL once, and reads that same checkout.
 */
import { STORES_APP_ID } from '@merx/contract';
import { signInMember, startTestServer, type TestServer } from '@merx/server/testing';
import { checkout, currentCart } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch } from './wix-client.js';

const SHOP = 'https://shop.example';
let server: TestServer;
let shopClientId: string;
let storefrontClientId: string;
let wrapped: typeof fetch;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let teeId: string;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  // The OAuth strategy fetches its tokens with the global fetch (WIRE.md 0.1).
  globalThis.fetch = wrapped;
  const { services } = server;
  shopClientId = (await services.clients.create({ name: 'Headless shop', allowedOrigins: [SHOP] })).id;
  storefrontClientId = (await services.clients.firstOfKind('storefront'))?.id as string;
  teeId = (await services.products.create({ name: 'Tee', priceData: { price: 20 } })).id as string;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

/** A JSON answer read loosely (the test asserts its fields). */
// biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON answer's fields by name
type Json = Record<string, any>;

const callbacks = { postFlowUrl: `${SHOP}/`, thankYouPageUrl: `${SHOP}/thank-you`, cartPageUrl: `${SHOP}/cart` };

/** What Merx's checkout page does with the session's URL (no token: it has none of the buyer's yet). */
async function takeHandOff(fullUrl: string) {
  const url = new URL(fullUrl);
  const res = await realFetch(`${server.baseUrl}/_api/merx/v1/redirect-sessions/hand-off`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirectSessionId: url.searchParams.get('redirectSessionId'),
      key: url.searchParams.get('key'),
      checkoutId: url.searchParams.get('checkoutId'),
      clientId: storefrontClientId,
    }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function readCheckout(accessToken: string, checkoutId: string) {
  const res = await realFetch(`${server.baseUrl}/ecom/v1/checkouts/${checkoutId}`, {
    headers: { authorization: accessToken },
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('checkout hand-off from a shop on the public packages', () => {
  it("gives Merx's checkout page the shop's visitor, once, with the shop's callbacks", async () => {
    const shop = createClient({
      modules: { currentCart, checkout, redirects },
      auth: OAuthStrategy({ clientId: shopClientId }),
      fetch: wrapped,
    });
    await shop.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: teeId }, quantity: 3 }],
    });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const { redirectSession } = await shop.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId as string },
      callbacks,
    });
    const fullUrl = redirectSession?.fullUrl as string;
    expect(new URL(fullUrl).pathname).toBe('/checkout');
    expect(new URL(fullUrl).searchParams.get('checkoutId')).toBe(checkoutId);

    const taken = await takeHandOff(fullUrl);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.role).toBe('visitor');
    expect(taken.body.callbacks).toEqual(callbacks);
    const read = await readCheckout(taken.body.tokens.access_token, checkoutId as string);
    expect(read.status).toBe(200);
    expect(read.body.checkout.lineItems[0].quantity).toBe(3);
    // The shop's own view of the checkout is the same one.
    expect((await shop.checkout.getCheckout(checkoutId as string)).lineItems?.[0]?.quantity).toBe(3);

    const again = await takeHandOff(fullUrl);
    expect(again.status).toBe(400);
    expect(again.body.details.applicationError.code).toBe('HAND_OFF_USED');
  });

  it("gives a member's session the member", async () => {
    const member = await signInMember(server);
    const shop = createClient({
      modules: { currentCart, redirects },
      auth: OAuthStrategy({ clientId: shopClientId }),
      fetch: wrapped,
    });
    // A shop whose member signed in holds member tokens; the SDK sends them as they are.
    shop.auth.setTokens({
      accessToken: { value: member.token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
      refreshToken: { value: '', role: 'member' as never },
    });
    await shop.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: teeId }, quantity: 1 }],
    });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const { redirectSession } = await shop.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId as string },
      callbacks,
    });
    const taken = await takeHandOff(redirectSession?.fullUrl as string);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.role).toBe('member');
    expect((await readCheckout(taken.body.tokens.access_token, checkoutId as string)).status).toBe(200);
  });
});
