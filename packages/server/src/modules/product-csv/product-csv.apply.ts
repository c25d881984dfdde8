import { ALL_PRODUCTS_COLLECTION_ID, DEFAULT_VARIANT_ID } from '@merx/contract';
import { choicesKey, PREORDER_OFF, ValidationError } from '@merx/domain';
import { sanitizeDescription } from '../../lib/sanitize.js';
import { buildVariants, emptyProductData, normaliseOptions } from '../products/products.input.js';
import { effectiveVariant } from '../products/products.repo.js';
import type { ProductRecord, StoredOption, VariantRecord } from '../products/products.types.js';
import type { DraftVariant, Problem, ProductDraft } from './product-csv.draft.js';
import { placeMedia } from './product-csv.media.js';
import { discountOf, type Effective, effectiveOf } from './product-csv.prices.js';
import { seoDataWith } from './product-csv.seo.js';

/*
 * A draft laid over the product the store has under its handle (or none): the record and variants to save. Options
 * keep their choices and gain the file's; variants are matched by their option values, keeping their ids; a
 * combination the file does not list and the store did not have is added hidden (Merx keeps every combination).
 */

export interface Existing {
  record: ProductRecord;
  variants: VariantRecord[];
}

/** What image URLs came to: the URL to store, or why it was left out. Absent: already reported. */
export type ImageChecks = ReadonlyMap<string, { ok: true; url: string } | { ok: false; message: string }>;

export interface ApplyContext {
  currency: string;
  now: string;
  newId: () => string;
  images: ImageChecks;
}

export interface Applied {
  record: ProductRecord;
  variants: VariantRecord[];
  /** True when nothing the store keeps would change (a file imported again). */
  unchanged: boolean;
  optionsChanged: boolean;
  /** The variant rows differ from the store's (otherwise only the product row is written). */
  variantsChanged: boolean;
  changedFields: string[];
}

/** Lays `draft` over `existing`; ERROR problems in `problems` mean the product must not be saved. */
export function applyDraft(
  draft: ProductDraft,
  existing: Existing | undefined,
  ctx: ApplyContext,
  problems: Problem[],
): Applied | undefined {
  const before = existing?.record;
  const fail: Fail = (place, column, message) =>
    problems.push({ ...place, column, message, handle: draft.handle, severity: 'ERROR' });
  const name = draft.name || before?.name;
  if (!name) fail(draft, 'Title', 'is required to create a product');
  if (!before && draft.variants.length === 0)
    fail(draft, 'Variant Price', 'is required: a new product needs a row with its price');
  const record: ProductRecord = before ? { ...before, updatedDate: ctx.now } : newRecord(draft.handle, ctx);
  let options = before?.data.options ?? [];
  let variants = existing?.variants ?? [];
  let rows = new Map<string, DraftVariant>();
  if (draft.variants.length > 0) {
    const laid = layVariants(draft, existing, ctx, fail);
    if (!laid || problems.some((p) => p.severity === 'ERROR')) return undefined;
    ({ options, variants, rows } = laid);
    price(record, laid, draft, problems);
    const shipping = draft.variants.map((v) => v.requiresShipping).filter((s) => s !== undefined);
    if (shipping.length > 0) record.productType = shipping.every((s) => s === false) ? 'digital' : 'physical';
  }
  record.name = name ?? record.name;
  if (draft.description !== undefined) record.description = sanitizeDescription(draft.description);
  if (draft.brand !== undefined) record.brand = draft.brand;
  if (draft.visible !== undefined) record.visible = draft.visible;
  const media = placeMedia(draft, record.data.media, options, rows, ctx, problems);
  record.data = {
    ...record.data,
    options: media.options,
    media: media.media,
    seoData: seoDataWith(record.data.seoData, draft.seoTitle, draft.seoDescription),
  };
  return compare(before, existing?.variants ?? [], record, variants);
}

type Fail = (place: { line: number; row: number }, column: string, message: string) => void;

function newRecord(handle: string, ctx: ApplyContext): ProductRecord {
  return {
    id: ctx.newId(),
    numericId: 0,
    slug: handle,
    name: '',
    visible: true,
    productType: 'physical',
    sku: null,
    brand: null,
    ribbon: null,
    description: '',
    price: 0,
    discount: { type: 'NONE', value: 0 },
    cost: null,
    weight: null,
    manageVariants: false,
    data: structuredClone(emptyProductData),
    createdDate: ctx.now,
    updatedDate: ctx.now,
    revision: 1,
    collectionIds: [ALL_PRODUCTS_COLLECTION_ID],
  };
}

interface Laid {
  options: StoredOption[];
  variants: VariantRecord[];
  /** The file's variant rows by choices key. */
  rows: Map<string, DraftVariant>;
  /** What each priced variant (in the file, or kept from the store) costs; hidden new combinations have none. */
  effective: Map<string, Effective>;
  /** The first row's: the product's own price, cost, weight and SKU. */
  base: Effective;
}

/** Options and every variant of their combinations, each file row laid over its variant (matched by option values). */
function layVariants(
  draft: ProductDraft,
  existing: Existing | undefined,
  ctx: ApplyContext,
  fail: Fail,
): Laid | undefined {
  const before = existing?.record;
  const options = mergeOptions(draft, before?.data.options ?? [], fail);
  if (!options) return undefined;
  const canonical = (i: number, value: string) =>
    options[i]?.choices.find((c) => c.description.toLowerCase() === value.toLowerCase())?.description ?? value;
  const rows = new Map<string, DraftVariant>();
  for (const v of draft.variants) {
    rows.set(choicesKey(Object.fromEntries(options.map((o, i) => [o.name, canonical(i, v.values[i] ?? '')]))), v);
  }
  const stock = { trackQuantity: false, quantity: null, inStock: true, preorder: PREORDER_OFF };
  const previous = existing?.variants ?? [];
  const variants = buildVariants(options, previous, stock, ctx.now, ctx.newId, DEFAULT_VARIANT_ID).map((v) => ({
    ...v,
  }));
  const old = new Map(previous.map((v) => [v.id, v]));
  const effective = new Map<string, Effective>();
  let base: Effective | undefined;
  for (const v of variants) {
    const row = rows.get(choicesKey(v.choices));
    const was = old.get(v.id);
    const wasEffective = before && was ? effectiveVariant(before, was) : undefined;
    if (row) {
      v.visible = true;
      v.updatedDate = ctx.now;
      setStock(v, row, was);
      const e = effectiveOf(row, wasEffective);
      if (!e) fail(row, 'Variant Price', 'is required for a new variant');
      else effective.set(v.id, e);
      if (e && row === draft.variants[0]) base = e;
    } else if (wasEffective) {
      const { price: list, discounted: sell, cost, weight, sku } = wasEffective;
      effective.set(v.id, { list, sell, cost, weight, sku });
    } else {
      v.visible = false;
    }
  }
  return base ? { options, variants, rows, effective, base } : undefined;
}

/** The product's price, discount, cost, weight and SKU, and whether its variants carry their own. */
function price(record: ProductRecord, laid: Laid, draft: ProductDraft, problems: Problem[]): void {
  const { base, effective, options, variants } = laid;
  const first = draft.variants[0] as DraftVariant;
  const discount = discountOf([...effective.values()], base, () =>
    problems.push({
      line: first.line,
      row: first.row,
      column: 'Variant Compare At Price',
      message:
        'the compare-at prices give the variants different discounts, and Merx gives all variants of a product ' +
        'one discount: the product was imported at its selling prices without compare-at prices',
      handle: draft.handle,
      severity: 'WARNING',
    }),
  );
  const managed =
    options.length > 0 &&
    [...effective.values()].some(
      (e) => e.list !== base.list || e.cost !== base.cost || e.weight !== base.weight || e.sku !== base.sku,
    );
  Object.assign(record, {
    price: base.list,
    discount,
    cost: base.cost,
    weight: base.weight,
    sku: base.sku,
    manageVariants: managed,
  });
  for (const v of variants) {
    const e = managed ? effective.get(v.id) : undefined;
    Object.assign(v, { price: e?.list ?? null, cost: e?.cost ?? null, weight: e?.weight ?? null, sku: e?.sku ?? null });
  }
}

/** The file's options over the product's: same names (any case) keep the product's choices and gain the file's. */
function mergeOptions(draft: ProductDraft, previous: readonly StoredOption[], fail: Fail): StoredOption[] | undefined {
  const names = draft.optionNames;
  const same =
    previous.length === names.length && previous.every((o, i) => o.name.toLowerCase() === names[i]?.toLowerCase());
  const input = names.map((name, i) => {
    const kept = same ? (previous[i] as StoredOption) : undefined;
    const choices: Array<{ value?: string; description: string }> = (kept?.choices ?? []).map((c) => ({
      value: c.value,
      description: c.description,
    }));
    for (const v of draft.variants) {
      const value = v.values[i] ?? '';
      if (!choices.some((c) => c.description.toLowerCase() === value.toLowerCase()))
        choices.push({ description: value });
    }
    return { name: kept?.name ?? name, optionType: kept?.optionType ?? ('drop_down' as const), choices };
  });
  try {
    return normaliseOptions(input, previous, 'options');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    fail(draft, 'Option1 Name', error.violations.map((v) => v.description).join('; '));
    return undefined;
  }
}

/** Stock of a variant row: tracked (Variant Inventory Tracker filled) with its count, or always in stock. */
function setStock(v: VariantRecord, row: DraftVariant, was: VariantRecord | undefined): void {
  const tracked = row.tracked ?? was?.trackQuantity ?? row.quantity !== undefined;
  v.trackQuantity = tracked;
  v.quantity = tracked ? (row.quantity ?? was?.quantity ?? 0) : null;
  v.inStock = tracked || row.tracked === false ? true : (was?.inStock ?? true);
}

const WIRE_FIELDS: Array<[keyof ProductRecord, string]> = [
  ['name', 'name'],
  ['description', 'description'],
  ['visible', 'visible'],
  ['brand', 'brand'],
  ['sku', 'sku'],
  ['price', 'priceData'],
  ['discount', 'discount'],
  ['cost', 'costAndProfitData'],
  ['weight', 'weight'],
  ['productType', 'productType'],
  ['manageVariants', 'manageVariants'],
];

function compare(
  before: ProductRecord | undefined,
  oldVariants: readonly VariantRecord[],
  after: ProductRecord,
  variants: VariantRecord[],
): Applied {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const strip = (v: VariantRecord) => ({ ...v, updatedDate: '' });
  const changedFields = before ? WIRE_FIELDS.filter(([k]) => !same(before[k], after[k])).map(([, w]) => w) : [];
  if (before && !same(before.data.media, after.data.media)) changedFields.push('media');
  if (before && !same(before.data.seoData, after.data.seoData)) changedFields.push('seoData');
  const optionsChanged = !before || !same(before.data.options, after.data.options);
  if (before && optionsChanged) changedFields.push('productOptions');
  const variantsSame = same(oldVariants.map(strip), variants.map(strip));
  const unchanged = Boolean(before) && changedFields.length === 0 && variantsSame;
  return { record: after, variants, unchanged, optionsChanged, variantsChanged: !variantsSame, changedFields };
}
