/*
 * The catalog's app id and the variant id of a product without options, as @merx/contract has them
 * (`STORES_APP_ID`, `DEFAULT_VARIANT_ID`). Copied here: the contract's module also loads zod, which the shop's
 * bundle must not carry.
 */
export const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';
