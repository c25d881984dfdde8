import { createHash } from 'node:crypto';
import { ALL_PRODUCTS_COLLECTION_ID, type ProductV3RequestedField, type RichContent } from '@merx/contract';
import { formatMoney, fromMinor, productPreorder, productStock, profitOf, variantInStock } from '@merx/domain';
import type { LinkedSection } from '../info-sections/product-links.js';
import { videoIdOf, wireImageOf } from '../media/media.wire-image.js';
import { absoluteUrl, standInOf, videoFormatOf } from '../products/products.mapper.js';
import { effectiveVariant } from '../products/products.repo.js';
import type { ProductRecord, StoredMedia, StoredOption, VariantRecord } from '../products/products.types.js';

/*
 * The catalog v3 wire form of a Merx product (docs/decisions/0023-products-v3-read.md). A product is stored once, in
 * the v1 shape; this maps it. Options, choices and modifiers have no ids in v1: theirs are name-based GUIDs, stable
 * while the names stay. Money: `actualPrice` is what a buyer pays (the v1 discounted price), `compareAtPrice` the v1
 * list price when a discount lowers it.
 */

/** A category of the store's tree, as far as a product's categories need it. */
export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
}

export interface V3MapContext {
  currency: string;
  locale: string;
  publicUrl: string;
  fields: ReadonlySet<ProductV3RequestedField>;
  /** MERCHANT_DATA asked for by a caller allowed to see it. */
  merchant: boolean;
  /** The categories the product's categories descend from (ALL_CATEGORIES_INFO, BREADCRUMBS_INFO). */
  categories: ReadonlyMap<string, CategoryNode>;
  /** The description as rich content (DESCRIPTION), computed (and cached) by the caller. */
  richOf(html: string, key: string): RichContent;
}

/** Ribbon and brand entity ids of the product row (`products.ribbon_id`, `products.brand_id`). */
export interface ProductLinks {
  ribbonId: string | null;
  brandId: string | null;
  /** The info-section entities the product references (decision 0030), read only when INFO_SECTION is asked for. */
  infoSections?: readonly LinkedSection[] | undefined;
}

/** A GUID made from `parts`: the same parts give the same id (SHA-1 name-based, version 5 layout). */
export function nameGuid(...parts: string[]): string {
  const h = createHash('sha1').update(parts.join('\u0000')).digest('hex');
  const variant = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const optionIdOf = (productId: string, option: string) => nameGuid(productId, 'option', option);
export const choiceIdOf = (productId: string, option: string, choice: string) =>
  nameGuid(productId, 'choice', option, choice);
export const modifierIdOf = (productId: string, title: string) => nameGuid(productId, 'modifier', title);
export const modifierChoiceIdOf = (productId: string, modifier: string, choice: string) =>
  nameGuid(productId, 'modifier-choice', modifier, choice);

/** Money as v3 writes it: a decimal string in major units, formatted when CURRENCY is asked for. */
function moneyOf(minor: number, ctx: V3MapContext) {
  return {
    amount: String(fromMinor(minor, ctx.currency)),
    ...(ctx.fields.has('CURRENCY') ? { formattedAmount: formatMoney(minor, ctx.currency, ctx.locale) } : {}),
  };
}

function rangeOf(values: number[], ctx: V3MapContext) {
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 0;
  return { minValue: moneyOf(min, ctx), maxValue: moneyOf(max, ctx) };
}

function revenueOf(price: number, cost: number, ctx: V3MapContext) {
  const { profit, margin } = profitOf(price, cost);
  return { cost: moneyOf(cost, ctx), profit: moneyOf(profit, ctx), profitMargin: margin };
}

/**
 * A media item. A video carries `video` in the REST form the package turns into its `wix:video://v1/<id>#posterUri=…`
 * string: `id` (a file of the store's), `url`, one resolution (the file as uploaded) and its poster (decision 0031).
 * Its thumbnail is its poster, else `standIn` (the product's first image), else none.
 */
function mediaItemOf(m: StoredMedia, ctx: V3MapContext, standIn?: StoredMedia) {
  const image = wireImageOf(m, ctx.publicUrl);
  const video = m.mediaType === 'video';
  const still = video ? (m.thumbnail ?? m.poster ?? (standIn && (standIn.thumbnail ?? standIn))) : m.thumbnail;
  const thumb = still
    ? wireImageOf(still, ctx.publicUrl)
    : video
      ? undefined
      : { url: image.url, width: 50, height: 50 };
  return {
    id: m.id,
    url: image.url,
    ...(video ? { video: videoOf(m, ctx) } : { image }),
    ...(m.altText ? { altText: m.altText } : {}),
    displayName: m.title,
    mediaType: video ? 'VIDEO' : 'IMAGE',
    ...(ctx.fields.has('THUMBNAIL') && thumb
      ? { thumbnail: { url: thumb.url, width: thumb.width, height: thumb.height } }
      : {}),
  };
}

/** A video in the REST form of the package's `VideoV2`. */
function videoOf(m: StoredMedia, ctx: V3MapContext) {
  const id = videoIdOf(m.url, ctx.publicUrl);
  const url = absoluteUrl(m.url, ctx.publicUrl);
  const format = videoFormatOf(m);
  const poster = m.poster ? wireImageOf(m.poster, ctx.publicUrl) : undefined;
  return {
    ...(id ? { id } : {}),
    url,
    resolutions: [
      { url, width: m.width, height: m.height, ...(format ? { format } : {}), ...(poster ? { poster } : {}) },
    ],
    posters: poster ? [poster] : [],
  };
}

function optionsOf(p: ProductRecord, variants: readonly VariantRecord[], ctx: V3MapContext) {
  const mediaById = new Map(p.data.media.map((m) => [m.id, m]));
  const display = ctx.fields.has('PRODUCT_CHOICES_DISPLAY_IMAGE');
  const references = ctx.fields.has('PRODUCT_CHOICES_MEDIA_REFERENCES');
  return p.data.options.map((option: StoredOption) => {
    const swatch = option.optionType === 'color';
    return {
      id: optionIdOf(p.id, option.name),
      name: option.name,
      optionRenderType: swatch ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
      choicesSettings: {
        choices: option.choices.map((choice) => {
          const carrying = variants.filter((v) => v.visible && v.choices[option.name] === choice.description);
          const linked = choice.mediaIds
            .map((id) => mediaById.get(id))
            .filter((m): m is StoredMedia => m !== undefined);
          const first = linked[0];
          return {
            choiceId: choiceIdOf(p.id, option.name, choice.description),
            name: choice.description,
            choiceType: swatch ? 'ONE_COLOR' : 'CHOICE_TEXT',
            ...(swatch && choice.value ? { colorCode: choice.value } : {}),
            // With PRODUCT_CHOICES_MEDIA_REFERENCES the package documents ids in `media` and `linkedMedia` empty.
            linkedMedia: references ? [] : linked.map((m) => mediaItemOf(m, ctx, standInOf(p.data.media))),
            ...(references ? { media: { items: linked.map((m) => ({ id: m.id })) } } : {}),
            ...(display && first?.mediaType === 'image'
              ? { displayImage: wireImageOf({ ...first, altText: first.altText }, ctx.publicUrl) }
              : {}),
            inStock: carrying.some(variantInStock),
            visible: carrying.length > 0,
          };
        }),
      },
    };
  });
}

/**
 * v1 custom text fields are v3 free-text modifiers; the choice modifiers follow them (docs/decisions/0033-choice-
 * modifiers.md). A key is the name itself: what a cart line's `catalogReference.options` names.
 */
function modifiersOf(p: ProductRecord, ctx: V3MapContext) {
  const freeText = p.data.customTextFields.map((f) => ({
    id: modifierIdOf(p.id, f.title),
    name: f.title,
    key: f.title,
    modifierRenderType: 'FREE_TEXT',
    mandatory: f.mandatory,
    freeTextSettings: { minCharCount: 0, maxCharCount: f.maxLength, title: f.title, key: f.title },
  }));
  const choices = (p.data.modifiers ?? []).map((m) => ({
    id: modifierIdOf(p.id, m.name),
    name: m.name,
    key: m.name,
    modifierRenderType: m.renderType,
    mandatory: m.mandatory,
    choicesSettings: {
      choices: m.choices.map((c) => ({
        choiceId: modifierChoiceIdOf(p.id, m.name, c.name),
        key: c.name,
        name: c.name,
        choiceType: c.colorCode ? 'ONE_COLOR' : 'CHOICE_TEXT',
        ...(c.colorCode ? { colorCode: c.colorCode } : {}),
        ...(c.addedPrice > 0 ? { addedPrice: String(fromMinor(c.addedPrice, ctx.currency)) } : {}),
        linkedMedia: [],
      })),
    },
  }));
  return [...freeText, ...choices];
}

/** The categories a product is in (v1 collections), and their ancestors for ALL_CATEGORIES_INFO. */
function allCategoriesOf(direct: readonly string[], ctx: V3MapContext): string[] {
  const out = new Set<string>();
  for (const id of direct) {
    let cur: string | null = id;
    for (let depth = 0; cur !== null && depth < 10 && !out.has(cur); depth++) {
      out.add(cur);
      cur = ctx.categories.get(cur)?.parentId ?? null;
    }
  }
  return [...out];
}

/**
 * The main category: the first (oldest id: ids are time-ordered) category the product is in other than All
 * Products; All Products when it is in no other.
 */
export function mainCategoryOf(collectionIds: readonly string[]): string | undefined {
  return [...collectionIds].sort().find((id) => id !== ALL_PRODUCTS_COLLECTION_ID) ?? collectionIds[0];
}

function breadcrumbsOf(mainId: string | undefined, ctx: V3MapContext) {
  const path: CategoryNode[] = [];
  let cur = mainId ? ctx.categories.get(mainId) : undefined;
  while (cur && path.length < 10) {
    path.unshift(cur);
    cur = cur.parentId ? ctx.categories.get(cur.parentId) : undefined;
  }
  return path.map((c) => ({ categoryId: c.id, categoryName: c.name, categorySlug: c.slug }));
}

function choicesOf(p: ProductRecord, v: VariantRecord, ctx: V3MapContext) {
  const names = ctx.fields.has('VARIANT_OPTION_CHOICE_NAMES');
  return p.data.options
    .filter((o) => v.choices[o.name] !== undefined)
    .map((o) => {
      const choice = v.choices[o.name] as string;
      return {
        optionChoiceIds: { optionId: optionIdOf(p.id, o.name), choiceId: choiceIdOf(p.id, o.name, choice) },
        ...(names
          ? {
              optionChoiceNames: {
                optionName: o.name,
                choiceName: choice,
                renderType: o.optionType === 'color' ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
              },
            }
          : {}),
      };
    });
}

function variantOf(p: ProductRecord, v: VariantRecord, ctx: V3MapContext) {
  const e = effectiveVariant(p, v);
  const unit = p.data.pricePerUnitData;
  const mediaId = p.data.options
    .flatMap((o) => o.choices.filter((c) => v.choices[o.name] === c.description).flatMap((c) => c.mediaIds))
    .at(0);
  const media = mediaId ? p.data.media.find((m) => m.id === mediaId) : undefined;
  return {
    id: v.id,
    visible: v.visible,
    ...(e.sku ? { sku: e.sku } : {}),
    choices: choicesOf(p, v, ctx),
    price: {
      actualPrice: moneyOf(e.discounted, ctx),
      ...(e.discounted < e.price ? { compareAtPrice: moneyOf(e.price, ctx) } : {}),
    },
    ...(p.productType === 'physical'
      ? {
          physicalProperties: {
            ...(e.weight !== null ? { weight: e.weight } : {}),
            ...(unit ? { pricePerUnit: { value: String(unit.totalQuantity) } } : {}),
          },
        }
      : {}),
    ...(ctx.merchant && e.cost !== null ? { revenueDetails: revenueOf(e.discounted, e.cost, ctx) } : {}),
    ...(media ? { media: mediaItemOf(media, ctx, standInOf(p.data.media)) } : {}),
    inventoryStatus: { inStock: variantInStock(v), preorderEnabled: v.preorder.enabled },
  };
}

/** A product in the catalog v3 wire shape. */
export function productV3Of(
  p: ProductRecord,
  variants: readonly VariantRecord[],
  links: ProductLinks,
  ctx: V3MapContext,
): Record<string, unknown> {
  const f = ctx.fields;
  const visible = variants.filter((v) => v.visible);
  const pool = visible.length > 0 ? visible : variants;
  const effective = pool.map((v) => ({ v, e: effectiveVariant(p, v) }));
  const cheapest = [...effective].sort((a, b) => a.e.discounted - b.e.discounted)[0];
  const stock = productStock(variants);
  const media = p.data.media.map((m) => mediaItemOf(m, ctx, standInOf(p.data.media)));
  const mainCategoryId = mainCategoryOf(p.collectionIds);
  const unit = p.data.pricePerUnitData;
  const weights = effective.map(({ e }) => e.weight ?? 0);
  const relativePath = `/product-page/${p.slug}`;
  const costs = effective.map(({ e }) => e.cost).filter((c): c is number => c !== null);

  return {
    id: p.id,
    revision: String(p.revision),
    createdDate: p.createdDate,
    updatedDate: p.updatedDate,
    name: p.name,
    slug: p.slug,
    ...(f.has('URL') ? { url: { relativePath, url: `${ctx.publicUrl}${relativePath}` } } : {}),
    ...(f.has('DESCRIPTION') ? { description: ctx.richOf(p.description, `${p.id}|${p.revision}|d`) } : {}),
    ...(f.has('PLAIN_DESCRIPTION') ? { plainDescription: p.description } : {}),
    visible: p.visible,
    visibleInPos: p.visible,
    media: {
      ...(media[0] ? { main: media[0] } : {}),
      ...(f.has('MEDIA_ITEMS_INFO') ? { itemsInfo: { items: media } } : {}),
    },
    ...(p.data.seoData ? { seoData: p.data.seoData } : {}),
    options: optionsOf(p, variants, ctx),
    modifiers: modifiersOf(p, ctx),
    ...(p.brand ? { brand: { ...(links.brandId ? { id: links.brandId } : {}), name: p.brand } } : {}),
    ...(f.has('INFO_SECTION') && links.infoSections?.length
      ? {
          infoSections: links.infoSections.map((s) => ({
            id: s.id,
            uniqueName: s.uniqueName,
            title: s.title,
            ...(f.has('INFO_SECTION_PLAIN_DESCRIPTION') ? { plainDescription: s.descriptionHtml } : {}),
            ...(f.has('INFO_SECTION_DESCRIPTION') ? { description: s.description } : {}),
          })),
        }
      : f.has('INFO_SECTION')
        ? {
            infoSections: p.data.additionalInfoSections.map((s, i) => ({
              id: nameGuid(p.id, 'info-section', String(i), s.title),
              uniqueName: `${p.slug}-${i + 1}`,
              title: s.title,
              ...(f.has('INFO_SECTION_PLAIN_DESCRIPTION') ? { plainDescription: s.description } : {}),
              ...(f.has('INFO_SECTION_DESCRIPTION')
                ? { description: ctx.richOf(s.description, `${p.id}|${p.revision}|s${i}`) }
                : {}),
            })),
          }
        : {}),
    ...(p.ribbon ? { ribbon: { ...(links.ribbonId ? { id: links.ribbonId } : {}), name: p.ribbon } } : {}),
    ...(f.has('DIRECT_CATEGORIES_INFO')
      ? { directCategoriesInfo: { categories: p.collectionIds.map((id) => ({ id })) } }
      : {}),
    ...(f.has('ALL_CATEGORIES_INFO')
      ? { allCategoriesInfo: { categories: allCategoriesOf(p.collectionIds, ctx).map((id) => ({ id })) } }
      : {}),
    ...(mainCategoryId ? { mainCategoryId } : {}),
    ...(ctx.merchant && costs.length > 0 ? { costRange: rangeOf(costs, ctx) } : {}),
    inventory: {
      availabilityStatus: stock.inventoryStatus,
      ...productPreorder(variants),
    },
    productType: p.productType === 'digital' ? 'DIGITAL' : 'PHYSICAL',
    ...(p.productType === 'physical'
      ? {
          physicalProperties: {
            shippingWeightRange: {
              minValue: weights.length ? Math.min(...weights) : 0,
              maxValue: weights.length ? Math.max(...weights) : 0,
            },
            ...(unit
              ? { pricePerUnit: { quantity: unit.baseQuantity, measurementUnit: unit.baseMeasurementUnit } }
              : {}),
            // Merx weighs in kilograms everywhere (checkout and orders say KG).
            ...(f.has('WEIGHT_MEASUREMENT_UNIT_INFO')
              ? { weightMeasurementUnitInfo: { weightMeasurementUnit: 'KG' } }
              : {}),
          },
        }
      : {}),
    ...(f.has('CURRENCY') ? { currency: ctx.currency } : {}),
    ...(f.has('BREADCRUMBS_INFO') ? { breadcrumbsInfo: { breadcrumbs: breadcrumbsOf(mainCategoryId, ctx) } } : {}),
    actualPriceRange: rangeOf(
      effective.map(({ e }) => e.discounted),
      ctx,
    ),
    compareAtPriceRange: rangeOf(
      effective.map(({ e }) => e.price),
      ctx,
    ),
    variantsInfo: { variants: variants.map((v) => variantOf(p, v, ctx)) },
    tags: {
      privateTags: { tagIds: p.data.tags?.private ?? [] },
      publicTags: { tagIds: p.data.tags?.public ?? [] },
    },
    ...(cheapest
      ? {
          minVariantPriceInfo: {
            actualPrice: moneyOf(cheapest.e.discounted, ctx),
            ...(cheapest.e.discounted < cheapest.e.price ? { compareAtPrice: moneyOf(cheapest.e.price, ctx) } : {}),
            ...(cheapest.e.sku ? { sku: cheapest.e.sku } : {}),
            ...(cheapest.e.weight !== null ? { weight: cheapest.e.weight } : {}),
            ...(ctx.merchant && cheapest.e.cost !== null
              ? { revenueDetails: revenueOf(cheapest.e.discounted, cheapest.e.cost, ctx) }
              : {}),
          },
        }
      : {}),
    variantSummary: {
      variantCount: variants.length,
      ...(f.has('MIN_PRICE_VARIANT') && cheapest ? { minPriceVariant: variantOf(p, cheapest.v, ctx) } : {}),
    },
  };
}
