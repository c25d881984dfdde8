/**
 * Images a shop reads through the public `@wix/ecom` and `@wix/stores` packages and shows with the real `@wix/sdk`
 * media helpers (issue 19, item 5). Line items of the cart, the checkout and the order, and store variants, come out
 * of the SDK as `wix:image://v1/<id>/…` strings; `media.getImageUrl` and `getScaledToFillImageUrl` make
 * `https://static.wixstatic.com/media/<id>…` URLs of them. A shop that sends that origin to the store (as the fetch
 * here does) gets the image's own bytes from `GET /media/<id>`. Images given by an outside URL stay that URL.
 */
import { STORES_APP_ID } from '@merx/contract';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { checkout, currentCart, orders } from '@wix/ecom';
import { createClient, media, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousStrategy, type RecordedRequest, rewritingFetch } from './wix-client.js';

const WIXSTATIC = 'https://static.wixstatic.com/';
const OUTSIDE = 'https://cdn.example.com/shop/poster.jpg';

interface Uploaded {
  id: string;
  url: string;
  width: number;
  height: number;
  variants: Array<{ width: number; height: number; url: string }>;
}

let server: TestServer;
let clientId: string;
let wrapped: typeof fetch;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let main: Uploaded;
let blue: Uploaded;
let lamp: { id: string; variants: Array<{ id: string; choices: Record<string, string> }> };
let posterId: string;
let standardId: string;

async function upload(bytes: Buffer, name: string): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await realFetch(`${server.baseUrl}/_api/merx/v1/media`, {
    method: 'POST',
    headers: { authorization: server.apiKey },
    body: form,
  });
  const body = (await res.json()) as { media: Uploaded[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.media[0] as Uploaded;
}

async function addMedia(productId: string, items: unknown[]): Promise<void> {
  const res = await realFetch(`${server.baseUrl}/stores/v1/products/${productId}/media`, {
    method: 'POST',
    headers: { authorization: server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ media: items }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** What a shop whose static.wixstatic.com points at the store gets for `url`: status, type and bytes. */
async function viaRewrittenOrigin(url: string) {
  expect(url.startsWith(`${WIXSTATIC}media/`), url).toBe(true);
  const res = await realFetch(`${server.baseUrl}/${url.slice(WIXSTATIC.length)}`);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The bytes the store keeps under one of its `/media/…` paths (read over HTTP, as the shop always did). */
async function stored(path: string): Promise<Buffer> {
  const res = await realFetch(`${server.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const variantUrl = (file: Uploaded, width: number) => {
  const found = file.variants.find((v) => v.width === width);
  if (!found) throw new Error(`no ${width} variant`);
  return found.url;
};

/** Checks what the helpers make of `image` and that both URLs answer the right stored bytes. */
async function showsInShop(image: unknown, file: Uploaded, thumbnail: { width: number; from: string }) {
  expect(typeof image).toBe('string');
  const uri = image as string;
  expect(uri.startsWith(`wix:image://v1/library~${file.id}~original.`), uri).toBe(true);
  const full = media.getImageUrl(uri);
  expect(full).toMatchObject({ width: file.width, height: file.height });
  expect(full.url).toBe(`${WIXSTATIC}media/${full.id}`);
  const original = await viaRewrittenOrigin(full.url);
  expect(original.status).toBe(200);
  expect(Buffer.compare(original.bytes, await stored(file.url))).toBe(0);

  const scaledUrl = media.getScaledToFillImageUrl(uri, thumbnail.width, thumbnail.width, {});
  expect(scaledUrl).toContain(`/v1/fill/w_${thumbnail.width},h_${thumbnail.width}`);
  const scaled = await viaRewrittenOrigin(scaledUrl);
  expect(scaled.status).toBe(200);
  expect(Buffer.compare(scaled.bytes, await stored(thumbnail.from))).toBe(0);
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  // The OAuth strategy fetches its tokens with the global fetch (WIRE.md 0.1).
  globalThis.fetch = wrapped;
  const { services } = server;
  clientId = (await services.clients.create({ name: 'Image shop', redirectUris: ['https://shop.example/callback'] }))
    .id;
  main = await upload(
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d35400' } })
      .jpeg()
      .toBuffer(),
    'lamp.jpg',
  );
  // Narrower than every variant width: it is stored once, as it came.
  blue = await upload(
    await sharp({ create: { width: 300, height: 300, channels: 4, background: '#2e86de' } })
      .png()
      .toBuffer(),
    'blue.png',
  );
  const created = await services.products.create({
    name: 'Lamp',
    priceData: { price: 40 },
    productOptions: [
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          { description: 'Orange', value: '#d35400' },
          { description: 'Blue', value: '#2e86de' },
        ],
      },
    ],
  });
  lamp = { id: created.id as string, variants: (created.variants ?? []) as typeof lamp.variants };
  await addMedia(lamp.id, [{ mediaId: main.id }, { mediaId: blue.id, choice: { option: 'Color', choice: 'Blue' } }]);
  posterId = (await services.products.create({ name: 'Poster', priceData: { price: 9 } })).id as string;
  await addMedia(posterId, [{ url: OUTSIDE }]);
  const region = await services.shipping.deliveryRegions.create({ name: 'US', destinations: [{ countryCode: 'US' }] });
  standardId = (
    await services.shipping.shippingOptions.create({
      title: 'Standard',
      deliveryRegionIds: [region.id],
      rates: [{ amount: '5' }],
    })
  ).id;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

const shop = () =>
  createClient({ modules: { currentCart, checkout, orders }, auth: OAuthStrategy({ clientId }), fetch: wrapped });
const stores = () => createClient({ modules: { products }, auth: anonymousStrategy(), fetch: wrapped });
const variantOf = (color: string) => lamp.variants.find((v) => v.choices.Color === color)?.id as string;
const lampLine = (color: string) => ({
  catalogReference: { appId: STORES_APP_ID, catalogItemId: lamp.id, options: { variantId: variantOf(color) } },
  quantity: 1,
});
const posterLine = () => ({ catalogReference: { appId: STORES_APP_ID, catalogItemId: posterId }, quantity: 1 });

describe('line item images through @wix/ecom and the @wix/sdk media helpers', () => {
  it('shows the cart, checkout and order thumbnails from the store', async () => {
    const client = shop();
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [lampLine('Orange'), lampLine('Blue'), posterLine()],
    });
    const images = (
      lines: Array<{ catalogReference?: { options?: unknown } | undefined }> | undefined,
      pick: 'image' | 'media',
    ) => (lines ?? []).map((l) => (l as Record<string, unknown>)[pick]);

    // The wire keeps the URL the store's own shop uses, and adds the id the helpers read.
    const wire = requests.filter((r) => r.path === '/ecom/v1/carts/current/add-to-cart').at(-1);
    expect(wire?.status).toBe(200);
    const [orange, bluePic, poster] = images(cart?.lineItems, 'image');
    // A 96×96 fill of the 1600×1200 lamp needs 128 pixels of width: the 400 variant; the small blue one is its own.
    await showsInShop(orange, main, { width: 96, from: variantUrl(main, 400) });
    await showsInShop(bluePic, blue, { width: 96, from: blue.url });
    // An image given by an outside URL has no file in the store: the SDK hands the shop the URL itself.
    expect(poster).toBe(OUTSIDE);

    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const read = await client.checkout.getCheckout(checkoutId as string);
    const [cOrange, cBlue, cPoster] = images(read.lineItems, 'media');
    await showsInShop(cOrange, main, { width: 600, from: variantUrl(main, 1200) });
    await showsInShop(cBlue, blue, { width: 50, from: blue.url });
    expect(cPoster).toBe(OUTSIDE);

    const address = {
      country: 'US',
      subdivision: 'US-CA',
      city: 'Oakland',
      addressLine1: '5 Elm St',
      postalCode: '94601',
    };
    await client.checkout.updateCheckout(checkoutId as string, {
      buyerInfo: { email: 'kim@example.com' },
      shippingInfo: {
        shippingDestination: { address, contactDetails: { firstName: 'Kim', lastName: 'Park' } },
        selectedCarrierServiceOption: { code: standardId },
      },
    });
    const placed = await client.checkout.createOrder(checkoutId as string);
    const order = await client.orders.getOrder(placed.orderId as string);
    const [oOrange, oBlue, oPoster] = images(order.lineItems, 'image');
    await showsInShop(oOrange, main, { width: 1200, from: main.url });
    await showsInShop(oBlue, blue, { width: 300, from: blue.url });
    expect(oPoster).toBe(OUTSIDE);
  });
});

describe('product images through @wix/stores and the @wix/sdk media helpers', () => {
  it('gives product media an id the helpers take, with the url as it was', async () => {
    const product = await stores().products.getProduct(lamp.id);
    // Stores v1 products keep their image objects in the SDK (the SDK renames `id` to `_id` at every depth): `url`
    // is the store's as ever, and the id makes the `wix:image://` string the helpers read.
    const image = product.product?.media?.mainMedia?.image as {
      _id?: string;
      url?: string;
      width?: number;
      height?: number;
    };
    expect(image.url).toBe(`${server.config.publicUrl}${main.url}`);
    expect(image._id).toBe(`library~${main.id}~original.jpg`);
    const uri = `wix:image://v1/${image._id}#originWidth=${image.width}&originHeight=${image.height}`;
    await showsInShop(uri, main, { width: 300, from: variantUrl(main, 400) });
    const choice = product.product?.productOptions?.[0]?.choices?.find((c) => c.description === 'Blue');
    expect(choice?.media?.mainMedia?.image).toMatchObject({ _id: `library~${blue.id}~original.png` });
  });

  it('gives store variants a wix:image the helpers read', async () => {
    const client = stores();
    const blueVariant = await client.products.getStoreVariant(`${lamp.id}-${variantOf('Blue')}`);
    await showsInShop(blueVariant.variant?.media?.image, blue, { width: 120, from: blue.url });
    const orange = await client.products.getStoreVariant(`${lamp.id}-${variantOf('Orange')}`);
    // Filling 800×800 from 1600×1200 needs 1067 pixels of width: the 1200 variant.
    await showsInShop(orange.variant?.media?.image, main, { width: 800, from: variantUrl(main, 1200) });
  });

  it('leaves an outside image its URL, which the helpers cannot read', async () => {
    const product = await stores().products.getProduct(posterId);
    expect(product.product?.media?.mainMedia?.image).toEqual({ url: OUTSIDE, width: 0, height: 0 });
    const { variants } = await stores().products.queryStoreVariants({ filter: { productId: posterId } });
    const image = variants?.[0]?.media?.image;
    expect(image).toBe(OUTSIDE);
    // What the helpers make of a URL not on static.wixstatic.com: no id, so no image. Shops show such URLs as they
    // are (README, "Images and the @wix/sdk media helpers").
    expect(media.getImageUrl(image as string).id).toBe('');
  });
});
