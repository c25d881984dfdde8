import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugify } from './slug.js';

describe('slugify', () => {
  it('lower-cases words and joins them with single hyphens', () => {
    expect(slugify('  Merino  Wool -- Sweater! ')).toBe('merino-wool-sweater');
  });
  it('drops accents and keeps letters of other scripts', () => {
    expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    expect(slugify('緑茶 セット')).toBe('緑茶-セット');
  });
  it('falls back when nothing usable is left', () => {
    expect(slugify('!!!', 'product')).toBe('product');
  });
  it('cuts at 100 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(99)} b`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('firstFreeSlug', () => {
  it('keeps the base when it is free', () => {
    expect(firstFreeSlug('mug', ['mug-1'])).toBe('mug');
  });
  it('numbers the base from 1 until a free slug is found', () => {
    expect(firstFreeSlug('mug', ['mug', 'mug-1', 'mug-2'])).toBe('mug-3');
  });
  it('stays within 100 characters when numbering a long slug', () => {
    const base = 'x'.repeat(100);
    expect(firstFreeSlug(base, [base]).length).toBeLessThanOrEqual(100);
  });
});
