/**
 * Content queries through the real `@wix/data` package: Merx keeps no data collections, and a storefront that reads
 * its menus and pages from them must get the data service's "no such collection" (`WDE0025`) to fall back on.
 */
import { startTestServer, type TestServer } from '@merx/server/testing';
import { collections, items } from '@wix/data';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousStrategy, type RecordedRequest, rewritingFetch, type SdkError, sdkError } from './wix-client.js';

let server: TestServer;
let client: ReturnType<typeof makeClient>;
const requests: RecordedRequest[] = [];

function makeClient(fetchFn: typeof fetch) {
  return createClient({ modules: { items, collections }, auth: anonymousStrategy(), fetch: fetchFn });
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  client = makeClient(rewritingFetch(server.baseUrl, globalThis.fetch, requests));
});

afterAll(async () => {
  await server?.close();
});

/** What the items module throws for a missing collection, as a shop reads it (`e.details.applicationError.code`). */
function expectNoSuchCollection(error: SdkError, collectionId: string): void {
  expect(error).toBeInstanceOf(Error);
  expect(error.details?.applicationError?.code).toBe('WDE0025');
  expect(error.details?.applicationError?.data).toEqual({ collectionId });
  expect(error.message).toContain(`The ${collectionId} collection does not exist`);
}

/** The last request the SDK sent, with its answer. */
function lastRequest(): RecordedRequest {
  const last = requests.at(-1);
  if (!last) expect.fail('the SDK sent no request');
  return last;
}

/** A storefront's menu loader: the menu from the `Menus` collection, or its own default when there is none. */
async function loadMenu(handle: string): Promise<Array<{ title: string; path: string }>> {
  try {
    const result = await client.items.query('Menus').eq('slug', handle).find();
    return (result.items[0]?.items as Array<{ title: string; path: string }>) ?? [];
  } catch (e) {
    if ((e as SdkError).details?.applicationError?.code === 'WDE0025') return [{ title: 'All', path: '/search' }];
    throw e;
  }
}

describe('@wix/data items against Merx (no data collections)', () => {
  it('items.query(...).find() rejects with WDE0025, sent as a GET with the .r envelope', async () => {
    const error = await sdkError(client.items.query('Menus').eq('slug', 'main').find());
    expectNoSuchCollection(error, 'Menus');
    const sent = lastRequest();
    expect(sent.method).toBe('GET');
    expect(sent.path).toBe('/wix-data/v2/items/query');
    expect(sent.status).toBe(404);
    expect(sent.responseRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(Buffer.from(sent.params.get('.r') ?? '', 'base64url').toString('utf8'))).toMatchObject({
      dataCollectionId: 'Menus',
      query: { filter: { slug: 'main' } },
    });
  });

  it('a storefront that tolerates WDE0025 falls back to its default menu', async () => {
    expect(await loadMenu('next-js-frontend-header-menu')).toEqual([{ title: 'All', path: '/search' }]);
  });

  it('a query too long for a URL goes as the POST form and gets the same answer', async () => {
    const slugs = Array.from({ length: 200 }, (_, i) => `page-${i}-with-a-rather-long-slug`);
    const error = await sdkError(client.items.query('Pages').hasSome('slug', slugs).find());
    expectNoSuchCollection(error, 'Pages');
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/wix-data/v2/items/query', status: 404 });
  });

  it('get, count and distinct reject with WDE0025', async () => {
    expectNoSuchCollection(await sdkError(client.items.get('Pages', 'about')), 'Pages');
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/wix-data/v2/items/about', status: 404 });
    expectNoSuchCollection(await sdkError(client.items.query('Pages').count()), 'Pages');
    expectNoSuchCollection(await sdkError(client.items.query('Pages').distinct('title')), 'Pages');
  });

  it('aggregate, search and the reference reads reject with WDE0025', async () => {
    expectNoSuchCollection(await sdkError(client.items.aggregate('Menus').run()), 'Menus');
    expectNoSuchCollection(await sdkError(client.items.search('Menus').expression('shirts').run()), 'Menus');
    expectNoSuchCollection(await sdkError(client.items.queryReferenced('Menus', 'item-1', 'links')), 'Menus');
    expectNoSuchCollection(await sdkError(client.items.isReferenced('Menus', 'links', 'item-1', 'item-2')), 'Menus');
  });

  it('writes reject with WDE0025 too, without any credentials, never with 401', async () => {
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['/wix-data/v2/items', () => client.items.insert('Menus', { title: 'Main' })],
      ['/wix-data/v2/items/update', () => client.items.update('Menus', { _id: 'm1', title: 'Main' })],
      ['/wix-data/v2/items/save', () => client.items.save('Menus', { title: 'Main' })],
      ['/wix-data/v2/items/remove', () => client.items.remove('Menus', 'm1')],
      ['/wix-data/v2/items/truncate', () => client.items.truncate('Menus')],
      ['/wix-data/v2/items/patch', () => client.items.patch('Menus', 'm1').setField('title', 'x').run()],
      ['/wix-data/v2/bulk/items/insert', () => client.items.bulkInsert('Menus', [{ title: 'Main' }])],
      ['/wix-data/v2/bulk/items/update', () => client.items.bulkUpdate('Menus', [{ _id: 'm1', title: 'x' }])],
      ['/wix-data/v2/bulk/items/save', () => client.items.bulkSave('Menus', [{ title: 'Main' }])],
      ['/wix-data/v2/bulk/items/remove', () => client.items.bulkRemove('Menus', ['m1'])],
      ['/wix-data/v2/bulk/items/patch', () => client.items.bulkPatch('Menus', ['m1']).setField('t', 1).run()],
      ['/wix-data/v2/bulk/items/insert-references', () => client.items.insertReference('Menus', 'f', 'a', 'b')],
      ['/wix-data/v2/bulk/items/remove-references', () => client.items.removeReference('Menus', 'f', 'a', 'b')],
      ['/wix-data/v2/items/replace-references', () => client.items.replaceReferences('Menus', 'f', 'a', ['b'])],
    ];
    for (const [path, write] of writes) {
      expectNoSuchCollection(await sdkError(write()), 'Menus');
      expect(lastRequest(), path).toMatchObject({ method: 'POST', path, status: 404 });
    }
  });
});

describe('@wix/data collections against Merx', () => {
  it('getDataCollection rejects with WDE0025 and status 404', async () => {
    const error = await sdkError(client.collections.getDataCollection('Menus'));
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe('WDE0025');
    expect(error.details?.applicationError?.data).toEqual({ collectionId: 'Menus' });
  });

  it('listDataCollections answers an empty list', async () => {
    const answer = await client.collections.listDataCollections();
    expect(answer.collections).toEqual([]);
    expect(answer.pagingMetadata).toMatchObject({ count: 0, total: 0 });
  });
});
