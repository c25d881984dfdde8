/**
 * Collections through the real `@wix/sdk` + `@wix/stores` on the paths older `@wix/stores` releases call
 * (`/stores-reader/v2/collections/…`) and on the current ones, asserting on the error object the SDK really throws for
 * a missing collection: older releases' shops test the numeric 404 the SDK derives from an envelope without an
 * `applicationError`; current ones test the string code `COLLECTION_NOT_FOUND`; both may test `status`.
 *
 * The installed `@wix/stores` calls the current paths; a fetch wrapper moves its collection reads to the older
 * releases' paths, which is all that differs between those releases and this one for these calls.
 */
import type { Collection } from '@merx/contract';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { createClient } from '@wix/sdk';
import { collections } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousStrategy, type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let current: ReturnType<typeof makeClient>;
let older: ReturnType<typeof makeClient>;
let shown: Collection;
const requests: RecordedRequest[] = [];

const OLDER = '/stores-reader/v2/collections/';
const CURRENT = /^https:\/\/www\.wixapis\.com(?:\/v2\/collections\/|\/stores-reader\/v1\/collections\/)/;

function makeClient(fetchFn: typeof fetch) {
  return createClient({ modules: { collections }, auth: anonymousStrategy(), fetch: fetchFn });
}

/** Sends the collection reads the SDK makes on the current paths to the older releases' paths instead. */
function olderPaths(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    return inner(url.replace(CURRENT, `https://www.wixapis.com${OLDER}`), init);
  };
}

/** vercel/commerce's Wix provider `getCollection`: undefined when there is no such collection, else the error. */
async function getCollection(client: typeof older, handle: string) {
  try {
    const { collection } = await client.collections.getCollectionBySlug(handle);
    return collection;
  } catch (e) {
    // biome-ignore lint/suspicious/noExplicitAny: written as the storefront writes it
    if ((e as any).details.applicationError.code !== 404) throw e;
    return undefined;
  }
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const direct = rewritingFetch(server.baseUrl, globalThis.fetch, requests);
  current = makeClient(direct);
  older = makeClient(olderPaths(direct));
  const res = await fetch(`${server.baseUrl}/stores/v1/collections`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ collection: { name: 'Summer Picks', description: 'Shown' } }),
  });
  expect(res.status).toBe(200);
  shown = ((await res.json()) as { collection: Collection }).collection;
});

afterAll(async () => {
  await server?.close();
});

function lastRequest(): RecordedRequest {
  const last = requests.at(-1);
  if (!last) expect.fail('the SDK sent no request');
  return last;
}

describe('older @wix/stores releases: /stores-reader/v2/collections', () => {
  it('reads a collection by slug and by id, as the current paths answer it', async () => {
    const viaOlder = await older.collections.getCollectionBySlug(shown.slug);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `${OLDER}slug/${shown.slug}`, status: 200 });
    expect(viaOlder.collection?._id).toBe(shown.id);
    expect(viaOlder).toEqual(await current.collections.getCollectionBySlug(shown.slug));
    const byId = await older.collections.getCollection(shown.id);
    expect(lastRequest().path).toBe(`${OLDER}${shown.id}`);
    expect(byId?._id).toBe(shown.id);
  });

  it('queries collections, in the GET form and in the long POST form', async () => {
    const found = await older.collections.queryCollections().eq('name', 'Summer Picks').find();
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `${OLDER}query`, status: 200 });
    expect(found.items.map((c) => c._id)).toEqual([shown.id]);
    const ids = [
      shown.id,
      ...Array.from({ length: 120 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    ];
    const long = await older.collections.queryCollections().in('_id', ids).limit(10).find();
    const sent = requests.filter((r) => r.path === `${OLDER}query`).at(-1);
    expect(sent).toMatchObject({ method: 'POST', status: 200 });
    expect(sent?.body).toMatchObject({ query: { filter: { id: { $in: ids } }, paging: { limit: 10 } } });
    expect(long.items.map((c) => c._id)).toEqual([shown.id]);
  });

  it('a missing collection throws with the numeric 404 as its code, and status 404', async () => {
    const error = await sdkError(older.collections.getCollectionBySlug('no-such-collection'));
    expect(lastRequest()).toMatchObject({ path: `${OLDER}slug/no-such-collection`, status: 404 });
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe(404);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.requestId).toBe(lastRequest().responseRequestId);
    expect(JSON.parse(error.message)).toMatchObject({ message: 'Collection not found' });
    const byId = await sdkError(older.collections.getCollection('no-such-id'));
    expect(byId.details?.applicationError?.code).toBe(404);
  });

  it("vercel/commerce's getCollection gets undefined for a missing collection and the collection otherwise", async () => {
    expect(await getCollection(older, 'no-such-collection')).toBeUndefined();
    expect((await getCollection(older, shown.slug))?._id).toBe(shown.id);
  });
});

describe('current @wix/stores: the current paths keep COLLECTION_NOT_FOUND', () => {
  it('a missing collection throws with the string code and status 404', async () => {
    const error = await sdkError(current.collections.getCollectionBySlug('no-such-collection'));
    expect(lastRequest()).toMatchObject({ path: '/v2/collections/slug/no-such-collection', status: 404 });
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe('COLLECTION_NOT_FOUND');
    const byId = await sdkError(current.collections.getCollection('no-such-id'));
    expect(byId.status).toBe(404);
    expect(byId.details?.applicationError?.code).toBe('COLLECTION_NOT_FOUND');
  });

  it("so the older releases' check (code !== 404) would throw on the current paths: the two stay apart", async () => {
    await expect(getCollection(current, 'no-such-collection')).rejects.toMatchObject({ status: 404 });
  });
});
