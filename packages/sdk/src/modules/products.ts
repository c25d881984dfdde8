import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import { type PlatformQuery, QueryBuilder } from '../query.js';

const READER = '/stores-reader/v1';
const WRITER = '/stores/v1';

export type Product = c.Product;
export type ProductResponse = Out<typeof c.productResponse>;
export type CollectionResponse = Out<typeof c.collectionResponse>;
export type BulkProductsResponse = c.BulkProductsResponse;
type VariantsResponse = Out<typeof c.variantsResponse>;

/** Options of a products query; `search` is the Merx full-text search (docs/decisions/0014-product-search.md). */
export interface QueryProductsOptions {
  includeHiddenProducts?: boolean;
  includeMerchantSpecificData?: boolean;
  /** Words to look for; blank searches nothing (the list is as without it). At most 200 characters. */
  search?: string;
}

/** The request fields of the options: `search` goes on the wire as `{expression}`, as catalog v3 shapes it. */
function wireOptions({ search, ...rest }: QueryProductsOptions) {
  return search === undefined || search.trim() === '' ? rest : { ...rest, search: { expression: search } };
}

/**
 * Catalog v1 (WIRE.md 6.1 and 6.2): reads under `/stores-reader/v1` for everyone, writes under `/stores/v1` for
 * elevated clients only (checked before any request).
 */
export function products(transport: Transport) {
  const call = caller(transport, 'products');
  const product = (id: string, tail = '') => fillPath(`${WRITER}/products/{id}${tail}`, { id });
  const collection = (id: string, tail = '') => fillPath(`${WRITER}/collections/{id}${tail}`, { id });
  const write = <T>(
    fn: string,
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    args: unknown[],
    o?: CallOptions,
  ) => call<T>(fn, { method, path, body, args, options: o, elevated: true });

  return {
    /**
     * Products matching a query, 50 a page by default (offset paging; long queries go as POST). Merx: `search` is a
     * full-text search (name, description, brand, SKU; stemmed, the last word as a prefix), best matches first
     * unless the query sorts; sort by `featured` for the merchant's order.
     */
    queryProducts: (options: QueryProductsOptions = {}) =>
      new QueryBuilder<Product>(async (query: PlatformQuery, o) => {
        const body = await call<Out<typeof c.queryProductsPlatformizedResponse>>('queryProducts', {
          method: 'GET',
          path: `${READER}/products/query-platformized`,
          query: { query, ...wireOptions(options) },
          args: [query, options],
          options: o,
        });
        return { items: body.products, ...body.metadata };
      }, 'offset'),
    /**
     * One page for a query object as sent (offset or cursor paging): the body as answered, `metadata.cursors` with
     * cursor paging. For lists whose page lives in a URL, where the builder's `next()` cannot be kept.
     */
    queryProductsPage: (query: PlatformQuery, options: QueryProductsOptions = {}, o?: CallOptions) =>
      call<Out<typeof c.queryProductsPlatformizedResponse>>('queryProductsPage', {
        method: 'GET',
        path: `${READER}/products/query-platformized`,
        query: { query, ...wireOptions(options) },
        args: [query, options],
        options: o,
      }),
    getProduct: (id: string, options: { includeMerchantSpecificData?: boolean } = {}, o?: CallOptions) =>
      call<ProductResponse>('getProduct', {
        method: 'GET',
        path: fillPath(`${READER}/products/{id}`, { id }),
        params: options,
        args: [id, options],
        options: o,
      }),
    getCollectionBySlug: (slug: string, o?: CallOptions) =>
      call<CollectionResponse>('getCollectionBySlug', {
        method: 'GET',
        path: fillPath(`${READER}/collections/slug/{slug}`, { slug }),
        args: [slug],
        options: o,
      }),
    /** The variant that the chosen options select, and which choices stay available. */
    getProductOptionsAvailability: (id: string, options: Record<string, string>, o?: CallOptions) =>
      call<Out<typeof c.productOptionsAvailabilityResponse>>('getProductOptionsAvailability', {
        method: 'POST',
        path: fillPath(`${READER}/products/{id}/productOptionsAvailability`, { id }),
        body: { options },
        args: [id, options],
        options: o,
      }),
    queryProductVariants: (id: string, options: In<typeof c.queryProductVariantsRequest> = {}, o?: CallOptions) =>
      call<Out<typeof c.queryProductVariantsResponse>>('queryProductVariants', {
        method: 'POST',
        path: fillPath(`${READER}/products/{id}/variants/query`, { id }),
        body: options,
        args: [id, options],
        options: o,
      }),
    queryStoreVariants: (query: PlatformQuery = {}, o?: CallOptions) =>
      call<Out<typeof c.queryStoreVariantsResponse>>('queryStoreVariants', {
        method: 'POST',
        path: `${READER}/variants/query`,
        body: { query },
        args: [query],
        options: o,
      }),
    /** One variant by `<productId>-<variantId>`. */
    getStoreVariant: (id: string, o?: CallOptions) =>
      call<Out<typeof c.storeVariantResponse>>('getStoreVariant', {
        method: 'GET',
        path: fillPath(`${READER}/variants/{id}`, { id }),
        args: [id],
        options: o,
      }),

    createProduct: (input: In<typeof c.productInput>, o?: CallOptions) =>
      write<ProductResponse>('createProduct', 'POST', `${WRITER}/products`, { product: input }, [input], o),
    updateProduct: (id: string, patch: In<typeof c.updateProductRequest>['product'], o?: CallOptions) =>
      write<ProductResponse>('updateProduct', 'PATCH', product(id), { product: patch }, [id, patch], o),
    deleteProduct: (id: string, o?: CallOptions) =>
      write<Empty>('deleteProduct', 'DELETE', product(id), undefined, [id], o),
    updateProductVariants: (id: string, variants: In<typeof c.updateVariantsRequest>['variants'], o?: CallOptions) =>
      write<VariantsResponse>(
        'updateProductVariants',
        'PATCH',
        product(id, '/variants'),
        { variants },
        [id, variants],
        o,
      ),
    resetAllProductVariantData: (id: string, o?: CallOptions) =>
      write<Empty>('resetAllProductVariantData', 'POST', product(id, '/variants/resetToDefault'), {}, [id], o),
    addProductMedia: (id: string, media: In<typeof c.addProductMediaRequest>['media'], o?: CallOptions) =>
      write<Empty>('addProductMedia', 'POST', product(id, '/media'), { media }, [id, media], o),
    removeProductMedia: (id: string, mediaIds: string[], o?: CallOptions) =>
      write<Empty>('removeProductMedia', 'POST', product(id, '/media/delete'), { mediaIds }, [id, mediaIds], o),
    addProductMediaToChoices: (id: string, media: In<typeof c.choicesMediaRequest>['media'], o?: CallOptions) =>
      write<Empty>('addProductMediaToChoices', 'PATCH', product(id, '/choices/media'), { media }, [id, media], o),
    removeProductMediaFromChoices: (id: string, media: In<typeof c.choicesMediaRequest>['media'], o?: CallOptions) =>
      write<Empty>(
        'removeProductMediaFromChoices',
        'POST',
        product(id, '/choices/media/delete'),
        { media },
        [id, media],
        o,
      ),
    /** Merx: the product's media in a new order, every media id once; the first becomes the main media. */
    reorderProductMedia: (id: string, mediaIds: string[], o?: CallOptions) =>
      write<Empty>(
        'reorderProductMedia',
        'POST',
        fillPath('/_api/merx/v1/products/{id}/media/order', { id }),
        { mediaIds },
        [id, mediaIds],
        o,
      ),
    deleteProductOptions: (id: string, o?: CallOptions) =>
      write<Empty>('deleteProductOptions', 'DELETE', product(id, '/options'), undefined, [id], o),
    removeBrand: (id: string, o?: CallOptions) =>
      write<Empty>('removeBrand', 'POST', product(id, '/remove-brand'), {}, [id], o),
    removeRibbon: (id: string, o?: CallOptions) =>
      write<Empty>('removeRibbon', 'POST', product(id, '/remove-ribbon'), {}, [id], o),
    bulkUpdateProductsProperty: (
      ids: string[],
      set: In<typeof c.bulkUpdateProductsRequest>['set'],
      options: { returnEntity?: boolean } = {},
      o?: CallOptions,
    ) =>
      write<BulkProductsResponse>(
        'bulkUpdateProductsProperty',
        'POST',
        `${WRITER}/bulk/products/update`,
        { ids, set, ...options },
        [ids, set, options],
        o,
      ),
    bulkAdjustProductProperty: (
      adjust: In<typeof c.bulkAdjustProductsRequest>['adjust'],
      ids: string[],
      options: { returnEntity?: boolean } = {},
      o?: CallOptions,
    ) =>
      write<BulkProductsResponse>(
        'bulkAdjustProductProperty',
        'POST',
        `${WRITER}/bulk/products/adjust-properties`,
        { adjust, ids, ...options },
        [adjust, ids, options],
        o,
      ),

    createCollection: (input: In<typeof c.collectionInput>, o?: CallOptions) =>
      write<CollectionResponse>('createCollection', 'POST', `${WRITER}/collections`, { collection: input }, [input], o),
    updateCollection: (id: string, patch: In<typeof c.updateCollectionRequest>['collection'], o?: CallOptions) =>
      write<CollectionResponse>('updateCollection', 'PATCH', collection(id), { collection: patch }, [id, patch], o),
    deleteCollection: (id: string, o?: CallOptions) =>
      write<Empty>('deleteCollection', 'DELETE', collection(id), undefined, [id], o),
    addProductsToCollection: (id: string, productIds: string[], o?: CallOptions) =>
      write<Empty>(
        'addProductsToCollection',
        'POST',
        collection(id, '/productIds'),
        { productIds },
        [id, productIds],
        o,
      ),
    removeProductsFromCollection: (id: string, productIds: string[], o?: CallOptions) =>
      write<Empty>(
        'removeProductsFromCollection',
        'POST',
        collection(id, '/productIds/delete'),
        { productIds },
        [id, productIds],
        o,
      ),
  };
}

export type ProductsModule = ReturnType<typeof products>;
