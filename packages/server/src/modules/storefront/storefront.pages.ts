import { ALL_PRODUCTS_COLLECTION_ID } from '@merx/contract';
import { collectionHead, homeHead, productHead, type StoreFacts } from './storefront.heads.js';
import type { CollectionHeadRow, ProductHeadRow, StorefrontRepo } from './storefront.repo.js';
import { headTags, type PageHead } from './storefront.seo.js';

/*
 * Which shop page a path is, and what the server writes into it: the head of a product, a collection, the home
 * page or the shop; the plain page for the member and checkout pages; a 404 for an address the shop does not have
 * (an unknown or hidden product or collection included).
 */

/** A path no shop page has (the caller decided so from the shop's routes). */
export const UNKNOWN = '\u0000unknown';

/** Search engines keep a page that is not there (or is private) out of their index. */
export const NOINDEX = '<meta name="robots" content="noindex" data-merx-seo>';

export type Lookup =
  | { kind: 'product'; row: ProductHeadRow }
  | { kind: 'collection'; row: CollectionHeadRow }
  | { kind: 'home' | 'shop' | 'plain' | 'missing' };

const PRODUCT = /^\/(?:product-page|products)\/([^/]+)\/?$/;
const COLLECTION = /^\/collections\/([^/]+)\/?$/;

function slugOf(match: RegExpExecArray | null): string | undefined {
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** What page `path` (one of the shop's, or UNKNOWN) is: one indexed read for a product or collection page. */
export async function lookUp(repo: StorefrontRepo, path: string): Promise<Lookup> {
  if (path === UNKNOWN) return { kind: 'missing' };
  if (path === '/') return { kind: 'home' };
  if (/^\/shop\/?$/.test(path)) return { kind: 'shop' };
  const product = PRODUCT.exec(path);
  if (product) {
    const slug = slugOf(product);
    const row = slug === undefined ? undefined : await repo.productBySlug(slug);
    return row ? { kind: 'product', row } : { kind: 'missing' };
  }
  const collection = COLLECTION.exec(path);
  if (collection) {
    const slug = slugOf(collection);
    const row = slug === undefined ? undefined : await repo.collectionBySlug(slug);
    return row ? { kind: 'collection', row } : { kind: 'missing' };
  }
  return { kind: 'plain' };
}

/** What the served page carries: its status, `<title>` and the tags for its head. */
export interface RenderedPage {
  status: number;
  title: string;
  head?: string | undefined;
}

/** The page for a lookup; titles read "Page · Store" as the shop's own (components/page-title.tsx). */
export function renderPage(found: Lookup, store: StoreFacts): RenderedPage {
  const titled = (head: PageHead): RenderedPage => ({
    status: 200,
    title: head.title === store.storeName ? head.title : `${head.title} · ${store.storeName}`,
    head: headTags(head, store.storeName),
  });
  switch (found.kind) {
    case 'missing':
      return { status: 404, title: `Page not found · ${store.storeName}`, head: NOINDEX };
    case 'plain':
      return { status: 200, title: store.storeName, head: NOINDEX };
    case 'home':
      return titled(homeHead(store, '/'));
    case 'shop':
      return titled(homeHead(store, '/shop'));
    case 'product':
      return titled(productHead(found.row, store));
    case 'collection':
      // "All Products" is the shop itself: one address for one page.
      return found.row.id === ALL_PRODUCTS_COLLECTION_ID
        ? titled(homeHead(store, '/shop'))
        : titled(collectionHead(found.row, store));
  }
}
