import { once } from 'node:events';
import { productCsvLimits } from '@merx/contract';
import { invalid } from '@merx/domain';
import type * as CsvParse from 'csv-parse';
import { cellOf, type Header, readHeader } from './product-csv.columns.js';
import { unguardCell } from './product-csv.values.js';

/*
 * Reading a CSV file as a stream of text chunks, never whole: the records with the line they start on, and the
 * structural check an upload passes before anything is written.
 */

/** One data record of the file. `line` is where it starts (the header is line 1), `row` its spreadsheet row. */
export interface CsvRecord {
  line: number;
  row: number;
  cells: readonly string[];
}

const CSV_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a quoted cell is not doubled',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'the row has more cells than the header',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows the closing quote of a cell',
  INVALID_OPENING_QUOTE: 'a quote starts in the middle of a cell (quote the whole cell and double the quote)',
};

// csv-parse serves only imports: it is loaded with the first file read.
let loaded: typeof CsvParse | undefined;

async function csvParse(): Promise<typeof CsvParse> {
  loaded ??= await import('csv-parse');
  return loaded;
}

/** csv-parse's refusals as a problem of the file (with its line); anything else is passed on as it is. */
function csvProblem(error: unknown, { CsvError }: typeof CsvParse): Error {
  if (!(error instanceof CsvError)) return error as Error;
  const lines = (error as CsvParse.CsvError & { lines?: unknown }).lines;
  const where = typeof lines === 'number' ? `line ${lines}: ` : '';
  return invalid('file', `${where}${CSV_MESSAGES[error.code] ?? 'this is not valid CSV'}`, 'FORMAT');
}

/**
 * Every record of the CSV text in `chunks`, the header first (row 1), with blank rows (empty lines, or cells all
 * empty as spreadsheets save them) left out. A cell guarded against formulas by the export is given back as it was.
 * Malformed CSV throws a validation error on `file` naming the line.
 */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  const csv = await csvParse();
  const parser = csv.parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count_less: true });
  const stop = new AbortController();
  const feeding = (async () => {
    try {
      for await (const chunk of chunks) {
        if (stop.signal.aborted) return;
        if (!parser.write(chunk)) await once(parser, 'drain', { signal: stop.signal });
      }
      parser.end();
    } catch (error) {
      if (!stop.signal.aborted) parser.destroy(error as Error);
    }
  })();
  let previousEnd = 0;
  let previousEmpty = 0;
  let row = 0;
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      const { record, info } = item;
      const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      if (record.every((cell) => cell.trim() === '')) continue;
      row++;
      yield { line, row, cells: record.map(unguardCell) };
    }
  } catch (error) {
    throw csvProblem(error, csv);
  } finally {
    stop.abort();
    parser.destroy();
    await feeding;
  }
}

/** What the structural check learnt of a file. */
export interface FileScan {
  header: Header;
  rowsTotal: number;
  productsTotal: number;
  /** Handles whose rows are not together: the lines where each of their blocks starts. */
  scattered: Record<string, number[]>;
}

/**
 * Reads the whole file once and refuses it (a validation error on `file`) if it is not CSV, has no Handle column,
 * no Shopify column at all, no data rows, or more than the row limit. Nothing is kept but the handles seen.
 */
export async function scanFile(chunks: AsyncIterable<string>): Promise<FileScan> {
  let header: Header | undefined;
  let rowsTotal = 0;
  const firstLine = new Map<string, number>();
  const scattered: Record<string, number[]> = {};
  let last: string | undefined;
  for await (const record of csvRecords(chunks)) {
    if (!header) {
      header = readHeader(record.cells);
      continue;
    }
    rowsTotal++;
    if (rowsTotal > productCsvLimits.maxRows) {
      throw invalid(
        'file',
        `has more than ${productCsvLimits.maxRows.toLocaleString('en')} rows: split it into several files`,
        'MAX_SIZE',
      );
    }
    const handle = cellOf(header, record.cells, 'Handle') ?? '';
    if (handle === '' || handle === last) continue;
    const first = firstLine.get(handle);
    if (first === undefined) firstLine.set(handle, record.line);
    else {
      scattered[handle] ??= [first];
      scattered[handle].push(record.line);
    }
    last = handle;
  }
  if (!header) throw invalid('file', 'is empty', 'REQUIRED_FIELD');
  if (rowsTotal === 0) throw invalid('file', 'has a header but no product rows', 'REQUIRED_FIELD');
  return { header, rowsTotal, productsTotal: firstLine.size, scattered };
}

/**
 * The text of an uploaded body, checked as it is decoded: UTF-8 (a byte-order mark is allowed) without NUL
 * characters, at most the size limit. Yields pieces of at most `pieceChars` characters, never splitting a
 * surrogate pair.
 */
export function* decodeBody(buffers: readonly Buffer[], pieceChars: number): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  const take = function* (final: boolean): Generator<string> {
    while (pending.length >= pieceChars || (final && pending.length > 0)) {
      let end = Math.min(pieceChars, pending.length);
      const code = pending.charCodeAt(end - 1);
      if (end < pending.length && code >= 0xd800 && code <= 0xdbff) end--;
      yield pending.slice(0, end);
      pending = pending.slice(end);
    }
  };
  for (const buffer of buffers) {
    let text: string;
    try {
      text = decoder.decode(buffer, { stream: true });
    } catch {
      throw invalid('file', 'is not UTF-8 text: save the CSV as UTF-8', 'FORMAT');
    }
    if (text.includes('\u0000')) throw invalid('file', 'holds NUL characters: it is not a text file', 'FORMAT');
    pending += text;
    yield* take(false);
  }
  try {
    pending += decoder.decode();
  } catch {
    throw invalid('file', 'is not UTF-8 text: save the CSV as UTF-8', 'FORMAT');
  }
  yield* take(true);
}

/** An async iterable over a synchronous one (the scan reads text the way the job reads it from the database). */
export async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  for (const item of items) yield item;
}
