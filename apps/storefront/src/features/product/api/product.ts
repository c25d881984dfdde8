import type { Cart, Product } from '@merx/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { setCartDrawerOpen } from '../../../lib/cart-drawer';
import { STORES_APP_ID } from '../../../lib/catalog-ids';
import { NotFoundError } from '../../../lib/errors';
import { storeMoney } from '../../../lib/format';
import { keys } from '../../../lib/query-keys';
import { catalog, shop } from '../../../lib/shop';
import {
  type ChoiceModifier,
  choiceModifiersOf,
  currencyDigits,
  lineOptions,
  type Picks,
  type TextModifier,
  type Texts,
  textModifiersOf,
} from '../modifiers';

/** The product with this slug; a missing one is a 404 error. */
export const productBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug],
    queryFn: async (): Promise<Product> => {
      const page = await catalog.products.queryProducts().eq('slug', slug).limit(1).find();
      const product = page.items[0];
      if (!product) throw new NotFoundError('Product not found');
      return product;
    },
  });

/** A product's modifiers as the page offers them: the choices to pick and the texts to type. */
export interface ProductModifiers {
  choices: ChoiceModifier[];
  texts: TextModifier[];
}

/**
 * The product's modifiers, read from catalog v3 (v1 has no choice modifiers) by the page's slug. Asked for beside
 * the v1 product (the page shows them when they arrive); only the modifiers are kept.
 */
export const modifiersQuery = (slug: string) =>
  queryOptions({
    queryKey: ['product-modifiers', slug],
    queryFn: async (): Promise<ProductModifiers> => {
      const { product } = await catalog.productsV3.getProductBySlug(slug);
      return {
        choices: choiceModifiersOf(product.modifiers, currencyDigits(storeMoney.currency)),
        texts: textModifiersOf(product.modifiers),
      };
    },
  });

/** The variant the chosen options select, and which choices stay in stock with them. */
export const availabilityQuery = (productId: string, selection: Record<string, string>) =>
  queryOptions({
    queryKey: ['availability', productId, selection],
    queryFn: () => catalog.products.getProductOptionsAvailability(productId, selection),
    enabled: Object.keys(selection).length > 0,
    placeholderData: (previous) => previous,
  });

/**
 * Adds the product (its chosen options, or its only variant, with the modifiers' picks and texts beside them) to
 * the cart and opens the cart drawer.
 */
export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      productId: string;
      selection: Record<string, string>;
      picks?: Picks;
      texts?: Texts;
      quantity: number;
    }) => {
      const options = lineOptions(input.selection, input.picks ?? {}, input.texts ?? {});
      const s = await shop();
      return s.currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: { appId: STORES_APP_ID, catalogItemId: input.productId, options },
            quantity: input.quantity,
          },
        ],
      });
    },
    onSuccess: ({ cart }: { cart: Cart }) => {
      client.setQueryData(keys.cart, cart);
      setCartDrawerOpen(true);
    },
  });
}
