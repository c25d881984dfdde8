import { describe, expect, it } from 'vitest';
import { discountedPrice, pricePerUnit, profitOf } from './pricing.js';
import { choicesKey, matchesChoices, productStock, variantMatrix } from './variants.js';

const size = { name: 'Size', choices: ['S', 'M', 'L'].map((d) => ({ value: d, description: d })) };
const color = {
  name: 'Color',
  choices: [
    { value: '#000000', description: 'Black' },
    { value: '#ffffff', description: 'White' },
  ],
};

describe('variantMatrix', () => {
  it('makes one variant without options', () => {
    expect(variantMatrix([])).toEqual([{}]);
  });
  it('makes every combination of choices in option order', () => {
    const matrix = variantMatrix([size, color]);
    expect(matrix).toHaveLength(6);
    expect(matrix[0]).toEqual({ Size: 'S', Color: 'Black' });
    expect(matrix[5]).toEqual({ Size: 'L', Color: 'White' });
  });
});

describe('choices', () => {
  it('compares choice sets whatever the key order and letter case', () => {
    expect(choicesKey({ Size: 'M', Color: 'Black' })).toBe(choicesKey({ color: 'black', size: 'm' }));
  });
  it('matches a partial selection', () => {
    expect(matchesChoices({ Size: 'M', Color: 'Black' }, { Size: 'm' })).toBe(true);
    expect(matchesChoices({ Size: 'M', Color: 'Black' }, { Size: 'L' })).toBe(false);
  });
});

describe('pricing', () => {
  it('takes a percentage off, rounded to the minor unit', () => {
    expect(discountedPrice(1999, { type: 'PERCENT', value: 15 })).toBe(1699);
  });
  it('takes an amount off but never goes below zero', () => {
    expect(discountedPrice(1000, { type: 'AMOUNT', value: 250 })).toBe(750);
    expect(discountedPrice(100, { type: 'AMOUNT', value: 250 })).toBe(0);
  });
  it('leaves the price alone without a discount', () => {
    expect(discountedPrice(1000, { type: 'NONE', value: 0 })).toBe(1000);
  });
  it('works out profit and margin', () => {
    expect(profitOf(2000, 500)).toEqual({ profit: 1500, margin: 0.75 });
    expect(profitOf(0, 500).margin).toBe(0);
  });
  it('prices per base unit', () => {
    expect(pricePerUnit(1000, 250, 100)).toBe(400);
  });
});

describe('productStock', () => {
  const v = (q: number | null, track = true, visible = true) => ({
    trackQuantity: track,
    quantity: q,
    inStock: true,
    visible,
  });
  it('is in stock when every visible variant is', () => {
    expect(productStock([v(2), v(3)])).toEqual({
      trackInventory: true,
      quantity: 5,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
    });
  });
  it('is partially out of stock when some visible variants are empty', () => {
    expect(productStock([v(0), v(3)]).inventoryStatus).toBe('PARTIALLY_OUT_OF_STOCK');
  });
  it('is out of stock when none can be bought, and ignores hidden variants', () => {
    expect(productStock([v(0), v(5, true, false)]).inventoryStatus).toBe('OUT_OF_STOCK');
  });
  it('does not track inventory when a variant is untracked', () => {
    expect(productStock([v(null, false), v(3)])).toMatchObject({ trackInventory: false, quantity: null });
  });
});
