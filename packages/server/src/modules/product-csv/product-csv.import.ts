import type { Database } from '@merx/db';
import { withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { type InventoryActor, type StockLog, SYSTEM_ACTOR } from '../inventory/inventory.log.js';
import type { StoreSettings } from '../settings/settings.service.js';
import type { ImageChecks } from './product-csv.apply.js';
import { cellOf, type Header, readHeader } from './product-csv.columns.js';
import { draftOf, failed, type Problem, type ProductDraft } from './product-csv.draft.js';
import type { ImageChecker } from './product-csv.images.js';
import { type CsvRecord, csvRecords } from './product-csv.parse.js';
import type { JobRow, ProductCsvRepo, Progress } from './product-csv.repo.js';
import { urlProblem } from './product-csv.values.js';
import { type BatchOutcome, type WriteDeps, writeBatch } from './product-csv.write.js';

/*
 * One run of an import job: the file is read from its parts as a stream, rows are grouped by handle, and products are
 * saved in batches. Each batch is one transaction that also records the job's progress, after checking that the job
 * is still this process's: a run that lost its claim writes nothing more, and a run taken up again after a crash
 * starts after the last batch that committed. Memory holds one batch, never the file.
 */

export interface ImportDeps extends WriteDeps {
  db: Kysely<Database>;
  clock: Clock;
  repo: ProductCsvRepo;
  checker: ImageChecker;
  store(): StoreSettings;
  logger?: Logger | undefined;
  /** Products per batch (one transaction). */
  batchProducts: number;
}

export interface RunControl {
  processId: string;
  /** The lease a batch renews until. */
  leaseUntil(): string;
  /** True once the process is stopping or the claim is lost: the run ends after its batch. */
  shouldStop(): boolean;
}

export type RunResult = 'done' | 'stopped' | 'lost';

class LostClaim extends Error {}

const MAX_BATCH_ROWS = 2000;

/** Who started the job, as its row keeps them (the store itself for jobs queued before 0018 or without a caller). */
function starterOf(job: JobRow): InventoryActor {
  if (!job.actor_kind) return SYSTEM_ACTOR;
  return {
    kind: job.actor_kind as InventoryActor['kind'],
    ...(job.actor_id ? { id: job.actor_id } : {}),
    ...(job.actor_name ? { name: job.actor_name } : {}),
  };
}

/** Runs `job` from where it stands until the file is done, the process stops or the claim is lost. */
export async function runImport(deps: ImportDeps, job: JobRow, control: RunControl): Promise<RunResult> {
  if (!job.upload_id) throw new Error(`import ${job.id} has no file`);
  const log: StockLog = { reason: 'CSV_IMPORT', actor: starterOf(job), reference: job.id };
  const scattered = JSON.parse(job.scattered_handles) as Record<string, number[]>;
  const progress: Progress = {
    rowsDone: job.rows_done,
    created: job.products_created,
    updated: job.products_updated,
    failed: job.products_failed,
    errorCount: job.error_count,
  };
  const checks: Checks = new Map();
  const currency = deps.store().currency;
  let header: Header | undefined;
  let skip = job.rows_done;
  let block: CsvRecord[] = [];
  let batch: ProductDraft[] = [];
  let batchRows = 0;
  const uncounted = new WeakSet<ProductDraft>();

  const close = () => {
    if (block.length === 0 || !header) return;
    const draft = draftFor(header, block, scattered, currency);
    if (draft.handle === '' || (scattered[draft.handle] && scattered[draft.handle]?.[0] !== draft.line))
      uncounted.add(draft);
    batch.push(draft);
    batchRows += block.length;
    block = [];
  };
  // A batch's images are checked while the batch before it is being saved; saves stay one after another.
  let saving: Promise<BatchOutcome | 'lost'> | undefined;
  const saved = async () => (saving ? (await saving) !== 'lost' : true);
  const flush = async (): Promise<boolean> => {
    if (batch.length === 0) return saved();
    const drafts = batch;
    const rows = batchRows;
    batch = [];
    batchRows = 0;
    const checking = presentMedia(deps, drafts).then((present) => checkImages(deps, drafts, checks, present));
    if (!(await saved())) return false;
    const images = await checking;
    saving = saveBatch(deps, job.id, log, control, drafts, images, progress, rows, uncounted);
    saving.catch(() => {});
    return true;
  };

  for await (const record of csvRecords(deps.repo.partsOf(job.upload_id))) {
    if (!header) {
      header = readHeader(record.cells);
      continue;
    }
    if (skip > 0) {
      skip--;
      continue;
    }
    const handle = cellOf(header, record.cells, 'Handle') ?? '';
    const current = block.length > 0 ? (cellOf(header, (block[0] as CsvRecord).cells, 'Handle') ?? '') : undefined;
    if (current !== undefined && (handle !== current || handle === '')) {
      close();
      if (batch.length >= deps.batchProducts || batchRows >= MAX_BATCH_ROWS) {
        if (!(await flush())) return 'lost';
        if (control.shouldStop()) return (await saved()) ? 'stopped' : 'lost';
      }
    }
    block.push(record);
  }
  close();
  if (!(await flush()) || !(await saved())) return 'lost';
  return 'done';
}

/** The draft of one block of rows; a block without a handle, or of a handle whose rows are apart, fails whole. */
function draftFor(
  header: Header,
  records: CsvRecord[],
  scattered: Record<string, number[]>,
  currency: string,
): ProductDraft {
  const first = records[0] as CsvRecord;
  const handle = cellOf(header, first.cells, 'Handle') ?? '';
  const draft = draftOf(header, handle, records, currency);
  const lines = scattered[handle];
  const fail = (message: string) =>
    draft.problems.unshift({ line: first.line, row: first.row, column: 'Handle', message, handle, severity: 'ERROR' });
  // Only what makes the block unusable is said: the rest of its problems would follow from it.
  if (handle === '') {
    draft.problems.length = 0;
    fail('is required: every row names the handle of its product');
  } else if (lines) {
    draft.problems.length = 0;
    fail(
      `the rows of this handle are not together (they start at lines ${lines.join(', ')}): put them one after another`,
    );
  }
  return draft;
}

type Checks = Map<string, Awaited<ReturnType<ImageChecker['check']>>>;

/**
 * The image checks of the batch's importable drafts: URLs this run checked already are taken from `known` (bounded:
 * cleared past 50,000), the others checked now. Answers the batch's own map.
 */
async function checkImages(
  deps: ImportDeps,
  drafts: ProductDraft[],
  known: Checks,
  present: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<Checks> {
  const urls = new Set<string>();
  for (const d of drafts) {
    if (failed(d)) continue;
    for (const image of [...d.images, ...d.variants.flatMap((v) => (v.image ? [v.image] : []))])
      if (!urlProblem(image.url) && !present.get(d.handle)?.has(image.url)) urls.add(image.url);
  }
  const mine: Checks = new Map();
  await Promise.all(
    [...urls].map(async (url) => {
      const check = known.get(url) ?? (await deps.checker.check(url));
      mine.set(url, check);
      if (known.size >= 50_000) known.clear();
      known.set(url, check);
    }),
  );
  return mine;
}

/**
 * The media URLs the store's products of the batch have already (one statement): an image a product shows already is
 * not fetched again; the save finds it among the product's media.
 */
async function presentMedia(deps: ImportDeps, drafts: ProductDraft[]): Promise<Map<string, Set<string>>> {
  const handles = drafts.filter((d) => !failed(d) && (d.images.length > 0 || d.variants.some((v) => v.image)));
  if (handles.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('products')
    .select(['slug', 'data'])
    .where(
      'slug',
      'in',
      handles.map((d) => d.handle),
    )
    .execute();
  return new Map(
    rows.map((r) => [
      r.slug,
      new Set((JSON.parse(r.data) as { media: Array<{ url: string }> }).media.map((m) => m.url)),
    ]),
  );
}

/** Saves a batch in one transaction with its progress; if that fails, each product alone, then the progress. */
async function saveBatch(
  deps: ImportDeps,
  jobId: string,
  log: StockLog,
  control: RunControl,
  drafts: ProductDraft[],
  checks: ImageChecks,
  progress: Progress,
  rows: number,
  uncounted: WeakSet<ProductDraft>,
): Promise<BatchOutcome | 'lost'> {
  const ctx = { currency: deps.store().currency, now: deps.clock.now().toISOString(), newId, images: checks, log };
  const record = async (uow: Parameters<typeof writeBatch>[0], outcome: BatchOutcome) => {
    const problems = [...outcome.problems].sort((a, b) => a.line - b.line);
    const next: Progress = {
      rowsDone: progress.rowsDone + rows,
      created: progress.created + outcome.created,
      updated: progress.updated + outcome.updated,
      failed: progress.failed + outcome.failed.filter((d) => !uncounted.has(d)).length,
      errorCount: progress.errorCount + problems.length,
    };
    await deps.repo.insertProblems(uow.trx, jobId, progress.errorCount, problems);
    await deps.repo.progress(uow.trx, jobId, next);
    return next;
  };
  const claimed = async (uow: Parameters<typeof writeBatch>[0]) => {
    if (!(await deps.repo.renew(uow.trx, jobId, control.processId, control.leaseUntil()))) throw new LostClaim();
  };
  try {
    const [outcome, next] = await withTransaction(deps.db, async (uow) => {
      await claimed(uow);
      const outcome = await writeBatch(uow, deps, drafts, ctx);
      return [outcome, await record(uow, outcome)] as const;
    });
    Object.assign(progress, next);
    return outcome;
  } catch (error) {
    if (error instanceof LostClaim) return 'lost';
    deps.logger?.warn({ err: error, importId: jobId }, 'product import batch failed; saving its products one by one');
  }
  const total: BatchOutcome = { created: 0, updated: 0, failed: [], problems: [] };
  for (const draft of drafts) {
    try {
      const one = await withTransaction(deps.db, async (uow) => {
        await claimed(uow);
        return writeBatch(uow, deps, [draft], ctx);
      });
      total.created += one.created;
      total.updated += one.updated;
      total.failed.push(...one.failed);
      total.problems.push(...one.problems);
    } catch (error) {
      if (error instanceof LostClaim) return 'lost';
      deps.logger?.error(
        { err: error, importId: jobId, handle: draft.handle },
        'product import could not save a product',
      );
      total.failed.push(draft);
      total.problems.push(...draft.problems, savingProblem(draft, error));
    }
  }
  try {
    const next = await withTransaction(deps.db, async (uow) => {
      await claimed(uow);
      return record(uow, total);
    });
    Object.assign(progress, next);
  } catch (error) {
    if (error instanceof LostClaim) return 'lost';
    throw error;
  }
  return total;
}

function savingProblem(draft: ProductDraft, error: unknown): Problem {
  const why = error instanceof AppError ? error.message : 'a database error (see the server log)';
  return {
    line: draft.line,
    row: draft.row,
    column: 'Handle',
    message: `the product could not be saved: ${why}`,
    handle: draft.handle,
    severity: 'ERROR',
  };
}
