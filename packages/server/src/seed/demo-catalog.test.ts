import { describe, expect, it } from 'vitest';
import {
  type DemoImage,
  type DemoProduct,
  demoCollections,
  demoProducts,
  demoStore,
  kebab,
  optionCombinations,
} from './demo-catalog.js';
import { productArts, renderCollectionImage, renderProductImage } from './demo-images.js';

const HEX = /^#[0-9a-f]{6}$/i;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RIBBONS = new Set(['New', 'Sale', 'Bestseller', 'Limited']);

const slugOf = (p: DemoProduct) => p.product.slug ?? kebab(p.product.name);
const options = (p: DemoProduct) => p.product.productOptions ?? [];
const variants = (p: DemoProduct) => p.variants ?? [];

function allImages(): DemoImage[] {
  return demoProducts.flatMap((p) => [...p.images, ...(p.choiceImages ?? []).map((c) => c.image)]);
}

function isFullyOutOfStock(p: DemoProduct): boolean {
  const stock = p.product.stock;
  if (!stock) return false;
  if (stock.inStock === false) return true;
  if (!stock.trackInventory) return false;
  const vs = variants(p);
  return vs.length > 0 ? vs.every((v) => v.quantity === 0) : stock.quantity === 0;
}

function hasPartialStock(p: DemoProduct): boolean {
  const vs = variants(p);
  return vs.some((v) => v.quantity === 0 || v.inStock === false) && !isFullyOutOfStock(p);
}

function duplicates<T>(values: T[]): T[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

/** Minimal XML well-formedness check: balanced tags, no duplicate attributes, no unescaped `&`. */
function checkXml(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    if (between.includes('<') || between.includes('>')) problems.push(`stray markup near ${m.index}`);
    last = tag.lastIndex;
    const [, closing, name, attrs, selfClosing] = m as unknown as [string, string, string, string, string];
    const names = [...attrs.matchAll(/([\w:-]+)="/g)].map((a) => a[1]);
    if (duplicates(names).length) problems.push(`duplicate attribute ${duplicates(names)} on <${name}>`);
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else if (!selfClosing) stack.push(name);
  }
  if (svg.slice(last).trim()) problems.push('trailing content');
  if (stack.length) problems.push(`unclosed ${stack.join(',')}`);
  if (/&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/.test(svg)) problems.push('unescaped &');
  return problems;
}

function expectSvg(svg: string, size: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain(`viewBox="0 0 ${size}"`);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/<script/i);
  expect(svg).not.toMatch(/href="http/i);
  expect(svg).not.toMatch(/\bon[a-z]+=/i);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  expect(Buffer.byteLength(svg)).toBeLessThan(8 * 1024);
  expect(checkXml(svg)).toEqual([]);
}

describe('demo store', () => {
  it('has a name, USD and en-US', () => {
    expect(demoStore.name.length).toBeGreaterThan(0);
    expect(demoStore.currency).toBe('USD');
    expect(demoStore.locale).toBe('en-US');
  });
});

describe('demo collections', () => {
  it('has at least 7 collections with unique kebab-case slugs', () => {
    expect(demoCollections.length).toBeGreaterThanOrEqual(7);
    const slugs = demoCollections.map((c) => c.slug);
    expect(duplicates(slugs)).toEqual([]);
    for (const c of demoCollections) {
      expect(c.slug).toMatch(KEBAB);
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.description.length).toBeLessThan(160);
      expect(c.image.key).toMatch(KEBAB);
      expect(c.image.colors.length).toBeGreaterThan(0);
      for (const color of c.image.colors) expect(color).toMatch(HEX);
    }
  });

  it('every collection has products and every referenced collection exists', () => {
    const slugs = new Set(demoCollections.map((c) => c.slug));
    for (const p of demoProducts) {
      expect(p.collections.length, p.product.name).toBeGreaterThan(0);
      for (const c of p.collections) expect(slugs.has(c), `${p.product.name} -> ${c}`).toBe(true);
      expect(duplicates(p.collections)).toEqual([]);
    }
    for (const c of demoCollections) {
      expect(demoProducts.filter((p) => p.collections.includes(c.slug)).length, c.slug).toBeGreaterThan(0);
    }
  });
});

describe('demo products', () => {
  it('has at least 48 products with unique slugs and names', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(48);
    expect(duplicates(demoProducts.map(slugOf))).toEqual([]);
    expect(duplicates(demoProducts.map((p) => p.product.name))).toEqual([]);
    for (const p of demoProducts) expect(slugOf(p)).toMatch(KEBAB);
  });

  it('has unique SKUs across products and variants', () => {
    const skus = demoProducts.flatMap((p) => [p.product.sku, ...variants(p).map((v) => v.sku)]).filter(Boolean);
    expect(skus.length).toBeGreaterThan(demoProducts.length);
    expect(duplicates(skus)).toEqual([]);
  });

  it('has unique, kebab-case image keys and valid art', () => {
    const keys = [...allImages().map((i) => i.key), ...demoCollections.map((c) => c.image.key)];
    expect(duplicates(keys)).toEqual([]);
    for (const img of allImages()) {
      expect(img.key).toMatch(KEBAB);
      expect(productArts).toContain(img.art);
      expect(img.color).toMatch(HEX);
      if (img.accent) expect(img.accent).toMatch(HEX);
    }
    for (const p of demoProducts) expect(p.images.length, p.product.name).toBeGreaterThan(0);
  });

  it('has realistic prices, costs and weights', () => {
    for (const p of demoProducts) {
      const { priceData, costAndProfitData, weight, productType } = p.product;
      expect(priceData.price).toBeGreaterThanOrEqual(5);
      expect(priceData.price).toBeLessThanOrEqual(500);
      expect(Math.round(priceData.price * 100) / 100).toBe(priceData.price);
      if (costAndProfitData) expect(costAndProfitData.itemCost).toBeLessThan(priceData.price);
      if (productType === 'physical') {
        expect(weight, p.product.name).toBeGreaterThan(0);
        expect(weight).toBeLessThan(30);
      } else {
        expect(weight, p.product.name).toBeUndefined();
        for (const v of variants(p)) expect(v.weight).toBeUndefined();
      }
      for (const v of variants(p)) {
        if (v.price !== undefined) expect(v.price).toBeGreaterThan(0);
        if (v.weight !== undefined) expect(v.weight).toBeGreaterThan(0);
      }
    }
    const withCost = demoProducts.filter((p) => p.product.costAndProfitData).length;
    expect(withCost / demoProducts.length).toBeGreaterThan(0.8);
  });

  it('has well-formed options', () => {
    for (const p of demoProducts) {
      const opts = options(p);
      expect(duplicates(opts.map((o) => o.name))).toEqual([]);
      for (const o of opts) {
        expect(o.choices.length, `${p.product.name}/${o.name}`).toBeGreaterThan(0);
        expect(duplicates(o.choices.map((c) => c.description))).toEqual([]);
        expect(duplicates(o.choices.map((c) => c.value))).toEqual([]);
        for (const c of o.choices) {
          if (o.optionType === 'color') expect(c.value, `${p.product.name}/${c.description}`).toMatch(HEX);
          else expect(c.value).toBe(c.description);
        }
      }
    }
    const withOptions = demoProducts.filter((p) => options(p).length > 0);
    expect(withOptions.length).toBeGreaterThanOrEqual(20);
    expect(demoProducts.filter((p) => options(p).some((o) => o.optionType === 'color')).length).toBeGreaterThanOrEqual(
      10,
    );
    expect(demoProducts.filter((p) => options(p).length >= 2).length).toBeGreaterThanOrEqual(4);
  });

  it('has variants whose choices match the options', () => {
    for (const p of demoProducts) {
      const opts = options(p);
      const vs = variants(p);
      if (vs.length === 0) continue;
      expect(p.product.manageVariants, `${p.product.name} has variant overrides`).toBe(true);
      const names = opts.map((o) => o.name).sort();
      for (const v of vs) {
        expect(Object.keys(v.choices).sort(), p.product.name).toEqual(names);
        for (const [name, value] of Object.entries(v.choices)) {
          const option = opts.find((o) => o.name === name);
          expect(
            option?.choices.some((c) => c.description === value),
            `${p.product.name}: ${name}=${value}`,
          ).toBe(true);
        }
      }
      const combos = vs.map((v) => JSON.stringify(opts.map((o) => v.choices[o.name])));
      expect(duplicates(combos)).toEqual([]);
      if (p.product.stock?.trackInventory) {
        expect(vs.length, `${p.product.name} lists every combination`).toBe(optionCombinations(opts).length);
        for (const v of vs) expect(v.quantity, p.product.name).toBeGreaterThanOrEqual(0);
      }
    }
    const variantProducts = demoProducts.filter((p) => variants(p).length > 0);
    expect(variantProducts.length).toBeGreaterThanOrEqual(10);
    expect(
      variantProducts.filter((p) => options(p).length >= 2 && variants(p).some((v) => v.price !== undefined)).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('gives every colour choice a choice image in that colour', () => {
    for (const p of demoProducts) {
      const colorOptions = options(p).filter((o) => o.optionType === 'color');
      for (const o of colorOptions) {
        for (const c of o.choices) {
          const img = p.choiceImages?.find((ci) => ci.option === o.name && ci.choice === c.description);
          expect(img, `${p.product.name}: ${c.description}`).toBeDefined();
          expect(img?.image.color.toLowerCase()).toBe(c.value.toLowerCase());
        }
      }
      for (const ci of p.choiceImages ?? []) {
        const option = options(p).find((o) => o.name === ci.option);
        expect(
          option?.choices.some((c) => c.description === ci.choice),
          `${p.product.name}: ${ci.choice}`,
        ).toBe(true);
      }
    }
  });

  it('covers ribbons, brands, discounts and unit prices', () => {
    const ribbons = demoProducts.filter((p) => p.product.ribbon);
    expect(ribbons.length).toBeGreaterThanOrEqual(6);
    for (const p of ribbons) expect(RIBBONS.has(p.product.ribbon!)).toBe(true);
    expect(new Set(ribbons.map((p) => p.product.ribbon)).size).toBe(RIBBONS.size);

    expect(demoProducts.filter((p) => p.product.brand).length).toBeGreaterThanOrEqual(8);
    expect(new Set(demoProducts.map((p) => p.product.brand).filter(Boolean)).size).toBeGreaterThanOrEqual(5);

    const discounted = demoProducts.filter((p) => p.product.discount);
    expect(discounted.length).toBeGreaterThanOrEqual(8);
    expect(new Set(discounted.map((p) => p.product.discount!.type))).toEqual(new Set(['PERCENT', 'AMOUNT']));
    for (const p of discounted) {
      const d = p.product.discount!;
      expect(d.value).toBeGreaterThan(0);
      if (d.type === 'PERCENT') expect(d.value).toBeLessThan(100);
      else expect(d.value).toBeLessThan(p.product.priceData.price);
      expect(p.collections, `${p.product.name} is on sale`).toContain('sale');
    }

    const perUnit = demoProducts.filter((p) => p.product.pricePerUnitData);
    expect(perUnit.length).toBeGreaterThanOrEqual(3);
    for (const p of perUnit) {
      const u = p.product.pricePerUnitData!;
      expect(u.totalQuantity).toBeGreaterThan(0);
      expect(u.baseQuantity).toBeGreaterThan(0);
      expect(u.totalMeasurementUnit).toMatch(/^[A-Z]+$/);
      expect(u.baseMeasurementUnit).toMatch(/^[A-Z]+$/);
    }
  });

  it('has digital products and out-of-stock products', () => {
    const digital = demoProducts.filter((p) => p.product.productType === 'digital');
    expect(digital.length).toBeGreaterThanOrEqual(5);
    expect(digital.some((p) => p.collections.includes('digital'))).toBe(true);
    expect(demoProducts.filter(isFullyOutOfStock).length).toBeGreaterThanOrEqual(4);
    expect(demoProducts.filter(hasPartialStock).length).toBeGreaterThanOrEqual(2);
    for (const p of demoProducts) {
      const s = p.product.stock;
      if (s?.trackInventory && variants(p).length === 0) expect(s.quantity, p.product.name).toBeGreaterThanOrEqual(0);
    }
  });

  it('has rich, safe HTML descriptions and info sections', () => {
    for (const p of demoProducts) {
      const html = [p.product.description, ...(p.product.additionalInfoSections ?? []).map((s) => s.description)];
      expect(p.product.description).toMatch(/<p>/);
      expect(p.product.description.length).toBeGreaterThan(120);
      for (const h of html) {
        expect(h).not.toMatch(/<script|<iframe|<style|javascript:|\bon[a-z]+=/i);
        expect(h).not.toMatch(/lorem|ipsum/i);
        const tags = [...h.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]);
        for (const t of tags) expect(['p', 'ul', 'li', 'strong', 'em', 'h3', 'br']).toContain(t);
        expect(checkXml(`<div>${h}</div>`)).toEqual([]);
      }
    }
    const withSections = demoProducts.filter((p) => (p.product.additionalInfoSections ?? []).length > 0);
    expect(withSections.length / demoProducts.length).toBeGreaterThan(0.6);
    expect(demoProducts.filter((p) => /<ul>/.test(p.product.description)).length).toBeGreaterThan(20);
  });
});

describe('demo images', () => {
  it('renders every product art as a small, self-contained SVG', () => {
    for (const kind of productArts) {
      expectSvg(renderProductImage({ kind, color: '#1e3a5f' }), '800 800');
      expectSvg(renderProductImage({ kind, color: '#f1ede4', accent: '#b91c1c', label: 'A & B <Co>' }), '800 800');
    }
  });

  it('renders every demo image', () => {
    for (const img of allImages()) expectSvg(renderProductImage({ ...img, kind: img.art }), '800 800');
  });

  it('renders every collection banner', () => {
    for (const c of demoCollections) {
      const svg = renderCollectionImage(c.name, c.image.colors);
      expectSvg(svg, '1600 900');
      expect(svg).toContain(c.name.replace(/&/g, '&#38;'));
    }
    expectSvg(renderCollectionImage('Empty palette', []), '1600 900');
  });

  it('neutralises hostile input', () => {
    const svg = renderProductImage({
      kind: 'tshirt',
      color: '"><script>alert(1)</script>',
      label: '<script>alert(1)</script>',
    });
    expectSvg(svg, '800 800');
    expect(svg).not.toContain('<script');
  });

  it('is deterministic', () => {
    const spec = { kind: 'mug' as const, color: '#c2653c', label: 'Hello' };
    expect(renderProductImage(spec)).toBe(renderProductImage(spec));
  });
});
