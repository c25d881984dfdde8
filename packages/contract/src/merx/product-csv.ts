import { z } from 'zod';

/*
 * Products in and out as CSV in Shopify's product-CSV layout (Merx's own API, `/_api/merx/v1/product-…`): an export
 * of the whole catalog, and imports run as background jobs whose progress the back office polls. The mapping of
 * each column is in docs/product-csv.md.
 */

/** Limits of one import file: bytes of UTF-8 text, data rows (the header not counted), text per uploaded part. */
export const productCsvLimits = {
  maxBytes: 32 * 1024 * 1024,
  maxRows: 100_000,
  maxPartChars: 500_000,
} as const;

export const productCsvErrorCodes = {
  importNotFound: 'PRODUCT_IMPORT_NOT_FOUND',
  uploadNotFound: 'PRODUCT_IMPORT_UPLOAD_NOT_FOUND',
} as const;

/** QUEUED → RUNNING → DONE, or FAILED when the job itself could not go on (a product that fails does not). */
export const productImportStatus = z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']);
export type ProductImportStatus = z.infer<typeof productImportStatus>;

/**
 * One problem of the file, where it is: `line` is the physical line the record starts on (1 is the header), `row`
 * the spreadsheet row (records counted, so a description spread over lines is one row). ERROR: the product (all
 * rows of `handle`) was not imported and nothing of it changed. WARNING: the product was imported without that
 * value (an image that could not be fetched, a negative stock count read as 0).
 */
export const productImportError = z.object({
  line: z.number().int(),
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  handle: z.string(),
  severity: z.enum(['ERROR', 'WARNING']),
});
export type ProductImportError = z.infer<typeof productImportError>;

export const productImport = z.object({
  id: z.string(),
  status: productImportStatus,
  /** Data rows of the file, and how many of them are done. */
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  /** Products (handles) in the file. */
  productsTotal: z.number().int(),
  productsCreated: z.number().int(),
  productsUpdated: z.number().int(),
  productsFailed: z.number().int(),
  /** Columns of the file Merx has no place for: read past, listed once here. */
  columnsNotImported: z.array(z.string()),
  /** The first 1,000 problems in file order; `errorCount` counts them all. */
  errors: z.array(productImportError),
  errorCount: z.number().int(),
  /** Why a FAILED job stopped. */
  failure: z.string().optional(),
  fileName: z.string().optional(),
  fileBytes: z.number().int(),
  createdDate: z.string(),
  startedDate: z.string().optional(),
  finishedDate: z.string().optional(),
});
export type ProductImport = z.infer<typeof productImport>;

export const productImportResponse = z.object({ productImport });

/** Imports newest first, without their error lists (`GET …/product-imports/{id}` has them). */
export const listProductImportsRequest = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });
export const listProductImportsResponse = z.object({ productImports: z.array(productImport.omit({ errors: true })) });

/** A file sent in parts (the SDK's way: each part is a JSON request under the API's 1 MB body limit). */
export const productImportUpload = z.object({
  id: z.string(),
  parts: z.number().int(),
  bytes: z.number().int(),
  createdDate: z.string(),
});
export const createProductImportUploadRequest = z.object({
  fileName: z.string().trim().min(1).max(200).optional(),
});
export const productImportUploadResponse = z.object({ upload: productImportUpload });
export const addProductImportUploadPartRequest = z.object({
  /** Parts are numbered from 0 and sent in order; sending the last one again is answered as before. */
  index: z.number().int().min(0).max(10_000),
  text: z.string().min(1).max(productCsvLimits.maxPartChars),
});

/** Starts an import of a finished upload. (`text/csv` bodies go to `POST …/product-imports/csv` instead.) */
export const createProductImportRequest = z.object({
  uploadId: z.string().min(1).max(100),
});

/** One page of the export as CSV text, for clients that speak JSON only (the SDK). */
export const productExportPageRequest = z.object({
  /** Where the previous page ended (`nextCursor`); none for the first page, which starts with the header. */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const productExportPageResponse = z.object({
  csv: z.string(),
  nextCursor: z.string().nullable(),
  /** Products left out because Shopify's layout cannot hold them (more than three options). */
  skipped: z.array(z.object({ handle: z.string(), reason: z.string() })),
});
