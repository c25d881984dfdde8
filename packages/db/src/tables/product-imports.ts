/** A CSV file on its way in, kept as text parts so that any process sharing the database can read it. */
export interface ProductImportUploadsTable {
  id: string;
  file_name: string | null;
  parts: number;
  /** UTF-8 bytes received so far. */
  bytes: number;
  /** Bytes of the last part, to answer a part sent again as before. */
  last_part_bytes: number;
  created_date: string;
}

export interface ProductImportPartsTable {
  upload_id: string;
  idx: number;
  text: string;
}

/** One product CSV import job (statuses QUEUED, RUNNING, DONE, FAILED); counters are its committed progress. */
export interface ProductImportsTable {
  id: string;
  status: string;
  /** The file; null once the job has finished and its parts were deleted. */
  upload_id: string | null;
  file_name: string | null;
  file_bytes: number;
  rows_total: number;
  rows_done: number;
  products_total: number;
  products_created: number;
  products_updated: number;
  products_failed: number;
  error_count: number;
  /** JSON array of header names. */
  columns_not_imported: string;
  /** JSON object: handle → the lines where each of its separate blocks of rows starts. */
  scattered_handles: string;
  failure: string | null;
  /** The process that runs the job, and until when its claim holds unless renewed. */
  claimed_by: string | null;
  lease_until: string | null;
  attempts: number;
  created_date: string;
  started_date: string | null;
  finished_date: string | null;
  /**
   * Who started the job (migration 0018: a staff member or an API key, as the inventory log names one), so that the
   * products it changes are logged as theirs whichever process runs it.
   */
  actor_kind: string | null;
  actor_id: string | null;
  actor_name: string | null;
}

export interface ProductImportErrorsTable {
  import_id: string;
  seq: number;
  line: number;
  row: number;
  column_name: string;
  handle: string;
  message: string;
  /** ERROR (the product was not imported) or WARNING. */
  severity: string;
}

export interface ProductImportTables {
  product_import_uploads: ProductImportUploadsTable;
  product_import_parts: ProductImportPartsTable;
  product_imports: ProductImportsTable;
  product_import_errors: ProductImportErrorsTable;
}
