/**
 * The demo store Merx loads on first start with an empty database: "Wildmere Supply Co.", a small independent
 * lifestyle shop. Plain data only (no I/O); the seeder turns it into v1 products, collections and SVG media.
 *
 * Conventions:
 * - `variants[].choices` uses option *names* as keys and choice *descriptions* as values (the v1 wire shape).
 * - `variants[].price` is the absolute variant price (not a delta).
 * - Products with `manageVariants` and `stock.trackInventory` list every option combination in `variants`,
 *   each with its own `quantity`; the product-level quantity is then their sum.
 */

import type { ProductArt } from './demo-images.js';

export interface DemoImage {
  /** file name stem, unique across the whole demo store, kebab-case */
  key: string;
  art: ProductArt;
  color: string;
  accent?: string;
  label?: string;
}

export interface DemoProductOption {
  optionType: 'drop_down' | 'color';
  name: string;
  choices: Array<{ value: string; description: string }>;
}

export interface DemoVariant {
  choices: Record<string, string>;
  price?: number;
  sku?: string;
  weight?: number;
  visible?: boolean;
  quantity?: number;
  inStock?: boolean;
}

export interface DemoProduct {
  product: {
    name: string;
    slug?: string;
    /** rich HTML: <p>, <ul><li>, <strong>, <em>, <h3> */
    description: string;
    sku?: string;
    productType: 'physical' | 'digital';
    visible?: boolean;
    weight?: number;
    brand?: string;
    ribbon?: string;
    priceData: { price: number };
    costAndProfitData?: { itemCost: number };
    discount?: { type: 'AMOUNT' | 'PERCENT'; value: number };
    pricePerUnitData?: {
      totalQuantity: number;
      totalMeasurementUnit: string;
      baseQuantity: number;
      baseMeasurementUnit: string;
    };
    manageVariants?: boolean;
    productOptions?: DemoProductOption[];
    additionalInfoSections?: Array<{ title: string; description: string }>;
    stock?: { trackInventory: boolean; quantity?: number; inStock?: boolean };
  };
  /** product gallery, first is the main image */
  images: DemoImage[];
  /** media per colour choice (`choice` is the choice description) */
  choiceImages?: Array<{ option: string; choice: string; image: DemoImage }>;
  /** per-variant overrides & stock */
  variants?: DemoVariant[];
  /** slugs of demo collections */
  collections: string[];
}

export interface DemoCollection {
  slug: string;
  name: string;
  description: string;
  image: { key: string; colors: string[] };
}

export interface DemoStore {
  name: string;
  currency: 'USD';
  locale: 'en-US';
  email: string;
  phone: string;
  /** The shop in Beacon, NY, where pickup orders are collected too. */
  address: { addressLine: string; city: string; subdivision: string; postalCode: string; country: string };
}

export const demoStore: DemoStore = {
  name: 'Wildmere Supply Co.',
  currency: 'USD',
  locale: 'en-US',
  email: 'hello@wildmere.example',
  phone: '+1 845 555 0142',
  address: { addressLine: '12 Main St', city: 'Beacon', subdivision: 'US-NY', postalCode: '12508', country: 'US' },
};

// ---------------------------------------------------------------------------------------------------------------------
// helpers (pure)

type Swatch = readonly [hex: string, name: string];
type Section = { title: string; description: string };

export function kebab(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function dropDown(name: string, values: string[]): DemoProductOption {
  return { optionType: 'drop_down', name, choices: values.map((v) => ({ value: v, description: v })) };
}

function colorOption(swatches: readonly Swatch[]): DemoProductOption {
  return {
    optionType: 'color',
    name: 'Color',
    choices: swatches.map(([value, description]) => ({ value, description })),
  };
}

function colorImages(
  key: string,
  art: ProductArt,
  swatches: readonly Swatch[],
  extra: { accent?: string; label?: string } = {},
): NonNullable<DemoProduct['choiceImages']> {
  return swatches.map(([color, name]) => ({
    option: 'Color',
    choice: name,
    image: { key: `${key}-${kebab(name)}`, art, color, ...extra },
  }));
}

/** Every combination of the options' choice descriptions, in option order. */
export function optionCombinations(options: DemoProductOption[]): Array<Record<string, string>> {
  let out: Array<Record<string, string>> = [{}];
  for (const option of options) {
    const next: Array<Record<string, string>> = [];
    for (const partial of out) {
      for (const choice of option.choices) next.push({ ...partial, [option.name]: choice.description });
    }
    out = next;
  }
  return out;
}

/** Small deterministic "random" stock level so the demo looks lived-in without being random between runs. */
function qty(seed: string, min = 3, max = 42): number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return min + (h % (max - min + 1));
}

const code = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();

/**
 * Builds one variant per option combination with a SKU and tracked quantity; `tweak` can override fields
 * (price, weight, quantity…) for a combination.
 */
function variantGrid(
  baseSku: string,
  options: DemoProductOption[],
  tweak: (choices: Record<string, string>) => Partial<DemoVariant> = () => ({}),
  tracked = true,
): DemoVariant[] {
  return optionCombinations(options).map((choices) => {
    const sku = `${baseSku}-${Object.values(choices).map(code).join('-')}`;
    const base: DemoVariant = { choices, sku };
    if (tracked) base.quantity = qty(sku);
    return { ...base, ...tweak(choices) };
  });
}

const html = (...blocks: string[]) => blocks.join('');
const list = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const care = (...blocks: string[]): Section => ({ title: 'Care', description: html(...blocks) });

const SHIPPING: Section = {
  title: 'Shipping & Returns',
  description: html(
    '<p>Free standard shipping on US orders over $75, otherwise a flat $6. Orders leave our Portland studio within 1–2 business days.</p>',
    '<p>Not quite right? Send unworn, unwashed items back within <strong>30 days</strong> for a refund or an exchange.</p>',
  ),
};

const SHIPPING_LARGE: Section = {
  title: 'Shipping & Returns',
  description: html(
    '<p>Ships in plastic-free protective packaging within 3–5 business days. Free shipping on this item within the contiguous US.</p>',
    '<p>Returns are accepted within 30 days in the original packaging; we’ll email you a prepaid label.</p>',
  ),
};

const DIGITAL_DELIVERY: Section = {
  title: 'Delivery & License',
  description: html(
    '<p>Your download link appears right after checkout and is emailed to you as well. Links stay active for 30 days.</p>',
    '<p>Personal-use license. Digital files can’t be returned, but if anything doesn’t work as described, write to us and we’ll make it right.</p>',
  ),
};

const CARE_COTTON = care(
  '<p>Machine wash cold with like colours, inside out. Tumble dry low or line dry to keep the fit true. Warm iron if needed.</p>',
);
const CARE_KNIT = care(
  '<p>Hand wash cold or use a gentle wool cycle. Dry flat in shape, away from direct heat. Fold, don’t hang.</p>',
);
const CARE_LEATHER = care(
  '<p>Wipe clean with a soft, damp cloth. Condition every few months with a neutral leather balm and let it dry naturally.</p>',
);
const CARE_CERAMIC = care(
  '<p>Dishwasher and microwave safe. Glazes are mixed and applied by hand, so every piece varies a little – that’s the charm.</p>',
);
const CARE_WAXED = care(
  '<p>Spot clean with cold water and a soft brush. Re-wax once a year to refresh the water resistance. Never machine wash or dry clean.</p>',
);
const CARE_SHOES = care(
  '<p>Brush off dirt after wear, stuff with newspaper to dry and store away from heat. Replace the insoles when they flatten out.</p>',
);
const CARE_CANDLE = care(
  '<p>Trim the wick to 5 mm before every burn and let the wax melt to the edge the first time (about two hours). Never leave a burning candle unattended.</p>',
);
const STORAGE_COFFEE: Section = {
  title: 'Storage',
  description:
    '<p>Keep the beans in their resealable bag, away from light, heat and the fridge. They taste best within four weeks of the roast date printed on the back.</p>',
};

const SIZES = ['S', 'M', 'L', 'XL'];
const SHOE_SIZES = ['7', '8', '9', '10', '11', '12'];

// ---------------------------------------------------------------------------------------------------------------------
// collections

export const demoCollections: DemoCollection[] = [
  {
    slug: 'apparel',
    name: 'Apparel',
    description: 'Organic cotton, merino and honest workwear, cut for everyday comfort and made to be worn for years.',
    image: { key: 'collection-apparel', colors: ['#e9dfcc', '#8fa98b', '#1e3a5f', '#f6f3ee'] },
  },
  {
    slug: 'footwear',
    name: 'Footwear',
    description: 'Canvas classics, resoleable leather boots and trail runners that keep up with the weekend.',
    image: { key: 'collection-footwear', colors: ['#1e3a5f', '#2b2f36', '#d4a017', '#b4532a'] },
  },
  {
    slug: 'home-living',
    name: 'Home & Living',
    description: 'Hand-thrown ceramics, soft textiles and warm light for the rooms you actually live in.',
    image: { key: 'collection-home-living', colors: ['#efe6d2', '#c97b5a', '#8fa98b', '#f6f3ee'] },
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    description: 'The small, well-made things you reach for every day: bags, wallets, watches and more.',
    image: { key: 'collection-accessories', colors: ['#b08d57', '#6b3e26', '#efe6d2', '#2b2f36'] },
  },
  {
    slug: 'outdoor',
    name: 'Outdoor',
    description: 'Trail-tested gear for long walks, short overnights and everything in between.',
    image: { key: 'collection-outdoor', colors: ['#2f4f3a', '#5b8fb9', '#d4a017', '#9caf88'] },
  },
  {
    slug: 'gifts',
    name: 'Gifts',
    description: 'Thoughtful, ready-to-give favourites – wrapped in recycled paper on request.',
    image: { key: 'collection-gifts', colors: ['#b91c1c', '#7f1d1d', '#f5e6c8', '#d4a017'] },
  },
  {
    slug: 'digital',
    name: 'Digital',
    description: 'E-books, photo presets, wallpapers and music from our community – delivered instantly.',
    image: { key: 'collection-digital', colors: ['#312e81', '#0f766e', '#f59e0b', '#a5b4fc'] },
  },
  {
    slug: 'sale',
    name: 'Sale',
    description: 'Last-season colours and overstock at friendly prices. Once they’re gone, they’re gone.',
    image: { key: 'collection-sale', colors: ['#f59e0b', '#c2410c', '#fde68a', '#7c2d12'] },
  },
];

// ---------------------------------------------------------------------------------------------------------------------
// products

const TEE_COLORS: Swatch[] = [
  ['#2b2f36', 'Charcoal'],
  ['#e9dfcc', 'Oat'],
  ['#8fa98b', 'Sage'],
  ['#1e3a5f', 'Navy'],
];
const teeOptions = [dropDown('Size', SIZES), colorOption(TEE_COLORS)];

const HOODIE_COLORS: Swatch[] = [
  ['#9ca3af', 'Heather Grey'],
  ['#2f4f3a', 'Forest'],
  ['#b4532a', 'Rust'],
];
const hoodieOptions = [dropDown('Size', SIZES), colorOption(HOODIE_COLORS)];

const SWEATER_COLORS: Swatch[] = [
  ['#d8cbb3', 'Oatmeal'],
  ['#374151', 'Charcoal'],
  ['#5b6b3a', 'Moss'],
];

const CHORE_COLORS: Swatch[] = [
  ['#556b2f', 'Olive'],
  ['#e8e0cc', 'Ecru'],
  ['#283c63', 'Indigo'],
];
const choreOptions = [dropDown('Size', SIZES), colorOption(CHORE_COLORS)];

const shellOptions = [dropDown('Size', SIZES)];

const PUFFER_COLORS: Swatch[] = [
  ['#1f1f1f', 'Black'],
  ['#c2410c', 'Ember'],
];
const pufferOptions = [dropDown('Size', SIZES), colorOption(PUFFER_COLORS)];

const BEANIE_COLORS: Swatch[] = [
  ['#d4a017', 'Mustard'],
  ['#2f3437', 'Charcoal'],
  ['#efe6d2', 'Cream'],
  ['#b4532a', 'Rust'],
  ['#2f4f3a', 'Forest'],
];

const CAP_COLORS: Swatch[] = [
  ['#1e3a5f', 'Navy'],
  ['#c3b091', 'Khaki'],
  ['#1c1c1c', 'Black'],
];

const SNEAKER_COLORS: Swatch[] = [
  ['#f1ede4', 'Chalk'],
  ['#1f1f1f', 'Black'],
  ['#b91c1c', 'Cherry'],
];
const sneakerOptions = [dropDown('Size', SHOE_SIZES), colorOption(SNEAKER_COLORS)];

const CHELSEA_COLORS: Swatch[] = [
  ['#a0643b', 'Tan'],
  ['#1f1f1f', 'Black'],
];
const chelseaOptions = [dropDown('Size', SHOE_SIZES), colorOption(CHELSEA_COLORS)];

const MUG_COLORS: Swatch[] = [
  ['#efe9df', 'Speckled White'],
  ['#1e293b', 'Midnight'],
  ['#c2653c', 'Terracotta'],
];

const LAMP_COLORS: Swatch[] = [
  ['#ece3d0', 'Linen'],
  ['#9caf88', 'Sage'],
  ['#c97b5a', 'Clay'],
];

const CHAIR_COLORS: Swatch[] = [
  ['#d49a28', 'Mustard'],
  ['#2f4f3a', 'Forest'],
  ['#475569', 'Slate'],
];
const chairOptions = [colorOption(CHAIR_COLORS)];

const planterOptions = [dropDown('Size', ['Small', 'Medium', 'Large'])];

const THROW_COLORS: Swatch[] = [
  ['#e9dfcc', 'Oat'],
  ['#9caf88', 'Sage'],
  ['#c97b5a', 'Clay'],
];

const printOptions = [dropDown('Size', ['A3', 'A2', '50 × 70 cm'])];

const BACKPACK_COLORS: Swatch[] = [
  ['#556b2f', 'Olive'],
  ['#b08d57', 'Tan'],
  ['#1f1f1f', 'Black'],
];
const backpackOptions = [colorOption(BACKPACK_COLORS)];

const WALLET_COLORS: Swatch[] = [
  ['#9a4f24', 'Cognac'],
  ['#3b2a20', 'Espresso'],
  ['#1f1f1f', 'Black'],
];

const watchOptions = [dropDown('Strap', ['Olive canvas', 'Tan leather', 'Black leather'])];

const SUNGLASS_COLORS: Swatch[] = [
  ['#6b3e26', 'Tortoise'],
  ['#111111', 'Black'],
  ['#9ca3af', 'Crystal Grey'],
];

const NOTEBOOK_COLORS: Swatch[] = [
  ['#2f4f3a', 'Forest'],
  ['#c2653c', 'Terracotta'],
  ['#1e3a5f', 'Navy'],
  ['#d8cbb3', 'Sand'],
];

const HEADPHONE_COLORS: Swatch[] = [
  ['#d6c7a8', 'Sand'],
  ['#374151', 'Graphite'],
];
const headphoneOptions = [colorOption(HEADPHONE_COLORS)];

const BOTTLE_COLORS: Swatch[] = [
  ['#7fb3d5', 'Glacier'],
  ['#2f4f3a', 'Forest'],
  ['#d6c7a8', 'Sand'],
  ['#f07167', 'Coral'],
  ['#1f1f1f', 'Black'],
];
const bottleOptions = [colorOption(BOTTLE_COLORS)];

const DAYPACK_COLORS: Swatch[] = [
  ['#b4532a', 'Rust'],
  ['#475569', 'Slate'],
];
const daypackOptions = [colorOption(DAYPACK_COLORS)];

const giftCardOptions = [dropDown('Amount', ['$25', '$50', '$100', '$150'])];
const albumOptions = [dropDown('Format', ['MP3 (320 kbps)', 'FLAC (lossless)'])];

export const demoProducts: DemoProduct[] = [
  // ------------------------------------------------------------------------------------------------------- apparel
  {
    product: {
      name: 'Everyday Organic Tee',
      slug: 'everyday-organic-tee',
      sku: 'WM-TEE-ORG',
      productType: 'physical',
      brand: 'Wildmere',
      ribbon: 'Bestseller',
      weight: 0.18,
      priceData: { price: 28 },
      costAndProfitData: { itemCost: 9.5 },
      description: html(
        '<p>The tee we reach for first. Cut from <strong>180 g/m² GOTS-certified organic cotton</strong> that starts out soft and gets better with every wash.</p>',
        list(
          'Relaxed, true-to-size fit with a slightly dropped shoulder',
          'Ribbed crew neck that keeps its shape',
          'Garment-dyed for a lived-in colour',
        ),
        '<p>Knitted and sewn in a family-run workshop in Porto, Portugal.</p>',
      ),
      manageVariants: true,
      productOptions: teeOptions,
      additionalInfoSections: [CARE_COTTON, SHIPPING],
      stock: { trackInventory: true },
    },
    images: [{ key: 'everyday-organic-tee', art: 'tshirt', color: '#2b2f36' }],
    choiceImages: colorImages('everyday-organic-tee', 'tshirt', TEE_COLORS),
    variants: variantGrid('WM-TEE-ORG', teeOptions, (c) => ({
      ...(c.Size === 'XL' ? { price: 30, weight: 0.2 } : {}),
      ...(c.Color === 'Sage' && c.Size === 'XL' ? { quantity: 0 } : {}),
      ...(c.Color === 'Navy' && c.Size === 'S' ? { quantity: 0 } : {}),
    })),
    collections: ['apparel'],
  },
  {
    product: {
      name: 'Heavyweight Pocket Tee',
      slug: 'heavyweight-pocket-tee',
      sku: 'WM-TEE-HVY',
      productType: 'physical',
      brand: 'Wildmere',
      ribbon: 'New',
      weight: 0.26,
      priceData: { price: 34 },
      costAndProfitData: { itemCost: 12 },
      description: html(
        '<p>A boxy, structured tee in dense <strong>240 g/m² loopback jersey</strong> with a patch pocket that is actually big enough for a phone.</p>',
        '<p>It has the heft of a vintage workwear tee and softens beautifully. Size down for a closer fit.</p>',
      ),
      productOptions: [dropDown('Size', SIZES)],
      additionalInfoSections: [CARE_COTTON, SHIPPING],
      stock: { trackInventory: true, quantity: 64 },
    },
    images: [
      { key: 'heavyweight-pocket-tee', art: 'tshirt', color: '#efe8dc' },
      { key: 'heavyweight-pocket-tee-detail', art: 'tshirt', color: '#efe8dc', label: 'WILDMERE', accent: '#8a6d4b' },
    ],
    collections: ['apparel'],
  },
  {
    product: {
      name: 'Harbor Fleece Hoodie',
      slug: 'harbor-fleece-hoodie',
      sku: 'WM-HOOD-HBR',
      productType: 'physical',
      brand: 'Wildmere',
      ribbon: 'Sale',
      weight: 0.62,
      priceData: { price: 68 },
      costAndProfitData: { itemCost: 24 },
      discount: { type: 'PERCENT', value: 15 },
      description: html(
        '<p>Brushed-back organic fleece with a double-layer hood and a roomy kangaroo pocket. Warm enough for a foggy morning on the harbour, light enough to wear all day.</p>',
        list(
          '<strong>380 g/m²</strong> organic cotton and recycled polyester fleece',
          'Flat cotton drawcords with metal aglets',
          'Ribbed cuffs and hem that don’t bag out',
        ),
      ),
      manageVariants: true,
      productOptions: hoodieOptions,
      additionalInfoSections: [CARE_COTTON, SHIPPING],
      stock: { trackInventory: true },
    },
    images: [{ key: 'harbor-fleece-hoodie', art: 'hoodie', color: '#b4532a', accent: '#f3e9dc' }],
    choiceImages: colorImages('harbor-fleece-hoodie', 'hoodie', HOODIE_COLORS, { accent: '#f3e9dc' }),
    variants: variantGrid('WM-HOOD-HBR', hoodieOptions, (c) => ({
      ...(c.Size === 'XL' ? { price: 72 } : {}),
      ...(c.Color === 'Rust' && c.Size === 'S' ? { quantity: 0 } : {}),
    })),
    collections: ['apparel', 'sale'],
  },
  {
    product: {
      name: 'Merino Crew Sweater',
      slug: 'merino-crew-sweater',
      sku: 'LH-SWT-MER',
      productType: 'physical',
      brand: 'Loomhouse',
      weight: 0.45,
      priceData: { price: 98 },
      costAndProfitData: { itemCost: 38 },
      description: html(
        '<h3>Soft enough to wear next to skin</h3>',
        '<p>Knitted from <strong>extra-fine 17.5 micron merino</strong> in a classic cable pattern. It regulates temperature, resists odour and packs down small.</p>',
        '<p>Made by Loomhouse, a small mill in the Scottish Borders that has been spinning wool since 1962.</p>',
      ),
      productOptions: [dropDown('Size', SIZES), colorOption(SWEATER_COLORS)],
      additionalInfoSections: [CARE_KNIT, SHIPPING],
      stock: { trackInventory: false, inStock: true },
    },
    images: [{ key: 'merino-crew-sweater', art: 'sweater', color: '#d8cbb3' }],
    choiceImages: colorImages('merino-crew-sweater', 'sweater', SWEATER_COLORS),
    collections: ['apparel'],
  },
  {
    product: {
      name: 'Field Chore Jacket',
      slug: 'field-chore-jacket',
      sku: 'NC-JKT-CHR',
      productType: 'physical',
      brand: 'Northcraft',
      ribbon: 'Limited',
      weight: 0.9,
      priceData: { price: 148 },
      costAndProfitData: { itemCost: 56 },
      description: html(
        '<p>Our take on the French work jacket: <strong>12 oz cotton canvas</strong>, four patch pockets and corozo-nut buttons. It starts stiff and breaks in to fit you like nothing else.</p>',
        list('Unlined for year-round layering', 'Triple-stitched seams', 'Indigo is rope-dyed and fades with wear'),
        '<p>Produced in a run of 300 pieces per colour.</p>',
      ),
      manageVariants: true,
      productOptions: choreOptions,
      additionalInfoSections: [
        care('<p>Wash cold, inside out and on its own for the first few washes. Line dry.</p>'),
        SHIPPING,
      ],
      stock: { trackInventory: true },
    },
    images: [{ key: 'field-chore-jacket', art: 'jacket', color: '#556b2f', accent: '#d6c7a8' }],
    choiceImages: colorImages('field-chore-jacket', 'jacket', CHORE_COLORS, { accent: '#d6c7a8' }),
    variants: variantGrid('NC-JKT-CHR', choreOptions, (c) => ({
      ...(c.Color === 'Indigo' ? { price: 158 } : {}),
      ...(c.Color === 'Ecru' && (c.Size === 'S' || c.Size === 'XL') ? { quantity: 0 } : {}),
    })),
    collections: ['apparel'],
  },
  {
    product: {
      name: 'Ridgeline Rain Shell',
      slug: 'ridgeline-rain-shell',
      sku: 'RL-JKT-RAIN',
      productType: 'physical',
      brand: 'Ridgeline',
      weight: 0.38,
      priceData: { price: 189 },
      costAndProfitData: { itemCost: 74 },
      description: html(
        '<p>A three-layer waterproof shell that weighs less than a water bottle and stuffs into its own chest pocket.</p>',
        list(
          '<strong>20,000 mm</strong> waterproof, 15,000 g breathable membrane',
          'PFC-free water repellent finish',
          'Helmet-compatible hood with a laminated brim',
          'Pit zips for steep climbs',
        ),
      ),
      manageVariants: true,
      productOptions: shellOptions,
      additionalInfoSections: [
        care('<p>Machine wash warm with a technical wash, then tumble dry low to reactivate the water repellency.</p>'),
        SHIPPING,
      ],
      stock: { trackInventory: true },
    },
    images: [{ key: 'ridgeline-rain-shell', art: 'jacket', color: '#5b8fb9', accent: '#1f2937' }],
    variants: variantGrid('RL-JKT-RAIN', shellOptions, (c) => (c.Size === 'M' ? { quantity: 0 } : {})),
    collections: ['apparel', 'outdoor'],
  },
  {
    product: {
      name: '“Sunday Ride” Graphic Tee',
      slug: 'sunday-ride-graphic-tee',
      sku: 'WM-TEE-SRD',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.19,
      priceData: { price: 32 },
      costAndProfitData: { itemCost: 10.5 },
      discount: { type: 'AMOUNT', value: 5 },
      description: html(
        '<p>Screen-printed by hand in Portland with water-based inks, on our everyday organic tee. A love letter to slow bike rides and long brunches.</p>',
        '<p><em>Last of this season’s print run</em> – once it sells out, it won’t come back.</p>',
      ),
      productOptions: [dropDown('Size', SIZES)],
      additionalInfoSections: [CARE_COTTON, SHIPPING],
      stock: { trackInventory: true, quantity: 23 },
    },
    images: [
      { key: 'sunday-ride-graphic-tee', art: 'tshirt', color: '#1e3a5f', label: 'SUNDAY RIDE', accent: '#f5d08a' },
    ],
    collections: ['apparel', 'sale'],
  },
  {
    product: {
      name: 'Packable Puffer Jacket',
      slug: 'packable-puffer-jacket',
      sku: 'RL-JKT-PUF',
      productType: 'physical',
      brand: 'Ridgeline',
      ribbon: 'Sale',
      weight: 0.42,
      priceData: { price: 159 },
      costAndProfitData: { itemCost: 61 },
      discount: { type: 'PERCENT', value: 30 },
      description: html(
        '<p>Insulated with <strong>700-fill responsibly sourced down</strong> in a ripstop shell. Throw it on at camp, then pack it into its own pocket for the walk home.</p>',
        list('Weighs 420 g', 'Zippered hand pockets', 'Elastic cuffs and drawcord hem'),
        '<p>Last season’s colours at a friendly price.</p>',
      ),
      manageVariants: true,
      productOptions: pufferOptions,
      additionalInfoSections: [
        care(
          '<p>Machine wash cold on a gentle cycle with a down wash. Tumble dry low with two clean tennis balls.</p>',
        ),
        SHIPPING,
      ],
      stock: { trackInventory: true },
    },
    images: [{ key: 'packable-puffer-jacket', art: 'jacket', color: '#c2410c', accent: '#1f1f1f' }],
    choiceImages: colorImages('packable-puffer-jacket', 'jacket', PUFFER_COLORS, { accent: '#d4d4d8' }),
    variants: variantGrid('RL-JKT-PUF', pufferOptions, (c) => ({
      ...(c.Color === 'Ember' && c.Size !== 'M'
        ? { quantity: 0 }
        : { quantity: qty(`puffer-${c.Size}-${c.Color}`, 1, 9) }),
      ...(c.Color === 'Ember' && c.Size === 'XL' ? { visible: false } : {}),
    })),
    collections: ['apparel', 'outdoor', 'sale'],
  },
  // ---------------------------------------------------------------------------------------------------- accessories
  {
    product: {
      name: 'Ribbed Knit Beanie',
      slug: 'ribbed-knit-beanie',
      sku: 'WM-BEA-RIB',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.1,
      priceData: { price: 24 },
      costAndProfitData: { itemCost: 7 },
      description: html(
        '<p>A chunky fisherman’s rib in soft lambswool and recycled nylon, with a deep fold-over cuff and a pom-pom you can snip off if that’s more your style.</p>',
        '<p>One size fits most adults.</p>',
      ),
      productOptions: [colorOption(BEANIE_COLORS)],
      additionalInfoSections: [CARE_KNIT, SHIPPING],
      stock: { trackInventory: true, quantity: 120 },
    },
    images: [{ key: 'ribbed-knit-beanie', art: 'beanie', color: '#d4a017' }],
    choiceImages: colorImages('ribbed-knit-beanie', 'beanie', BEANIE_COLORS),
    collections: ['accessories', 'apparel', 'gifts'],
  },
  {
    product: {
      name: 'Six-Panel Canvas Cap',
      slug: 'six-panel-canvas-cap',
      sku: 'WM-CAP-6P',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.12,
      priceData: { price: 29 },
      costAndProfitData: { itemCost: 8.5 },
      description: html(
        '<p>A washed cotton canvas cap with an unstructured crown, a gently curved brim and a brass slide buckle at the back.</p>',
        list('One size, adjustable', 'Embroidered eyelets', 'Embroidered “W” patch'),
      ),
      productOptions: [colorOption(CAP_COLORS)],
      additionalInfoSections: [care('<p>Hand wash cold and reshape while damp. Don’t tumble dry.</p>'), SHIPPING],
      stock: { trackInventory: true, quantity: 58 },
    },
    images: [{ key: 'six-panel-canvas-cap', art: 'cap', color: '#1e3a5f', label: 'W', accent: '#efe6d2' }],
    choiceImages: colorImages('six-panel-canvas-cap', 'cap', CAP_COLORS, { label: 'W', accent: '#efe6d2' }),
    collections: ['accessories'],
  },
  {
    product: {
      name: 'Everyday Crew Socks, 3-Pack',
      slug: 'everyday-crew-socks-3-pack',
      sku: 'WM-SOCK-3PK',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.15,
      priceData: { price: 22 },
      costAndProfitData: { itemCost: 6 },
      description: html(
        '<p>Three pairs of combed organic cotton socks with a cushioned sole, a seamless toe and a cuff that stays up without pinching.</p>',
        '<p>Each pack mixes our seasonal stripes – no two packs are quite alike.</p>',
      ),
      productOptions: [dropDown('Size', ['S (US 4–7)', 'M (US 7–10)', 'L (US 10–13)'])],
      additionalInfoSections: [CARE_COTTON, SHIPPING],
      stock: { trackInventory: true, quantity: 150 },
    },
    images: [{ key: 'everyday-crew-socks-3-pack', art: 'socks', color: '#b4532a', accent: '#efe6d2' }],
    collections: ['apparel', 'accessories', 'gifts'],
  },
  {
    product: {
      name: 'Lambswool Scarf',
      slug: 'lambswool-scarf',
      sku: 'LH-SCF-LMB',
      productType: 'physical',
      brand: 'Loomhouse',
      weight: 0.25,
      priceData: { price: 55 },
      costAndProfitData: { itemCost: 21 },
      description: html(
        '<p>Woven on a century-old loom from pure Scottish lambswool, then brushed for a cloud-soft handle. Finished with a hand-knotted fringe.</p>',
        '<p><strong>Sold out for the season</strong> – the next batch comes off the loom in autumn.</p>',
      ),
      additionalInfoSections: [CARE_KNIT, SHIPPING],
      stock: { trackInventory: true, quantity: 0 },
    },
    images: [{ key: 'lambswool-scarf', art: 'scarf', color: '#8fa98b', accent: '#efe6d2' }],
    collections: ['accessories', 'gifts'],
  },
  // ------------------------------------------------------------------------------------------------------- footwear
  {
    product: {
      name: 'Canvas Low-Top Sneaker',
      slug: 'canvas-low-top-sneaker',
      sku: 'WM-SNK-LOW',
      productType: 'physical',
      brand: 'Wildmere',
      ribbon: 'Bestseller',
      weight: 0.9,
      priceData: { price: 79 },
      costAndProfitData: { itemCost: 29 },
      description: html(
        '<p>The sneaker you forget you’re wearing. An <strong>organic cotton canvas</strong> upper on a natural rubber vulcanised sole, with a cork-and-latex footbed that moulds to your step.</p>',
        list(
          'True to size; half sizes should size up',
          'Recycled cotton laces',
          'Made in a Fair Trade certified factory',
        ),
      ),
      manageVariants: true,
      productOptions: sneakerOptions,
      additionalInfoSections: [
        {
          title: 'Size & Fit',
          description: '<p>Runs true to size. If you’re between sizes or have wide feet, go up half a size.</p>',
        },
        CARE_SHOES,
        SHIPPING,
      ],
      stock: { trackInventory: true },
    },
    images: [{ key: 'canvas-low-top-sneaker', art: 'sneaker', color: '#f1ede4', accent: '#1e3a5f' }],
    choiceImages: colorImages('canvas-low-top-sneaker', 'sneaker', SNEAKER_COLORS),
    variants: variantGrid('WM-SNK-LOW', sneakerOptions, (c) =>
      (c.Color === 'Cherry' && (c.Size === '7' || c.Size === '12')) || (c.Color === 'Black' && c.Size === '10')
        ? { quantity: 0 }
        : {},
    ),
    collections: ['footwear'],
  },
  {
    product: {
      name: 'Court Leather Sneaker',
      slug: 'court-leather-sneaker',
      sku: 'NC-SNK-CRT',
      productType: 'physical',
      brand: 'Northcraft',
      ribbon: 'New',
      weight: 1.05,
      priceData: { price: 129 },
      costAndProfitData: { itemCost: 48 },
      description: html(
        '<p>A clean, minimal court shoe in <strong>full-grain leather</strong> from a gold-rated tannery, stitched to a Margom rubber cupsole that can be resoled.</p>',
        '<p>Leather-lined, with a padded collar and a contrast heel tab in navy suede.</p>',
      ),
      productOptions: [dropDown('Size', SHOE_SIZES)],
      additionalInfoSections: [CARE_LEATHER, SHIPPING],
      stock: { trackInventory: true, quantity: 36 },
    },
    images: [{ key: 'court-leather-sneaker', art: 'sneaker', color: '#f5f5f4', accent: '#1e3a5f' }],
    collections: ['footwear'],
  },
  {
    product: {
      name: 'Chelsea Boot',
      slug: 'chelsea-boot',
      sku: 'NC-BOOT-CHL',
      productType: 'physical',
      brand: 'Northcraft',
      ribbon: 'Sale',
      weight: 1.4,
      priceData: { price: 189 },
      costAndProfitData: { itemCost: 72 },
      discount: { type: 'AMOUNT', value: 30 },
      description: html(
        '<h3>Built to be resoled, not replaced</h3>',
        '<p>A Goodyear-welted Chelsea boot in oiled nubuck, with elastic side gussets and a leather pull tab. The stacked leather heel and rubber sole grip on wet city pavements.</p>',
        list('Leather lining and cork mid-sole', 'Resoleable by any good cobbler', 'Black adds a polished calf finish'),
      ),
      manageVariants: true,
      productOptions: chelseaOptions,
      additionalInfoSections: [CARE_LEATHER, SHIPPING],
      stock: { trackInventory: true },
    },
    images: [{ key: 'chelsea-boot', art: 'boot', color: '#a0643b' }],
    choiceImages: colorImages('chelsea-boot', 'boot', CHELSEA_COLORS),
    variants: variantGrid('NC-BOOT-CHL', chelseaOptions, (c) => ({
      ...(c.Color === 'Black' ? { price: 199 } : {}),
      ...(c.Size === '7' || c.Size === '12' ? { quantity: qty(`chelsea-${c.Size}-${c.Color}`, 0, 3) } : {}),
    })),
    collections: ['footwear', 'sale'],
  },
  {
    product: {
      name: 'Trail Runner',
      slug: 'trail-runner',
      sku: 'RL-SNK-TRL',
      productType: 'physical',
      brand: 'Ridgeline',
      weight: 0.82,
      priceData: { price: 119 },
      costAndProfitData: { itemCost: 45 },
      description: html(
        '<p>Light, grippy and forgiving. A recycled mesh upper, a responsive foam midsole and <strong>4 mm lugs</strong> that bite on mud, rock and everything in between.</p>',
        list('6 mm drop', 'Rock plate under the forefoot', 'Gaiter attachment points'),
      ),
      productOptions: [dropDown('Size', SHOE_SIZES)],
      additionalInfoSections: [CARE_SHOES, SHIPPING],
      stock: { trackInventory: true, quantity: 44 },
    },
    images: [{ key: 'trail-runner', art: 'sneaker', color: '#475569', accent: '#f59e0b' }],
    collections: ['footwear', 'outdoor'],
  },
  {
    product: {
      name: 'Suede Desert Boot',
      slug: 'suede-desert-boot',
      sku: 'NC-BOOT-DST',
      productType: 'physical',
      brand: 'Northcraft',
      weight: 1.1,
      priceData: { price: 149 },
      costAndProfitData: { itemCost: 55 },
      description: html(
        '<p>The two-eyelet desert boot, made properly: soft sand suede, a leather lining and a natural crepe sole that cushions every step.</p>',
        '<p><em>Currently out of stock.</em> We’re waiting on the next delivery of crepe – sign up for a restock email and you’ll be the first to know.</p>',
      ),
      productOptions: [dropDown('Size', SHOE_SIZES)],
      additionalInfoSections: [
        care('<p>Protect with a suede spray before first wear. Lift marks with a suede eraser and brush.</p>'),
        SHIPPING,
      ],
      stock: { trackInventory: true, quantity: 0 },
    },
    images: [{ key: 'suede-desert-boot', art: 'boot', color: '#c3a27a' }],
    collections: ['footwear'],
  },
  // -------------------------------------------------------------------------------------------------- home & living
  {
    product: {
      name: 'Stoneware Mug',
      slug: 'stoneware-mug',
      sku: 'SC-MUG-STN',
      productType: 'physical',
      brand: 'Saltmarsh Ceramics',
      weight: 0.42,
      priceData: { price: 24 },
      costAndProfitData: { itemCost: 8 },
      description: html(
        '<p>Thrown on the wheel in a small coastal studio and glazed by hand, so each mug is slightly different. It holds a generous <strong>350 ml</strong> and has a handle that fits three fingers.</p>',
        '<p>Pairs nicely with our House Blend.</p>',
      ),
      productOptions: [colorOption(MUG_COLORS)],
      additionalInfoSections: [CARE_CERAMIC, SHIPPING],
      stock: { trackInventory: true, quantity: 80 },
    },
    images: [{ key: 'stoneware-mug', art: 'mug', color: '#efe9df' }],
    choiceImages: colorImages('stoneware-mug', 'mug', MUG_COLORS),
    collections: ['home-living', 'gifts'],
  },
  {
    product: {
      name: 'Stoneware Bowl Set of 4',
      slug: 'stoneware-bowl-set',
      sku: 'SC-BWL-SET4',
      productType: 'physical',
      brand: 'Saltmarsh Ceramics',
      weight: 2.4,
      priceData: { price: 68 },
      costAndProfitData: { itemCost: 26 },
      description: html(
        '<p>Four everyday bowls, deep enough for ramen and wide enough for a generous salad. A speckled oatmeal glaze with a raw, toasted rim.</p>',
        list('16 cm wide, 7 cm deep', 'Stack neatly', 'Lead- and cadmium-free glazes'),
      ),
      additionalInfoSections: [CARE_CERAMIC, SHIPPING_LARGE],
      stock: { trackInventory: true, quantity: 18 },
    },
    images: [{ key: 'stoneware-bowl-set', art: 'bowl', color: '#e7dcc8', accent: '#8a6d4b' }],
    collections: ['home-living'],
  },
  {
    product: {
      name: 'Arc Table Lamp',
      slug: 'arc-table-lamp',
      sku: 'WM-LMP-ARC',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 2.1,
      priceData: { price: 129 },
      costAndProfitData: { itemCost: 49 },
      description: html(
        '<p>A solid brass stem and a hand-pleated linen shade throw a warm, even pool of light – just right for reading or a late dinner.</p>',
        list(
          'Dimmable inline switch',
          'E26 socket, bulb included (2700 K LED)',
          '2 m cotton-braided cord',
          '46 cm tall',
        ),
      ),
      productOptions: [colorOption(LAMP_COLORS)],
      additionalInfoSections: [SHIPPING_LARGE],
      stock: { trackInventory: true, quantity: 15 },
    },
    images: [{ key: 'arc-table-lamp', art: 'lamp', color: '#ece3d0' }],
    choiceImages: colorImages('arc-table-lamp', 'lamp', LAMP_COLORS),
    collections: ['home-living'],
  },
  {
    product: {
      name: 'Oak Lounge Chair',
      slug: 'oak-lounge-chair',
      sku: 'WM-CHR-OAK',
      productType: 'physical',
      brand: 'Wildmere',
      ribbon: 'Limited',
      weight: 9.5,
      priceData: { price: 249 },
      costAndProfitData: { itemCost: 110 },
      description: html(
        '<p>A compact lounge chair with a solid <strong>FSC-certified oak</strong> frame and a softly curved back, upholstered in a durable wool-blend bouclé.</p>',
        '<p>Small enough for an apartment corner, comfortable enough for a whole novel. Made to order in a run of 40 chairs per colour.</p>',
        list('W 62 × D 70 × H 78 cm', 'Seat height 42 cm', 'Arrives fully assembled'),
      ),
      manageVariants: true,
      productOptions: chairOptions,
      additionalInfoSections: [
        care('<p>Vacuum the upholstery regularly. Blot spills immediately with a clean, dry cloth.</p>'),
        SHIPPING_LARGE,
      ],
      stock: { trackInventory: true },
    },
    images: [{ key: 'oak-lounge-chair', art: 'chair', color: '#d49a28' }],
    choiceImages: colorImages('oak-lounge-chair', 'chair', CHAIR_COLORS),
    variants: variantGrid('WM-CHR-OAK', chairOptions, (c) => ({
      quantity: c.Color === 'Forest' ? 0 : qty(c.Color!, 2, 8),
    })),
    collections: ['home-living'],
  },
  {
    product: {
      name: 'Terracotta Planter',
      slug: 'terracotta-planter',
      sku: 'SC-PLT-TER',
      productType: 'physical',
      brand: 'Saltmarsh Ceramics',
      weight: 0.9,
      priceData: { price: 24 },
      costAndProfitData: { itemCost: 8 },
      description: html(
        '<p>Unglazed terracotta breathes, so roots stay healthy and soil dries evenly. Each planter has a drainage hole and comes with a matching saucer.</p>',
        list(
          'Small: 12 cm – for herbs and succulents',
          'Medium: 18 cm – for pothos and ferns',
          'Large: 26 cm – for a statement monstera',
        ),
      ),
      manageVariants: true,
      productOptions: planterOptions,
      additionalInfoSections: [
        care('<p>Frost-resistant down to −5 °C. Scrub with a stiff brush and water between plantings.</p>'),
        SHIPPING,
      ],
      stock: { trackInventory: true },
    },
    images: [{ key: 'terracotta-planter', art: 'plant', color: '#c2653c', accent: '#f3e9dc' }],
    variants: variantGrid('SC-PLT-TER', planterOptions, (c) =>
      c.Size === 'Small'
        ? { price: 24, weight: 0.9 }
        : c.Size === 'Medium'
          ? { price: 34, weight: 1.6 }
          : { price: 48, weight: 2.8 },
    ),
    collections: ['home-living'],
  },
  {
    product: {
      name: 'Waffle Cotton Throw',
      slug: 'waffle-cotton-throw',
      sku: 'LH-THR-WAF',
      productType: 'physical',
      brand: 'Loomhouse',
      weight: 1.1,
      priceData: { price: 89 },
      costAndProfitData: { itemCost: 33 },
      discount: { type: 'PERCENT', value: 20 },
      description: html(
        '<p>A generous waffle-weave throw in heavyweight organic cotton, soft enough for the sofa and breathable enough for summer nights.</p>',
        list('130 × 180 cm', 'Knotted fringe edges', 'Pre-washed, so it won’t shrink'),
        '<p>This season’s colours are 20% off while they last.</p>',
      ),
      productOptions: [colorOption(THROW_COLORS)],
      additionalInfoSections: [CARE_COTTON, SHIPPING],
      stock: { trackInventory: true, quantity: 27 },
    },
    images: [{ key: 'waffle-cotton-throw', art: 'blanket', color: '#e9dfcc', accent: '#c97b5a' }],
    choiceImages: colorImages('waffle-cotton-throw', 'blanket', THROW_COLORS, { accent: '#f6f3ee' }),
    collections: ['home-living', 'sale'],
  },
  {
    product: {
      name: 'Cedar & Smoke Soy Candle',
      slug: 'cedar-smoke-soy-candle',
      sku: 'EW-CDL-CDR',
      productType: 'physical',
      brand: 'Ember & Wick',
      weight: 0.45,
      priceData: { price: 32 },
      costAndProfitData: { itemCost: 9 },
      pricePerUnitData: { totalQuantity: 220, totalMeasurementUnit: 'G', baseQuantity: 100, baseMeasurementUnit: 'G' },
      description: html(
        '<p>Like a cabin after the fire has burned down: <strong>cedarwood, vetiver and a wisp of smoke</strong>, softened with a little vanilla.</p>',
        list('220 g natural soy wax', 'Cotton wick, about 45 hours of burn time', 'Reusable amber glass jar'),
        '<p>Poured by hand in small batches.</p>',
      ),
      additionalInfoSections: [CARE_CANDLE, SHIPPING],
      stock: { trackInventory: true, quantity: 64 },
    },
    images: [{ key: 'cedar-smoke-soy-candle', art: 'candle', color: '#a86b32', label: 'CEDAR & SMOKE' }],
    collections: ['home-living', 'gifts'],
  },
  {
    product: {
      name: 'Olive & Fig Hand Soap',
      slug: 'olive-fig-hand-soap',
      sku: 'EW-SOAP-OLF',
      productType: 'physical',
      brand: 'Ember & Wick',
      weight: 0.6,
      priceData: { price: 18 },
      costAndProfitData: { itemCost: 5 },
      pricePerUnitData: {
        totalQuantity: 500,
        totalMeasurementUnit: 'ML',
        baseQuantity: 100,
        baseMeasurementUnit: 'ML',
      },
      description: html(
        '<p>A gentle, plant-based liquid soap with cold-pressed olive oil and a green, sun-warmed fig scent. Leaves hands clean, not tight.</p>',
        '<p>Comes in a refillable amber glass bottle with a matte black pump. <em>Vegan and cruelty-free.</em></p>',
      ),
      additionalInfoSections: [SHIPPING],
      stock: { trackInventory: true, quantity: 95 },
    },
    images: [{ key: 'olive-fig-hand-soap', art: 'dispenser', color: '#8a5a2b', label: 'OLIVE & FIG' }],
    collections: ['home-living'],
  },
  {
    product: {
      name: '“Golden Hour” Art Print',
      slug: 'golden-hour-art-print',
      sku: 'WM-PRT-GLD',
      productType: 'physical',
      weight: 0.3,
      priceData: { price: 35 },
      costAndProfitData: { itemCost: 9 },
      description: html(
        '<p>A quiet mountain evening by Portland illustrator Maya Okafor, printed on <strong>310 g/m² cotton rag paper</strong> with archival pigment inks.</p>',
        '<p>Shipped flat in a rigid mailer. Frame not included.</p>',
      ),
      manageVariants: true,
      productOptions: printOptions,
      additionalInfoSections: [SHIPPING],
      stock: { trackInventory: false, inStock: true },
    },
    images: [{ key: 'golden-hour-art-print', art: 'poster', color: '#c2653c', label: 'GOLDEN HOUR' }],
    variants: variantGrid(
      'WM-PRT-GLD',
      printOptions,
      (c) =>
        c.Size === 'A3'
          ? { price: 35, weight: 0.3 }
          : c.Size === 'A2'
            ? { price: 49, weight: 0.45 }
            : { price: 65, weight: 0.6 },
      false,
    ),
    collections: ['home-living', 'gifts'],
  },
  {
    product: {
      name: 'House Blend Coffee Beans',
      slug: 'house-blend-coffee',
      sku: 'CL-COF-HSE',
      productType: 'physical',
      brand: 'Copperleaf Coffee',
      ribbon: 'Bestseller',
      weight: 0.27,
      priceData: { price: 16 },
      costAndProfitData: { itemCost: 5.5 },
      pricePerUnitData: { totalQuantity: 250, totalMeasurementUnit: 'G', baseQuantity: 100, baseMeasurementUnit: 'G' },
      description: html(
        '<p>Our everyday coffee: a medium roast of Brazilian and Colombian beans with <strong>notes of milk chocolate, toasted hazelnut and red apple</strong>.</p>',
        '<p>Roasted every Tuesday by our friends at Copperleaf and shipped within days. Great as espresso, forgiving in a French press.</p>',
      ),
      productOptions: [dropDown('Grind', ['Whole bean', 'Espresso', 'Filter', 'French press'])],
      additionalInfoSections: [STORAGE_COFFEE, SHIPPING],
      stock: { trackInventory: true, quantity: 140 },
    },
    images: [{ key: 'house-blend-coffee', art: 'coffee', color: '#6b3e26', label: 'HOUSE BLEND' }],
    collections: ['home-living', 'gifts'],
  },
  {
    product: {
      name: 'Ethiopia Yirgacheffe Coffee',
      slug: 'ethiopia-yirgacheffe-coffee',
      sku: 'CL-COF-ETH',
      productType: 'physical',
      brand: 'Copperleaf Coffee',
      weight: 0.27,
      priceData: { price: 19 },
      costAndProfitData: { itemCost: 7.5 },
      pricePerUnitData: { totalQuantity: 250, totalMeasurementUnit: 'G', baseQuantity: 100, baseMeasurementUnit: 'G' },
      description: html(
        '<p>A washed, light-roast single origin from smallholder farms around Gedeb. Expect <strong>jasmine, bergamot and ripe peach</strong> with a tea-like finish.</p>',
        '<p><em>Between harvests.</em> The new crop lands in a few weeks.</p>',
      ),
      additionalInfoSections: [STORAGE_COFFEE, SHIPPING],
      stock: { trackInventory: true, quantity: 0 },
    },
    images: [
      { key: 'ethiopia-yirgacheffe-coffee', art: 'coffee', color: '#0f766e', label: 'ETHIOPIA', accent: '#fbf7ef' },
    ],
    collections: ['home-living'],
  },
  {
    product: {
      name: 'Masala Chai Loose Leaf Tea',
      slug: 'masala-chai-loose-leaf',
      sku: 'CL-TEA-CHAI',
      productType: 'physical',
      brand: 'Copperleaf Coffee',
      weight: 0.14,
      priceData: { price: 14 },
      costAndProfitData: { itemCost: 4 },
      pricePerUnitData: { totalQuantity: 125, totalMeasurementUnit: 'G', baseQuantity: 100, baseMeasurementUnit: 'G' },
      description: html(
        '<p>Bold Assam black tea with cardamom, cinnamon, ginger, clove and black pepper. Simmer it with milk and honey for a proper stovetop chai.</p>',
        list('125 g, about 50 cups', 'Organic spices', 'Home compostable pouch'),
      ),
      additionalInfoSections: [SHIPPING],
      stock: { trackInventory: true, quantity: 70 },
    },
    images: [{ key: 'masala-chai-loose-leaf', art: 'coffee', color: '#b45309', label: 'MASALA CHAI' }],
    collections: ['home-living', 'gifts'],
  },
  // -------------------------------------------------------------------------------------------------- accessories
  {
    product: {
      name: 'Waxed Canvas Backpack',
      slug: 'waxed-canvas-backpack',
      sku: 'NC-BAG-WAX',
      productType: 'physical',
      brand: 'Northcraft',
      weight: 1.3,
      priceData: { price: 139 },
      costAndProfitData: { itemCost: 52 },
      description: html(
        '<p>Waxed cotton canvas, vegetable-tanned leather straps and solid brass hardware – the kind of bag that looks better after ten years than after one.</p>',
        list(
          '22 litres with a padded 15" laptop sleeve',
          'Zippered front pocket for small things',
          'Water-resistant, not waterproof',
        ),
      ),
      manageVariants: true,
      productOptions: backpackOptions,
      additionalInfoSections: [CARE_WAXED, SHIPPING],
      stock: { trackInventory: true },
    },
    images: [{ key: 'waxed-canvas-backpack', art: 'backpack', color: '#556b2f', accent: '#b08d57' }],
    choiceImages: colorImages('waxed-canvas-backpack', 'backpack', BACKPACK_COLORS, { accent: '#c8a165' }),
    variants: variantGrid('NC-BAG-WAX', backpackOptions),
    collections: ['accessories', 'outdoor'],
  },
  {
    product: {
      name: 'Market Tote Bag',
      slug: 'market-tote-bag',
      sku: 'WM-BAG-TOTE',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.35,
      priceData: { price: 32 },
      costAndProfitData: { itemCost: 9 },
      description: html(
        '<p>A sturdy tote in heavy natural canvas with a reinforced base and long handles that sit comfortably on the shoulder. Carries a full farmers’ market haul.</p>',
        '<p>Inside: one zip pocket for keys and a slip pocket for your phone.</p>',
      ),
      additionalInfoSections: [
        care('<p>Machine wash cold, line dry. Some shrinkage is normal for natural canvas.</p>'),
        SHIPPING,
      ],
      stock: { trackInventory: true, quantity: 75 },
    },
    images: [{ key: 'market-tote-bag', art: 'tote', color: '#e9dfcc', accent: '#2f4f3a', label: 'WILDMERE' }],
    collections: ['accessories', 'gifts'],
  },
  {
    product: {
      name: 'Leather Bifold Wallet',
      slug: 'leather-bifold-wallet',
      sku: 'WM-WAL-BIF',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.12,
      priceData: { price: 59 },
      costAndProfitData: { itemCost: 19 },
      description: html(
        '<p>A slim bifold cut from <strong>vegetable-tanned Italian leather</strong> that develops a rich patina. Holds six cards and folded notes without the bulk.</p>',
        '<p>Hand-stitched with waxed linen thread. Free blind-embossed initials on request – just add a note at checkout.</p>',
      ),
      productOptions: [colorOption(WALLET_COLORS)],
      additionalInfoSections: [CARE_LEATHER, SHIPPING],
      stock: { trackInventory: true, quantity: 48 },
    },
    images: [{ key: 'leather-bifold-wallet', art: 'wallet', color: '#9a4f24' }],
    choiceImages: colorImages('leather-bifold-wallet', 'wallet', WALLET_COLORS),
    collections: ['accessories', 'gifts'],
  },
  {
    product: {
      name: 'Field Watch 38 mm',
      slug: 'field-watch-38',
      sku: 'MT-WCH-F38',
      productType: 'physical',
      brand: 'Meridian Time',
      weight: 0.09,
      priceData: { price: 179 },
      costAndProfitData: { itemCost: 68 },
      description: html(
        '<p>A no-nonsense field watch with a <strong>38 mm brushed steel case</strong>, a sapphire crystal and a Japanese automatic movement you never need to change a battery on.</p>',
        list('100 m water resistance', 'Luminous hands and indices', 'Quick-release strap pins'),
        '<p>Choose the strap it ships on; all straps are 20 mm and interchangeable.</p>',
      ),
      manageVariants: true,
      productOptions: watchOptions,
      additionalInfoSections: [
        {
          title: 'Warranty',
          description:
            '<p>Two-year Meridian Time warranty covering the movement and case. Service available in the US.</p>',
        },
        SHIPPING,
      ],
      stock: { trackInventory: true },
    },
    images: [
      { key: 'field-watch-38', art: 'watch', color: '#556b2f', label: 'MERIDIAN' },
      { key: 'field-watch-38-tan', art: 'watch', color: '#a0643b', label: 'MERIDIAN' },
    ],
    variants: variantGrid('MT-WCH-F38', watchOptions, (c) => (c.Strap === 'Olive canvas' ? {} : { price: 199 })),
    collections: ['accessories', 'gifts'],
  },
  {
    product: {
      name: 'Classic Sunglasses',
      slug: 'classic-sunglasses',
      sku: 'WM-SUN-CLS',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.08,
      priceData: { price: 89 },
      costAndProfitData: { itemCost: 27 },
      discount: { type: 'PERCENT', value: 10 },
      description: html(
        '<p>A timeless square frame in plant-based acetate with <strong>polarised, UV400 lenses</strong> and five-barrel hinges that stay tight.</p>',
        '<p>Comes with a recycled felt case and a cleaning cloth.</p>',
      ),
      productOptions: [colorOption(SUNGLASS_COLORS)],
      additionalInfoSections: [SHIPPING],
      stock: { trackInventory: true, quantity: 40 },
    },
    images: [{ key: 'classic-sunglasses', art: 'sunglasses', color: '#6b3e26', accent: '#d4a017' }],
    choiceImages: colorImages('classic-sunglasses', 'sunglasses', SUNGLASS_COLORS),
    collections: ['accessories', 'sale'],
  },
  {
    product: {
      name: 'Dot Grid Notebook',
      slug: 'dot-grid-notebook',
      sku: 'WM-NB-DOT',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 0.3,
      priceData: { price: 18 },
      costAndProfitData: { itemCost: 5 },
      description: html(
        '<p>A lay-flat A5 notebook with 192 pages of <strong>100 g/m² fountain-pen-friendly paper</strong>, printed with a faint 5 mm dot grid.</p>',
        list('Cloth-bound hardcover', 'Elastic closure and ribbon marker', 'Numbered pages and a blank index'),
      ),
      productOptions: [colorOption(NOTEBOOK_COLORS)],
      additionalInfoSections: [SHIPPING],
      stock: { trackInventory: true, quantity: 130 },
    },
    images: [{ key: 'dot-grid-notebook', art: 'notebook', color: '#2f4f3a', label: 'NOTES' }],
    choiceImages: colorImages('dot-grid-notebook', 'notebook', NOTEBOOK_COLORS, { label: 'NOTES' }),
    collections: ['accessories', 'gifts'],
  },
  {
    product: {
      name: 'Tidewater Wireless Headphones',
      slug: 'tidewater-wireless-headphones',
      sku: 'TA-HP-WL1',
      productType: 'physical',
      brand: 'Tidewater Audio',
      ribbon: 'New',
      weight: 0.42,
      priceData: { price: 199 },
      costAndProfitData: { itemCost: 88 },
      description: html(
        '<p>Warm, detailed sound from 40 mm drivers, with <strong>adaptive noise cancelling</strong> that tunes out the train without the pressure in your ears.</p>',
        list(
          '40 hours of battery life',
          'USB-C fast charge: 10 minutes for 5 hours',
          'Memory foam ear cushions you can replace',
        ),
        '<h3>Built to be repaired</h3><p>Every part – from the battery to the headband – is available as a spare.</p>',
      ),
      manageVariants: true,
      productOptions: headphoneOptions,
      additionalInfoSections: [
        {
          title: 'Warranty',
          description: '<p>Two-year warranty. Replacement parts available for at least seven years.</p>',
        },
        SHIPPING,
      ],
      stock: { trackInventory: true },
    },
    images: [{ key: 'tidewater-wireless-headphones', art: 'headphones', color: '#d6c7a8', accent: '#8a6d4b' }],
    choiceImages: colorImages('tidewater-wireless-headphones', 'headphones', HEADPHONE_COLORS),
    variants: variantGrid('TA-HP-WL1', headphoneOptions),
    collections: ['accessories', 'gifts'],
  },
  {
    product: {
      name: 'Insulated Bottle 750 ml',
      slug: 'insulated-bottle-750',
      sku: 'RL-BTL-750',
      productType: 'physical',
      brand: 'Ridgeline',
      weight: 0.38,
      priceData: { price: 36 },
      costAndProfitData: { itemCost: 11 },
      description: html(
        '<p>Double-walled stainless steel keeps drinks <strong>cold for 24 hours or hot for 12</strong>. The powder-coated finish won’t sweat and grips well with wet hands.</p>',
        list('Leakproof loop cap', 'Fits most car cup holders', 'BPA-free, no plastic touching your drink'),
      ),
      manageVariants: true,
      productOptions: bottleOptions,
      additionalInfoSections: [care('<p>Hand wash only. Not suitable for the freezer.</p>'), SHIPPING],
      stock: { trackInventory: true },
    },
    images: [{ key: 'insulated-bottle-750', art: 'bottle', color: '#7fb3d5', label: 'RIDGELINE' }],
    choiceImages: colorImages('insulated-bottle-750', 'bottle', BOTTLE_COLORS, { label: 'RIDGELINE' }),
    variants: variantGrid('RL-BTL-750', bottleOptions, (c) => (c.Color === 'Coral' ? { quantity: 0 } : {})),
    collections: ['outdoor', 'accessories'],
  },
  // -------------------------------------------------------------------------------------------------------- outdoor
  {
    product: {
      name: 'Two-Person Trail Tent',
      slug: 'two-person-trail-tent',
      sku: 'RL-TNT-2P',
      productType: 'physical',
      brand: 'Ridgeline',
      weight: 2.4,
      priceData: { price: 249 },
      costAndProfitData: { itemCost: 104 },
      discount: { type: 'AMOUNT', value: 40 },
      description: html(
        '<p>A freestanding, three-season tent that pitches in under five minutes – even in the rain, since the fly goes up first.</p>',
        list(
          'Packed weight 2.4 kg',
          'Two doors and two vestibules',
          'Fully taped seams, 3,000 mm fly',
          'Recycled polyester throughout',
        ),
        '<p>Includes stakes, guylines and a stuff sack with compression straps.</p>',
      ),
      additionalInfoSections: [
        care('<p>Always dry completely before storing. Store loosely, not in the stuff sack.</p>'),
        SHIPPING_LARGE,
      ],
      stock: { trackInventory: true, quantity: 12 },
    },
    images: [{ key: 'two-person-trail-tent', art: 'tent', color: '#d4a017', accent: '#c2410c' }],
    collections: ['outdoor', 'sale'],
  },
  {
    product: {
      name: 'Camp Enamel Mug',
      slug: 'camp-enamel-mug',
      sku: 'RL-MUG-ENM',
      productType: 'physical',
      brand: 'Ridgeline',
      weight: 0.2,
      priceData: { price: 18 },
      costAndProfitData: { itemCost: 5 },
      description: html(
        '<p>Classic speckled enamel over steel with a rolled navy rim. Light enough for the pack, tough enough to put on the camp stove.</p>',
        '<p>Holds 350 ml. Every piece has small variations from the dipping process.</p>',
      ),
      additionalInfoSections: [
        care('<p>Dishwasher safe. Enamel can chip if dropped on rock – it’s part of its story.</p>'),
        SHIPPING,
      ],
      stock: { trackInventory: true, quantity: 90 },
    },
    images: [{ key: 'camp-enamel-mug', art: 'mug', color: '#f4f1ea', accent: '#1e3a5f' }],
    collections: ['outdoor', 'gifts'],
  },
  {
    product: {
      name: 'Trail Daypack 22 L',
      slug: 'trail-daypack-22l',
      sku: 'RL-BAG-D22',
      productType: 'physical',
      brand: 'Ridgeline',
      ribbon: 'Bestseller',
      weight: 0.7,
      priceData: { price: 89 },
      costAndProfitData: { itemCost: 33 },
      description: html(
        '<p>A light, ventilated daypack for summit days and commutes alike. The ripstop body is made from <strong>recycled fishing nets</strong>.</p>',
        list('Stretch side pockets for bottles', 'Hydration sleeve and hose port', 'Sternum strap with whistle'),
      ),
      manageVariants: true,
      productOptions: daypackOptions,
      additionalInfoSections: [care('<p>Hand wash with mild soap and air dry, unzipped.</p>'), SHIPPING],
      stock: { trackInventory: true },
    },
    images: [{ key: 'trail-daypack-22l', art: 'backpack', color: '#b4532a', accent: '#1f2937' }],
    choiceImages: colorImages('trail-daypack-22l', 'backpack', DAYPACK_COLORS, { accent: '#1f2937' }),
    variants: variantGrid('RL-BAG-D22', daypackOptions),
    collections: ['outdoor', 'accessories'],
  },
  {
    product: {
      name: 'Merino Hiking Socks',
      slug: 'merino-hiking-socks',
      sku: 'RL-SOCK-MER',
      productType: 'physical',
      brand: 'Ridgeline',
      weight: 0.1,
      priceData: { price: 19 },
      costAndProfitData: { itemCost: 6 },
      discount: { type: 'AMOUNT', value: 3 },
      description: html(
        '<p>Cushioned where your boots rub and thin where they don’t. A blend of merino and recycled nylon keeps feet dry and blister-free over long miles.</p>',
        '<p>Backed by our <em>no-holes guarantee</em>: wear them through and we’ll replace them.</p>',
      ),
      productOptions: [dropDown('Size', ['S (US 4–7)', 'M (US 7–10)', 'L (US 10–13)'])],
      additionalInfoSections: [CARE_KNIT, SHIPPING],
      stock: { trackInventory: true, quantity: 88 },
    },
    images: [{ key: 'merino-hiking-socks', art: 'socks', color: '#475569', accent: '#d4a017' }],
    collections: ['outdoor', 'sale'],
  },
  {
    product: {
      name: 'Wool Camp Blanket',
      slug: 'wool-camp-blanket',
      sku: 'LH-BLK-CMP',
      productType: 'physical',
      brand: 'Loomhouse',
      weight: 1.6,
      priceData: { price: 79 },
      costAndProfitData: { itemCost: 31 },
      description: html(
        '<p>A dense, recycled wool blanket with a classic stripe. Throw it over the sofa at home or the tailgate at the trailhead – it’s warm even when damp.</p>',
        list('150 × 200 cm', 'Whip-stitched edges', 'Comes rolled with a leather carry strap'),
      ),
      additionalInfoSections: [CARE_KNIT, SHIPPING_LARGE],
      stock: { trackInventory: true, quantity: 22 },
    },
    images: [{ key: 'wool-camp-blanket', art: 'blanket', color: '#2f4f3a', accent: '#d4a017' }],
    collections: ['outdoor', 'home-living'],
  },
  {
    product: {
      name: 'Trail Cap',
      slug: 'trail-cap',
      sku: 'RL-CAP-TRL',
      productType: 'physical',
      brand: 'Ridgeline',
      weight: 0.08,
      priceData: { price: 27 },
      costAndProfitData: { itemCost: 7 },
      description: html(
        '<p>A featherweight, quick-drying cap with a perforated crown and a packable brim. Stuff it in a pocket; it bounces right back.</p>',
        '<p><em>Sold out</em> – a fresh run is on its way.</p>',
      ),
      additionalInfoSections: [SHIPPING],
      stock: { trackInventory: false, inStock: false },
    },
    images: [{ key: 'trail-cap', art: 'cap', color: '#5b8fb9', accent: '#1f2937', label: 'RL' }],
    collections: ['outdoor'],
  },
  // ---------------------------------------------------------------------------------------------------------- gifts
  {
    product: {
      name: 'Morning Ritual Gift Set',
      slug: 'morning-ritual-gift-set',
      sku: 'WM-GFT-MRN',
      productType: 'physical',
      brand: 'Wildmere',
      weight: 1.2,
      priceData: { price: 59 },
      costAndProfitData: { itemCost: 22 },
      description: html(
        '<p>Everything for a slow, good morning, packed in a recycled gift box with a handwritten card:</p>',
        list(
          'One Saltmarsh stoneware mug (colour of our choosing)',
          'A 250 g bag of House Blend coffee',
          'A Dot Grid Notebook for morning pages',
        ),
        '<p>Add your message at checkout and we’ll write it out for you.</p>',
      ),
      additionalInfoSections: [SHIPPING],
      // Few left: its page says "Only 3 left" (the demo's low-stock example, named in the README).
      stock: { trackInventory: true, quantity: 3 },
    },
    images: [{ key: 'morning-ritual-gift-set', art: 'giftbox', color: '#2f4f3a', accent: '#f5e6c8' }],
    collections: ['gifts'],
  },
  {
    product: {
      name: 'Candle Trio Gift Box',
      slug: 'candle-trio-gift-box',
      sku: 'EW-GFT-TRIO',
      productType: 'physical',
      brand: 'Ember & Wick',
      weight: 0.6,
      priceData: { price: 45 },
      costAndProfitData: { itemCost: 14 },
      description: html(
        '<p>Three travel-size soy candles – <strong>Cedar &amp; Smoke</strong>, <strong>Fig Leaf</strong> and <strong>Sea Salt</strong> – nestled in a keepsake box.</p>',
        '<p>Each tin burns for around 20 hours, so there’s one for every mood.</p>',
      ),
      additionalInfoSections: [CARE_CANDLE, SHIPPING],
      stock: { trackInventory: true, quantity: 41 },
    },
    images: [
      { key: 'candle-trio-gift-box', art: 'giftbox', color: '#b91c1c', accent: '#f5e6c8', label: 'TRIO' },
      { key: 'candle-trio-gift-box-candle', art: 'candle', color: '#9caf88', label: 'FIG LEAF' },
    ],
    collections: ['gifts', 'home-living'],
  },
  {
    product: {
      name: '“Driftwood” Vinyl LP',
      slug: 'driftwood-vinyl-lp',
      sku: 'WM-LP-DRFT',
      productType: 'physical',
      ribbon: 'Limited',
      weight: 0.32,
      priceData: { price: 32 },
      costAndProfitData: { itemCost: 12 },
      description: html(
        '<p>The debut album from Portland folk duo <strong>The Low Tides</strong>, pressed on 180 g sand-coloured vinyl with a printed inner sleeve and a download code.</p>',
        '<p>Limited to 500 numbered copies. <em>This pressing is sold out</em>; the digital album is still available.</p>',
      ),
      additionalInfoSections: [SHIPPING],
      stock: { trackInventory: true, quantity: 0 },
    },
    images: [{ key: 'driftwood-vinyl-lp', art: 'vinyl', color: '#1e3a5f', accent: '#f5d08a', label: 'DRIFTWOOD' }],
    collections: ['gifts'],
  },
  // -------------------------------------------------------------------------------------------------------- digital
  {
    product: {
      name: 'Wildmere E-Gift Card',
      slug: 'wildmere-e-gift-card',
      sku: 'WM-GC',
      productType: 'digital',
      priceData: { price: 25 },
      description: html(
        '<p>Let them choose. Our e-gift card arrives by email with your personal message and can be spent on anything in the shop.</p>',
        list('Delivered instantly, or on a date you choose', 'Never expires', 'Can be used across several orders'),
      ),
      manageVariants: true,
      productOptions: giftCardOptions,
      additionalInfoSections: [
        {
          title: 'How it works',
          description: '<p>Enter the recipient’s email at checkout. They’ll receive a code to use at checkout.</p>',
        },
      ],
      stock: { trackInventory: false, inStock: true },
    },
    images: [{ key: 'wildmere-e-gift-card', art: 'giftcard', color: '#2f4f3a', accent: '#f5e6c8', label: 'GIFT CARD' }],
    variants: variantGrid('WM-GC', giftCardOptions, (c) => ({ price: Number((c.Amount ?? '$25').slice(1)) }), false),
    collections: ['gifts', 'digital'],
  },
  {
    product: {
      name: 'Slow Mornings (E-book)',
      slug: 'slow-mornings-ebook',
      sku: 'DG-EBK-SLOW',
      productType: 'digital',
      priceData: { price: 14 },
      costAndProfitData: { itemCost: 2 },
      description: html(
        '<p>A small, beautifully illustrated book about <strong>starting the day on purpose</strong>: 30 rituals, recipes and prompts gathered from makers, farmers and night-shift nurses.</p>',
        list('148 pages, EPUB and PDF', 'Illustrations by Maya Okafor', 'Works on any e-reader, tablet or phone'),
      ),
      additionalInfoSections: [DIGITAL_DELIVERY],
    },
    images: [{ key: 'slow-mornings-ebook', art: 'ebook', color: '#d4a017', label: 'Slow Mornings' }],
    collections: ['digital'],
  },
  {
    product: {
      name: 'The Sourdough Field Guide (E-book)',
      slug: 'sourdough-field-guide-ebook',
      sku: 'DG-EBK-SOUR',
      productType: 'digital',
      priceData: { price: 16 },
      costAndProfitData: { itemCost: 2 },
      description: html(
        '<h3>From starter to crumb shot</h3>',
        '<p>Everything we learned from three years of weekend baking, distilled into a practical guide with step-by-step photos, a troubleshooting chapter and a printable bake schedule.</p>',
        list('212 pages, EPUB and PDF', '24 recipes, from country loaf to cardamom buns', 'Metric and US measurements'),
      ),
      additionalInfoSections: [DIGITAL_DELIVERY],
    },
    images: [
      {
        key: 'sourdough-field-guide-ebook',
        art: 'ebook',
        color: '#7c2d12',
        accent: '#f5d08a',
        label: 'The Sourdough Field Guide',
      },
    ],
    collections: ['digital'],
  },
  {
    product: {
      name: 'Film Tones Lightroom Presets',
      slug: 'film-tones-lightroom-presets',
      sku: 'DG-PRE-FILM',
      productType: 'digital',
      ribbon: 'New',
      priceData: { price: 24 },
      costAndProfitData: { itemCost: 1 },
      discount: { type: 'PERCENT', value: 25 },
      description: html(
        '<p>Twenty-four presets modelled on our favourite <strong>35 mm film stocks</strong> – warm portra skin tones, faded greens and soft, believable grain.</p>',
        list(
          'For Lightroom Classic, Lightroom mobile and Camera Raw',
          'XMP and DNG formats included',
          'A short video guide to getting the most out of them',
        ),
      ),
      additionalInfoSections: [DIGITAL_DELIVERY],
    },
    images: [{ key: 'film-tones-lightroom-presets', art: 'preset', color: '#0f766e', accent: '#f59e0b' }],
    collections: ['digital', 'sale'],
  },
  {
    product: {
      name: 'Coastal Phone Wallpapers',
      slug: 'coastal-phone-wallpapers',
      sku: 'DG-WAL-CST',
      productType: 'digital',
      priceData: { price: 12 },
      costAndProfitData: { itemCost: 1 },
      description: html(
        '<p>A set of twelve calm, abstract wallpapers inspired by the Oregon coast at dawn, in matching light and dark versions.</p>',
        '<p>Sized for every modern phone at full resolution. <em>Works beautifully with a widget-free home screen.</em></p>',
      ),
      additionalInfoSections: [DIGITAL_DELIVERY],
    },
    images: [{ key: 'coastal-phone-wallpapers', art: 'wallpaper', color: '#5b8fb9', accent: '#f5d08a' }],
    collections: ['digital'],
  },
  {
    product: {
      name: '“Driftwood” Digital Album',
      slug: 'driftwood-digital-album',
      sku: 'DG-ALB-DRFT',
      productType: 'digital',
      priceData: { price: 12 },
      costAndProfitData: { itemCost: 3 },
      description: html(
        '<p>Ten songs about tides, small towns and leaving the porch light on, by Portland folk duo <strong>The Low Tides</strong>. Recorded live to tape in a converted boathouse.</p>',
        list('10 tracks, 41 minutes', 'Digital booklet with lyrics', 'Choose MP3 or lossless FLAC'),
      ),
      manageVariants: true,
      productOptions: albumOptions,
      additionalInfoSections: [DIGITAL_DELIVERY],
      stock: { trackInventory: false, inStock: true },
    },
    images: [{ key: 'driftwood-digital-album', art: 'vinyl', color: '#0f766e', accent: '#f5d08a', label: 'DRIFTWOOD' }],
    variants: variantGrid(
      'DG-ALB-DRFT',
      albumOptions,
      (c) => ({ price: c.Format?.startsWith('FLAC') ? 15 : 12 }),
      false,
    ),
    collections: ['digital'],
  },
  {
    product: {
      name: 'Printable Trail Map Poster',
      slug: 'printable-trail-map-poster',
      sku: 'DG-PRT-TRL',
      productType: 'digital',
      priceData: { price: 15 },
      costAndProfitData: { itemCost: 1 },
      description: html(
        '<p>A minimalist topographic map of the Columbia River Gorge trails, ready to print at home or at your local print shop.</p>',
        list('High-resolution PDF up to 50 × 70 cm', 'Two colourways: forest and ink', 'Personal use only'),
      ),
      additionalInfoSections: [DIGITAL_DELIVERY],
    },
    images: [
      { key: 'printable-trail-map-poster', art: 'poster', color: '#2f4f3a', accent: '#f5d08a', label: 'TRAILS' },
    ],
    collections: ['digital', 'outdoor'],
  },
];
