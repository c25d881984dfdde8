import { type ProductImport, productCsvErrorCodes, productCsvLimits } from '@merx/contract';
import { type Executor, withTransaction } from '@merx/db';
import { invalid, notFound, ValidationError } from '@merx/domain';
import type { Logger } from 'pino';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { actorOf, type InventoryActor } from '../inventory/inventory.log.js';
import type { ModuleDeps } from '../module.js';
import type { ProductService } from '../products/products.service.js';
import type { CsvBody } from './product-csv.body.js';
import { exportChunks, exportHeader, exportPage } from './product-csv.export.js';
import { createImageChecker } from './product-csv.images.js';
import { runImport } from './product-csv.import.js';
import { productImportOf } from './product-csv.mapper.js';
import { asAsync, decodeBody, type FileScan, scanFile } from './product-csv.parse.js';
import { createProductCsvRepo, type JobRow } from './product-csv.repo.js';
import { createImportRunner } from './product-csv.runner.js';

export interface ProductCsvDeps extends ModuleDeps {
  mediaDir: string;
  products: ProductService;
  logger?: Logger | undefined;
  /** Image URL checks: private addresses allowed (MERX_FETCH_PRIVATE_HOSTS), time per URL, checks at once. */
  fetch: { allowPrivate: boolean; timeoutMs?: number; concurrency?: number };
  /** Products per import batch (one transaction). */
  batchProducts?: number;
}

/** Uploads that no job took are deleted after a day. */
const UPLOAD_RETENTION_MS = 24 * 3600 * 1000;

/** Product CSV: the export, uploads in parts, import jobs and the runner that works them off. */
export function createProductCsvService(deps: ProductCsvDeps) {
  const repo = createProductCsvRepo(deps.db);
  const checker = createImageChecker({
    allowPrivate: deps.fetch.allowPrivate,
    timeoutMs: deps.fetch.timeoutMs ?? 5_000,
    concurrency: deps.fetch.concurrency ?? 8,
    publicUrl: deps.publicUrl,
    mediaDir: deps.mediaDir,
  });
  const importDeps = {
    ...deps,
    repo,
    checker,
    batchProducts: deps.batchProducts ?? 200,
  };
  const runner = createImportRunner({
    repo,
    clock: deps.clock,
    logger: deps.logger,
    run: (job, control) => runImport(importDeps, job, control),
  });
  const now = () => deps.clock.now().toISOString();

  async function uploadOrThrow(ex: Executor, id: string) {
    const upload = await repo.upload(ex, id);
    if (!upload) throw notFound(productCsvErrorCodes.uploadNotFound, 'Upload not found', { uploadId: id });
    const taken = await ex.selectFrom('product_imports').select('id').where('upload_id', '=', id).executeTakeFirst();
    if (taken) throw invalid('uploadId', `was imported already (import ${taken.id})`, 'VALIDATION');
    return upload;
  }

  function jobRow(
    uploadId: string,
    fileName: string | null,
    bytes: number,
    scan: FileScan,
    startedBy: InventoryActor,
  ): JobRow {
    return {
      id: newId(),
      status: 'QUEUED',
      upload_id: uploadId,
      file_name: fileName,
      file_bytes: bytes,
      rows_total: scan.rowsTotal,
      rows_done: 0,
      products_total: scan.productsTotal,
      products_created: 0,
      products_updated: 0,
      products_failed: 0,
      error_count: 0,
      columns_not_imported: JSON.stringify(scan.header.notImported),
      scattered_handles: JSON.stringify(scan.scattered),
      failure: null,
      claimed_by: null,
      lease_until: null,
      attempts: 0,
      created_date: now(),
      started_date: null,
      finished_date: null,
      actor_kind: startedBy.kind,
      actor_id: startedBy.id ?? null,
      actor_name: startedBy.name ?? null,
    };
  }

  async function view(id: string): Promise<ProductImport> {
    const row = await repo.job(id);
    if (!row) throw notFound(productCsvErrorCodes.importNotFound, 'Product import not found', { importId: id });
    return productImportOf(row, await repo.errorsOf(id));
  }

  return {
    repo,
    runner,

    async createUpload(fileName: string | undefined) {
      const id = newId();
      const createdDate = now();
      await repo.createUpload(deps.db, id, fileName ?? null, createdDate);
      return { id, parts: 0, bytes: 0, createdDate };
    },

    /** Adds part `index` (parts come in order; the last one sent again is answered as before). */
    async addPart(id: string, index: number, text: string) {
      const bytes = Buffer.byteLength(text, 'utf8');
      return withTransaction(deps.db, async ({ trx }) => {
        const upload = await uploadOrThrow(trx, id);
        const answer = () => ({ id, parts: upload.parts, bytes: upload.bytes, createdDate: upload.created_date });
        if (index === upload.parts - 1 && bytes === upload.last_part_bytes) return answer();
        if (index !== upload.parts) throw invalid('index', `must be ${upload.parts}, the next part`, 'VALIDATION');
        if (upload.bytes + bytes > productCsvLimits.maxBytes)
          throw invalid(
            'text',
            `would make the file larger than ${productCsvLimits.maxBytes} bytes (32 MiB)`,
            'MAX_SIZE',
          );
        if (!(await repo.addPart(trx, id, index, text, bytes)))
          throw invalid('index', 'another part was added at the same time; send the next one', 'VALIDATION');
        return { id, parts: index + 1, bytes: upload.bytes + bytes, createdDate: upload.created_date };
      });
    },

    /**
     * Checks an upload's file whole and queues its import; a file refused here is deleted with its upload. The stock
     * the import changes is logged as CSV_IMPORT by `caller` (the store itself when none).
     */
    async importUpload(uploadId: string, caller: Caller = { kind: 'none' }): Promise<ProductImport> {
      const upload = await uploadOrThrow(deps.db, uploadId);
      let scan: FileScan;
      try {
        scan = await scanFile(repo.partsOf(uploadId));
      } catch (error) {
        if (error instanceof ValidationError) await repo.deleteUpload(deps.db, uploadId);
        throw error;
      }
      const row = jobRow(uploadId, upload.file_name, upload.bytes, scan, await actorOf(deps.db, caller));
      await repo.insertJob(deps.db, row);
      runner.kick();
      return view(row.id);
    },

    /** Checks a `text/csv` body whole, then stores it and queues its import (as `importUpload`); refused, writes nothing. */
    async importBody(body: CsvBody, caller: Caller = { kind: 'none' }): Promise<ProductImport> {
      const pieces = [...decodeBody(body.buffers, productCsvLimits.maxPartChars)];
      const scan = await scanFile(asAsync(pieces));
      const uploadId = newId();
      const row = jobRow(uploadId, null, body.bytes, scan, await actorOf(deps.db, caller));
      await withTransaction(deps.db, async ({ trx }) => {
        await repo.createUpload(trx, uploadId, null, row.created_date);
        for (const [index, text] of pieces.entries())
          await repo.addPart(trx, uploadId, index, text, Buffer.byteLength(text, 'utf8'));
        await repo.insertJob(trx, row);
      });
      runner.kick();
      return view(row.id);
    },

    get: view,

    async list(limit: number) {
      const rows = await repo.jobs(limit);
      return rows.map((row) => {
        const { errors: _errors, ...rest } = productImportOf(row, []);
        return rest;
      });
    },

    /** The whole catalog as CSV text chunks (a stream's source). */
    exportChunks: () =>
      exportChunks(deps.db, deps.dialect, deps.products.repo, () => ({
        currency: deps.store().currency,
        publicUrl: deps.publicUrl,
      })),

    /** One page of the export; the first (no cursor) starts with the header. */
    async exportPage(cursor: string | undefined, limit: number) {
      const after = cursor === undefined ? 0 : Number(/^p(\d{1,15})$/.exec(cursor)?.[1] ?? Number.NaN);
      if (!Number.isSafeInteger(after)) throw invalid('cursor', 'must be a nextCursor the export gave', 'FORMAT');
      const ctx = { currency: deps.store().currency, publicUrl: deps.publicUrl };
      const page = await exportPage(deps.db, deps.dialect, deps.products.repo, ctx, after, limit);
      return {
        csv: cursor === undefined ? `${await exportHeader()}${page.csv}` : page.csv,
        nextCursor: page.next === null ? null : `p${page.next}`,
        skipped: page.skipped,
      };
    },

    /** Stops the runner (after its batch) and closes the connections of image checks. */
    async stop(): Promise<void> {
      await runner.stop();
      checker.close();
    },

    /** Deletes uploads no job took within a day (housekeeping). */
    purgeUploads: () => repo.purgeUploads(new Date(deps.clock.now().getTime() - UPLOAD_RETENTION_MS).toISOString()),
  };
}

export type ProductCsvService = ReturnType<typeof createProductCsvService>;
