import type {
  CostAndProfitData,
  Media,
  MediaItem,
  PriceData,
  Product,
  ProductOption,
  StoreVariant,
  Variant,
} from '@merx/contract';
import {
  discountedPrice,
  formatMoney,
  fromMinor,
  pricePerUnit,
  productStock,
  profitOf,
  variantInStock,
  variantOnPreorder,
} from '@merx/domain';
import { videoIdOf, wireImageOf } from '../media/media.wire-image.js';
import { effectiveVariant } from './products.repo.js';
import type { ProductRecord, StoredMedia, VariantRecord } from './products.types.js';

/** What shapes a product on the wire besides the product itself. */
export interface MapContext {
  currency: string;
  locale: string;
  publicUrl: string;
  /** Include cost and profit (elevated caller that asked for merchant data). */
  merchant: boolean;
}

export function priceDataOf(price: number, discounted: number, p: ProductRecord, ctx: MapContext): PriceData {
  const out: PriceData = {
    currency: ctx.currency,
    price: fromMinor(price, ctx.currency),
    discountedPrice: fromMinor(discounted, ctx.currency),
    formatted: {
      price: formatMoney(price, ctx.currency, ctx.locale),
      discountedPrice: formatMoney(discounted, ctx.currency, ctx.locale),
    },
  };
  const unit = p.data.pricePerUnitData;
  if (unit) {
    const perUnit = pricePerUnit(discounted, unit.totalQuantity, unit.baseQuantity);
    out.pricePerUnit = fromMinor(perUnit, ctx.currency);
    out.formatted.pricePerUnit = formatMoney(perUnit, ctx.currency, ctx.locale);
  }
  return out;
}

function costAndProfit(price: number, cost: number, ctx: MapContext): CostAndProfitData {
  const { profit, margin } = profitOf(price, cost);
  return {
    itemCost: fromMinor(cost, ctx.currency),
    formattedItemCost: formatMoney(cost, ctx.currency, ctx.locale),
    profit: fromMinor(profit, ctx.currency),
    formattedProfit: formatMoney(profit, ctx.currency, ctx.locale),
    profitMargin: margin,
  };
}

/** Media of the store's own library are served under `/media/`; clients on other origins need full URLs. */
export function absoluteUrl(url: string, publicUrl: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

/** A video's container format: as stored at upload, else from its URL's extension (videos given by URL). */
export function videoFormatOf(m: Pick<StoredMedia, 'format' | 'url'>): string | undefined {
  return m.format ?? /\.([A-Za-z0-9]{2,5})(?:[?#]|$)/.exec(m.url)?.[1]?.toLowerCase();
}

/** The image that stands in for a video's poster in listings when it has none: the product's first image. */
export function standInOf(items: readonly StoredMedia[]): StoredMedia | undefined {
  return items.find((m) => m.mediaType === 'image');
}

/**
 * Images carry an `id` when their file is one of the store's media folder (media.wire-image.ts), so the @wix/sdk
 * media helpers can build their URLs; `url` stays the absolute URL it always was. A video carries `video` (its file,
 * and its poster's image id) and its poster as the thumbnail; without a poster, `standIn`'s (decision 0031).
 */
export function mediaItemOf(m: StoredMedia, publicUrl: string, standIn?: StoredMedia): MediaItem {
  if (m.mediaType === 'video') return videoItemOf(m, publicUrl, standIn);
  const image = wireImageOf(m, publicUrl);
  const thumbnail = m.thumbnail
    ? wireImageOf(m.thumbnail, publicUrl)
    : { ...(image.id ? { id: image.id } : {}), url: image.url, width: 50, height: 50 };
  return { id: m.id, mediaType: m.mediaType, title: m.title, image, thumbnail };
}

function videoItemOf(m: StoredMedia, publicUrl: string, standIn: StoredMedia | undefined): MediaItem {
  const id = videoIdOf(m.url, publicUrl);
  const format = videoFormatOf(m);
  const file = {
    ...(id ? { id } : {}),
    url: absoluteUrl(m.url, publicUrl),
    width: m.width,
    height: m.height,
    ...(format ? { format } : {}),
  };
  const poster = m.poster ? wireImageOf(m.poster, publicUrl) : undefined;
  const still = m.thumbnail ?? m.poster ?? (standIn && (standIn.thumbnail ?? standIn));
  return {
    id: m.id,
    mediaType: 'video',
    title: m.title,
    video: { files: [file], ...(poster?.id ? { stillFrameMediaId: poster.id } : {}) },
    ...(still ? { thumbnail: wireImageOf({ ...still, altText: undefined }, publicUrl) } : {}),
  };
}

/** A product's media (or a choice's: `all` is then the product's, for a video's stand-in poster). */
export function mediaOf(items: readonly StoredMedia[], publicUrl: string, all: readonly StoredMedia[] = items): Media {
  const standIn = standInOf(all);
  const mapped = items.map((m) => mediaItemOf(m, publicUrl, standIn));
  return mapped.length > 0 ? { mainMedia: mapped[0], items: mapped } : { items: [] };
}

/** Options with each choice's stock and visibility worked out from the variants that carry it. */
export function optionsOf(
  p: ProductRecord,
  variantsFor: readonly VariantRecord[] | ((optionName: string) => readonly VariantRecord[]),
  publicUrl: string,
): ProductOption[] {
  const mediaById = new Map(p.data.media.map((m) => [m.id, m]));
  return p.data.options.map((option) => {
    const pool = typeof variantsFor === 'function' ? variantsFor(option.name) : variantsFor;
    return {
      optionType: option.optionType,
      name: option.name,
      choices: option.choices.map((choice) => {
        const carrying = pool.filter((v) => v.choices[option.name] === choice.description);
        const visibleCarrying = carrying.filter((v) => v.visible);
        const media = choice.mediaIds.map((id) => mediaById.get(id)).filter((m): m is StoredMedia => m !== undefined);
        return {
          value: choice.value,
          description: choice.description,
          ...(media.length > 0 ? { media: mediaOf(media, publicUrl, p.data.media) } : {}),
          inStock: visibleCarrying.some(variantInStock),
          visible: visibleCarrying.length > 0,
        };
      }),
    };
  });
}

export function variantOf(p: ProductRecord, v: VariantRecord, ctx: MapContext): Variant {
  const e = effectiveVariant(p, v);
  const priceData = priceDataOf(e.price, e.discounted, p, ctx);
  return {
    id: v.id,
    choices: v.choices,
    variant: {
      priceData,
      convertedPriceData: priceData,
      ...(ctx.merchant && e.cost !== null ? { costAndProfitData: costAndProfit(e.discounted, e.cost, ctx) } : {}),
      ...(e.weight !== null ? { weight: e.weight } : {}),
      ...(e.sku ? { sku: e.sku } : {}),
      visible: v.visible,
    },
    stock: { trackQuantity: v.trackQuantity, ...(v.trackQuantity ? { quantity: v.quantity ?? 0 } : {}), ...stockOf(v) },
  };
}

/** A variant's in-stock and preorder fields (docs/decisions/0032-preorder.md), as the variant and availability show. */
export function stockOf(v: VariantRecord): {
  inStock: boolean;
  availableForPreorder: boolean;
  preorderMessage?: string;
} {
  return {
    inStock: variantInStock(v),
    availableForPreorder: variantOnPreorder(v),
    ...(v.preorder.enabled && v.preorder.message ? { preorderMessage: v.preorder.message } : {}),
  };
}

function range(values: number[]): { minValue: number; maxValue: number } {
  return values.length
    ? { minValue: Math.min(...values), maxValue: Math.max(...values) }
    : { minValue: 0, maxValue: 0 };
}

/** A product in the catalog v1 wire shape. */
export function productOf(p: ProductRecord, variants: readonly VariantRecord[], ctx: MapContext): Product {
  const visible = variants.filter((v) => v.visible);
  const pool = (visible.length > 0 ? visible : variants).map((v) => effectiveVariant(p, v));
  const discounted = discountedPrice(p.price, p.discount);
  const priceData = priceDataOf(p.price, discounted, p, ctx);
  const stock = productStock(variants);
  const c = ctx.currency;
  const product: Product = {
    id: p.id,
    name: p.name,
    slug: p.slug,
    visible: p.visible,
    productType: p.productType,
    description: p.description,
    ...(p.sku ? { sku: p.sku } : {}),
    ...(p.weight !== null ? { weight: p.weight } : {}),
    weightRange: range(pool.map((v) => v.weight ?? 0)),
    stock: {
      trackInventory: stock.trackInventory,
      ...(stock.quantity !== null ? { quantity: stock.quantity } : {}),
      inStock: stock.inStock,
      inventoryStatus: stock.inventoryStatus,
      availableForPreorder: (visible.length > 0 ? visible : variants).some(variantOnPreorder),
    },
    price: priceData,
    priceData,
    convertedPriceData: priceData,
    priceRange: range(pool.map((v) => fromMinor(v.price, c))),
    ...(ctx.merchant && p.cost !== null ? { costAndProfitData: costAndProfit(discounted, p.cost, ctx) } : {}),
    ...(ctx.merchant
      ? {
          costRange: range(
            pool
              .map((v) => v.cost)
              .filter((x): x is number => x !== null)
              .map((x) => fromMinor(x, c)),
          ),
        }
      : {}),
    ...(p.data.pricePerUnitData ? { pricePerUnitData: p.data.pricePerUnitData } : {}),
    additionalInfoSections: p.data.additionalInfoSections,
    ribbons: p.ribbon ? [{ text: p.ribbon }] : [],
    media: mediaOf(p.data.media, ctx.publicUrl),
    customTextFields: p.data.customTextFields,
    manageVariants: p.manageVariants,
    productOptions: optionsOf(p, variants, ctx.publicUrl),
    productPageUrl: { base: `${ctx.publicUrl}/`, path: `/product-page/${p.slug}` },
    numericId: String(p.numericId),
    inventoryItemId: p.id,
    discount: {
      type: p.discount.type,
      value: p.discount.type === 'AMOUNT' ? fromMinor(p.discount.value, c) : p.discount.value,
    },
    collectionIds: p.collectionIds,
    variants: variants.map((v) => variantOf(p, v, ctx)),
    lastUpdated: p.updatedDate,
    createdDate: p.createdDate,
    ...(p.data.seoData ? { seoData: p.data.seoData } : {}),
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    ...(p.brand ? { brand: p.brand } : {}),
    revision: String(p.revision),
  };
  return product;
}

/** A variant as the store-wide variants API shows it (`<productId>-<variantId>` ids). */
export function storeVariantOf(p: ProductRecord, v: VariantRecord, ctx: MapContext): StoreVariant {
  const wire = variantOf(p, v, ctx);
  const choiceNames = Object.values(v.choices);
  const mediaId = p.data.options
    .flatMap((o) => o.choices.filter((c) => v.choices[o.name] === c.description).flatMap((c) => c.mediaIds))
    .at(0);
  const chosen = p.data.media.find((m) => m.id === mediaId) ?? p.data.media[0];
  // A store variant shows an image: a video's poster, else the product's first image.
  const image = chosen?.mediaType === 'video' ? (chosen.poster ?? standInOf(p.data.media)) : chosen;
  return {
    id: `${p.id}-${v.id}`,
    variantId: v.id,
    productId: p.id,
    variantName: choiceNames.length ? choiceNames.join(' | ') : p.name,
    productName: p.name,
    managedVariant: p.manageVariants,
    ...(wire.variant.sku ? { sku: wire.variant.sku } : {}),
    stock: wire.stock,
    choices: v.choices,
    collectionIds: p.collectionIds,
    ...(image ? { media: { image: wireImageOf({ ...image, altText: undefined }, ctx.publicUrl) } } : {}),
    variant: wire.variant,
  };
}
