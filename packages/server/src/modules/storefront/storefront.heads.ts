import { currencyDigits } from '@merx/domain';
import { seoOf } from '../product-csv/product-csv.seo.js';
import { absoluteUrl } from '../products/products.mapper.js';
import type { StoredMedia } from '../products/products.types.js';
import type { CollectionHeadRow, ProductHeadRow } from './storefront.repo.js';
import { type PageHead, plainSummary } from './storefront.seo.js';

/** What every page's head needs from the store. */
export interface StoreFacts {
  storeName: string;
  currency: string;
  /** Origin of the shop, without a trailing slash. */
  publicUrl: string;
  logoUrl?: string | undefined;
}

/** A product's page address: the one the API's productPageUrl gives (also reached as /products/{slug}). */
export const productPath = (slug: string) => `/product-page/${encodeURIComponent(slug)}`;
export const collectionPath = (slug: string) => `/collections/${encodeURIComponent(slug)}`;

/** Decimal text of a minor-unit amount ("12.50"), as `product:price:amount` and schema.org's `price` want it. */
export function decimalOf(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${whole}` : whole;
}

function firstImage(items: readonly StoredMedia[], publicUrl: string): string | undefined {
  const image = items.find((m) => m.mediaType === 'image' && m.url);
  return image ? absoluteUrl(image.url, publicUrl) : undefined;
}

/** The head of a product's page: its SEO title and description when the merchant set them, else its own. */
export function productHead(row: ProductHeadRow, store: StoreFacts): PageHead {
  const data = JSON.parse(row.data) as { media?: StoredMedia[]; seoData?: Record<string, unknown> | null };
  const seo = seoOf(data.seoData ?? null);
  const canonical = `${store.publicUrl}${productPath(row.slug)}`;
  const image = firstImage(data.media ?? [], store.publicUrl);
  const summary = plainSummary(row.description);
  const description = seo.description || summary || `${row.name}, from ${store.storeName}.`;
  const amount = decimalOf(row.discounted_price, store.currency);
  const inStock = row.inventory_status !== 'OUT_OF_STOCK' && row.in_stock === 1;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: row.name,
    description: summary || description,
    url: canonical,
    ...(image ? { image: [image] } : {}),
    ...(row.sku ? { sku: row.sku } : {}),
    ...(row.brand ? { brand: { '@type': 'Brand', name: row.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: amount,
      priceCurrency: store.currency,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  return {
    title: seo.title || row.name,
    description,
    canonical,
    type: 'product',
    image,
    price: { amount, currency: store.currency },
    jsonLd,
  };
}

/** The head of a collection's page: a CollectionPage. */
export function collectionHead(row: CollectionHeadRow, store: StoreFacts): PageHead {
  const canonical = `${store.publicUrl}${collectionPath(row.slug)}`;
  const description = plainSummary(row.description ?? '') || `${row.name}: shop the collection at ${store.storeName}.`;
  const image = firstImage(JSON.parse(row.media) as StoredMedia[], store.publicUrl);
  return {
    title: row.name,
    description,
    canonical,
    type: 'website',
    image,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: row.name,
      description,
      url: canonical,
      ...(image ? { image } : {}),
      isPartOf: { '@type': 'WebSite', name: store.storeName, url: `${store.publicUrl}/` },
    },
  };
}

/** The head of the home page (and of /shop, with its own address): the store as a WebSite and an Organization. */
export function homeHead(store: StoreFacts, path: '/' | '/shop' = '/'): PageHead {
  const home = `${store.publicUrl}/`;
  const canonical = path === '/' ? home : `${store.publicUrl}${path}`;
  const description =
    path === '/'
      ? `Shop ${store.storeName}: new arrivals, collections and offers.`
      : `Every product of ${store.storeName}.`;
  const logo = store.logoUrl ? absoluteUrl(store.logoUrl, store.publicUrl) : undefined;
  return {
    title: path === '/' ? store.storeName : 'Shop all',
    description,
    canonical,
    type: 'website',
    image: logo,
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': `${home}#website`, name: store.storeName, url: home },
        {
          '@type': 'Organization',
          '@id': `${home}#organization`,
          name: store.storeName,
          url: home,
          ...(logo ? { logo } : {}),
        },
      ],
    },
  };
}
