import type { Product } from '@merx/contract';
import { describe, expect, it } from 'vitest';
import { buyState, choiceAvailability, DEFAULT_PREORDER_MESSAGE } from './stock';

type Variant = NonNullable<Product['variants']>[number];

const variant = (choices: Record<string, string>, stock: Partial<Variant['stock']>, visible = true): Variant =>
  ({
    id: Object.values(choices).join('-'),
    choices,
    variant: { visible },
    stock: { trackQuantity: true, inStock: false, availableForPreorder: false, ...stock },
  }) as Variant;

const productOf = (
  stock: Partial<Product['stock']>,
  variants: Variant[],
  options: Product['productOptions'] = [],
): Pick<Product, 'stock' | 'variants' | 'productOptions'> => ({
  stock: {
    trackInventory: true,
    inStock: true,
    inventoryStatus: 'IN_STOCK',
    availableForPreorder: false,
    ...stock,
  } as Product['stock'],
  variants,
  productOptions: options,
});

const sizeAndColor = [
  { name: 'Size', optionType: 'drop_down', choices: [] },
  { name: 'Color', optionType: 'color', choices: [] },
] as unknown as Product['productOptions'];

describe('choiceAvailability', () => {
  const product = {
    variants: [
      variant({ Size: 'S', Color: 'Red' }, { quantity: 0, availableForPreorder: true }),
      variant({ Size: 'S', Color: 'Blue' }, { quantity: 0 }),
      variant({ Size: 'M', Color: 'Red' }, { quantity: 4, inStock: true }),
      variant({ Size: 'L', Color: 'Red' }, { quantity: 0, availableForPreorder: true }, false),
    ],
  };

  it('keeps a choice with units on hand in stock', () => {
    expect(choiceAvailability(product, 'Size', 'M', {}, true)).toBe('in');
  });

  it('says preorder for a choice out of units that a variant carrying it can still sell', () => {
    expect(choiceAvailability(product, 'Size', 'S', {}, false)).toBe('preorder');
    expect(choiceAvailability(product, 'Size', 'S', { Color: 'red' }, false)).toBe('preorder');
  });

  it('says sold out when, with the other options as chosen, no variant can be preordered', () => {
    expect(choiceAvailability(product, 'Size', 'S', { Color: 'Blue' }, false)).toBe('out');
  });

  it('ignores hidden variants and a product read without its variants', () => {
    expect(choiceAvailability(product, 'Size', 'L', {}, false)).toBe('out');
    expect(choiceAvailability({}, 'Size', 'S', {}, false)).toBe('out');
  });
});

describe('buyState', () => {
  it('sells a product without options from its own stock, with the units left', () => {
    const p = productOf({ inStock: true, quantity: 3 }, [variant({}, { inStock: true, quantity: 3 })]);
    expect(buyState(p, true, undefined, undefined)).toEqual({ availability: 'in', left: 3 });
  });

  it('offers a preorder with the merchant message when a product without options is out of units', () => {
    const p = productOf({ inStock: false, quantity: 0, availableForPreorder: true }, [
      variant({}, { quantity: -2, availableForPreorder: true, preorderMessage: 'Ships in March' }),
    ]);
    expect(buyState(p, true, undefined, undefined)).toEqual({
      availability: 'preorder',
      preorderMessage: 'Ships in March',
    });
  });

  it('falls back to "Ships when back in stock" when the merchant left the message empty', () => {
    const p = productOf({ inStock: false, availableForPreorder: true }, [
      variant({}, { quantity: 0, availableForPreorder: true }),
    ]);
    expect(buyState(p, true, undefined, undefined).preorderMessage).toBe(DEFAULT_PREORDER_MESSAGE);
  });

  it('is sold out when nothing is on hand and preorder is off', () => {
    const p = productOf({ inStock: false, availableForPreorder: false }, [variant({}, { quantity: 0 })]);
    expect(buyState(p, true, undefined, undefined)).toEqual({ availability: 'out' });
  });

  it('asks for the options first, then follows the chosen variant', () => {
    const p = productOf({ availableForPreorder: true }, [], sizeAndColor);
    expect(buyState(p, false, undefined, undefined)).toEqual({ availability: 'choose' });
    expect(buyState(p, true, { inStock: true, quantity: 7 }, true)).toEqual({ availability: 'in', left: 7 });
    expect(
      buyState(p, true, { inStock: false, quantity: -1, availableForPreorder: true, preorderMessage: ' ' }, true),
    ).toEqual({ availability: 'preorder', preorderMessage: DEFAULT_PREORDER_MESSAGE });
    expect(buyState(p, true, { inStock: false, quantity: 0, availableForPreorder: false }, false)).toEqual({
      availability: 'out',
    });
  });

  it('lets the chosen combination be bought while its availability is on its way, unless the call said no', () => {
    const p = productOf({}, [], sizeAndColor);
    expect(buyState(p, true, undefined, undefined).availability).toBe('in');
    expect(buyState(p, true, undefined, false).availability).toBe('out');
  });
});
