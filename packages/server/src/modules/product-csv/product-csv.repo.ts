import type { Database, Executor, ProductImportsTable } from '@merx/db';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Problem } from './product-csv.draft.js';

/*
 * The tables of product imports: uploads and their text parts, jobs, and their problems. A job is claimed and kept
 * only through conditional updates on its row, so that of several processes exactly one runs it at a time.
 */

export type JobRow = Selectable<ProductImportsTable>;

/** Problems kept per job (the count goes on past it). */
export const MAX_KEPT_ERRORS = 1000;

/** Committed progress of a job. */
export interface Progress {
  rowsDone: number;
  created: number;
  updated: number;
  failed: number;
  errorCount: number;
}

export function createProductCsvRepo(db: Kysely<Database>) {
  return {
    db,

    async createUpload(ex: Executor, id: string, fileName: string | null, now: string): Promise<void> {
      await ex
        .insertInto('product_import_uploads')
        .values({ id, file_name: fileName, parts: 0, bytes: 0, last_part_bytes: 0, created_date: now })
        .execute();
    },

    async upload(ex: Executor, id: string) {
      return ex.selectFrom('product_import_uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Appends part `index` (the next one), compare-and-set on the part count so that two senders cannot both add it. */
    async addPart(ex: Executor, id: string, index: number, text: string, bytes: number): Promise<boolean> {
      const res = await ex
        .updateTable('product_import_uploads')
        .set((eb) => ({ parts: index + 1, bytes: eb('bytes', '+', bytes), last_part_bytes: bytes }))
        .where('id', '=', id)
        .where('parts', '=', index)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await ex.insertInto('product_import_parts').values({ upload_id: id, idx: index, text }).execute();
      return true;
    },

    /** The parts of an upload in order, read one at a time. */
    async *partsOf(uploadId: string): AsyncGenerator<string> {
      for (let idx = 0; ; idx++) {
        const part = await db
          .selectFrom('product_import_parts')
          .select('text')
          .where('upload_id', '=', uploadId)
          .where('idx', '=', idx)
          .executeTakeFirst();
        if (!part) return;
        yield part.text;
      }
    },

    async deleteUpload(ex: Executor, id: string): Promise<void> {
      await ex.deleteFrom('product_import_uploads').where('id', '=', id).execute();
    },

    /** Uploads older than `before` that no job holds (abandoned half-way). */
    async purgeUploads(before: string): Promise<number> {
      const res = await db
        .deleteFrom('product_import_uploads')
        .where('created_date', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('product_imports').select('id').whereRef('upload_id', '=', 'product_import_uploads.id')),
          ),
        )
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    async insertJob(ex: Executor, row: Insertable<ProductImportsTable>): Promise<void> {
      await ex.insertInto('product_imports').values(row).execute();
    },

    async job(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('product_imports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async jobs(limit: number): Promise<JobRow[]> {
      return db
        .selectFrom('product_imports')
        .selectAll()
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async errorsOf(id: string) {
      return db
        .selectFrom('product_import_errors')
        .selectAll()
        .where('import_id', '=', id)
        .orderBy('seq')
        .limit(MAX_KEPT_ERRORS)
        .execute();
    },

    /** Jobs another process may take now: queued, or running under a lease that has run out. */
    async claimable(now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('product_imports')
        .select('id')
        .where((eb) =>
          eb.or([eb('status', '=', 'QUEUED'), eb.and([eb('status', '=', 'RUNNING'), eb('lease_until', '<', now)])]),
        )
        .orderBy('created_date')
        .limit(10)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Takes job `id` for `processId` if it is still claimable: true for exactly one of several processes. */
    async claim(id: string, processId: string, now: string, leaseUntil: string): Promise<JobRow | undefined> {
      const res = await db
        .updateTable('product_imports')
        .set((eb) => ({
          status: 'RUNNING',
          claimed_by: processId,
          lease_until: leaseUntil,
          attempts: eb('attempts', '+', 1),
          started_date: eb.fn.coalesce('started_date', eb.val(now)),
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('status', '=', 'QUEUED'), eb.and([eb('status', '=', 'RUNNING'), eb('lease_until', '<', now)])]),
        )
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? this.job(id) : undefined;
    },

    /** Renews the lease while the claim is still this process's; false when another process took the job. */
    async renew(ex: Executor, id: string, processId: string, leaseUntil: string): Promise<boolean> {
      const res = await ex
        .updateTable('product_imports')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('claimed_by', '=', processId)
        .where('status', '=', 'RUNNING')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Records committed progress (in the transaction of the products it covers). */
    async progress(ex: Executor, id: string, p: Progress): Promise<void> {
      await ex
        .updateTable('product_imports')
        .set({
          rows_done: p.rowsDone,
          products_created: p.created,
          products_updated: p.updated,
          products_failed: p.failed,
          error_count: p.errorCount,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Keeps problems numbered from `firstSeq`, up to the first MAX_KEPT_ERRORS of the job. */
    async insertProblems(ex: Executor, id: string, firstSeq: number, problems: readonly Problem[]): Promise<void> {
      const kept = problems.slice(0, Math.max(0, MAX_KEPT_ERRORS - firstSeq));
      for (let i = 0; i < kept.length; i += 500) {
        await ex
          .insertInto('product_import_errors')
          .values(
            kept.slice(i, i + 500).map((p, j) => ({
              import_id: id,
              seq: firstSeq + i + j,
              line: p.line,
              row: p.row,
              column_name: p.column,
              handle: p.handle,
              message: p.message,
              severity: p.severity,
            })),
          )
          .execute();
      }
    },

    /** Ends the job (DONE or FAILED) if it is still this process's, and drops its file. */
    async finish(id: string, processId: string, status: 'DONE' | 'FAILED', now: string, failure?: string) {
      await db.transaction().execute(async (trx) => {
        const job = await trx.selectFrom('product_imports').select('upload_id').where('id', '=', id).executeTakeFirst();
        const res = await trx
          .updateTable('product_imports')
          .set({ status, finished_date: now, failure: failure ?? null, lease_until: null, upload_id: null })
          .where('id', '=', id)
          .where('claimed_by', '=', processId)
          .where('status', '=', 'RUNNING')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1 && job?.upload_id)
          await trx.deleteFrom('product_import_uploads').where('id', '=', job.upload_id).execute();
      });
    },

    /** Lets the job go (the process stops): another process, or this one started again, takes it up at once. */
    async release(id: string, processId: string, now: string): Promise<void> {
      await db
        .updateTable('product_imports')
        .set({ lease_until: now })
        .where('id', '=', id)
        .where('claimed_by', '=', processId)
        .where('status', '=', 'RUNNING')
        .execute();
    },
  };
}

export type ProductCsvRepo = ReturnType<typeof createProductCsvRepo>;
