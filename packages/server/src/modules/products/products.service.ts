import {
  ALL_PRODUCTS_COLLECTION_ID,
  DEFAULT_VARIANT_ID,
  errorCodes,
  eventTypes,
  type Product,
  type ProductInput,
  type ProductPatch,
} from '@merx/contract';
import {
  type CursorState,
  dataVersion,
  dataVersionReader,
  type Executor,
  productSearch,
  runQuery,
  searchTerms,
  type UnitOfWork,
  withTransaction,
} from '@merx/db';
import { AppError, currencyDigits, invalid, notFound, PREORDER_OFF, parseQuery, toMinor } from '@merx/domain';
import { sql } from 'kysely';
import { type EventIdentity, identityOf } from '../../events/identity.js';
import type { NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { Lru } from '../../lib/lru.js';
import { sanitizeDescription } from '../../lib/sanitize.js';
import { VersionedCache } from '../../lib/versioned-cache.js';
import { setProductSections } from '../info-sections/product-links.js';
import { actorOf, logManualStock } from '../inventory/inventory.log.js';
import { modifiedFieldsOf } from '../products-v3/products-v3.events.js';
import type { CatalogDeps } from './catalog-deps.js';
import { orderMedia } from './media-order.js';
import {
  buildVariants,
  emptyProductData,
  normaliseDiscount,
  normaliseOptions,
  productDataOf,
} from './products.input.js';
import { type MapContext, productOf } from './products.mapper.js';
import { FEATURED_ALIAS, featuredCollectionOf, productQuerySpec } from './products.query.js';
import {
  CATALOG_VERSION,
  createProductsRepo,
  type ProductRow,
  productHeadQuery,
  productPageRows,
  selectProductWithVariants,
  toProductRecord,
  variantsFromJson,
} from './products.repo.js';
import type { ProductRecord, VariantRecord } from './products.types.js';
import { refuseFields } from './refused-fields.js';
import { chooseSlug } from './slugs.js';

export interface ReadOptions {
  /** Elevated caller: sees hidden products. */
  elevated: boolean;
  /** Elevated caller that asked for cost and profit. */
  merchant: boolean;
}

/** Catalog v1 products: create, change, delete, read and query. */
export function createProductService(deps: CatalogDeps) {
  const repo = createProductsRepo(deps.dialect);
  const ctx = (merchant: boolean): MapContext => ({ ...deps.store(), publicUrl: deps.publicUrl, merchant });

  async function load(ex: Executor, id: string, opts: { elevated: boolean }): Promise<ProductRecord> {
    const p = await repo.findById(ex, id);
    if (!p || (!p.visible && !opts.elevated))
      throw notFound(errorCodes.productNotFound, 'Product not found', { productId: id });
    return p;
  }

  function stockDefaults(stock: ProductInput['stock'], fallback?: VariantRecord) {
    const trackQuantity = stock?.trackInventory ?? fallback?.trackQuantity ?? false;
    return {
      trackQuantity,
      // Units owed on preorder stay with the variant that sold them: a new variant starts at zero, not below.
      quantity: trackQuantity ? Math.max(0, stock?.quantity ?? fallback?.quantity ?? 0) : null,
      inStock: stock?.inStock ?? fallback?.inStock ?? true,
      preorder: fallback?.preorder ?? PREORDER_OFF,
    };
  }

  /** The product changed since the caller read it (or while this request ran): nothing was written. */
  function concurrentModification(productId: string, current: number): AppError {
    return new AppError(
      'FAILED_PRECONDITION',
      'CONCURRENT_MODIFICATION',
      `The product was changed since it was read (its revision is now ${current}); read it again and retry`,
      { productId, currentRevision: String(current) },
    );
  }

  /**
   * Saves a changed product with optimistic concurrency: a concurrent writer makes this one fail cleanly. Every
   * product write goes through here, so here the catalog v3 `product_updated` event is appended (the entity, the
   * top-level fields that changed, who changed it).
   */
  async function save(
    uow: UnitOfWork,
    before: ProductRecord,
    after: ProductRecord,
    variants: VariantRecord[],
    variantsChanged: boolean,
    /** Who made the change, for the v3 event: the request's caller, or an identity already known (an import). */
    caller: Caller | EventIdentity = { kind: 'none' },
    /** The variants before the write, when the caller has them (read here otherwise, only if they changed). */
    known?: readonly VariantRecord[],
  ) {
    const oldVariants =
      known ?? (variantsChanged ? ((await repo.variantsOf(uow.trx, [before.id])).get(before.id) ?? []) : variants);
    const res = await uow.trx
      .updateTable('products')
      .set({ revision: before.revision + 1 })
      .where('id', '=', before.id)
      .where('revision', '=', before.revision)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw concurrentModification(before.id, before.revision);
    const saved = { ...after, revision: before.revision + 1 };
    await repo.save(uow.trx, saved, variants, variantsChanged);
    // The ribbon and brand as their entities spell them (a v1 name finds its entity whatever its case).
    after.ribbon = saved.ribbon;
    after.brand = saved.brand;
    const entity = deps.productV3Entity(saved, variants);
    const modifiedFields = modifiedFieldsOf(deps.productV3Entity(before, oldVariants), entity);
    // A write that changes nothing a v3 reader sees (a v1-only field, the same value again) is no v3 update.
    if (Object.keys(modifiedFields).length === 0) return;
    const identity = identityOf(caller);
    await deps.outbox.append(uow, {
      type: eventTypes.productV3Updated,
      entityId: before.id,
      payload: { entity, modifiedFields, identity },
      identity,
    });
  }

  /**
   * Stores a new product with its variants (v1 and v3 creates): its starting stock is the first change of the
   * inventory log, it joins All Products, and `product created` is appended. Returns the v1 wire form.
   */
  async function insert(uow: UnitOfWork, record: ProductRecord, variants: VariantRecord[], caller: Caller) {
    await repo.insert(uow.trx, record, variants);
    if (variants.some((v) => v.trackQuantity))
      await logManualStock(uow.trx, record.id, [], variants, record.createdDate, {
        reason: 'PRODUCT_CREATED',
        actor: await actorOf(uow.trx, caller),
      });
    await deps.collections.addToAllProducts(uow.trx, record.id);
    const wire = productOf(record, variants, ctx(true));
    const identity = identityOf(caller);
    await deps.outbox.append(uow, [
      {
        type: eventTypes.productCreated,
        entityId: record.id,
        payload: {
          productId: record.id,
          name: wire.name,
          price: wire.priceData,
          visible: wire.visible,
          media: wire.media,
          sku: wire.sku,
          productPageUrl: wire.productPageUrl,
          brand: wire.brand,
          costAndProfitData: wire.costAndProfitData,
          slug: wire.slug,
        },
        identity,
      },
      {
        type: eventTypes.productV3Created,
        entityId: record.id,
        payload: { entity: deps.productV3Entity(record, variants), identity },
        identity,
      },
    ]);
    return wire;
  }

  /**
   * Saves a changed product (v1 and v3 updates) with compare-and-set on its revision: changed stock goes into the
   * inventory log as PRODUCT_EDITED by `caller`; `product changed`, the stock events and, when the choices of the
   * variants changed, `variants changed` are appended.
   */
  async function commitUpdate(
    uow: UnitOfWork,
    change: {
      before: ProductRecord;
      after: ProductRecord;
      oldVariants: VariantRecord[];
      variants: VariantRecord[];
      variantsChanged: boolean;
      choicesChanged: boolean;
      changedFields: string[];
      stockEvents: NewEvent[];
      caller: Caller;
    },
  ) {
    const { before, after, variants } = change;
    const id = before.id;
    await save(uow, before, after, variants, change.variantsChanged, change.caller, change.oldVariants);
    // Stock staff changed by hand (or variants added and removed with it) goes into the inventory log.
    if (change.variantsChanged)
      await logManualStock(uow.trx, id, change.oldVariants, variants, after.updatedDate, {
        reason: 'PRODUCT_EDITED',
        actor: await actorOf(uow.trx, change.caller),
      });
    const events: NewEvent[] = [
      {
        type: eventTypes.productChanged,
        entityId: id,
        payload: { productId: id, changedFields: [...new Set(change.changedFields)] },
      },
      ...change.stockEvents,
    ];
    if (change.choicesChanged) {
      events.push({
        type: eventTypes.variantsChanged,
        entityId: id,
        payload: {
          productId: id,
          variants: variants.map((v) => ({ variantId: v.id, choices: v.choices, changedFields: ['choices'] })),
        },
      });
    }
    // Stock events come from a helper that knows no caller: the envelope of every event names who made the change.
    const identity = identityOf(change.caller);
    await deps.outbox.append(
      uow,
      events.map((e) => ({ ...e, identity })),
    );
  }

  /**
   * Wire JSON of products by (id, revision, collections, merchant view, currency, locale). Every write to a
   * product or its variants bumps `products.revision`, and the key is read from the row itself, so a cached
   * entry is never stale, in this process or after another process changed the product.
   */
  const jsonCache = new Lru<string, string>(5000);
  const productHead = productHeadQuery(deps.db, deps.dialect);
  /** Totals of filtered lists by catalog version: a storefront asks for the same lists again and again. */
  const totals = new Lru<string, number>(2000);

  async function productsJson(rows: ProductRow[], merchant: boolean): Promise<string[]> {
    const { currency, locale } = deps.store();
    const keys = rows.map((r) => `${r.id}|${r.revision}|${r.collection_ids}|${merchant ? 1 : 0}|${currency}|${locale}`);
    const cached = keys.map((k) => jsonCache.get(k));
    const missing = rows.filter((_, i) => cached[i] === undefined);
    if (missing.length === 0) return cached as string[];
    const variants = await repo.variantsOf(
      deps.db,
      missing.map((r) => r.id),
    );
    const mapCtx = ctx(merchant);
    return rows.map((row, i) => {
      let json = cached[i];
      if (json === undefined) {
        json = JSON.stringify(productOf(toProductRecord(row), variants.get(row.id) ?? [], mapCtx));
        jsonCache.set(keys[i] as string, json);
      }
      return json;
    });
  }

  /**
   * Whole answers of catalog lists, each valid while the catalog data version it was computed at is current.
   * A repeated list costs one primary-key read; a list whose entry went stale costs that read and the usual
   * statements. Keys longer than 4 KB are not cached.
   */
  const answers = new VersionedCache(16 * 1024 * 1024);
  const pageRows = productPageRows(deps.db, deps.dialect);
  const catalogVersion = dataVersionReader(deps.db, CATALOG_VERSION);

  async function readThrough(
    key: string,
    compute: () => Promise<{ body: string; version: number | null }>,
  ): Promise<string | Buffer> {
    const cacheable = key.length <= 4096;
    const entry = cacheable ? answers.peek(key) : undefined;
    if (entry !== undefined) {
      if ((await catalogVersion()) === entry.version) return entry.body;
      answers.delete(key);
    }
    const { body, version } = await compute();
    if (!cacheable || version === null) return body;
    const bytes = Buffer.from(body, 'utf8');
    answers.set(key, version, bytes);
    return bytes;
  }

  /**
   * A page of product rows. `search` is the Merx full-text search expression (docs/decisions/0014): its words
   * narrow the list, which is ordered by relevance unless the query sorts it.
   */
  async function queryRows(rawQuery: unknown, opts: ReadOptions, filterAsString: boolean, search?: string) {
    const spec = productQuerySpec(10 ** currencyDigits(deps.store().currency));
    const query = parseQuery(rawQuery ?? {}, spec, { filterAsString });
    const base = (state: CursorState) => {
      let qb = deps.db.selectFrom('products');
      if (!opts.elevated) qb = qb.where('products.visible', '=', sql.lit(1));
      if (!state.sort.some((s) => s.field === 'featured')) return qb;
      // The merchant's order: positions in the filtered collection (or All Products); a product not in it goes last.
      const collectionId = featuredCollectionOf(state.filter) ?? ALL_PRODUCTS_COLLECTION_ID;
      return qb.leftJoin(`collection_products as ${FEATURED_ALIAS}`, (join) =>
        join
          .onRef(`${FEATURED_ALIAS}.product_id`, '=', 'products.id')
          .on(`${FEATURED_ALIAS}.collection_id`, '=', collectionId),
      );
    };
    let countBase = deps.db.selectFrom('products');
    if (!opts.elevated) countBase = countBase.where('products.visible', '=', sql.lit(1));
    const terms = search === undefined ? [] : searchTerms(search);
    const page = await runQuery<ProductRow>({
      base,
      countBase,
      spec,
      query,
      cursorSecret: deps.cursorSecret,
      totals: { version: (row) => (row as { catalog_version: number | null }).catalog_version, cache: totals },
      search: { terms: terms.length > 0 ? terms : null, plan: (t) => productSearch(deps.dialect, t) },
      rows: (ids) => pageRows(ids).select(dataVersion(CATALOG_VERSION).as('catalog_version')),
    });
    return { rows: page.rows, page };
  }

  const service = {
    repo,
    load,
    save,
    /** A product's catalog v3 entity, as its v3 events carry it. */
    v3Entity: deps.productV3Entity,
    insert,
    commitUpdate,
    concurrentModification,
    stockDefaults,
    ctx,

    /** Creates a product; its starting stock is logged as PRODUCT_CREATED by `caller` (the store itself when none). */
    async create(input: ProductInput, caller: Caller = { kind: 'none' }): Promise<Product> {
      refuseFields([['product', input]], ['productDimensions', 'packageDimensions']);
      const { currency } = deps.store();
      const priceInput = input.priceData?.price ?? input.price?.price;
      if (priceInput === undefined) throw invalid('product.priceData.price', 'is required', 'REQUIRED_FIELD');
      const priceField = input.priceData?.price !== undefined ? 'product.priceData.price' : 'product.price.price';
      const price = toMinor(priceInput, currency, priceField);
      const itemCost = input.costAndProfitData?.itemCost;
      const cost = itemCost != null ? toMinor(itemCost, currency, 'product.costAndProfitData.itemCost') : null;
      const options = normaliseOptions(input.productOptions ?? [], []);
      const discount = normaliseDiscount(input.discount, price, currency);
      const now = deps.clock.now().toISOString();
      const variants = buildVariants(options, [], stockDefaults(input.stock), now, newId, DEFAULT_VARIANT_ID);
      const id = newId();
      return withTransaction(deps.db, async (uow) => {
        const record: ProductRecord = {
          id,
          numericId: await repo.nextNumericId(uow.trx),
          slug: await chooseSlug(uow.trx, 'product', { wanted: input.slug, name: input.name }),
          name: input.name,
          visible: input.visible ?? true,
          productType: input.productType ?? 'physical',
          sku: input.sku || null,
          brand: input.brand || null,
          ribbon: input.ribbon || input.ribbons?.[0]?.text || null,
          description: sanitizeDescription(input.description ?? ''),
          price,
          discount,
          cost,
          weight: input.weight ?? null,
          manageVariants: input.manageVariants ?? false,
          data: productDataOf(input, emptyProductData, options),
          createdDate: now,
          updatedDate: now,
          revision: 1,
          collectionIds: [ALL_PRODUCTS_COLLECTION_ID],
        };
        return insert(uow, record, variants, caller);
      });
    },

    /** Changes a product; stock it changes is logged as PRODUCT_EDITED (or TRACKING_CHANGED) by `caller`. */
    async update(id: string, patch: ProductPatch, caller: Caller = { kind: 'none' }): Promise<Product> {
      refuseFields([['product', patch]], ['productDimensions', 'packageDimensions']);
      const { currency } = deps.store();
      // Amounts are converted (or refused) before the transaction starts.
      const priceInput = patch.priceData?.price ?? patch.price?.price;
      const priceField = patch.priceData?.price !== undefined ? 'product.priceData.price' : 'product.price.price';
      const price = priceInput === undefined ? undefined : toMinor(priceInput, currency, priceField);
      const itemCost = patch.costAndProfitData?.itemCost;
      const cost = itemCost == null ? null : toMinor(itemCost, currency, 'product.costAndProfitData.itemCost');
      return withTransaction(deps.db, async (uow) => {
        const before = await load(uow.trx, id, { elevated: true });
        // A change made against an older revision is refused before anything is read further or written.
        if (patch.revision !== undefined && Number(patch.revision) !== before.revision)
          throw concurrentModification(id, before.revision);
        const oldVariants = (await repo.variantsOf(uow.trx, [id])).get(id) ?? [];
        const now = deps.clock.now().toISOString();
        const after: ProductRecord = { ...before, updatedDate: now };
        const changed: string[] = [];
        const set = <K extends keyof ProductRecord>(key: K, value: ProductRecord[K], wireName: string) => {
          if (JSON.stringify(after[key]) !== JSON.stringify(value)) changed.push(wireName);
          after[key] = value;
        };
        if (patch.name !== undefined) set('name', patch.name, 'name');
        if (patch.slug !== undefined)
          set(
            'slug',
            await chooseSlug(uow.trx, 'product', { wanted: patch.slug, name: after.name, selfId: id }),
            'slug',
          );
        if (patch.visible != null) set('visible', patch.visible, 'visible');
        if (patch.productType !== undefined) set('productType', patch.productType, 'productType');
        if (patch.description !== undefined)
          set('description', sanitizeDescription(patch.description ?? ''), 'description');
        if (patch.sku !== undefined) set('sku', patch.sku || null, 'sku');
        if (patch.brand !== undefined) set('brand', patch.brand || null, 'brand');
        if (patch.ribbon !== undefined || patch.ribbons !== undefined)
          set('ribbon', patch.ribbon || patch.ribbons?.[0]?.text || null, 'ribbon');
        if (patch.weight !== undefined) set('weight', patch.weight ?? null, 'weight');
        if (patch.manageVariants != null) set('manageVariants', patch.manageVariants, 'manageVariants');
        if (price !== undefined) set('price', price, 'priceData');
        if (patch.costAndProfitData !== undefined) set('cost', cost, 'costAndProfitData');
        if (patch.discount !== undefined) {
          set('discount', normaliseDiscount(patch.discount, after.price, currency), 'discount');
        } else if (after.discount.type === 'AMOUNT' && after.discount.value > after.price) {
          throw invalid('product.priceData.price', 'must not be less than the discount amount', 'MIN');
        }
        const options = patch.productOptions
          ? normaliseOptions(patch.productOptions, before.data.options)
          : before.data.options;
        const data = productDataOf(patch, before.data, options);
        if (JSON.stringify(data) !== JSON.stringify(before.data))
          changed.push('productOptions', 'additionalInfoSections', 'customTextFields', 'pricePerUnitData', 'seoData');
        after.data = data;

        let variants = oldVariants;
        let variantsChanged = false;
        if (patch.productOptions) {
          variants = buildVariants(
            options,
            oldVariants,
            stockDefaults(patch.stock, oldVariants[0]),
            now,
            newId,
            DEFAULT_VARIANT_ID,
          );
          variantsChanged = JSON.stringify(variants) !== JSON.stringify(oldVariants);
        }
        const stockEvents: NewEvent[] = [];
        if (patch.stock) {
          const next = variants.map((v) => ({
            ...v,
            trackQuantity: patch.stock?.trackInventory ?? v.trackQuantity,
            quantity:
              (patch.stock?.trackInventory ?? v.trackQuantity) ? (patch.stock?.quantity ?? v.quantity ?? 0) : null,
            inStock: patch.stock?.inStock ?? v.inStock,
            updatedDate: now,
          }));
          stockEvents.push(...deps.inventoryEvents(id, variants, next, now));
          variantsChanged ||= stockEvents.length > 0;
          variants = next;
        }
        // Sections written inline through v1 are the product's own: it stops following info-section entities.
        if (patch.additionalInfoSections !== undefined) await setProductSections(uow.trx, id, []);
        await commitUpdate(uow, {
          before,
          after,
          oldVariants,
          variants,
          variantsChanged,
          choicesChanged: patch.productOptions !== undefined && variantsChanged,
          changedFields: changed,
          stockEvents,
          caller,
        });
        return productOf({ ...after, revision: before.revision + 1 }, variants, ctx(true));
      });
    },

    /** Puts the product's media in a new order (the first is the main media); variants are left as they are. */
    async reorderMedia(id: string, mediaIds: string[], caller: Caller = { kind: 'none' }): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        const before = await load(uow.trx, id, { elevated: true });
        const media = orderMedia(before.data.media, mediaIds);
        const variants = (await repo.variantsOf(uow.trx, [id])).get(id) ?? [];
        const after: ProductRecord = {
          ...before,
          data: { ...before.data, media },
          updatedDate: deps.clock.now().toISOString(),
        };
        await save(uow, before, after, variants, false, caller);
        await deps.outbox.append(uow, {
          type: eventTypes.productChanged,
          entityId: id,
          payload: { productId: id, changedFields: ['media'] },
          identity: identityOf(caller),
        });
      });
    },

    async delete(id: string, caller: Caller = { kind: 'none' }): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        const before = await load(uow.trx, id, { elevated: true });
        const variants = (await repo.variantsOf(uow.trx, [id])).get(id) ?? [];
        await repo.delete(uow.trx, id);
        await deps.collections.touch(uow.trx, before.collectionIds);
        const identity = identityOf(caller);
        await deps.outbox.append(uow, [
          { type: eventTypes.productDeleted, entityId: id, payload: { productId: id }, identity },
          {
            type: eventTypes.productV3Deleted,
            entityId: id,
            payload: { entity: deps.productV3Entity(before, variants), identity },
            identity,
          },
        ]);
      });
    },

    /**
     * One product as JSON text: one statement when its wire form is cached for the row's revision, two
     * (row, variants) otherwise.
     */
    async getJson(id: string, opts: ReadOptions): Promise<string> {
      // Warm: one narrow statement (revision, visibility, collections) decides that the cached wire form is
      // right. Cold: the product with its variants in a second statement.
      const head = await productHead(id);
      if (!head || (head.visible !== 1 && !opts.elevated))
        throw notFound(errorCodes.productNotFound, 'Product not found', { productId: id });
      const { currency, locale } = deps.store();
      const keyOf = (r: { id: string; revision: number; collection_ids: string }) =>
        `${r.id}|${r.revision}|${r.collection_ids}|${opts.merchant ? 1 : 0}|${currency}|${locale}`;
      const cached = jsonCache.get(keyOf(head));
      if (cached !== undefined) return cached;
      const row = await selectProductWithVariants(deps.db, deps.dialect)
        .where('products.id', '=', id)
        .executeTakeFirst();
      if (!row || (row.visible !== 1 && !opts.elevated))
        throw notFound(errorCodes.productNotFound, 'Product not found', { productId: id });
      const json = JSON.stringify(
        productOf(toProductRecord(row), variantsFromJson(row.variants_json), ctx(opts.merchant)),
      );
      jsonCache.set(keyOf(row), json);
      return json;
    },

    /**
     * The whole answer to a catalog list request, rendered by `render` from a page of product JSON texts and
     * kept for as long as the catalog does not change (see readThrough). `request` must hold everything the
     * answer depends on besides the caller's view, the store's currency and locale.
     */
    async queryAnswer(
      request: unknown,
      rawQuery: unknown,
      opts: ReadOptions,
      render: (products: string[], page: Awaited<ReturnType<typeof queryRows>>['page']) => string,
      search?: string,
    ): Promise<string | Buffer> {
      const { currency, locale } = deps.store();
      const key = `${opts.elevated ? 1 : 0}${opts.merchant ? 1 : 0}|${currency}|${locale}|${JSON.stringify(request)}`;
      return readThrough(key, async () => {
        const { rows, page } = await queryRows(rawQuery, opts, false, search);
        const raw = (rows[0] as { catalog_version?: number | null } | undefined)?.catalog_version;
        const version = raw === undefined || raw === null ? null : Number(raw);
        return { body: render(await productsJson(rows, opts.merchant), page), version };
      });
    },

    /** One product with its variants: two statements. */
    async get(id: string, opts: ReadOptions): Promise<Product> {
      const p = await load(deps.db, id, opts);
      const variants = (await repo.variantsOf(deps.db, [id])).get(id) ?? [];
      return productOf(p, variants, ctx(opts.merchant));
    },

    /** A page of products: the page, the count, and the page's variants (three statements). */
    async query(rawQuery: unknown, opts: ReadOptions & { filterAsString?: boolean; search?: string | undefined }) {
      const { page } = await queryRows(rawQuery, opts, opts.filterAsString ?? false, opts.search);
      const records = page.rows.map(toProductRecord);
      const variants = await repo.variantsOf(
        deps.db,
        records.map((p) => p.id),
      );
      const mapCtx = ctx(opts.merchant);
      return {
        products: records.map((p) => productOf(p, variants.get(p.id) ?? [], mapCtx)),
        page,
      };
    },
  };
  return service;
}

export type ProductService = ReturnType<typeof createProductService>;
