import { Readable } from 'node:stream';
import * as c from '@merx/contract';
import { invalid } from '@merx/domain';
import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { CSV_UPLOAD_URL, CsvBody } from './product-csv.body.js';
import type { ProductCsvService } from './product-csv.service.js';

const tag = 'Product CSV';
const idParams = z.object({ id: z.string().min(1).max(200) });
/** Reading the catalog out needs what reading hidden products and merchant data needs; bringing it in, writing it. */
const read = elevated('catalog:read');
const write = elevated('catalog:write');

/** The export (a CSV stream, or JSON pages of CSV text for the SDK) and the import jobs (docs/product-csv.md). */
export function productCsvRoutes(s: ProductCsvService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/product-exports',
      summary: 'The whole catalog as a Shopify product CSV (text/csv, streamed)',
      tag,
      access: read,
      response: z.string(),
      handler: async ({ reply }) => {
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="products.csv"')
          .header('cache-control', 'no-store');
        return Readable.from(s.exportChunks());
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/product-exports/page',
      summary: 'One page of the catalog as Shopify product CSV text (the first page starts with the header)',
      tag,
      access: read,
      input: c.productExportPageRequest,
      response: c.productExportPageResponse,
      handler: async ({ input }) => s.exportPage(input.cursor, input.limit ?? 200),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/product-import-uploads',
      summary: 'Start an upload of a CSV file sent in parts',
      tag,
      access: write,
      input: c.createProductImportUploadRequest,
      response: c.productImportUploadResponse,
      handler: async ({ input }) => ({ upload: await s.createUpload(input.fileName) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/product-import-uploads/:id/parts',
      summary: 'Add the next part of an uploaded CSV file',
      tag,
      access: write,
      params: idParams,
      input: c.addProductImportUploadPartRequest,
      response: c.productImportUploadResponse,
      handler: async ({ params, input }) => ({ upload: await s.addPart(params.id, input.index, input.text) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/product-imports',
      summary: 'Import an uploaded CSV file (checked whole first; the import runs in the background)',
      tag,
      access: write,
      input: c.createProductImportRequest,
      response: c.productImportResponse,
      handler: async ({ caller, input }) => ({ productImport: await s.importUpload(input.uploadId, caller) }),
    }),
    defineRoute({
      method: 'POST',
      url: CSV_UPLOAD_URL,
      summary: 'Import a CSV file sent as the text/csv body (checked whole first; the import runs in the background)',
      tag,
      access: write,
      response: c.productImportResponse,
      handler: async ({ caller, request }) => {
        if (!(request.body instanceof CsvBody))
          throw invalid('body', 'must be the CSV file itself, sent with Content-Type text/csv', 'VALIDATION');
        return { productImport: await s.importBody(request.body, caller) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/product-imports',
      summary: 'Product imports, newest first',
      tag,
      access: write,
      input: c.listProductImportsRequest,
      response: c.listProductImportsResponse,
      handler: async ({ input }) => ({ productImports: await s.list(input.limit ?? 20) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/product-imports/:id',
      summary: 'A product import: status, progress and the problems found, by line and column',
      tag,
      access: write,
      params: idParams,
      response: c.productImportResponse,
      handler: async ({ params }) => ({ productImport: await s.get(params.id) }),
    }),
  ];
}
