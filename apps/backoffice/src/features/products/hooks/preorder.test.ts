import type { Product } from '@merx/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  NO_PREORDER_LIMIT,
  owedOf,
  preorderChanged,
  preorderDraftOf,
  preorderInfoOf,
  stockSummary,
  validatePreorder,
} from './preorder';
import { emptyForm } from './product-form';
import { validateProduct } from './product-validation';

// The form's checks read the store's currency from the page's boot data; here is no page, so the defaults apply.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { getElementById: () => null };
});

describe('preorder in the product editor', () => {
  it('shows the default limit as no limit, and sends a blank limit back as the default', () => {
    const draft = preorderDraftOf({ enabled: true, limit: NO_PREORDER_LIMIT });
    expect(draft).toEqual({ enabled: true, message: '', limit: '' });
    expect(preorderInfoOf(draft)).toEqual({ enabled: true, message: null, limit: NO_PREORDER_LIMIT });
    expect(preorderDraftOf({ enabled: true, message: 'Ships in May', limit: 20 })).toEqual({
      enabled: true,
      message: 'Ships in May',
      limit: '20',
    });
  });

  it('reads a product without an inventory answer as preorder off', () => {
    expect(preorderDraftOf(undefined)).toEqual({ enabled: false, message: '', limit: '' });
  });

  it('trims the message and removes a blank one', () => {
    expect(preorderInfoOf({ enabled: true, message: '  Ships in May ', limit: ' 12 ' })).toEqual({
      enabled: true,
      message: 'Ships in May',
      limit: 12,
    });
    expect(preorderInfoOf({ enabled: false, message: '   ', limit: '' }).message).toBeNull();
  });

  it('sends the setting only when it changed, or when a new product turns it on', () => {
    const saved = preorderDraftOf({ enabled: true, message: 'Soon', limit: 5 });
    expect(preorderChanged({ ...saved }, saved)).toBe(false);
    expect(preorderChanged({ ...saved, message: 'Soon ' }, saved)).toBe(false);
    expect(preorderChanged({ ...saved, limit: '6' }, saved)).toBe(true);
    expect(preorderChanged({ enabled: false, message: '', limit: '' }, undefined)).toBe(false);
    expect(preorderChanged({ enabled: true, message: '', limit: '' }, undefined)).toBe(true);
  });

  it('refuses a long message and a limit that is not a whole number up to 100,000, beside their fields', () => {
    const long = 'x'.repeat(251);
    expect(validatePreorder({ enabled: true, message: long, limit: '' }, true)).toEqual({
      'preorderInfo.message': 'Use at most 250 characters',
    });
    expect(validatePreorder({ enabled: true, message: 'x'.repeat(250), limit: '' }, true)).toEqual({});
    expect(validatePreorder({ enabled: true, message: '', limit: '2.5' }, true)['preorderInfo.limit']).toMatch(
      /whole number/,
    );
    expect(validatePreorder({ enabled: true, message: '', limit: '-1' }, true)['preorderInfo.limit']).toMatch(
      /whole number/,
    );
    expect(validatePreorder({ enabled: true, message: '', limit: '100001' }, true)['preorderInfo.limit']).toMatch(
      /at most 100,000/,
    );
    expect(validatePreorder({ enabled: true, message: '', limit: '100000' }, true)).toEqual({});
  });

  it('does not check the limit of a product that does not count units (the field is not shown)', () => {
    expect(validatePreorder({ enabled: true, message: '', limit: 'many' }, false)).toEqual({});
  });

  it('takes the preorder fields into the whole form check', () => {
    const form = { ...emptyForm(), name: 'Apron', price: '10', trackInventory: true };
    form.preorder = { enabled: true, message: '', limit: 'lots' };
    expect(Object.keys(validateProduct(form))).toEqual(['preorderInfo.limit']);
  });

  it('keeps a quantity below zero as read (units owed), but refuses any other negative quantity', () => {
    const form = { ...emptyForm(), name: 'Apron', price: '10', trackInventory: true };
    form.variants = [{ ...(form.variants[0] as (typeof form.variants)[number]), quantity: '-3', owed: 3 }];
    expect(validateProduct(form)).toEqual({});
    form.variants = [{ ...(form.variants[0] as (typeof form.variants)[number]), quantity: '-2', owed: 3 }];
    expect(Object.values(validateProduct(form))).toEqual(['Must not be negative']);
    form.variants = [{ ...(form.variants[0] as (typeof form.variants)[number]), quantity: '-1', owed: 0 }];
    expect(Object.values(validateProduct(form))).toEqual(['Must not be negative']);
  });

  it('counts units owed from a quantity below zero only', () => {
    expect(owedOf(-4)).toBe(4);
    expect(owedOf(0)).toBe(0);
    expect(owedOf(7)).toBe(0);
    expect(owedOf(undefined)).toBe(0);
  });
});

describe('stockSummary', () => {
  const product = (stock: Partial<Product['stock']>, quantities: number[], options = 0): Product =>
    ({
      stock: {
        trackInventory: true,
        inStock: true,
        inventoryStatus: 'IN_STOCK',
        availableForPreorder: false,
        ...stock,
      },
      productOptions: Array.from({ length: options }, () => ({})),
      variants: quantities.map((quantity) => ({
        stock: { trackQuantity: true, quantity, inStock: quantity > 0, availableForPreorder: false },
      })),
    }) as unknown as Product;

  it('says preorder, with the units owed, for a product out of units that still sells', () => {
    expect(stockSummary(product({ inStock: false, availableForPreorder: true, quantity: 0 }, [-3, -1], 1), 5)).toEqual({
      kind: 'preorder',
      owed: 4,
    });
  });

  it('says out of stock once preorder stops selling, still with what is owed', () => {
    expect(stockSummary(product({ inStock: false, quantity: 0 }, [-2]), 5)).toEqual({ kind: 'out', owed: 2 });
  });

  it('counts units on hand as before for a product in stock', () => {
    expect(stockSummary(product({ quantity: 3 }, [3]), 5)).toEqual({
      kind: 'low',
      quantity: 3,
      variants: 0,
      partly: false,
    });
    expect(stockSummary(product({ quantity: 12, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' }, [12, -1], 1), 5)).toEqual({
      kind: 'in',
      quantity: 12,
      variants: 2,
      partly: true,
    });
    expect(stockSummary(product({ trackInventory: false }, []), 5)).toEqual({ kind: 'untracked', partly: false });
  });
});
