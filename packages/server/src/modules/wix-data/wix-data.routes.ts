import * as c from '@merx/contract';
import { notFound } from '@merx/domain';
import { z } from 'zod';
import { publicAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';

/*
 * Wix Data at `/wix-data/v2/…`: Merx keeps NO data collections. Storefronts written for the public packages read
 * optional content (menus, pages) through `@wix/data`'s items module and fall back to their defaults only on the
 * code the data service gives for a collection that does not exist (`WDE0025`). So every call of the items module
 * answers that not-found, for reads and writes alike, and to anyone: a write refused with 401 first would stop a
 * shop that only wanted to learn that the collection is missing. Nothing is ever read or written.
 */

const tag = 'Data collections';
const ITEMS = '/wix-data/v2/items';
const BULK = '/wix-data/v2/bulk/items';

/** Every POST of the `@wix/data` items module with the collection in its body (path, what it does). */
const ITEM_CALLS: ReadonlyArray<readonly [string, string]> = [
  [ITEMS, 'Insert a data item'],
  [`${ITEMS}/update`, 'Update a data item'],
  [`${ITEMS}/patch`, 'Patch a data item'],
  [`${ITEMS}/save`, 'Save a data item'],
  [`${ITEMS}/remove`, 'Remove a data item'],
  [`${ITEMS}/truncate`, 'Remove every item of a collection'],
  [`${ITEMS}/count`, 'Count data items'],
  [`${ITEMS}/query-distinct-values`, 'Query the distinct values of a field'],
  [`${ITEMS}/aggregate`, 'Aggregate data items'],
  [`${ITEMS}/aggregate-pipeline`, 'Aggregate data items through a pipeline'],
  [`${ITEMS}/query-referenced`, 'Query the items an item references'],
  [`${ITEMS}/search`, 'Search data items'],
  [`${ITEMS}/is-referenced`, 'Tell whether an item references another'],
  [`${ITEMS}/replace-references`, 'Replace the references of an item'],
  [`${ITEMS}/create-draft`, 'Create a draft of a data item'],
  [`${ITEMS}/publish-draft`, 'Publish the draft of a data item'],
  [`${ITEMS}/unpublish`, 'Unpublish a data item'],
  [`${BULK}/insert`, 'Insert data items'],
  [`${BULK}/update`, 'Update data items'],
  [`${BULK}/patch`, 'Patch data items'],
  [`${BULK}/save`, 'Save data items'],
  [`${BULK}/remove`, 'Remove data items'],
  [`${BULK}/async-patch-by-filter`, 'Patch the items matching a filter'],
  [`${BULK}/async-remove-by-filter`, 'Remove the items matching a filter'],
  [`${BULK}/insert-references`, 'Insert references between items'],
  [`${BULK}/remove-references`, 'Remove references between items'],
];

const NO_COLLECTIONS = 'Merx keeps no data collections';

/** The not-found of a data collection, with the data service's code. */
function noSuchCollection(collectionId: string): Error {
  const description = `The ${collectionId} collection does not exist: ${NO_COLLECTIONS}`;
  return notFound(c.dataErrorCodes.collectionNotFound, description, { collectionId });
}

const itemParams = z.object({ dataItemId: z.string().min(1).max(256) });
const collectionParams = z.object({ dataCollectionId: c.dataCollectionId });
const jobParams = z.object({ jobId: z.string().min(1).max(256) });

/** The routes of the `@wix/data` items module (and the collections module's reads): see the note above. */
export function wixDataRoutes(): AnyRoute[] {
  const describe = (summary: string) =>
    `${summary} (always 404 ${c.dataErrorCodes.collectionNotFound}: ${NO_COLLECTIONS})`;
  const bodyCalls = ITEM_CALLS.map(([url, summary]) =>
    defineRoute({
      method: 'POST',
      url,
      summary: describe(summary),
      tag,
      access: publicAccess,
      input: c.dataItemsRequest,
      response: c.emptyResponse,
      handler: async ({ input }) => {
        throw noSuchCollection(input.dataCollectionId);
      },
    }),
  );
  return [
    ...bodyCalls,
    defineRoute({
      method: 'GET',
      url: `${ITEMS}/query`,
      summary: describe('Query data items'),
      tag,
      access: publicAccess,
      queryRoute: true,
      input: c.dataItemsRequest,
      response: c.emptyResponse,
      handler: async ({ input }) => {
        throw noSuchCollection(input.dataCollectionId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${ITEMS}/:dataItemId`,
      summary: describe('Get a data item'),
      tag,
      access: publicAccess,
      params: itemParams,
      input: c.dataItemsRequest,
      response: c.emptyResponse,
      handler: async ({ input }) => {
        throw noSuchCollection(input.dataCollectionId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/wix-data/v2/async-jobs/:jobId/status',
      summary: 'Get the status of a data job (none is ever started: always 404)',
      tag,
      access: publicAccess,
      params: jobParams,
      response: c.emptyResponse,
      handler: async ({ params }) => {
        throw notFound(c.dataErrorCodes.jobNotFound, `No data job ${params.jobId}: ${NO_COLLECTIONS}`, {
          jobId: params.jobId,
        });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/wix-data/v2/collections/:dataCollectionId',
      summary: describe('Get a data collection'),
      tag,
      access: publicAccess,
      params: collectionParams,
      response: c.emptyResponse,
      handler: async ({ params }) => {
        throw noSuchCollection(params.dataCollectionId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/wix-data/v2/collections',
      summary: `List the data collections (always none: ${NO_COLLECTIONS})`,
      tag,
      access: publicAccess,
      input: c.listDataCollectionsRequest,
      response: c.listDataCollectionsResponse,
      handler: async ({ input }) => ({
        collections: [],
        pagingMetadata: { count: 0, offset: input.paging?.offset ?? 0, total: 0, tooManyToCount: false },
      }),
    }),
  ];
}
