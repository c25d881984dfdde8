import { DEFAULT_VARIANT_ID, type ProductV3Input, richContentSchema } from '@merx/contract';
import { type Executor, type UnitOfWork, withTransaction } from '@merx/db';
import {
  changePreorder,
  choicesKey,
  currencyDigits,
  type Discount,
  discountedPrice,
  type FieldViolation,
  fromMinor,
  invalid,
  notFound,
  toMinor,
  ValidationError,
  type ViolatedRule,
} from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import { violationsFromZod } from '../../http/violations.js';
import { newId } from '../../lib/ids.js';
import { richToHtml } from '../../lib/rich-text/index.js';
import { sanitizeDescription } from '../../lib/sanitize.js';
import {
  inlineCopiesOf,
  resolveSections,
  sectionsOfProducts,
  setProductSections,
} from '../info-sections/product-links.js';
import type { CatalogDeps } from '../products/catalog-deps.js';
import { buildVariants, emptyProductData, normaliseOptions } from '../products/products.input.js';
import { effectiveVariant } from '../products/products.repo.js';
import type { ProductService } from '../products/products.service.js';
import type {
  ProductData,
  ProductRecord,
  StoredMedia,
  StoredModifier,
  StoredOption,
  VariantRecord,
} from '../products/products.types.js';
import { chooseSlug } from '../products/slugs.js';
import { namedRepo } from '../ribbons-brands/named-entities.repo.js';
import { choiceIdOf, optionIdOf } from './products-v3.mapper.js';

/*
 * Catalog v3 product writes over the v1 catalog (docs/decisions/0028-products-v3-writes.md): a v3 create or update
 * is turned into the v1 record and variants and stored by the same code v1 writes use (insert, commitUpdate), so a
 * product written through v3 reads through v1 with the same ids, stock, prices and events.
 */

export type VariantIn = NonNullable<NonNullable<ProductV3Input['variantsInfo']>['variants']>[number];
type MediaIn = NonNullable<NonNullable<NonNullable<ProductV3Input['media']>['itemsInfo']>['items']>[number];

/** A change by an amount or a percentage (bulk adjust variants by filter). */
export interface AdjustValue {
  amount?: string | null | undefined;
  percentage?: number | null | undefined;
}

/** What bulk adjust variants by filter changes: prices and cost, rounded as asked. */
export interface VariantAdjustment {
  actualPrice?: AdjustValue | null | undefined;
  compareAtPrice?: AdjustValue | null | undefined;
  compareAtPriceDiscount?: AdjustValue | null | undefined;
  cost?: AdjustValue | null | undefined;
  rounding?: 'NO_ROUNDING' | 'CURRENCY_PRECISION' | 'NEAREST_WHOLE_NUMBER' | null | undefined;
}

/** What a v3 write needs besides the v1 catalog: files of the media library by id. */
export interface ProductsV3WriteDeps {
  products: ProductService;
  /** A file of the media library (an upload's id, or a path below the media folder) as a product media item. */
  libraryMedia(ex: Executor, mediaId: string, field: string): Promise<StoredMedia>;
}

export interface WriteOptions {
  /** `…-with-inventory`: each variant's `inventoryItem` sets its stock. */
  withInventory: boolean;
  caller: Caller;
}

const ribbons = namedRepo('ribbons', 'ribbon');
const brands = namedRepo('brands', 'brand');
const VIDEO_EXTENSIONS = /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i;

function violation(field: string, description: string, rule: ViolatedRule = 'VALIDATION'): FieldViolation {
  return { field, description, violatedRule: rule };
}

/** The variant's list price (`compareAtPrice` when it is above `actualPrice`) and what the buyer pays, in minor units. */
interface PricedVariant {
  index: number;
  list: number;
  actual: number;
}

/**
 * The one product discount that turns every listed variant's list price into its actual price: none, an amount, or a
 * percentage. v1 keeps one discount per product, so prices that need more are refused, naming the first that breaks.
 */
export function discountOf(priced: readonly PricedVariant[], at: (i: number) => string): Discount {
  const first = priced.find((p) => p.list !== p.actual);
  if (!first) return { type: 'NONE', value: 0 };
  const amount: Discount = { type: 'AMOUNT', value: first.list - first.actual };
  const percent: Discount = {
    type: 'PERCENT',
    value: Math.round(((first.list - first.actual) / first.list) * 100 * 100) / 100,
  };
  for (const d of [amount, percent]) {
    if (priced.every((p) => discountedPrice(p.list, d) === p.actual)) return d;
  }
  const breaking = priced.find((p) => discountedPrice(p.list, amount) !== p.actual) ?? first;
  throw new ValidationError([
    violation(
      `${at(breaking.index)}.price.compareAtPrice.amount`,
      'every variant must be lowered from its compareAtPrice to its actualPrice by the same amount or the same percentage (Merx keeps one discount per product)',
    ),
  ]);
}

/** Catalog v3 product writes: create, update (compare-and-set on `revision`) and their `…-with-inventory` forms. */
export function createProductsV3Writer(deps: CatalogDeps, x: ProductsV3WriteDeps) {
  const { products } = x;

  function amountOf(amount: string, field: string): number {
    return toMinor(Number(amount), deps.store().currency, field);
  }

  /**
   * Modifiers as stored (docs/decisions/0033-choice-modifiers.md): FREE_TEXT ones are v1's custom text fields (at
   * most two, as v1 has), choice ones the product's own list. Names are unique among modifiers and options alike,
   * because a cart line names both in the same `options` map.
   */
  function modifiersOf(
    list: NonNullable<ProductV3Input['modifiers']>,
    options: readonly StoredOption[],
    at: string,
  ): Pick<ProductData, 'customTextFields' | 'modifiers'> {
    const violations: FieldViolation[] = [];
    const customTextFields: ProductData['customTextFields'] = [];
    const modifiers: StoredModifier[] = [];
    const seen = new Set(options.map((o) => o.name.toLowerCase()));
    for (const [i, m] of list.entries()) {
      const field = `${at}[${i}]`;
      const name = (m.modifierRenderType === 'FREE_TEXT' ? m.freeTextSettings?.title || m.name : m.name)?.trim() ?? '';
      if (!name) {
        violations.push(violation(`${field}.name`, 'is required', 'REQUIRED_FIELD'));
        continue;
      }
      if (seen.has(name.toLowerCase()))
        violations.push(violation(`${field}.name`, `"${name}" names another option or modifier of the product`));
      seen.add(name.toLowerCase());
      if (m.modifierRenderType === 'FREE_TEXT') {
        if (customTextFields.length === 2)
          violations.push(violation(field, 'a product takes at most 2 free-text modifiers', 'MAX_SIZE'));
        customTextFields.push({
          title: name,
          maxLength: m.freeTextSettings?.maxCharCount ?? 500,
          mandatory: m.mandatory ?? false,
        });
        continue;
      }
      const sent = m.choicesSettings?.choices;
      if (!sent) {
        violations.push(
          violation(`${field}.choicesSettings.choices`, 'are required for a choice modifier', 'REQUIRED_FIELD'),
        );
        continue;
      }
      const swatch = m.modifierRenderType === 'SWATCH_CHOICES';
      const names = new Set<string>();
      const choices: StoredModifier['choices'] = [];
      for (const [j, c] of sent.entries()) {
        const cAt = `${field}.choicesSettings.choices[${j}]`;
        if (names.has(c.name.toLowerCase())) violations.push(violation(`${cAt}.name`, `"${c.name}" is listed twice`));
        names.add(c.name.toLowerCase());
        if (swatch && !c.colorCode)
          violations.push(violation(`${cAt}.colorCode`, 'is required for a swatch', 'REQUIRED_FIELD'));
        if (c.colorCode && !/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(c.colorCode))
          violations.push(violation(`${cAt}.colorCode`, 'must be a hex colour such as #1f6feb'));
        let addedPrice = 0;
        if (c.addedPrice) {
          const amount = Number(c.addedPrice);
          if (!Number.isFinite(amount) || amount < 0)
            violations.push(violation(`${cAt}.addedPrice`, 'must be an amount of 0 or more'));
          else addedPrice = amountOf(c.addedPrice, `${cAt}.addedPrice`);
        }
        choices.push({ name: c.name, colorCode: swatch ? (c.colorCode ?? null) : null, addedPrice });
      }
      modifiers.push({ name, renderType: m.modifierRenderType, mandatory: m.mandatory ?? false, choices });
    }
    if (violations.length > 0) throw new ValidationError(violations);
    return { customTextFields, modifiers };
  }

  function descriptionOf(input: ProductV3Input, at: string): string | undefined {
    if (input.description !== undefined && input.description !== null) {
      const parsed = richContentSchema.safeParse(input.description);
      if (!parsed.success)
        throw new ValidationError(violationsFromZod(parsed.error, `${at}.description`, input.description));
      return sanitizeDescription(richToHtml(parsed.data));
    }
    if (input.plainDescription !== undefined && input.plainDescription !== null)
      return sanitizeDescription(input.plainDescription);
    return undefined;
  }

  /** A media item sent: one the product already has (by id), a file of the media library (by id), or a URL. */
  async function mediaOf(ex: Executor, m: MediaIn, had: readonly StoredMedia[], field: string): Promise<StoredMedia> {
    const kept = m.id ? had.find((h) => h.id === m.id) : undefined;
    const base = kept
      ? { ...kept }
      : m.url
        ? {
            id: newId(),
            mediaType: VIDEO_EXTENSIONS.test(m.url) ? ('video' as const) : ('image' as const),
            url: m.url,
            width: 0,
            height: 0,
            title: '',
          }
        : m.id
          ? await x.libraryMedia(ex, m.id, `${field}.id`)
          : undefined;
    if (!base) throw invalid(field, 'must have an id or a url', 'ONE_OF_ALIGNMENT');
    if (m.altText != null) base.altText = m.altText;
    if (m.displayName != null) base.title = m.displayName;
    return base;
  }

  async function ribbonOrBrand(ex: Executor, ref: ProductV3Input['ribbon'], kind: 'ribbon' | 'brand', at: string) {
    if (ref === undefined) return undefined;
    if (ref === null || (!ref.id && !ref.name)) return null;
    if (ref.id) {
      const found = await (kind === 'ribbon' ? ribbons : brands).find(ex, ref.id);
      if (!found)
        throw notFound(kind === 'ribbon' ? 'RIBBON_NOT_FOUND' : 'BRAND_NOT_FOUND', `No ${kind} "${ref.id}"`, {
          field: `${at}.${kind}.id`,
          [`${kind}Id`]: ref.id,
        });
      return found.name;
    }
    // By name: the entity of that name whatever its case, created when there is none (as v1 writes do).
    return ref.name ?? null;
  }

  /** The v1 options of v3 options: swatches are colour options; a choice keeps its media and `linkedMedia` adds some. */
  async function optionsOf(
    ex: Executor,
    input: NonNullable<ProductV3Input['options']>,
    previous: readonly StoredOption[],
    media: StoredMedia[],
    at: string,
  ): Promise<StoredOption[]> {
    const options = normaliseOptions(
      input.map((o) => ({
        name: o.name,
        optionType: o.optionRenderType === 'SWATCH_CHOICES' ? ('color' as const) : ('drop_down' as const),
        choices: o.choicesSettings.choices.map((c) => ({
          description: c.name,
          ...(o.optionRenderType === 'SWATCH_CHOICES' && c.colorCode ? { value: c.colorCode } : {}),
        })),
      })),
      previous,
      `${at}.options`,
    );
    for (const [i, o] of input.entries()) {
      for (const [j, c] of o.choicesSettings.choices.entries()) {
        if (!c.linkedMedia) continue;
        const choice = options[i]?.choices[j];
        if (!choice) continue;
        choice.mediaIds = [];
        for (const [k, m] of c.linkedMedia.entries()) {
          const field = `${at}.options[${i}].choicesSettings.choices[${j}].linkedMedia[${k}]`;
          const known = media.find((h) => (m.id && h.id === m.id) || (m.url && h.url === m.url));
          const item = known ?? (await mediaOf(ex, m, media, field));
          if (!known) media.push(item);
          choice.mediaIds.push(item.id);
        }
      }
    }
    return options;
  }

  /** The choices a variant names (by names or by the ids v3 reads give), checked against the product's options. */
  function choicesOf(productId: string, v: VariantIn, options: readonly StoredOption[], at: string) {
    const violations: FieldViolation[] = [];
    const choices: Record<string, string> = {};
    for (const [j, ref] of (v.choices ?? []).entries()) {
      const field = `${at}.choices[${j}]`;
      let option: StoredOption | undefined;
      let choice: string | undefined;
      if (ref.optionChoiceNames) {
        const names = ref.optionChoiceNames;
        option = options.find((o) => o.name.toLowerCase() === names.optionName.toLowerCase());
        choice = option?.choices.find(
          (c) => c.description.toLowerCase() === names.choiceName.toLowerCase(),
        )?.description;
      } else if (ref.optionChoiceIds) {
        const ids = ref.optionChoiceIds;
        option = options.find((o) => optionIdOf(productId, o.name) === ids.optionId);
        choice = option?.choices.find(
          (c) => choiceIdOf(productId, option?.name ?? '', c.description) === ids.choiceId,
        )?.description;
      } else {
        violations.push(
          violation(field, 'must name the choice by optionChoiceNames or optionChoiceIds', 'REQUIRED_FIELD'),
        );
        continue;
      }
      if (!option) violations.push(violation(field, 'names no option of this product'));
      else if (!choice) violations.push(violation(field, `option "${option.name}" has no such choice`));
      else if (choices[option.name] !== undefined)
        violations.push(violation(field, `option "${option.name}" is chosen twice`));
      else choices[option.name] = choice;
    }
    for (const o of options) {
      if (choices[o.name] === undefined && violations.length === 0)
        violations.push(violation(`${at}.choices`, `has no choice for option "${o.name}"`, 'REQUIRED_FIELD'));
    }
    if (violations.length > 0) throw new ValidationError(violations);
    return choices;
  }

  /**
   * The product and its variants after a v3 create (`before` null) or update. v1 keeps every combination of the
   * options as a variant: combinations a v3 write does not list are kept hidden and out of stock.
   */
  async function apply(
    ex: Executor,
    input: ProductV3Input,
    before: ProductRecord,
    oldVariants: readonly VariantRecord[],
    opts: WriteOptions & { creating: boolean; now: string },
  ) {
    const at = 'product';
    const after: ProductRecord = structuredClone(before);
    after.updatedDate = opts.now;
    const changed: string[] = [];
    const mark = (field: string) => changed.push(field);
    /** Writes a field the request sends (`undefined`: not sent). */
    const set = <K extends keyof ProductRecord>(key: K, value: ProductRecord[K] | undefined, field: string) => {
      if (value === undefined) return;
      after[key] = value;
      mark(field);
    };

    set('name', input.name ?? undefined, 'name');
    if (input.slug != null || opts.creating) {
      after.slug = await chooseSlug(ex, 'product', {
        wanted: input.slug ?? undefined,
        name: after.name,
        ...(opts.creating ? {} : { selfId: before.id }),
      });
      mark('slug');
    }
    set('visible', input.visible ?? undefined, 'visible');
    if (input.productType != null) {
      after.productType = input.productType === 'DIGITAL' ? 'digital' : 'physical';
      mark('productType');
    }
    set('description', descriptionOf(input, at), 'description');
    set('ribbon', await ribbonOrBrand(ex, input.ribbon, 'ribbon', at), 'ribbon');
    set('brand', await ribbonOrBrand(ex, input.brand, 'brand', at), 'brand');
    const data: ProductData = structuredClone(before.data);
    let infoSectionIds: string[] | undefined;
    if (input.infoSections !== undefined) {
      const sections = await resolveSections(ex, input.infoSections ?? [], `${at}.infoSections`);
      data.additionalInfoSections = inlineCopiesOf(sections);
      infoSectionIds = sections.map((s) => s.id);
      mark('additionalInfoSections');
    }
    if (input.seoData !== undefined) {
      data.seoData = input.seoData ?? null;
      mark('seoData');
    }
    if (input.tags !== undefined) {
      data.tags = {
        public: [...new Set(input.tags?.publicTags?.tagIds ?? [])],
        private: [...new Set(input.tags?.privateTags?.tagIds ?? [])],
      };
      mark('tags');
    }
    if (input.modifiers !== undefined) {
      const { customTextFields, modifiers } = modifiersOf(input.modifiers ?? [], data.options, `${at}.modifiers`);
      data.customTextFields = customTextFields;
      data.modifiers = modifiers;
      mark('customTextFields');
    }
    if (input.media !== undefined) {
      const sent = input.media?.itemsInfo?.items ?? (input.media?.main ? [input.media.main] : []);
      const media: StoredMedia[] = [];
      for (const [i, m] of sent.entries())
        media.push(await mediaOf(ex, m, before.data.media, `${at}.media.itemsInfo.items[${i}]`));
      const ids = new Set(media.map((m) => m.id));
      for (const o of data.options) for (const c of o.choices) c.mediaIds = c.mediaIds.filter((id) => ids.has(id));
      data.media = media;
      mark('media');
    }
    const unit = input.physicalProperties?.pricePerUnit;
    if (input.physicalProperties !== undefined && input.physicalProperties !== null) {
      const total = input.variantsInfo?.variants?.find((v) => v.physicalProperties?.pricePerUnit)?.physicalProperties
        ?.pricePerUnit as { settings?: { quantity?: number; measurementUnit?: string } } | undefined;
      data.pricePerUnitData = unit
        ? {
            baseQuantity: unit.quantity,
            baseMeasurementUnit: unit.measurementUnit,
            totalQuantity: total?.settings?.quantity ?? unit.quantity,
            totalMeasurementUnit: total?.settings?.measurementUnit ?? unit.measurementUnit,
          }
        : null;
      mark('pricePerUnitData');
    }

    let options = data.options;
    if (input.options != null) {
      options = await optionsOf(ex, input.options, before.data.options, data.media, at);
      mark('productOptions');
    }
    data.options = options;
    after.data = data;

    const specs = input.variantsInfo?.variants;
    if (opts.creating && (!specs || specs.length === 0))
      throw invalid(`${at}.variantsInfo.variants`, 'must list at least one variant', 'REQUIRED_FIELD');
    const stockDefaults = products.stockDefaults(undefined, oldVariants[0]);
    const matrix = buildVariants(options, oldVariants, stockDefaults, opts.now, newId, DEFAULT_VARIANT_ID);
    let variants = matrix.map((v) => ({ ...v }));
    const choicesChanged =
      JSON.stringify(matrix.map((v) => [v.id, v.choices])) !==
      JSON.stringify(oldVariants.map((v) => [v.id, v.choices]));

    if (specs) {
      const vAt = (i: number) => `${at}.variantsInfo.variants[${i}]`;
      if (options.length === 0 && specs.length > 1)
        throw invalid(`${at}.variantsInfo.variants`, 'a product without options has exactly one variant', 'MAX_SIZE');
      const byKey = new Map(variants.map((v) => [choicesKey(v.choices), v]));
      const listed = new Map<VariantRecord, { spec: VariantIn; index: number }>();
      for (const [i, spec] of specs.entries()) {
        let target: VariantRecord | undefined;
        if (!spec.choices?.length && spec.id && options.length > 0) {
          target = variants.find((v) => v.id === spec.id);
          if (!target) throw invalid(`${vAt(i)}.id`, 'is no variant of this product');
        } else {
          target = byKey.get(choicesKey(choicesOf(after.id, spec, options, vAt(i))));
        }
        if (!target) throw invalid(`${vAt(i)}.choices`, 'names no combination of the options');
        if (listed.has(target))
          throw invalid(`${vAt(i)}.choices`, 'names the same combination as another variant', 'VALIDATION');
        listed.set(target, { spec, index: i });
      }
      const priced: PricedVariant[] = [];
      let repriced = false;
      for (const [v, { spec, index }] of listed) {
        if (spec.price) {
          const actual = amountOf(spec.price.actualPrice.amount, `${vAt(index)}.price.actualPrice.amount`);
          const compare = spec.price.compareAtPrice
            ? amountOf(spec.price.compareAtPrice.amount, `${vAt(index)}.price.compareAtPrice.amount`)
            : actual;
          v.price = Math.max(compare, actual);
          priced.push({ index, list: v.price, actual });
          repriced = true;
        } else if (opts.creating) {
          throw invalid(`${vAt(index)}.price.actualPrice.amount`, 'is required', 'REQUIRED_FIELD');
        } else {
          // Not re-priced by this write: its price stays, and must fit the discount the others ask for.
          const list = v.price ?? before.price;
          priced.push({ index, list, actual: discountedPrice(list, before.discount) });
        }
        if (spec.visible != null) v.visible = spec.visible;
        if (spec.sku !== undefined) v.sku = spec.sku || null;
        if (spec.physicalProperties?.weight !== undefined) v.weight = spec.physicalProperties.weight ?? null;
        if (spec.revenueDetails?.cost !== undefined)
          v.cost = spec.revenueDetails.cost
            ? amountOf(spec.revenueDetails.cost.amount, `${vAt(index)}.revenueDetails.cost.amount`)
            : null;
        const stock = opts.withInventory ? spec.inventoryItem : undefined;
        const preorder = stock?.preorderInfo;
        if (preorder?.enabled && after.productType === 'digital')
          throw invalid(
            `${vAt(index)}.inventoryItem.preorderInfo.enabled`,
            'a digital product cannot be preordered',
            'FIELD_NOT_ALLOWED',
          );
        if (preorder) v.preorder = changePreorder(v.preorder, preorder);
        if (stock?.quantity != null) {
          v.trackQuantity = true;
          v.quantity = stock.quantity;
          v.inStock = stock.quantity > 0;
        } else if (stock?.inStock != null) {
          v.trackQuantity = false;
          v.quantity = null;
          v.inStock = stock.inStock;
        }
        v.updatedDate = opts.now;
      }
      if (repriced) {
        after.discount = discountOf(priced, vAt);
        // v1's product price is the cheapest visible listed variant's list price.
        const visible = [...listed].filter(([v]) => v.visible).map(([v]) => v.price ?? before.price);
        after.price = Math.min(...(visible.length > 0 ? visible : priced.map((p) => p.list)));
        mark('priceData');
      }
      // Combinations not listed: kept (v1 has every one) but hidden and not for sale.
      if (options.length > 0) {
        for (const v of variants) {
          if (listed.has(v)) continue;
          Object.assign(v, {
            visible: false,
            trackQuantity: false,
            quantity: null,
            inStock: false,
            updatedDate: opts.now,
          });
        }
      }
      mark('variants');
    }

    // One variant and no options: v1 keeps price, SKU, weight and cost on the product.
    after.manageVariants = options.length > 0;
    if (options.length === 0) {
      const only = variants[0];
      if (only) {
        after.price = only.price ?? after.price;
        after.sku = only.sku;
        after.weight = only.weight;
        after.cost = only.cost;
        variants = [{ ...only, price: null, sku: null, weight: null, cost: null }];
      }
    } else {
      for (const v of variants) if (v.price === null) v.price = after.price;
    }
    if (after.discount.type === 'AMOUNT' && variants.some((v) => (v.price ?? after.price) < after.discount.value))
      throw invalid(`${at}.variantsInfo.variants`, 'a discount must not be more than a price', 'MIN');
    return { after, variants, changed, choicesChanged, infoSectionIds };
  }

  const blank = (now: string): ProductRecord => ({
    id: newId(),
    numericId: 0,
    slug: '',
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
    createdDate: now,
    updatedDate: now,
    revision: 1,
    collectionIds: [],
  });

  async function createIn(uow: UnitOfWork, input: ProductV3Input, opts: WriteOptions): Promise<string> {
    if (!input.name) throw invalid('product.name', 'is required', 'REQUIRED_FIELD');
    const now = deps.clock.now().toISOString();
    const start = blank(now);
    const { after, variants, infoSectionIds } = await apply(uow.trx, input, start, [], {
      ...opts,
      creating: true,
      now,
    });
    const record: ProductRecord = {
      ...after,
      numericId: await products.repo.nextNumericId(uow.trx),
      collectionIds: [],
      createdDate: now,
      revision: 1,
    };
    await products.insert(uow, record, variants, opts.caller);
    if (infoSectionIds) await setProductSections(uow.trx, record.id, infoSectionIds);
    return record.id;
  }

  /**
   * Changes a product from a v3 partial form. A caller's update carries the revision it read (compare-and-set); the
   * by-filter calls (`anyRevision`) change what is there now, inside their own transaction.
   */
  async function updateIn(
    uow: UnitOfWork,
    id: string,
    input: ProductV3Input,
    opts: WriteOptions & { anyRevision?: boolean },
  ): Promise<string> {
    const before = await products.load(uow.trx, id, { elevated: true });
    if (!opts.anyRevision) {
      if (input.revision === undefined || input.revision === null)
        throw invalid('product.revision', 'is required (the revision read, for compare-and-set)', 'REQUIRED_FIELD');
      const revision = Number(input.revision);
      if (!Number.isSafeInteger(revision) || revision < 0)
        throw invalid('product.revision', 'must be a revision number such as "3"', 'FORMAT');
      if (revision !== before.revision) throw products.concurrentModification(id, before.revision);
    }
    const oldVariants = (await products.repo.variantsOf(uow.trx, [id])).get(id) ?? [];
    const now = deps.clock.now().toISOString();
    const { after, variants, changed, choicesChanged, infoSectionIds } = await apply(
      uow.trx,
      input,
      before,
      oldVariants,
      {
        ...opts,
        creating: false,
        now,
      },
    );
    const variantsChanged = JSON.stringify(variants) !== JSON.stringify(oldVariants);
    await products.commitUpdate(uow, {
      before,
      after,
      oldVariants,
      variants,
      variantsChanged,
      choicesChanged: choicesChanged && variantsChanged,
      changedFields: changed,
      stockEvents: variantsChanged ? deps.inventoryEvents(id, oldVariants, variants, now) : [],
      caller: opts.caller,
    });
    if (infoSectionIds) await setProductSections(uow.trx, id, infoSectionIds);
    return id;
  }

  /** A decimal amount of minor units, as v3 writes send money. */
  const decimalOf = (minor: number) => String(fromMinor(minor, deps.store().currency));

  /** Changes every variant's prices and cost by the adjustments (bulk adjust by filter), in `uow`. */
  async function adjustIn(uow: UnitOfWork, id: string, a: VariantAdjustment, caller: Caller): Promise<string> {
    const p = await products.load(uow.trx, id, { elevated: true });
    const variants = (await products.repo.variantsOf(uow.trx, [id])).get(id) ?? [];
    const digits = currencyDigits(deps.store().currency);
    const round = (minor: number) =>
      a.rounding === 'NEAREST_WHOLE_NUMBER' ? Math.round(minor / 10 ** digits) * 10 ** digits : Math.round(minor);
    const by = (value: number, adj: AdjustValue | null | undefined, sign = 1) => {
      if (!adj) return value;
      if (adj.percentage != null) return round(value + (sign * value * adj.percentage) / 100);
      if (adj.amount != null) return round(value + sign * toMinor(Number(adj.amount), deps.store().currency, 'amount'));
      return value;
    };
    const specs = variants.map((v) => {
      const e = effectiveVariant(p, v);
      let actual = by(e.discounted, a.actualPrice);
      // A variant without a compare-at price (not discounted) keeps none unless one is adjusted.
      let list = e.price === e.discounted && !a.compareAtPrice ? actual : by(e.price, a.compareAtPrice);
      if (a.compareAtPriceDiscount) {
        list = e.price;
        actual = by(list, a.compareAtPriceDiscount, -1);
      }
      if (actual < 0 || list < 0)
        throw invalid('actualPrice', `would make the price of variant ${v.id} of product ${id} negative`, 'MIN');
      return {
        id: v.id,
        price: {
          actualPrice: { amount: decimalOf(actual) },
          compareAtPrice: { amount: decimalOf(Math.max(list, actual)) },
        },
        ...(a.cost && e.cost !== null
          ? { revenueDetails: { cost: { amount: decimalOf(Math.max(0, by(e.cost, a.cost))) } } }
          : {}),
      };
    });
    return updateIn(
      uow,
      id,
      { variantsInfo: { variants: specs } },
      { withInventory: false, caller, anyRevision: true },
    );
  }

  /** Sets the same variant fields on every variant of a product (bulk update variants by filter), in `uow`. */
  async function setVariantsIn(uow: UnitOfWork, id: string, fields: VariantIn, caller: Caller): Promise<string> {
    const variants = (await products.repo.variantsOf(uow.trx, [id])).get(id) ?? [];
    const { choices: _choices, id: _id, inventoryItem: _stock, ...rest } = fields;
    const specs = variants.map((v) => ({ ...rest, id: v.id }));
    return updateIn(
      uow,
      id,
      { variantsInfo: { variants: specs } },
      { withInventory: false, caller, anyRevision: true },
    );
  }

  /**
   * Adds info sections to a product's references (after those it has, each once) or removes them, in `uow`; with a
   * `revision`, compare-and-set on it. A product that had its own (v1) sections references entities from now on.
   */
  async function changeSectionsIn(
    uow: UnitOfWork,
    id: string,
    change: { add?: readonly string[]; remove?: readonly string[]; revision?: string | null | undefined },
    caller: Caller,
  ): Promise<string> {
    const before = await products.load(uow.trx, id, { elevated: true });
    if (change.revision != null && Number(change.revision) !== before.revision)
      throw products.concurrentModification(id, before.revision);
    const had = ((await sectionsOfProducts(uow.trx, [id])).get(id) ?? []).map((s) => s.id);
    const removed = new Set(change.remove ?? []);
    const next = [...new Set([...had, ...(change.add ?? [])])].filter((s) => !removed.has(s));
    return updateIn(
      uow,
      id,
      { infoSections: next.map((sectionId) => ({ id: sectionId })) },
      { withInventory: false, caller, anyRevision: true },
    );
  }

  return {
    createIn,
    updateIn,
    adjustIn,
    setVariantsIn,
    changeSectionsIn,

    /** Creates a product from its v3 form; returns its id. */
    create: (input: ProductV3Input, opts: WriteOptions) =>
      withTransaction(deps.db, (uow) => createIn(uow, input, opts)),

    /** Changes a product from a v3 partial form carrying the revision read; returns its id. */
    update: (id: string, input: ProductV3Input, opts: WriteOptions) =>
      withTransaction(deps.db, (uow) => updateIn(uow, id, input, opts)),

    /** Adds and removes tags of one product, as `caller` (whom the events name); returns its id. */
    async retagIn(
      uow: UnitOfWork,
      id: string,
      assign: { public: string[]; private: string[] },
      unassign: { public: string[]; private: string[] },
      caller: Caller = { kind: 'none' },
    ) {
      {
        const before = await products.load(uow.trx, id, { elevated: true });
        const tags = before.data.tags ?? { public: [], private: [] };
        const next = {
          public: [...new Set([...tags.public, ...assign.public])].filter((t) => !unassign.public.includes(t)),
          private: [...new Set([...tags.private, ...assign.private])].filter((t) => !unassign.private.includes(t)),
        };
        if (JSON.stringify(next) === JSON.stringify(tags)) return id;
        const variants = (await products.repo.variantsOf(uow.trx, [id])).get(id) ?? [];
        await products.commitUpdate(uow, {
          before,
          after: { ...before, data: { ...before.data, tags: next }, updatedDate: deps.clock.now().toISOString() },
          oldVariants: variants,
          variants,
          variantsChanged: false,
          choicesChanged: false,
          changedFields: ['tags'],
          stockEvents: [],
          caller,
        });
        return id;
      }
    },
  };
}

export type ProductsV3Writer = ReturnType<typeof createProductsV3Writer>;
