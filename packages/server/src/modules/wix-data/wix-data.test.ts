import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, visitorToken } from '../../testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => {
  await server.close();
});

const REQUEST_ID = /^[0-9a-f-]{36}$/;

interface Answer {
  status: number;
  requestId: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
  body: any;
}

/** One real HTTP request; asserts what every answer must hold (a request id, JSON, never a 5xx). */
async function call(
  method: string,
  path: string,
  opts: { body?: unknown; raw?: string; auth?: string; contentType?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.auth) headers.authorization = opts.auth;
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers, ...(payload ? { body: payload } : {}) });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(500);
  expect(res.headers.get('x-wix-request-id')).toMatch(REQUEST_ID);
  return { status: res.status, requestId: res.headers.get('x-wix-request-id'), body: JSON.parse(text) };
}

/** Asserts the data service's answer for a collection that does not exist, naming `collectionId`. */
function expectNoSuchCollection(answer: Answer, collectionId: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  expect(answer.body).toEqual({
    message: `The ${collectionId} collection does not exist: Merx keeps no data collections`,
    details: {
      applicationError: {
        code: 'WDE0025',
        description: `The ${collectionId} collection does not exist: Merx keeps no data collections`,
        data: { collectionId },
      },
    },
  });
}

function expectViolation(answer: Answer, field: string, rule?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const violations = answer.body.details?.validationError?.fieldViolations ?? [];
  const found = violations.find((v: { field: string }) => v.field === field);
  expect(found, JSON.stringify(answer.body)).toBeDefined();
  if (rule) expect(found.violatedRule).toBe(rule);
  expect(typeof answer.body.message).toBe('string');
}

/** Every POST the `@wix/data` items module sends with the collection in its body, each with a body it really sends. */
const POSTS: Array<[string, Record<string, unknown>]> = [
  ['/wix-data/v2/items', { dataItem: { data: { title: 'x' } } }],
  ['/wix-data/v2/items/update', { dataItem: { id: 'a', data: { _id: 'a' } } }],
  ['/wix-data/v2/items/patch', { patch: { dataItemId: 'a', fieldModifications: [] } }],
  ['/wix-data/v2/items/save', { dataItem: { data: { title: 'x' } } }],
  ['/wix-data/v2/items/remove', { dataItemId: 'a' }],
  ['/wix-data/v2/items/truncate', {}],
  ['/wix-data/v2/items/count', { filter: {} }],
  ['/wix-data/v2/items/query-distinct-values', { fieldName: 'title', filter: {} }],
  ['/wix-data/v2/items/query', { query: { filter: { slug: 'main' } } }],
  ['/wix-data/v2/items/aggregate', { initialFilter: {}, aggregation: { groupingFields: [], operations: [] } }],
  ['/wix-data/v2/items/aggregate-pipeline', { pipeline: { stages: [] } }],
  ['/wix-data/v2/items/query-referenced', { referringItemId: 'a', referringItemFieldName: 'f' }],
  ['/wix-data/v2/items/search', { search: { search: { expression: 'x' } } }],
  ['/wix-data/v2/items/is-referenced', { referringItemFieldName: 'f', referringItemId: 'a', referencedItemId: 'b' }],
  ['/wix-data/v2/items/replace-references', { referringItemId: 'a', newReferencedItemIds: ['b'] }],
  ['/wix-data/v2/items/create-draft', { dataItemId: 'a' }],
  ['/wix-data/v2/items/publish-draft', { dataItemId: 'a' }],
  ['/wix-data/v2/items/unpublish', { dataItemId: 'a' }],
  ['/wix-data/v2/bulk/items/insert', { dataItems: [{ data: { title: 'x' } }] }],
  ['/wix-data/v2/bulk/items/update', { dataItems: [{ id: 'a', data: {} }] }],
  ['/wix-data/v2/bulk/items/patch', { patches: [] }],
  ['/wix-data/v2/bulk/items/save', { dataItems: [] }],
  ['/wix-data/v2/bulk/items/remove', { dataItemIds: ['a'] }],
  ['/wix-data/v2/bulk/items/async-patch-by-filter', { dataItemFilter: {} }],
  ['/wix-data/v2/bulk/items/async-remove-by-filter', { dataItemFilter: {} }],
  ['/wix-data/v2/bulk/items/insert-references', { dataItemReferences: [] }],
  ['/wix-data/v2/bulk/items/remove-references', { dataItemReferences: [] }],
];

const r = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('data items: Merx keeps no data collections', () => {
  it('answers every items POST with 404 WDE0025 naming the collection, to a visitor without any token', async () => {
    for (const [path, body] of POSTS) {
      expectNoSuchCollection(await call('POST', path, { body: { dataCollectionId: 'Menus', ...body } }), 'Menus');
    }
  });

  it('answers writes with the same not-found whoever calls, never 401 or 403 first', async () => {
    const visitor = `Bearer ${await visitorToken(server)}`;
    for (const auth of [undefined, visitor, `Bearer ${server.apiKey}`, `Bearer ${server.signOnKey}`]) {
      for (const path of ['/wix-data/v2/items', '/wix-data/v2/items/remove', '/wix-data/v2/bulk/items/save']) {
        const answer = await call('POST', path, { body: { dataCollectionId: 'Pages' }, ...(auth ? { auth } : {}) });
        expectNoSuchCollection(answer, 'Pages');
      }
    }
  });

  it('refuses a token that is not one with 401, as every route does', async () => {
    const answer = await call('POST', '/wix-data/v2/items/query', {
      body: { dataCollectionId: 'Menus' },
      auth: 'Bearer not-a-token',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.details.applicationError.code).toBe('UNAUTHENTICATED');
  });

  it('answers a query sent as GET with the .r envelope, with plain parameters and as the long POST form', async () => {
    const query = { dataCollectionId: 'Menus', query: { filter: { slug: 'main' }, sort: [], fields: [] } };
    expectNoSuchCollection(await call('GET', `/wix-data/v2/items/query?.r=${r(query)}`), 'Menus');
    expectNoSuchCollection(await call('GET', '/wix-data/v2/items/query?dataCollectionId=Pages'), 'Pages');
    const long = { ...query, query: { ...query.query, filter: { slug: { $in: Array(400).fill('a-long-slug') } } } };
    expectNoSuchCollection(await call('POST', '/wix-data/v2/items/query', { body: long }), 'Menus');
  });

  it('answers a get by item id with the collection from the query string', async () => {
    expectNoSuchCollection(await call('GET', '/wix-data/v2/items/abc?dataCollectionId=Menus&dataItemId=abc'), 'Menus');
    // Ids that look like numbers or hold odd characters stay the text sent.
    expectNoSuchCollection(await call('GET', '/wix-data/v2/items/1?dataCollectionId=007'), '007');
    const odd = '@app/menus – ünïcode';
    expectNoSuchCollection(await call('GET', `/wix-data/v2/items/x?dataCollectionId=${encodeURIComponent(odd)}`), odd);
  });

  it('answers the collections module: no collection by id, and an empty list', async () => {
    expectNoSuchCollection(await call('GET', '/wix-data/v2/collections/Menus?dataCollectionId=Menus'), 'Menus');
    const list = await call('GET', '/wix-data/v2/collections');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      collections: [],
      pagingMetadata: { count: 0, offset: 0, total: 0, tooManyToCount: false },
    });
    const paged = await call('GET', '/wix-data/v2/collections?paging.limit=10&paging.offset=20');
    expect(paged.body.pagingMetadata).toEqual({ count: 0, offset: 20, total: 0, tooManyToCount: false });
    expectViolation(await call('GET', '/wix-data/v2/collections?paging.offset=-1'), 'paging.offset');
  });

  it('answers the status of a data job with a not-found: none is ever started', async () => {
    const answer = await call('GET', '/wix-data/v2/async-jobs/job-1/status');
    expect(answer.status).toBe(404);
    expect(answer.body.details.applicationError).toMatchObject({
      code: 'DATA_JOB_NOT_FOUND',
      data: { jobId: 'job-1' },
    });
  });
});

describe('data items: bad input gets a clear error', () => {
  it('refuses a call without a collection id, or with an empty, non-text or too long one', async () => {
    expectViolation(await call('POST', '/wix-data/v2/items/query', { body: {} }), 'dataCollectionId');
    expectViolation(await call('POST', '/wix-data/v2/items', { body: { dataItem: {} } }), 'dataCollectionId');
    expectViolation(
      await call('POST', '/wix-data/v2/items/count', { body: { dataCollectionId: '' } }),
      'dataCollectionId',
    );
    expectViolation(
      await call('POST', '/wix-data/v2/items/count', { body: { dataCollectionId: 7 } }),
      'dataCollectionId',
    );
    expectViolation(
      await call('POST', '/wix-data/v2/items/save', { body: { dataCollectionId: 'x'.repeat(257) } }),
      'dataCollectionId',
    );
    expectViolation(await call('GET', '/wix-data/v2/items/query'), 'dataCollectionId');
    expectViolation(await call('GET', '/wix-data/v2/items/abc'), 'dataCollectionId');
    expectViolation(
      await call('POST', '/wix-data/v2/items/query', { body: { dataCollectionId: 'a\u0000b' } }),
      'dataCollectionId',
      'FORMAT',
    );
    expectViolation(await call('GET', `/wix-data/v2/collections/${'c'.repeat(300)}`), 'dataCollectionId');
  });

  it('refuses a body that is not a JSON object, not JSON, or not sent as JSON', async () => {
    for (const raw of ['[]', '"Menus"', 'null', '{"dataCollectionId":']) {
      const answer = await call('POST', '/wix-data/v2/items/query', { raw });
      expect(answer.status, raw).toBe(400);
      expect(answer.body.details.validationError ?? answer.body.details.applicationError).toBeDefined();
    }
    const asText = await call('POST', '/wix-data/v2/items', {
      raw: 'dataCollectionId=Menus',
      contentType: 'text/plain',
    });
    expect(asText.status).toBe(415);
    expect(asText.body.details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a .r envelope that is not base64url JSON of an object', async () => {
    for (const bad of ['%%%', r([1, 2]), 'bm90IGpzb24']) {
      expectViolation(await call('GET', `/wix-data/v2/items/query?.r=${bad}`), '.r');
    }
  });

  it('refuses a body over the size limit with a validation error', async () => {
    const huge = { dataCollectionId: 'Menus', dataItems: [{ data: { text: 'x'.repeat(1_100_000) } }] };
    expectViolation(await call('POST', '/wix-data/v2/bulk/items/insert', { body: huge }), 'body', 'MAX_SIZE');
  });

  it('answers a method no data route takes with a clear not-found of the route', async () => {
    for (const [method, path] of [
      ['DELETE', '/wix-data/v2/items/abc'],
      ['PUT', '/wix-data/v2/items/query'],
      ['PATCH', '/wix-data/v2/bulk/items/insert'],
      ['GET', '/wix-data/v2/bulk/items/insert'],
      ['POST', '/wix-data/v2/collections/Menus'],
    ] as const) {
      const answer = await call(method, path, method === 'GET' ? {} : { body: { dataCollectionId: 'Menus' } });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.details.applicationError.code).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('declares public access on every data route', () => {
    const routes = server.routeTable.filter((route) => route.url.startsWith('/wix-data/'));
    expect(routes.length).toBeGreaterThanOrEqual(31);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toEqual({ kind: 'public' });
  });
});
