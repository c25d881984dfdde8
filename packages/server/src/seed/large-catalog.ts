import { randomFillSync } from 'node:crypto';
import { ALL_PRODUCTS_COLLECTION_ID, DEFAULT_VARIANT_ID } from '@merx/contract';
import type { Executor, MerxDb } from '@merx/db';
import { currencyDigits, type Discount, firstFreeSlug, PREORDER_OFF, slugify } from '@merx/domain';
import { sql } from 'kysely';
import { type Clock, systemClock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { ensureAllProductsCollection } from '../modules/collections/collections.repo.js';
import { refreshFacetKeys } from '../modules/products/facet-keys.js';
import { buildVariants, emptyProductData, normaliseOptions } from '../modules/products/products.input.js';
import { createProductsRepo } from '../modules/products/products.repo.js';
import type { ProductRecord, VariantRecord } from '../modules/products/products.types.js';
import { createSettingsService } from '../modules/settings/settings.service.js';

/*
 * A fast generator of large catalogs for benchmarks (`npm run merx -- seed --products N`, `npm run bench`).
 * It writes exactly the rows the product service writes — products through `products.repo`'s `insert`, so the
 * derived columns (ranges, stock, discounted price) are computed by the same code — but builds the records
 * directly instead of going through `products.create`, and works in batches of BATCH products per transaction.
 *
 * No outbox events are written: a bulk load for benchmarks is not a change anyone subscribes to, and a
 * million `product created` events would only bloat the outbox and keep the dispatcher busy.
 */

export interface SeedLargeCatalogOptions {
  products: number;
  /** Collections to create besides All Products (default 20). */
  collections?: number;
  clock?: Clock;
  /** Currency the prices are in (default: the store's currency). */
  currency?: string;
  /** Called after each committed batch with the number of products written so far. */
  onProgress?: (done: number) => void;
  /** Seed of the pseudo-random generator, for repeatable catalogs (default 1). */
  seed?: number;
}

/** Products per transaction. */
const BATCH = 1000;
/** collection_products rows per INSERT: 3 parameters each, well under SQLite's 32766 and PostgreSQL's 65535. */
const LINK_CHUNK = 5000;
/** The SQLite trigger that keeps the search index (product_search) in step with products inserts. */
const SEARCH_TRIGGER = 'product_search_insert';
interface SchemaRow {
  sql: string;
}
/** Created dates spread over this many days before now. */
const SPREAD_DAYS = 3 * 365;

interface Category {
  collection: string;
  nouns: string[];
  materials: string[];
  /** Choices of the Size option for this kind of product. */
  sizes: string[][];
  /** Price band in major units. */
  price: [number, number];
  /** Weight band in kg. */
  weight: [number, number];
  digital?: boolean;
}

const ADJECTIVES = [
  'Classic',
  'Modern',
  'Rustic',
  'Vintage',
  'Everyday',
  'Essential',
  'Handmade',
  'Organic',
  'Lightweight',
  'Heavy-Duty',
  'Minimal',
  'Deluxe',
  'Compact',
  'Oversized',
  'Slim',
  'Soft',
  'Rugged',
  'Elegant',
  'Cozy',
  'Bold',
  'Urban',
  'Nordic',
  'Coastal',
  'Alpine',
  'Weekend',
  'Signature',
  'Heritage',
  'Studio',
  'Field',
  'Travel',
  'Artisan',
  'Recycled',
  'Washed',
  'Brushed',
  'Polished',
  'Hand-Dyed',
  'Quilted',
  'Woven',
  'Tailored',
  'Relaxed',
];

const CATEGORIES: Category[] = [
  {
    collection: 'Apparel',
    nouns: ['T-Shirt', 'Shirt', 'Sweater', 'Hoodie', 'Jacket', 'Dress', 'Skirt', 'Trousers', 'Shorts', 'Cardigan'],
    materials: ['Cotton', 'Linen', 'Wool', 'Denim', 'Silk', 'Cashmere', 'Fleece', 'Merino', 'Corduroy', 'Jersey'],
    sizes: [
      ['S', 'M', 'L'],
      ['S', 'M', 'L', 'XL'],
      ['XS', 'S', 'M', 'L'],
    ],
    price: [15, 220],
    weight: [0.15, 1.2],
  },
  {
    collection: 'Footwear',
    nouns: ['Sneakers', 'Boots', 'Loafers', 'Sandals', 'Slippers', 'Trainers'],
    materials: ['Leather', 'Suede', 'Canvas', 'Rubber', 'Wool', 'Mesh'],
    sizes: [
      ['38', '40', '42', '44'],
      ['39', '41', '43'],
      ['40', '42', '44', '46'],
    ],
    price: [35, 320],
    weight: [0.4, 1.8],
  },
  {
    collection: 'Home & Living',
    nouns: ['Vase', 'Throw', 'Cushion', 'Lamp', 'Rug', 'Mirror', 'Candle Holder', 'Planter', 'Basket', 'Clock'],
    materials: ['Ceramic', 'Oak', 'Walnut', 'Glass', 'Bamboo', 'Marble', 'Copper', 'Rattan', 'Jute', 'Linen'],
    sizes: [
      ['Small', 'Medium', 'Large'],
      ['Small', 'Large'],
      ['Small', 'Medium', 'Large', 'Extra Large'],
    ],
    price: [12, 480],
    weight: [0.3, 9],
  },
  {
    collection: 'Kitchen',
    nouns: ['Mug', 'Bowl', 'Plate', 'Teapot', 'Cutting Board', 'Knife', 'Skillet', 'Carafe', 'Spatula', 'Jar'],
    materials: ['Stoneware', 'Porcelain', 'Cast Iron', 'Steel', 'Acacia', 'Glass', 'Enamel', 'Olivewood'],
    sizes: [
      ['250 ml', '350 ml', '500 ml'],
      ['Small', 'Medium', 'Large'],
    ],
    price: [6, 260],
    weight: [0.2, 4],
  },
  {
    collection: 'Accessories',
    nouns: ['Backpack', 'Tote', 'Wallet', 'Belt', 'Scarf', 'Cap', 'Watch Strap', 'Sunglasses', 'Gloves', 'Beanie'],
    materials: ['Leather', 'Canvas', 'Suede', 'Nylon', 'Wool', 'Cotton', 'Brass', 'Cork'],
    sizes: [
      ['S', 'M', 'L'],
      ['One Size', 'Large'],
    ],
    price: [9, 350],
    weight: [0.05, 1.5],
  },
  {
    collection: 'Outdoor',
    nouns: ['Tent', 'Sleeping Bag', 'Water Bottle', 'Hammock', 'Lantern', 'Camp Chair', 'Daypack', 'Rain Shell'],
    materials: ['Ripstop', 'Aluminium', 'Titanium', 'Nylon', 'Polyester', 'Down', 'Steel', 'Canvas'],
    sizes: [
      ['1 Person', '2 Person', '3 Person'],
      ['Regular', 'Long'],
      ['S', 'M', 'L', 'XL'],
    ],
    price: [14, 500],
    weight: [0.2, 4.5],
  },
  {
    collection: 'Beauty',
    nouns: ['Soap', 'Body Lotion', 'Face Oil', 'Hand Cream', 'Lip Balm', 'Bath Salts', 'Shampoo Bar', 'Candle'],
    materials: ['Lavender', 'Rosemary', 'Cedar', 'Citrus', 'Oat', 'Shea', 'Argan', 'Sea Salt'],
    sizes: [
      ['50 ml', '100 ml', '200 ml'],
      ['Travel', 'Regular', 'Refill'],
    ],
    price: [5, 90],
    weight: [0.05, 0.8],
  },
  {
    collection: 'Stationery',
    nouns: ['Notebook', 'Planner', 'Pen', 'Sketchbook', 'Desk Tray', 'Bookmark', 'Card Set', 'Pencil Case'],
    materials: ['Paper', 'Leather', 'Brass', 'Linen', 'Recycled Paper', 'Walnut', 'Felt', 'Cork'],
    sizes: [
      ['A6', 'A5', 'A4'],
      ['Pocket', 'Large'],
    ],
    price: [5, 120],
    weight: [0.02, 0.9],
  },
  {
    collection: 'Digital Downloads',
    nouns: ['E-Book', 'Pattern', 'Preset Pack', 'Wallpaper Set', 'Course', 'Font', 'Template Kit', 'Audio Guide'],
    materials: ['Knitting', 'Photography', 'Watercolour', 'Woodworking', 'Baking', 'Gardening', 'Typography'],
    sizes: [],
    price: [5, 150],
    weight: [0, 0],
    digital: true,
  },
];

const THEMES = [
  'New Arrivals',
  'Best Sellers',
  'Gift Ideas',
  'Summer Sale',
  'Winter Warmers',
  'Staff Picks',
  'Under 50',
  'Eco Friendly',
  'Last Chance',
  'Limited Edition',
  'Back to School',
  'Weekend Getaway',
  'Small Spaces',
  'For Him',
  'For Her',
  'Made Locally',
  'Clearance',
  'Holiday Shop',
  'Trending Now',
  'The Essentials Edit',
];

const COLOURS: Array<[string, string]> = [
  ['Black', '#1b1b1b'],
  ['White', '#f5f5f0'],
  ['Navy', '#1f2a44'],
  ['Forest', '#2f5d3a'],
  ['Rust', '#b4532a'],
  ['Sand', '#d8c3a5'],
  ['Slate', '#5b6770'],
  ['Mustard', '#d6a21e'],
  ['Blush', '#e8b4b8'],
  ['Olive', '#6b7a3a'],
];

const BRANDS = [
  'Northwind',
  'Atelier Nine',
  'Fernhill',
  'Kestrel & Co',
  'Moss Lane',
  'Tidewater',
  'Oakridge',
  'Lumen',
  'Halden',
  'Wren Studio',
  'Brightfold',
  'Copperleaf',
];

const BLURBS = [
  'Made to last and designed for everyday use.',
  'Thoughtfully crafted in small batches by independent makers.',
  'A customer favourite that pairs well with everything.',
  'Carefully finished by hand, so every piece is a little different.',
  'Responsibly sourced materials and plastic-free packaging.',
  'Easy to care for and built to get better with age.',
  'Designed in our studio and tested for a full season before release.',
];

/** mulberry32: small, fast and good enough for varied test data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A UUIDv7 for `ms` (RFC 9562: 48-bit Unix milliseconds, version 7, variant 10, random rest). The service
 * makes v4 ids; the seed makes time-ordered ones because a bulk load in creation order then appends to the
 * id indexes (products, variants, collection links) instead of writing a random page of each per product —
 * that is what keeps a million-product seed within minutes. Both are ordinary UUIDs to every reader.
 */
const entropy = Buffer.alloc(10 * 1024);
let entropyAt = entropy.length;
export function uuidV7(ms: number): string {
  if (entropyAt + 10 > entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  const b = Buffer.alloc(16);
  b.writeUIntBE(Math.max(0, Math.floor(ms)), 0, 6);
  entropy.copy(b, 6, entropyAt, entropyAt + 10);
  entropyAt += 10;
  b[6] = 0x70 | ((b[6] as number) & 0x0f);
  b[8] = 0x80 | ((b[8] as number) & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

interface Generated {
  record: ProductRecord;
  variants: VariantRecord[];
  /** Collections besides All Products. */
  collections: string[];
}

/**
 * Adds `opts.products` generated products in `opts.collections` (default 20) new collections, every product
 * also in All Products. Returns how many products and (new) collections were written.
 */
export async function seedLargeCatalog(
  merx: MerxDb,
  opts: SeedLargeCatalogOptions,
): Promise<{ products: number; collections: number }> {
  const total = Math.max(0, Math.floor(opts.products));
  const collectionCount = Math.max(0, Math.floor(opts.collections ?? 20));
  const clock = opts.clock ?? systemClock;
  const currency = opts.currency ?? (await createSettingsService(merx.db).store()).currency;
  const minor = 10 ** currencyDigits(currency);
  const random = prng(opts.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const repo = createProductsRepo(merx.dialect);
  const db = merx.db;
  const nowMs = clock.now().getTime();
  const now = new Date(nowMs).toISOString();

  // The All Products collection is normally created by the app at start; a seed without the app makes it here.
  await ensureAllProductsCollection(db, now);

  // Collections: one per category first (so products land in their category), then themed ones.
  const takenCollectionSlugs = new Set(
    (await db.selectFrom('collections').select('slug').execute()).map((r) => r.slug),
  );
  const collectionNames = Array.from({ length: collectionCount }, (_, i) => {
    const names = [...CATEGORIES.map((c) => c.collection), ...THEMES];
    const round = Math.floor(i / names.length);
    const name = names[i % names.length] as string;
    return round === 0 ? name : `${name} ${round + 1}`;
  });
  const collectionIds: string[] = [];
  if (collectionNames.length > 0) {
    const rows = collectionNames.map((name) => {
      const slug = firstFreeSlug(slugify(name, 'collection'), takenCollectionSlugs);
      takenCollectionSlugs.add(slug);
      const id = newId();
      collectionIds.push(id);
      return {
        id,
        slug,
        name,
        description: `<p>${name}: a generated collection for benchmarks.</p>`,
        visible: 1,
        media: '[]',
        created_date: now,
        updated_date: now,
        revision: 1,
      };
    });
    await db.insertInto('collections').values(rows).execute();
  }
  // Where each collection's positions continue (All Products may already hold products).
  const positions = new Map<string, number>();
  const tops = await db
    .selectFrom('collection_products')
    .select(['collection_id', (eb) => eb.fn.max('position').as('p')])
    .where('collection_id', '=', ALL_PRODUCTS_COLLECTION_ID)
    .groupBy('collection_id')
    .execute();
  for (const t of tops) positions.set(t.collection_id, Number(t.p ?? 0));

  // Slugs as the service makes them: slugify(name), then -1, -2, … for repeats. The counter per base name
  // keeps them unique within the run; one IN query per batch catches clashes with products already there.
  const slugCounters = new Map<string, number>();
  const nextSlug = (base: string): string => {
    const n = slugCounters.get(base) ?? 0;
    slugCounters.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };

  const startMs = nowMs - SPREAD_DAYS * 86_400_000;
  const stepMs = (nowMs - startMs) / Math.max(1, total);

  /** The `index`-th product of this run: created dates rise with the index, spread over SPREAD_DAYS. */
  function generate(index: number, numericId: number): Generated {
    const category = pick(CATEGORIES);
    const adjective = pick(ADJECTIVES);
    const material = pick(category.materials);
    const noun = pick(category.nouns);
    const name = `${adjective} ${material} ${noun}`;
    const price = Math.round(between(category.price[0], category.price[1]) * minor);
    // Created in order over the spread (as a store fills up over time); some updated within 60 days after.
    const createdMs = Math.floor(startMs + (index + random()) * stepMs);
    const createdDate = new Date(createdMs).toISOString();
    const updatedDate =
      random() < 0.4
        ? new Date(Math.min(nowMs, Math.floor(createdMs + random() * 60 * 86_400_000))).toISOString()
        : createdDate;

    const roll = random();
    const discount: Discount =
      roll < 0.15
        ? { type: 'PERCENT', value: pick([10, 15, 20, 25, 30, 40, 50]) }
        : roll < 0.2
          ? { type: 'AMOUNT', value: Math.min(price, Math.round(price * between(0.05, 0.3))) }
          : { type: 'NONE', value: 0 };

    // ~30% have a Size option (3–4 choices); a third of those (~10% overall) also a Colour option.
    const optionsInput: Array<{
      name: string;
      optionType: 'drop_down' | 'color';
      choices: Array<{ value: string; description: string }>;
    }> = [];
    if (!category.digital && category.sizes.length > 0 && random() < 0.3) {
      const sizes = pick(category.sizes);
      optionsInput.push({
        name: 'Size',
        optionType: 'drop_down',
        choices: sizes.map((s) => ({ value: s, description: s })),
      });
      if (random() < 1 / 3) {
        const start = Math.floor(random() * COLOURS.length);
        const count = 2 + Math.floor(random() * 3);
        const colours = Array.from(
          { length: count },
          (_, i) => COLOURS[(start + i) % COLOURS.length] as [string, string],
        );
        optionsInput.push({
          name: 'Colour',
          optionType: 'color',
          choices: colours.map(([description, value]) => ({ value, description })),
        });
      }
    }
    const options = normaliseOptions(optionsInput, []);

    // Stock: ~45% tracked with quantities, the rest untracked; ~7% of products out of stock.
    const tracked = random() < 0.45;
    const outOfStock = random() < 0.07;
    const variants = buildVariants(
      options,
      [],
      { trackQuantity: tracked, quantity: tracked ? 0 : null, inStock: !outOfStock, preorder: PREORDER_OFF },
      createdDate,
      newId,
      DEFAULT_VARIANT_ID,
    );
    const manageVariants = options.length > 0 && random() < 0.5;
    for (const v of variants) {
      if (tracked) v.quantity = outOfStock ? 0 : random() < 0.1 ? 0 : Math.floor(between(1, 250));
      if (manageVariants) {
        // Larger sizes cost a little more.
        v.price = Math.round(price * (1 + 0.08 * (v.position % Math.max(1, options[0]?.choices.length ?? 1))));
      }
    }

    const digital = category.digital === true;
    const weight = digital ? null : Math.round(between(category.weight[0], category.weight[1]) * 100) / 100;
    const hasCost = random() < 0.6;
    const ribbon =
      discount.type !== 'NONE'
        ? 'Sale'
        : nowMs - createdMs < 30 * 86_400_000
          ? 'New'
          : random() < 0.03
            ? 'Limited'
            : null;

    // Category collection (when there is one) plus up to two themed collections.
    const assigned = new Set<string>();
    if (collectionIds.length > 0) {
      const categoryIndex = CATEGORIES.indexOf(category);
      if (categoryIndex < collectionIds.length) assigned.add(collectionIds[categoryIndex] as string);
      const extras = random() < 0.5 ? 0 : random() < 0.7 ? 1 : 2;
      for (let i = 0; i < extras; i++) assigned.add(pick(collectionIds));
    }

    const record: ProductRecord = {
      id: uuidV7(createdMs),
      numericId,
      slug: '',
      name,
      visible: random() >= 0.02,
      productType: digital ? 'digital' : 'physical',
      sku: `${noun
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 4)
        .toUpperCase()}-${numericId}`,
      brand: random() < 0.85 ? pick(BRANDS) : null,
      ribbon,
      description: `<p>The ${adjective.toLowerCase()} ${noun.toLowerCase()} in ${material.toLowerCase()}. ${pick(BLURBS)}</p><ul><li>${material}</li><li>${pick(BLURBS)}</li></ul>`,
      price,
      discount,
      cost: hasCost ? Math.round(price * between(0.35, 0.7)) : null,
      weight,
      manageVariants,
      data: { ...emptyProductData, options },
      createdDate,
      updatedDate,
      revision: 1,
      collectionIds: [ALL_PRODUCTS_COLLECTION_ID, ...[...assigned].sort()],
    };
    return { record, variants, collections: [...assigned] };
  }

  /** Gives each product of the batch a slug that no product in the database has yet. */
  async function assignSlugs(ex: Executor, batch: Generated[]): Promise<void> {
    let pending = batch;
    for (const g of pending) g.record.slug = nextSlug(slugify(g.record.name, 'product'));
    while (pending.length > 0) {
      const wanted = pending.map((g) => g.record.slug);
      const clashes = new Set<string>();
      for (let i = 0; i < wanted.length; i += 1000) {
        const rows = await ex
          .selectFrom('products')
          .select('slug')
          .where('slug', 'in', wanted.slice(i, i + 1000))
          .execute();
        for (const r of rows) clashes.add(r.slug);
      }
      pending = pending.filter((g) => clashes.has(g.record.slug));
      for (const g of pending) g.record.slug = nextSlug(slugify(g.record.name, 'product'));
    }
  }

  async function reserveNumericIds(ex: Executor, n: number): Promise<number> {
    const row = await ex
      .insertInto('sequences')
      .values({ name: 'product', value: n })
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', n) })))
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value) - n + 1;
  }

  // SQLite's search index (migration 0020) is filled by a trigger on every products insert. FTS5 writes what it has
  // pending as a new segment at every statement savepoint, so with the variant and option-choice inserts in between
  // each product became a segment of its own, and merging them made a large seed slow down as it grew (20,000
  // products: 70 s, against 27 s this way). So within each batch the trigger is set aside and the batch's rows are
  // indexed with one statement: the same rows the trigger writes. It is dropped and made again inside the batch's
  // transaction, so no other writer ever sees the table without it.
  const triggerSql = sql<SchemaRow>`select sql from sqlite_master where type = 'trigger' and name = ${SEARCH_TRIGGER}`;
  const searchTrigger = merx.dialect === 'sqlite' ? (await triggerSql.execute(db)).rows[0]?.sql : undefined;

  let done = 0;
  while (done < total) {
    const size = Math.min(BATCH, total - done);
    await db.transaction().execute(async (trx) => {
      const first = await reserveNumericIds(trx, size);
      const batch = Array.from({ length: size }, (_, i) => generate(done + i, first + i));
      await assignSlugs(trx, batch);
      if (searchTrigger) await sql`drop trigger ${sql.id(SEARCH_TRIGGER)}`.execute(trx);
      const links: Array<{ collection_id: string; product_id: string; position: number }> = [];
      const link = (collectionId: string, productId: string) => {
        const position = (positions.get(collectionId) ?? 0) + 1;
        positions.set(collectionId, position);
        links.push({ collection_id: collectionId, product_id: productId, position });
      };
      for (const g of batch) {
        await repo.insert(trx, g.record, g.variants, { facets: false });
        link(ALL_PRODUCTS_COLLECTION_ID, g.record.id);
        for (const c of g.collections) link(c, g.record.id);
      }
      for (let i = 0; i < links.length; i += LINK_CHUNK) {
        await trx
          .insertInto('collection_products')
          .values(links.slice(i, i + LINK_CHUNK))
          .execute();
      }
      // Facet keys once for the batch, with the categories just placed.
      await refreshFacetKeys(
        trx,
        batch.map((g) => g.record.id),
      );
      if (searchTrigger) {
        await sql`insert into product_search (rowid, name, body)
          select numeric_id, search_name, search_text from products
          where numeric_id between ${first} and ${first + size - 1}`.execute(trx);
        await sql.raw(searchTrigger).execute(trx);
      }
    });
    done += size;
    opts.onProgress?.(done);
  }
  return { products: total, collections: collectionIds.length };
}
