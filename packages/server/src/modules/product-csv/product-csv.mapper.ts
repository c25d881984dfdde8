import type { ProductImport } from '@merx/contract';
import type { JobRow } from './product-csv.repo.js';

type ErrorRow = { line: number; row: number; column_name: string; handle: string; message: string; severity: string };

/** A job row (and its kept problems) as the API shows it. */
export function productImportOf(row: JobRow, errors: readonly ErrorRow[]): ProductImport {
  return {
    id: row.id,
    status: row.status as ProductImport['status'],
    rowsTotal: Number(row.rows_total),
    rowsDone: Number(row.rows_done),
    productsTotal: Number(row.products_total),
    productsCreated: Number(row.products_created),
    productsUpdated: Number(row.products_updated),
    productsFailed: Number(row.products_failed),
    columnsNotImported: JSON.parse(row.columns_not_imported) as string[],
    errors: errors.map((e) => ({
      line: Number(e.line),
      row: Number(e.row),
      column: e.column_name,
      message: e.message,
      handle: e.handle,
      severity: e.severity as 'ERROR' | 'WARNING',
    })),
    errorCount: Number(row.error_count),
    ...(row.failure ? { failure: row.failure } : {}),
    ...(row.file_name ? { fileName: row.file_name } : {}),
    fileBytes: Number(row.file_bytes),
    createdDate: row.created_date,
    ...(row.started_date ? { startedDate: row.started_date } : {}),
    ...(row.finished_date ? { finishedDate: row.finished_date } : {}),
  };
}
