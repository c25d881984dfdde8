import type { DialectName, Executor } from '@merx/db';
import type { stringify as Stringify } from 'csv-stringify/sync';
import type { ProductsRepo } from '../products/products.repo.js';
import { effectiveVariant, selectProducts, toProductRecord } from '../products/products.repo.js';
import type { ProductRecord, VariantRecord } from '../products/products.types.js';
import { type Column, EXPORT_COLUMNS } from './product-csv.columns.js';
import { seoOf } from './product-csv.seo.js';
import { gramsText, guardCell, moneyText } from './product-csv.values.js';

/*
 * The catalog as Shopify's product CSV: UTF-8, a header, RFC 4180 quoting with CRLF line ends, cells that a
 * spreadsheet would run as formulas guarded. Products are read a page at a time in numeric-id order (keyset paging:
 * each page starts after the last id of the one before), so the export never holds more than a page.
 */

export interface ExportContext {
  currency: string;
  publicUrl: string;
}

export interface ExportPage {
  csv: string;
  /** Where the next page starts; null after the last. */
  next: number | null;
  skipped: Array<{ handle: string; reason: string }>;
}

const position = new Map(EXPORT_COLUMNS.map((c, i) => [c, i]));
// csv-stringify serves only exports: it is loaded with the first page written.
let stringify: typeof Stringify | undefined;

async function csvText(rows: string[][]): Promise<string> {
  stringify ??= (await import('csv-stringify/sync')).stringify;
  return stringify(rows, { record_delimiter: 'windows' });
}

let header: string | undefined;

/** The header line of the export. */
export async function exportHeader(): Promise<string> {
  header ??= await csvText([[...EXPORT_COLUMNS]]);
  return header;
}

/** The rows of one product (the first with the product's fields, then further variants and images). */
export function productRows(p: ProductRecord, variants: readonly VariantRecord[], ctx: ExportContext): string[][] {
  const options = p.data.options;
  const shown = variants.filter((v) => v.visible);
  const listed = shown.length > 0 ? shown : variants;
  const images = p.data.media.filter((m) => m.mediaType === 'image');
  const absolute = (url: string) => (url.startsWith('/') ? `${ctx.publicUrl}${url}` : url);
  const mediaUrl = new Map(p.data.media.map((m) => [m.id, absolute(m.url)]));
  const rows: string[][] = [];
  for (let i = 0; i < Math.max(listed.length, images.length, 1); i++) {
    const row: string[] = EXPORT_COLUMNS.map(() => '');
    const set = (column: Column, value: string) => {
      row[position.get(column) as number] = value;
    };
    set('Handle', p.slug);
    if (i === 0) {
      const seo = seoOf(p.data.seoData);
      set('Title', p.name);
      set('Body (HTML)', p.description);
      set('Vendor', p.brand ?? '');
      set('Published', p.visible ? 'TRUE' : 'FALSE');
      set('Gift Card', 'FALSE');
      set('SEO Title', seo.title);
      set('SEO Description', seo.description);
      set('Status', p.visible ? 'active' : 'draft');
      if (options.length === 0) set('Option1 Name', 'Title');
      for (const [j, o] of options.entries()) set(`Option${j + 1} Name` as Column, o.name);
    }
    const v = listed[i];
    if (v) {
      if (options.length === 0) set('Option1 Value', 'Default Title');
      for (const [j, o] of options.entries()) set(`Option${j + 1} Value` as Column, v.choices[o.name] ?? '');
      const e = effectiveVariant(p, v);
      set('Variant SKU', e.sku ?? '');
      set('Variant Grams', e.weight == null ? '' : gramsText(e.weight));
      // Untracked but out of stock has no Shopify form: it goes out as tracked with none left.
      const tracked = v.trackQuantity || !v.inStock;
      set('Variant Inventory Tracker', tracked ? 'shopify' : '');
      set('Variant Inventory Qty', tracked ? String(v.trackQuantity ? (v.quantity ?? 0) : 0) : '');
      set('Variant Inventory Policy', 'deny');
      set('Variant Fulfillment Service', 'manual');
      set('Variant Price', moneyText(e.discounted, ctx.currency));
      set('Variant Compare At Price', e.discounted < e.price ? moneyText(e.price, ctx.currency) : '');
      set('Variant Requires Shipping', p.productType === 'physical' ? 'TRUE' : 'FALSE');
      set('Variant Taxable', 'TRUE');
      set('Variant Weight Unit', 'kg');
      set('Cost per item', e.cost == null ? '' : moneyText(e.cost, ctx.currency));
      const linked = options
        .map((o) => o.choices.find((c) => c.description === v.choices[o.name])?.mediaIds[0])
        .find((id) => id !== undefined && mediaUrl.has(id));
      if (linked) set('Variant Image', mediaUrl.get(linked) as string);
    }
    const image = images[i];
    if (image) {
      set('Image Src', absolute(image.url));
      set('Image Position', String(i + 1));
      set('Image Alt Text', image.altText ?? '');
    }
    rows.push(row.map(guardCell));
  }
  return rows;
}

/** One page of the export: up to `limit` products with numeric ids after `after`. */
export async function exportPage(
  ex: Executor,
  dialect: DialectName,
  repo: ProductsRepo,
  ctx: ExportContext,
  after: number,
  limit: number,
): Promise<ExportPage> {
  const rows = await selectProducts(ex, dialect)
    .where('products.numeric_id', '>', after)
    .orderBy('products.numeric_id')
    .limit(limit)
    .execute();
  const variants = await repo.variantsOf(
    ex,
    rows.map((r) => r.id),
  );
  const lines: string[][] = [];
  const skipped: ExportPage['skipped'] = [];
  for (const row of rows) {
    const p = toProductRecord(row);
    if (p.data.options.length > 3) {
      skipped.push({ handle: p.slug, reason: 'has more than three options, which Shopify’s layout cannot hold' });
      continue;
    }
    lines.push(...productRows(p, variants.get(p.id) ?? [], ctx));
  }
  const last = rows.at(-1);
  return {
    csv: lines.length > 0 ? await csvText(lines) : '',
    next: rows.length === limit && last ? Number(last.numeric_id) : null,
    skipped,
  };
}

/** The whole catalog as CSV text chunks: the header, then a page of products at a time. */
export async function* exportChunks(
  ex: Executor,
  dialect: DialectName,
  repo: ProductsRepo,
  ctx: () => ExportContext,
  pageSize = 200,
): AsyncGenerator<string> {
  yield await exportHeader();
  let after = 0;
  for (;;) {
    const page = await exportPage(ex, dialect, repo, ctx(), after, pageSize);
    if (page.csv) yield page.csv;
    if (page.next === null) return;
    after = page.next;
  }
}
