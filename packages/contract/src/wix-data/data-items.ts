import { z } from 'zod';

/*
 * Wix Data (`@wix/data`, items and collections modules) at `/wix-data/v2/…`. Merx keeps no data collections: every
 * call about a collection answers 404 with the code the data service gives for a collection that does not exist, so
 * a storefront that reads optional content (menus, pages) from data collections falls back to its defaults.
 */

/** Refusals of the data API (`details.applicationError.code`). */
export const dataErrorCodes = {
  /** No such data collection (data: collectionId): the data service's own code, the one storefronts test for. */
  collectionNotFound: 'WDE0025',
  /** No such data job (data: jobId): none is ever started. */
  jobNotFound: 'DATA_JOB_NOT_FOUND',
} as const;

/** A data collection id: `Menus`, `@app/some-collection`, … (the service's own bound is 256 characters). */
export const dataCollectionId = z.string().min(1).max(256);

/** Any data-items call: only the collection it names matters here (the rest of the body is not read). */
export const dataItemsRequest = z.object({ dataCollectionId });
export type DataItemsRequest = z.infer<typeof dataItemsRequest>;

/** `listDataCollections({paging})`. */
export const listDataCollectionsRequest = z.object({
  paging: z
    .object({
      limit: z.number().int().min(0).max(1000).nullish(),
      offset: z.number().int().min(0).nullish(),
    })
    .nullish(),
});
export type ListDataCollectionsRequest = z.infer<typeof listDataCollectionsRequest>;

/** The collections of the store: always none. */
export const listDataCollectionsResponse = z.object({
  collections: z.array(z.object({ id: z.string() })),
  pagingMetadata: z.object({
    count: z.number().int(),
    offset: z.number().int(),
    total: z.number().int(),
    tooManyToCount: z.boolean(),
  }),
});
export type ListDataCollectionsResponse = z.infer<typeof listDataCollectionsResponse>;
