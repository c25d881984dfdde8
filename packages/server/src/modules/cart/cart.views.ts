import type { Cart, CartLineItem } from '@merx/contract';
import { type CatalogContext, lineView } from './cart.lines.js';
import { lineItemOf, type WireContext } from './cart.mapper.js';
import type { CartLineRecord, CatalogEntry, LineView } from './cart.types.js';

/** What a line's view and wire item were made from, besides the line itself. */
interface Made {
  entry: CatalogEntry | undefined;
  elevated: boolean;
  publicUrl: string;
  currency: string;
  locale: string;
  view: LineView;
  item: CartLineItem;
  /** `JSON.stringify(item)`. */
  json: string;
}

/**
 * Views, wire items and their JSON of cart lines, kept per line record. All are pure functions of the line, its
 * product's catalog entry and the contexts; a change keeps the records of the lines it leaves alone (HeldLines) and
 * a product keeps its entry while its revision holds (CatalogCache), so a change views, maps and serialises only the
 * lines it touched, and an entry or context that differs in any way makes the line's view anew.
 */
export class LineMemo {
  private readonly made = new WeakMap<CartLineRecord, Made>();

  /** The views and wire items of `lines`, in their order. */
  linesOf(
    lines: readonly CartLineRecord[],
    catalog: ReadonlyMap<string, CatalogEntry>,
    catalogCtx: CatalogContext,
    wireCtx: WireContext,
  ): { views: LineView[]; items: CartLineItem[]; itemsJson: string[] } {
    const views: LineView[] = [];
    const items: CartLineItem[] = [];
    const itemsJson: string[] = [];
    for (const line of lines) {
      const entry = line.catalogItemId ? catalog.get(line.catalogItemId) : undefined;
      let made = this.made.get(line);
      if (!made || !madeWith(made, entry, catalogCtx, wireCtx)) {
        const view = lineView(line, catalog, catalogCtx);
        const item = lineItemOf(view, wireCtx);
        made = {
          entry,
          elevated: catalogCtx.elevated,
          publicUrl: catalogCtx.publicUrl,
          currency: wireCtx.currency,
          locale: wireCtx.locale,
          view,
          item,
          json: JSON.stringify(item),
        };
        this.made.set(line, made);
      }
      views.push(made.view);
      items.push(made.item);
      itemsJson.push(made.json);
    }
    return { views, items, itemsJson };
  }
}

/** Carts' JSON by cart: set by `withItemsJson`, else made once. A cart answer never changes once made. */
const cartTexts = new WeakMap<Cart, string>();

/** `JSON.stringify(cart)`, made once per cart. */
export function cartJson(cart: Cart): string {
  let text = cartTexts.get(cart);
  if (text === undefined) {
    text = JSON.stringify(cart);
    cartTexts.set(cart, text);
  }
  return text;
}

/**
 * Gives `cart` its JSON made of its line items' JSON (`itemsJson`, in order): `JSON.stringify(cart)` byte for byte,
 * without serialising again the lines that did not change.
 */
export function withItemsJson(cart: Cart, itemsJson: readonly string[]): Cart {
  // `lineItems` is the cart's second member, after its id: the first `"lineItems":[` of the cart without lines.
  const bare = JSON.stringify({ ...cart, lineItems: [] });
  const at = bare.indexOf(LINE_ITEMS) + LINE_ITEMS.length;
  cartTexts.set(cart, `${bare.slice(0, at)}${itemsJson.join(',')}${bare.slice(at)}`);
  return cart;
}

const LINE_ITEMS = '"lineItems":[';

function madeWith(made: Made, entry: CatalogEntry | undefined, catalogCtx: CatalogContext, wireCtx: WireContext) {
  return (
    made.entry === entry &&
    made.elevated === catalogCtx.elevated &&
    made.publicUrl === catalogCtx.publicUrl &&
    made.currency === catalogCtx.currency &&
    made.currency === wireCtx.currency &&
    made.locale === wireCtx.locale
  );
}
