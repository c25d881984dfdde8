import { invalid } from '@merx/domain';

/*
 * The columns of Shopify's product CSV as Merx reads and writes them (docs/product-csv.md has the mapping). Header
 * names are matched without regard to case or repeated spaces; the export writes them as Shopify spells them.
 */

/** The export's header, in Shopify's order. */
export const EXPORT_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Variant Weight Unit',
  'Cost per item',
  'Status',
] as const;

export type Column = (typeof EXPORT_COLUMNS)[number];

/** Columns whose values Merx imports (or, for Gift Card, checks: Merx sells no gift cards). */
const IMPORTED: ReadonlySet<Column> = new Set<Column>([
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Variant Image',
  'Cost per item',
  'Status',
]);

/** Shopify columns Merx has no place for: read past and listed as not imported. */
const KNOWN_ELSEWHERE = [
  /^product category$/,
  /^type$/,
  /^tags$/,
  /^published scope$/,
  /^option[1-3] linked to$/,
  /^variant inventory policy$/,
  /^variant fulfillment service$/,
  /^variant taxable$/,
  /^variant barcode$/,
  /^variant weight unit$/,
  /^variant tax code$/,
  /^google shopping \/ /,
  /^included \/ /,
  /^price \/ /,
  /^compare[ -]at price \/ /,
  /\((?:product|variant)\.metafields\./,
];

/** Option4 Name, Option5 Value, …: more options than Shopify's three (a product that fills them fails). */
const EXTRA_OPTION = /^option([4-9]) (name|value)$/;

/** Columns whose cells belong to a variant: a row with any of them filled is a variant row. */
export const VARIANT_COLUMNS: readonly Column[] = [
  'Option1 Value',
  'Option2 Value',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Variant Image',
  'Variant Weight Unit',
  'Cost per item',
];

const canonical = new Map(EXPORT_COLUMNS.map((c) => [normalise(c), c]));

function normalise(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What the header says: where each known column is, extra option columns, and the columns not imported. */
export interface Header {
  /** The header cells as written. */
  names: readonly string[];
  index: ReadonlyMap<Column, number>;
  /** Option4…Option9 columns: their header names and positions. */
  extraOptions: ReadonlyArray<{ name: string; index: number }>;
  notImported: readonly string[];
}

/**
 * Reads the header row. Refuses (400 on `file`) a header that repeats a column, that has no column of Shopify's
 * product CSV at all, or no Handle column.
 */
export function readHeader(cells: readonly string[]): Header {
  const index = new Map<Column, number>();
  const extraOptions: Array<{ name: string; index: number }> = [];
  const notImported: string[] = [];
  const seen = new Set<string>();
  let shopify = 0;
  cells.forEach((raw, i) => {
    const key = normalise(raw);
    if (key === '') return;
    if (seen.has(key)) throw invalid('file', `line 1: the column "${raw.trim()}" appears twice`, 'VALIDATION');
    seen.add(key);
    const column = canonical.get(key);
    if (column && IMPORTED.has(column)) {
      index.set(column, i);
      shopify++;
    } else if (EXTRA_OPTION.test(key)) {
      extraOptions.push({ name: raw.trim(), index: i });
      notImported.push(raw.trim());
      shopify++;
    } else {
      if (column || KNOWN_ELSEWHERE.some((re) => re.test(key))) shopify++;
      notImported.push(raw.trim());
    }
  });
  if (shopify === 0) {
    throw invalid(
      'file',
      'line 1: none of the columns is a column of Shopify’s product CSV (Handle, Title, Body (HTML), Variant Price, …)',
      'VALIDATION',
    );
  }
  if (!index.has('Handle')) throw invalid('file', 'line 1: the file has no Handle column', 'REQUIRED_FIELD');
  return { names: cells, index, extraOptions, notImported };
}

/** A cell of `column` in `cells` (trimmed), or undefined when the file has no such column. */
export function cellOf(header: Header, cells: readonly string[], column: Column): string | undefined {
  const i = header.index.get(column);
  if (i === undefined) return undefined;
  return (cells[i] ?? '').trim();
}

/** The description cell, untrimmed inside (HTML keeps its own spacing). */
export function rawCellOf(header: Header, cells: readonly string[], column: Column): string | undefined {
  const i = header.index.get(column);
  return i === undefined ? undefined : (cells[i] ?? '');
}
