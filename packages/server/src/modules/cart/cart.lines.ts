import { createHash } from 'node:crypto';
import {
  type CatalogLineItemInput,
  type CatalogOverrideFieldsInput,
  type CustomLineItemInput,
  errorCodes,
} from '@merx/contract';
import {
  type FieldViolation,
  matchesChoices,
  notFound,
  preorderedUnits,
  unitsForSale,
  ValidationError,
  variantBuyable,
} from '@merx/domain';
import { wireImageOf } from '../media/media.wire-image.js';
import { effectiveVariant } from '../products/products.repo.js';
import type { ProductRecord, StoredModifier, VariantRecord } from '../products/products.types.js';
import { modifierChoiceIdOf, modifierIdOf } from '../products-v3/products-v3.mapper.js';
import { toMinorUnits } from '../shipping/decimal.js';
import type {
  CartLineRecord,
  CatalogEntry,
  CatalogOverrides,
  CustomLineData,
  LineSnapshot,
  LineView,
  ModifierGroupView,
  WireImage,
} from './cart.types.js';

/*
 * From what a caller asks for to what a line holds: catalog references resolved to a variant (by id or by option
 * choices), custom line items converted to minor units, and every line's view as the buyer sees it now.
 */

export interface CatalogContext {
  /** Staff or API key: sees hidden products and variants. */
  elevated: boolean;
  currency: string;
  publicUrl: string;
}

/** A catalog line to add: the variant it resolved to, the key it merges on, its snapshot. */
export interface CatalogLineToAdd {
  /** Request path of the item, e.g. `lineItems[2]`. */
  path: string;
  key: string;
  productId: string;
  variant: VariantRecord;
  options: Record<string, unknown>;
  quantity: number;
  overrides: CatalogOverrides | null;
  snapshot: LineSnapshot;
}

/** Identical references share a key: same product, variant, custom text and overrides. */
function lineKey(productId: string, variantId: string, extras: unknown[]): string {
  const meaningful = extras.filter((e) => e != null && !(typeof e === 'object' && Object.keys(e).length === 0));
  if (meaningful.length === 0) return `${productId}:${variantId}`;
  const digest = createHash('sha256').update(JSON.stringify(meaningful)).digest('base64url').slice(0, 22);
  return `${productId}:${variantId}:${digest}`;
}

/**
 * The line's picture: the image of the first chosen option choice that has one (a Forest hoodie shows the forest
 * one), else the product's main image.
 */
const lineImage = (p: ProductRecord, variant: VariantRecord, publicUrl: string): WireImage | null => {
  const images = p.data.media.filter((m) => m.mediaType === 'image');
  const chosen = new Map(Object.entries(variant.choices).map(([k, v]) => [k.toLowerCase(), v.toLowerCase()]));
  const choiceMedia = p.data.options.flatMap((o) => {
    const picked = chosen.get(o.name.toLowerCase());
    const choice = o.choices.find((c) => c.description.toLowerCase() === picked);
    return choice?.mediaIds ?? [];
  });
  const media = choiceMedia.map((id) => images.find((m) => m.id === id)).find((m) => m !== undefined) ?? images[0];
  if (!media) return null;
  // An `id` when the file is the store's own (media.wire-image.ts): the SDK then gives the shop a `wix:image://`
  // string its media helpers turn into `…/media/<id>` URLs, which `GET /media/<id>` answers; `url` is as ever.
  return wireImageOf(media, publicUrl);
};

/** What the line shows of the product as it is now (and keeps for when the product is gone). */
export function snapshotOf(
  entry: CatalogEntry,
  variant: VariantRecord,
  publicUrl: string,
  picked: readonly PickedModifier[] = [],
): LineSnapshot {
  const e = effectiveVariant(entry.product, variant);
  // Choice modifiers add to the unit price; the product's discount applies to the variant's price only.
  const added = picked.reduce((sum, m) => sum + m.choice.addedPrice, 0);
  return {
    name: entry.product.name,
    price: e.discounted + added,
    fullPrice: e.price + added,
    slug: entry.product.slug,
    sku: e.sku,
    weight: e.weight,
    shippable: entry.product.productType === 'physical',
    image: lineImage(entry.product, variant, publicUrl),
  };
}

function overridesOf(input: CatalogOverrideFieldsInput, currency: string, path: string): CatalogOverrides {
  return {
    ...input,
    price: input.price == null ? input.price : toMinorUnits(input.price, currency, `${path}.price`),
    fullPrice: input.fullPrice == null ? input.fullPrice : toMinorUnits(input.fullPrice, currency, `${path}.fullPrice`),
  };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A choice modifier and the choice a buyer picked of it (docs/decisions/0033-choice-modifiers.md). */
export interface PickedModifier {
  modifier: StoredModifier;
  choice: StoredModifier['choices'][number];
}

/**
 * Splits a line's `options` map (name → choice) into the variant's option choices and the picked choice modifiers,
 * in the product's modifier order. With `path`, an unknown choice or a mandatory modifier left out is a violation;
 * without, they are passed over (a line read after the merchant changed the modifiers).
 */
function pickModifiers(
  p: ProductRecord,
  chosen: Record<string, string> | null | undefined,
  path?: string,
): { options: Record<string, string>; picked: PickedModifier[] } {
  const modifiers = p.data.modifiers ?? [];
  const options: Record<string, string> = {};
  const byName = new Map<StoredModifier, string>();
  for (const [name, value] of Object.entries(chosen ?? {})) {
    const modifier = modifiers.find((m) => same(m.name, name));
    if (modifier) byName.set(modifier, value);
    else options[name] = value;
  }
  if (modifiers.length === 0) return { options, picked: [] };
  const violations: FieldViolation[] = [];
  const picked: PickedModifier[] = [];
  for (const modifier of modifiers) {
    const value = byName.get(modifier);
    const choice = value === undefined ? undefined : modifier.choices.find((c) => same(c.name, value));
    if (choice) picked.push({ modifier, choice });
    else if (value !== undefined)
      violations.push({
        field: `${path}.${modifier.name}`,
        description: `modifier "${modifier.name}" has no choice "${value}"`,
        violatedRule: 'VALIDATION',
      });
    else if (modifier.mandatory)
      violations.push({
        field: `${path}`,
        description: `must choose "${modifier.name}"`,
        violatedRule: 'REQUIRED_FIELD',
      });
  }
  if (path !== undefined && violations.length > 0) throw new ValidationError(violations);
  return { options, picked };
}

/** The picked choice modifiers as the line's `modifierGroups`: one group per modifier, its choice the one modifier. */
function modifierGroupsOf(productId: string, picked: readonly PickedModifier[]): ModifierGroupView[] {
  return picked.map(({ modifier, choice }) => ({
    id: modifierIdOf(productId, modifier.name),
    name: modifier.name,
    modifiers: [
      { id: modifierChoiceIdOf(productId, modifier.name, choice.name), label: choice.name, price: choice.addedPrice },
    ],
  }));
}

/** A buyer's text for one of a product's free-text modifiers (v1 custom text fields). */
export interface CustomText {
  title: string;
  text: string;
}

/**
 * The texts a line gives the product's free-text modifiers (`catalogReference.options.customTextFields`, field title
 * → text, titles matched whatever their capitals), trimmed, in the product's order; blank ones count as not given.
 * With `path`, a mandatory field left blank, a text longer than its field allows, or a title the product has no
 * field for is a violation; without, they are passed over (a line read after the merchant changed the fields).
 */
function customTextsOf(
  p: ProductRecord,
  given: Record<string, unknown> | null | undefined,
  path?: string,
): CustomText[] {
  const fields = p.data.customTextFields;
  const texts = Object.entries(given ?? {}).flatMap(([title, value]) => {
    const text = typeof value === 'string' ? value.trim() : '';
    return text ? [{ title, text }] : [];
  });
  const violations: FieldViolation[] = [];
  const out: CustomText[] = [];
  for (const field of fields) {
    const found = texts.find((t) => same(t.title, field.title));
    if (found && [...found.text].length > field.maxLength)
      violations.push({
        field: `${path}.${found.title}`,
        description: `"${field.title}" takes at most ${field.maxLength} characters`,
        violatedRule: 'MAX_LENGTH',
      });
    else if (found) out.push({ title: field.title, text: found.text });
    else if (field.mandatory)
      violations.push({
        field: `${path}`,
        description: `must fill in "${field.title}"`,
        violatedRule: 'REQUIRED_FIELD',
      });
  }
  for (const t of texts) {
    if (!fields.some((f) => same(f.title, t.title)))
      violations.push({
        field: `${path}.${t.title}`,
        description: `the product has no free-text field "${t.title}"`,
        violatedRule: 'VALIDATION',
      });
  }
  if (path !== undefined && violations.length > 0) throw new ValidationError(violations);
  return out;
}

/** The description lines of a line's free-text modifiers: the field's title and the buyer's text. */
function customTextLines(texts: readonly CustomText[]): LineView['descriptionLines'] {
  return texts.map(({ title, text }) => ({
    name: { original: title, translated: title },
    plainText: { original: text, translated: text },
    lineType: 'PLAIN_TEXT',
  }));
}

/** The description lines of a line's picked modifiers: the choice, or its swatch colour. */
function modifierLines(picked: readonly PickedModifier[]): LineView['descriptionLines'] {
  return picked.map(({ modifier, choice }) => {
    const name = { original: modifier.name, translated: modifier.name };
    const text = { original: choice.name, translated: choice.name };
    return choice.colorCode
      ? { name, colorInfo: { ...text, code: choice.colorCode }, lineType: 'COLOR' }
      : { name, plainText: text, lineType: 'PLAIN_TEXT' };
  });
}

/** The variant chosen by option names and choices; unknown or missing choices are violations. */
function variantByChoices(
  entry: CatalogEntry,
  chosen: Record<string, string>,
  path: string,
): VariantRecord | undefined {
  const options = entry.product.data.options;
  const violations: FieldViolation[] = [];
  for (const [name, choice] of Object.entries(chosen)) {
    const option = options.find((o) => same(o.name, name));
    const description = !option
      ? `the product has no option "${name}"`
      : option.choices.some((c) => same(c.description, choice))
        ? undefined
        : `option "${option.name}" has no choice "${choice}"`;
    if (description) violations.push({ field: `${path}.${name}`, description, violatedRule: 'VALIDATION' });
  }
  const missing = options.filter((o) => !Object.keys(chosen).some((name) => same(name, o.name)));
  if (missing.length > 0 && violations.length === 0)
    violations.push({
      field: path,
      description: `must choose ${missing.map((o) => `"${o.name}"`).join(', ')}`,
      violatedRule: 'REQUIRED_FIELD',
    });
  if (violations.length > 0) throw new ValidationError(violations);
  return entry.variants.find((v) => matchesChoices(v.choices, chosen));
}

/** Resolves one requested catalog line against the catalog read with the cart; throws 400/404 for bad references. */
export function resolveCatalogLine(
  item: CatalogLineItemInput,
  path: string,
  catalog: ReadonlyMap<string, CatalogEntry>,
  ctx: CatalogContext,
): CatalogLineToAdd {
  const ref = item.catalogReference;
  const productId = ref.catalogItemId;
  const entry = catalog.get(productId);
  if (!entry || (!entry.product.visible && !ctx.elevated))
    throw notFound(errorCodes.productNotFound, 'Product not found', { catalogItemId: productId });
  const options = ref.options ?? {};
  const refPath = `${path}.catalogReference.options`;
  const split = pickModifiers(entry.product, options.options, `${refPath}.options`);
  const texts = customTextsOf(entry.product, options.customTextFields, `${refPath}.customTextFields`);
  let variant: VariantRecord | undefined;
  if (options.variantId) variant = entry.variants.find((v) => v.id === options.variantId);
  else if (Object.keys(split.options).length > 0 || (options.options && entry.product.data.options.length > 0))
    variant = variantByChoices(entry, split.options, `${refPath}.options`);
  else if (entry.product.data.options.length === 0) variant = entry.variants[0];
  else
    throw new ValidationError([
      { field: refPath, description: 'must name a variantId or choose every option', violatedRule: 'REQUIRED_FIELD' },
    ]);
  if (!variant || (!variant.visible && !ctx.elevated))
    throw notFound(errorCodes.variantNotFound, 'Variant not found', {
      catalogItemId: productId,
      ...(options.variantId ? { variantId: options.variantId } : {}),
    });
  const overrides = item.catalogOverrideFields
    ? overridesOf(item.catalogOverrideFields, ctx.currency, `${path}.catalogOverrideFields`)
    : null;
  return {
    path,
    key: lineKey(productId, variant.id, [
      Object.fromEntries(texts.map((t) => [t.title, t.text])),
      overrides,
      split.picked.map((m) => [m.modifier.name, m.choice.name]),
    ]),
    productId,
    variant,
    options,
    quantity: item.quantity,
    overrides,
    snapshot: snapshotOf(entry, variant, ctx.publicUrl, split.picked),
  };
}

/** A custom line item as stored, prices in minor units (too many decimals for the currency: a 400). */
export function customLineOf(item: CustomLineItemInput, path: string, currency: string): CustomLineData {
  return {
    price: toMinorUnits(item.price, currency, `${path}.price`),
    fullPrice: item.fullPrice == null ? null : toMinorUnits(item.fullPrice, currency, `${path}.fullPrice`),
    productName: item.productName,
    itemType: item.itemType ?? null,
    media: item.media ?? null,
    url: item.url ?? null,
    physicalProperties: item.physicalProperties ?? null,
    descriptionLines: item.descriptionLines ?? [],
    quantityAvailable: item.quantityAvailable ?? null,
    priceDescription: item.priceDescription ?? null,
    taxGroupId: item.taxGroupId ?? null,
    catalogReference: item.catalogReference ?? null,
  };
}

/** A custom line's own values in the snapshot shape. */
export function customSnapshotOf(data: CustomLineData): LineSnapshot {
  return {
    name: data.productName.original,
    price: data.price,
    fullPrice: data.fullPrice ?? data.price,
    slug: null,
    sku: data.physicalProperties?.sku ?? null,
    weight: data.physicalProperties?.weight ?? null,
    shippable: data.physicalProperties?.shippable ?? (data.itemType?.preset ?? 'PHYSICAL') === 'PHYSICAL',
    image: data.media,
  };
}

/**
 * Stock of a variant for `quantity` units: whether it can be sold at all, and how many are left when tracked
 * (preorder room included: docs/decisions/0032-preorder.md).
 */
export function stockFor(variant: VariantRecord, quantity: number): LineView['availability'] {
  if (!variantBuyable(variant))
    return { status: 'NOT_AVAILABLE', ...(variant.trackQuantity ? { quantityAvailable: 0 } : {}) };
  const left = unitsForSale(variant);
  if (left === null) return { status: 'AVAILABLE' };
  return { status: left < quantity ? 'PARTIALLY_AVAILABLE' : 'AVAILABLE', quantityAvailable: left };
}

/** What a line's buyer is told when some of its units are sold on preorder. */
export const PREORDER_NOTE = 'Ships when back in stock';

/** The description line that says a line's units are (partly) preordered, with the variant's message. */
export function preorderLine(message: string | null): LineView['descriptionLines'][number] {
  const text = message || PREORDER_NOTE;
  return {
    name: { original: 'Preorder', translated: 'Preorder' },
    plainText: { original: text, translated: text },
    lineType: 'PLAIN_TEXT',
  };
}

/** A line's description lines with the preorder line when `quantity` units of `variant` go beyond stock. */
function withPreorder(
  lines: LineView['descriptionLines'],
  variant: VariantRecord,
  quantity: number,
): LineView['descriptionLines'] {
  return preorderedUnits(variant, quantity) > 0 ? [...lines, preorderLine(variant.preorder.message)] : lines;
}

function descriptionLinesOf(p: ProductRecord, variant: VariantRecord): LineView['descriptionLines'] {
  return p.data.options.flatMap((option): LineView['descriptionLines'] => {
    const chosen = variant.choices[option.name];
    if (chosen === undefined) return [];
    const name = { original: option.name, translated: option.name };
    if (option.optionType === 'color') {
      const code = option.choices.find((c) => c.description === chosen)?.value;
      return [
        { name, colorInfo: { original: chosen, translated: chosen, ...(code ? { code } : {}) }, lineType: 'COLOR' },
      ];
    }
    return [{ name, plainText: { original: chosen, translated: chosen }, lineType: 'PLAIN_TEXT' }];
  });
}

function customView(line: CartLineRecord, data: CustomLineData): LineView {
  const snapshot = customSnapshotOf(data);
  const preset = data.itemType?.preset ?? undefined;
  const left = data.quantityAvailable;
  const status =
    left === null
      ? 'AVAILABLE'
      : left === 0
        ? 'NOT_AVAILABLE'
        : left < line.quantity
          ? 'PARTIALLY_AVAILABLE'
          : 'AVAILABLE';
  const url = data.url?.url ? { relativePath: data.url.relativePath ?? '', url: data.url.url } : null;
  return {
    line,
    name: data.productName,
    price: data.price,
    fullPrice: data.fullPrice ?? data.price,
    itemType: data.itemType?.custom && !preset ? { custom: data.itemType.custom } : { preset: preset ?? 'PHYSICAL' },
    totalsType: preset ?? (snapshot.shippable ? 'PHYSICAL' : 'DIGITAL'),
    weight: snapshot.weight,
    sku: snapshot.sku,
    shippable: snapshot.shippable,
    image: data.media,
    url,
    descriptionLines: data.descriptionLines,
    availability: { status, ...(left !== null ? { quantityAvailable: left } : {}) },
    collectionIds: [],
    taxGroupId: data.taxGroupId,
  };
}

const recordOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The `options` map (name → choice) of a stored line's catalog reference. */
function chosenOf(options: Record<string, unknown>): Record<string, string> {
  const chosen = options['options'];
  if (!chosen || typeof chosen !== 'object') return {};
  return Object.fromEntries(Object.entries(chosen).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** A catalog line as the buyer sees it now: live product and stock, or the snapshot when the product is gone. */
function catalogView(line: CartLineRecord, catalog: ReadonlyMap<string, CatalogEntry>, ctx: CatalogContext): LineView {
  const entry = line.catalogItemId ? catalog.get(line.catalogItemId) : undefined;
  const variant = entry?.variants.find((v) => v.id === line.variantId);
  const found = entry && variant && (ctx.elevated || (entry.product.visible && variant.visible));
  const picked = found ? pickModifiers(entry.product, chosenOf(line.options)).picked : [];
  const texts = found ? customTextsOf(entry.product, recordOf(line.options['customTextFields'])) : [];
  const snapshot = found ? snapshotOf(entry, variant, ctx.publicUrl, picked) : line.snapshot;
  const o = line.overrides ?? {};
  const shippable = o.physicalProperties?.shippable ?? snapshot.shippable;
  const slug = snapshot.slug;
  return {
    line,
    name: o.productName ?? { original: snapshot.name, translated: snapshot.name },
    price: o.price ?? snapshot.price,
    fullPrice: o.fullPrice ?? o.price ?? snapshot.fullPrice,
    itemType: { preset: snapshot.shippable ? 'PHYSICAL' : 'DIGITAL' },
    totalsType: snapshot.shippable ? 'PHYSICAL' : 'DIGITAL',
    weight: o.physicalProperties?.weight ?? snapshot.weight,
    sku: o.physicalProperties?.sku ?? snapshot.sku,
    shippable,
    image: o.image ?? snapshot.image,
    url: slug ? { relativePath: `/products/${slug}`, url: `${ctx.publicUrl}/products/${slug}` } : null,
    descriptionLines: found
      ? withPreorder(
          o.descriptionLines ?? [
            ...descriptionLinesOf(entry.product, variant),
            ...modifierLines(picked),
            ...customTextLines(texts),
          ],
          variant,
          line.quantity,
        )
      : (o.descriptionLines ?? []),
    availability: found ? stockFor(variant, line.quantity) : { status: 'NOT_FOUND' },
    collectionIds: entry?.product.collectionIds ?? [],
    taxGroupId: null,
    ...(picked.length > 0 && entry ? { modifierGroups: modifierGroupsOf(entry.product.id, picked) } : {}),
  };
}

/** One line as the buyer sees it now: a pure function of the line, its product's catalog entry and `ctx`. */
export function lineView(line: CartLineRecord, catalog: ReadonlyMap<string, CatalogEntry>, ctx: CatalogContext) {
  return line.custom ? customView(line, line.custom) : catalogView(line, catalog, ctx);
}

/** Every line of a cart as the buyer sees it now. */
export function lineViews(
  lines: readonly CartLineRecord[],
  catalog: ReadonlyMap<string, CatalogEntry>,
  ctx: CatalogContext,
): LineView[] {
  return lines.map((line) => lineView(line, catalog, ctx));
}
