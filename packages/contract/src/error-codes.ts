/** Stable application error codes Merx sends in `details.applicationError.code`. */
export const errorCodes = {
  productNotFound: 'PRODUCT_NOT_FOUND',
  collectionNotFound: 'COLLECTION_NOT_FOUND',
  variantNotFound: 'VARIANT_NOT_FOUND',
  mediaNotFound: 'MEDIA_NOT_FOUND',
  optionNotFound: 'OPTION_NOT_FOUND',
  choiceNotFound: 'CHOICE_NOT_FOUND',
  slugAlreadyExists: 'SLUG_ALREADY_EXISTS',
  allProductsCollectionReadOnly: 'ALL_PRODUCTS_COLLECTION_READ_ONLY',
  unauthenticated: 'UNAUTHENTICATED',
  permissionDenied: 'PERMISSION_DENIED',
  routeNotFound: 'ROUTE_NOT_FOUND',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  requestHeadersTooLarge: 'REQUEST_HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  malformedRequest: 'MALFORMED_REQUEST',
  systemError: 'SYSTEM_ERROR',
} as const;
