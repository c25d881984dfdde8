import { type Column, cellOf, type Header, rawCellOf, VARIANT_COLUMNS } from './product-csv.columns.js';
import type { CsvRecord } from './product-csv.parse.js';
import {
  type Parsed,
  parseBoolean,
  parseGrams,
  parseMoney,
  parsePosition,
  parseQuantity,
  urlProblem,
} from './product-csv.values.js';

/*
 * The rows of one handle read into a draft of the product: every cell checked, every problem placed on its line and
 * column. Nothing here knows the database; product-csv.apply.ts lays the draft over what the store has.
 */

export type Severity = 'ERROR' | 'WARNING';

/** One problem, where it is in the file. */
export interface Problem {
  line: number;
  row: number;
  column: string;
  message: string;
  handle: string;
  severity: Severity;
}

export interface DraftImage {
  url: string;
  alt?: string | undefined;
  position?: number | undefined;
  line: number;
  row: number;
  column: 'Image Src' | 'Variant Image';
}

/** A variant row. A field is undefined when the file has no such column (an update keeps what the store has). */
export interface DraftVariant {
  line: number;
  row: number;
  /** Option values in the order of the product's option names. */
  values: string[];
  /** What the buyer pays (Variant Price), minor units; undefined when the cell is blank or the column absent. */
  price?: number | undefined;
  /** Variant Compare At Price: null when blank. */
  compareAt?: number | null | undefined;
  cost?: number | null | undefined;
  weight?: number | null | undefined;
  sku?: string | null | undefined;
  tracked?: boolean | undefined;
  quantity?: number | undefined;
  requiresShipping?: boolean | undefined;
  image?: DraftImage | undefined;
}

export interface ProductDraft {
  handle: string;
  line: number;
  row: number;
  name?: string | undefined;
  description?: string | undefined;
  brand?: string | null | undefined;
  visible?: boolean | undefined;
  seoTitle?: string | null | undefined;
  seoDescription?: string | null | undefined;
  /** Option names from the first row (empty: no options, or Shopify's `Title` / `Default Title`). */
  optionNames: string[];
  variants: DraftVariant[];
  images: DraftImage[];
  problems: Problem[];
}

/** The same rule as catalog v1 slugs: lower-case words (letters or digits of any script) joined by single hyphens. */
const HANDLE = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;
const OPTION_COLUMNS = [
  ['Option1 Name', 'Option1 Value'],
  ['Option2 Name', 'Option2 Value'],
  ['Option3 Name', 'Option3 Value'],
] as const satisfies ReadonlyArray<readonly [Column, Column]>;

const LIMITS = { name: 80, description: 16_000, brand: 50, sku: 40, option: 50, seo: 1000, alt: 500 };

/** Reads the rows of one handle (`records`, adjacent in the file) into a draft. */
export function draftOf(header: Header, handle: string, records: readonly CsvRecord[], currency: string): ProductDraft {
  const first = records[0] as CsvRecord;
  const problems: Problem[] = [];
  const at = (r: Place, column: string, message: string, severity: Severity = 'ERROR') =>
    problems.push({ line: r.line, row: r.row, column, message, handle, severity });
  const cell = (r: CsvRecord, column: Column) => cellOf(header, r.cells, column);
  function read<T>(r: CsvRecord, column: Column, parser: (text: string) => Parsed<T>): T | undefined {
    const text = cell(r, column);
    if (text === undefined || text === '') return undefined;
    const parsed = parser(text);
    if (!parsed.ok) {
      at(r, column, parsed.message);
      return undefined;
    }
    return parsed.value;
  }
  const text = (r: CsvRecord, column: Column, max: number): string | undefined => {
    const value = cell(r, column);
    if (value !== undefined && value.length > max) at(r, column, `is longer than ${max} characters`);
    return value;
  };

  if (!HANDLE.test(handle) || handle.length > 100) {
    at(first, 'Handle', `"${handle.slice(0, 100)}" is not a handle: lower-case letters and digits joined by hyphens`);
  }
  const draft: ProductDraft = {
    handle,
    line: first.line,
    row: first.row,
    optionNames: [],
    variants: [],
    images: [],
    problems,
  };
  draft.name = text(first, 'Title', LIMITS.name);
  const body = rawCellOf(header, first.cells, 'Body (HTML)');
  if (body !== undefined && body.length > LIMITS.description)
    at(first, 'Body (HTML)', `is longer than ${LIMITS.description} characters`);
  draft.description = body;
  const vendor = text(first, 'Vendor', LIMITS.brand);
  draft.brand = vendor === undefined ? undefined : vendor || null;
  const seoTitle = text(first, 'SEO Title', LIMITS.seo);
  draft.seoTitle = seoTitle === undefined ? undefined : seoTitle || null;
  const seoDescription = text(first, 'SEO Description', LIMITS.seo);
  draft.seoDescription = seoDescription === undefined ? undefined : seoDescription || null;
  draft.visible = visibilityOf(first, cell, at);
  if (read(first, 'Gift Card', parseBoolean) === true)
    at(first, 'Gift Card', 'gift cards cannot be imported: Merx has no gift card products');
  const extra = header.extraOptions.find((x) => (first.cells[x.index] ?? '').trim() !== '');
  if (extra) at(first, extra.name, 'a product has at most three options in Shopify’s layout (Option1 to Option3)');
  draft.optionNames = optionNamesOf(first, cell, at);

  const seen = new Map<string, number>();
  for (const r of records) {
    const src = cell(r, 'Image Src');
    if (src) {
      draft.images.push({
        url: src,
        alt: text(r, 'Image Alt Text', LIMITS.alt) || undefined,
        position: read(r, 'Image Position', parsePosition),
        line: r.line,
        row: r.row,
        column: 'Image Src',
      });
    }
    if (!VARIANT_COLUMNS.some((c) => cell(r, c))) continue;
    const variant = variantOf(r, draft.optionNames, currency, { cell, read, text, at });
    const key = variant.values.map((v) => v.toLowerCase()).join('\u0000');
    const twin = seen.get(key);
    if (twin !== undefined) at(r, 'Option1 Value', `has the same option values as line ${twin}`);
    else seen.set(key, r.line);
    draft.variants.push(variant);
  }
  for (const image of [...draft.images, ...draft.variants.flatMap((v) => (v.image ? [v.image] : []))]) {
    const problem = urlProblem(image.url);
    if (problem) at(image, image.column, `${problem}: the image was left out`, 'WARNING');
  }
  return draft;
}

/** Where a problem is: a record, or an image read from one. */
type Place = { line: number; row: number };
type At = (r: Place, column: string, message: string, severity?: Severity) => void;
type Cell = (r: CsvRecord, column: Column) => string | undefined;

/** Published (blank: published) and Status (active, draft, archived): visible when published and active. */
function visibilityOf(first: CsvRecord, cell: Cell, at: At): boolean | undefined {
  const published = cell(first, 'Published');
  const status = cell(first, 'Status');
  if (published === undefined && status === undefined) return undefined;
  let visible = true;
  if (published) {
    const parsed = parseBoolean(published);
    if (!parsed.ok) at(first, 'Published', parsed.message);
    else if (parsed.value === false) visible = false;
  }
  if (status) {
    const word = status.toLowerCase();
    if (!['active', 'draft', 'archived'].includes(word))
      at(first, 'Status', `"${status}" must be active, draft or archived`);
    else if (word !== 'active') visible = false;
  }
  return visible;
}

/** Option names of the first row; Shopify's `Title` with `Default Title` means a product without options. */
function optionNamesOf(first: CsvRecord, cell: Cell, at: At): string[] {
  const names: string[] = [];
  OPTION_COLUMNS.forEach(([nameColumn], i) => {
    const name = cell(first, nameColumn) ?? '';
    if (!name) return;
    if (names.length < i) at(first, nameColumn, `is given without Option${names.length + 1} Name`);
    else if (name.length > LIMITS.option) at(first, nameColumn, `is longer than ${LIMITS.option} characters`);
    else if (names.some((n) => n.toLowerCase() === name.toLowerCase()))
      at(first, nameColumn, `"${name}" is already the name of another option`);
    names.push(name);
  });
  const firstValue = cell(first, 'Option1 Value') ?? '';
  if (names.length === 1 && names[0]?.toLowerCase() === 'title' && /^(default title)?$/i.test(firstValue)) return [];
  return names;
}

interface Readers {
  cell: Cell;
  read<T>(r: CsvRecord, column: Column, parser: (text: string) => Parsed<T>): T | undefined;
  text(r: CsvRecord, column: Column, max: number): string | undefined;
  at: At;
}

function variantOf(r: CsvRecord, optionNames: readonly string[], currency: string, x: Readers): DraftVariant {
  const values: string[] = [];
  OPTION_COLUMNS.forEach(([, valueColumn], i) => {
    const value = x.cell(r, valueColumn) ?? '';
    if (i < optionNames.length) {
      if (!value) x.at(r, valueColumn, `is missing: the product has the option "${optionNames[i]}"`);
      else if (value.length > LIMITS.option) x.at(r, valueColumn, `is longer than ${LIMITS.option} characters`);
      values.push(value);
    } else if (value && !(optionNames.length === 0 && i === 0 && /^default title$/i.test(value))) {
      x.at(r, valueColumn, `is given but the product has no Option${i + 1} Name`);
    }
  });
  const money = (t: string) => parseMoney(t, currency);
  const v: DraftVariant = { line: r.line, row: r.row, values };
  v.price = x.read(r, 'Variant Price', money);
  const orNull = <T>(column: Column, value: T | undefined): T | null | undefined =>
    x.cell(r, column) === undefined ? undefined : (value ?? null);
  v.compareAt = orNull('Variant Compare At Price', x.read(r, 'Variant Compare At Price', money));
  v.cost = orNull('Cost per item', x.read(r, 'Cost per item', money));
  v.weight = orNull('Variant Grams', x.read(r, 'Variant Grams', parseGrams));
  const sku = x.text(r, 'Variant SKU', LIMITS.sku);
  v.sku = sku === undefined ? undefined : sku || null;
  const tracker = x.cell(r, 'Variant Inventory Tracker');
  v.tracked = tracker === undefined ? undefined : tracker !== '';
  const quantity = x.read(r, 'Variant Inventory Qty', parseQuantity);
  if (quantity?.negative)
    x.at(
      r,
      'Variant Inventory Qty',
      'a negative stock count was imported as 0 (Merx does not sell beyond stock)',
      'WARNING',
    );
  v.quantity = quantity?.quantity;
  v.requiresShipping = x.read(r, 'Variant Requires Shipping', parseBoolean);
  const image = x.cell(r, 'Variant Image');
  if (image) v.image = { url: image, line: r.line, row: r.row, column: 'Variant Image' };
  return v;
}

/** True when the draft has an ERROR: the product is not imported. */
export const failed = (draft: ProductDraft) => draft.problems.some((p) => p.severity === 'ERROR');
