import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Out } from '../module.js';
import type { UploadProgressListener } from '../upload.js';

export type ProductImport = c.ProductImport;
export type ProductImportSummary = Out<typeof c.listProductImportsResponse>['productImports'][number];
export type ProductImportError = c.ProductImportError;

export interface ImportProductsOptions {
  fileName?: string;
  /**
   * Told how much of the file has been sent, in UTF-8 bytes of its text (`total` is the whole): after each part,
   * and within a part where the runtime reports a request's progress (browsers).
   */
  onProgress?: UploadProgressListener;
}

const BASE = '/_api/merx/v1';
/** Characters a part starts from; parts shrink until their JSON request stays under the API's 1 MB body limit. */
const PART_CHARS = 400_000;
const PART_BYTES = 950_000;

const encoder = new TextEncoder();

/** The parts of `text`: never splitting a surrogate pair, each small enough for one JSON request. */
function* partsOf(text: string): Generator<string> {
  for (let at = 0; at < text.length; ) {
    let size = Math.min(PART_CHARS, text.length - at);
    for (;;) {
      let end = at + size;
      const code = text.charCodeAt(end - 1);
      if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
      const part = text.slice(at, end);
      if (encoder.encode(JSON.stringify(part)).length <= PART_BYTES || size <= 1) {
        yield part;
        at = end;
        break;
      }
      size = Math.ceil(size / 2);
    }
  }
}

/**
 * Products in and out as Shopify product CSV (Merx, `/_api/merx/v1/product-…`). The export reads pages of CSV text
 * (`catalog:read`); an import sends the file in parts, then starts a background job whose progress `getImport`
 * reads (`catalog:write`). Elevated clients only.
 */
export function productCsv(transport: Transport) {
  const call = caller(transport, 'productCsv');
  const elevated = true;

  async function* exportProductsStream(options: { pageSize?: number } = {}, o?: CallOptions): AsyncGenerator<string> {
    let cursor: string | undefined;
    do {
      const params = { ...(cursor ? { cursor } : {}), ...(options.pageSize ? { limit: options.pageSize } : {}) };
      const page = await call<Out<typeof c.productExportPageResponse>>('exportProducts', {
        method: 'GET',
        path: `${BASE}/product-exports/page`,
        params,
        args: [options],
        options: o,
        elevated,
      });
      if (page.csv) yield page.csv;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  return {
    /** The whole catalog as CSV text chunks (the header first), read a page of products at a time. */
    exportProductsStream,

    /** The whole catalog as one CSV text (UTF-8, header, CRLF line ends). */
    async exportProducts(options: { pageSize?: number } = {}, o?: CallOptions): Promise<string> {
      let text = '';
      for await (const chunk of exportProductsStream(options, o)) text += chunk;
      return text;
    },

    /**
     * Sends `file` (CSV text or a File/Blob) in parts and starts its import. A file that is not a usable product
     * CSV is refused at once (a validation error on `file`); otherwise the job is answered QUEUED and runs on the
     * server: poll `getImport` for its progress. `onProgress` follows the upload, for a progress bar.
     */
    async importProducts(file: string | Blob, options: ImportProductsOptions = {}, o?: CallOptions) {
      const text = typeof file === 'string' ? file : await file.text();
      const fileName = options.fileName ?? (typeof file !== 'string' && 'name' in file ? String(file.name) : undefined);
      const { onProgress } = options;
      const total = onProgress ? encoder.encode(text).byteLength : 0;
      const { upload } = await call<Out<typeof c.productImportUploadResponse>>('importProducts', {
        method: 'POST',
        path: `${BASE}/product-import-uploads`,
        body: fileName ? { fileName } : {},
        args: [options],
        options: o,
        elevated,
      });
      onProgress?.({ loaded: 0, total });
      let index = 0;
      let sent = 0;
      for (const part of partsOf(text)) {
        const bytes = onProgress ? encoder.encode(part).byteLength : 0;
        await call<Out<typeof c.productImportUploadResponse>>('importProducts', {
          method: 'POST',
          path: fillPath(`${BASE}/product-import-uploads/{id}/parts`, { id: upload.id }),
          body: { index, text: part },
          // The request is JSON (the part escaped), so its share of the part is scaled to the part's bytes.
          onUploadProgress: onProgress
            ? (p) => {
                if (p.total > 0) onProgress({ loaded: sent + Math.floor((bytes * p.loaded) / p.total), total });
              }
            : undefined,
          args: [options],
          options: o,
          elevated,
        });
        sent += bytes;
        onProgress?.({ loaded: sent, total });
        index++;
      }
      const { productImport } = await call<Out<typeof c.productImportResponse>>('importProducts', {
        method: 'POST',
        path: `${BASE}/product-imports`,
        body: { uploadId: upload.id },
        args: [options],
        options: o,
        elevated,
      });
      return productImport;
    },

    /** An import's status, progress and problems (by line and column). */
    async getImport(id: string, o?: CallOptions): Promise<ProductImport> {
      const body = await call<Out<typeof c.productImportResponse>>('getImport', {
        method: 'GET',
        path: fillPath(`${BASE}/product-imports/{id}`, { id }),
        args: [id],
        options: o,
        elevated,
      });
      return body.productImport;
    },

    /** Imports, newest first (without their problem lists). */
    async listImports(options: { limit?: number } = {}, o?: CallOptions): Promise<ProductImportSummary[]> {
      const body = await call<Out<typeof c.listProductImportsResponse>>('listImports', {
        method: 'GET',
        path: `${BASE}/product-imports`,
        params: options,
        args: [options],
        options: o,
        elevated,
      });
      return body.productImports;
    },
  };
}

export type ProductCsvModule = ReturnType<typeof productCsv>;
