import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { DEFAULT_VARIANT_ID, errorCodes, eventTypes } from '@merx/contract';
import type { Executor, UnitOfWork } from '@merx/db';
import { withTransaction } from '@merx/db';
import { AppError, type FieldViolation, ValidationError } from '@merx/domain';
import { identityOf } from '../../events/identity.js';
import type { NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { actorOf, logManualStock } from '../inventory/inventory.log.js';
import type { CatalogDeps } from './catalog-deps.js';
import { buildVariants } from './products.input.js';
import type { ProductService } from './products.service.js';
import type { ProductRecord, StoredMedia } from './products.types.js';

type Change = (p: ProductRecord, uow: UnitOfWork) => Promise<ProductRecord> | ProductRecord;

/** The uploads of the media library (modules/media), as attaching reads them. */
export interface MediaLibraryLookup {
  attachable(
    ex: Executor,
    mediaId: string,
  ): Promise<
    | {
        mediaType: 'image' | 'video';
        url: string;
        width: number;
        height: number;
        thumbnail?: { url: string; width: number; height: number };
        format?: string;
        poster?: { url: string; width: number; height: number };
      }
    | undefined
  >;
}

/** The store's own work (the demo store's media): its events name no one. */
const NO_CALLER: Caller = { kind: 'none' };

/** Media, choice media, options, brand and ribbon of v1 products. */
export function createMediaService(deps: CatalogDeps, products: ProductService, library: MediaLibraryLookup) {
  /**
   * Changes a product in one transaction, as `caller` (who the v3 event names). `reset` (options deleted) leaves one
   * default variant with the first variant's stock: the variants removed and the one added are logged as
   * PRODUCT_EDITED by `caller`.
   */
  async function change(
    productId: string,
    changedFields: string[],
    fn: Change,
    caller: Caller,
    reset = false,
  ): Promise<void> {
    await withTransaction(deps.db, async (uow) => {
      const before = await products.load(uow.trx, productId, { elevated: true });
      const after = { ...(await fn(structuredClone(before), uow)), updatedDate: deps.clock.now().toISOString() };
      const old = (await products.repo.variantsOf(uow.trx, [productId])).get(productId) ?? [];
      let variants = old;
      if (reset) {
        const stock = products.stockDefaults(undefined, variants[0]);
        variants = buildVariants([], [], stock, after.updatedDate, newId, DEFAULT_VARIANT_ID);
      }
      await products.save(uow, before, after, variants, reset, caller, old);
      if (reset)
        await logManualStock(uow.trx, productId, old, variants, after.updatedDate, {
          reason: 'PRODUCT_EDITED',
          actor: await actorOf(uow.trx, caller),
        });
      const identity = identityOf(caller);
      const events: NewEvent[] = [
        { type: eventTypes.productChanged, entityId: productId, payload: { productId, changedFields }, identity },
      ];
      if (reset) {
        events.push({
          type: eventTypes.variantsChanged,
          entityId: productId,
          identity,
          payload: {
            productId,
            variants: variants.map((v) => ({ variantId: v.id, choices: v.choices, changedFields: ['choices'] })),
          },
        });
      }
      await deps.outbox.append(uow, events);
    });
  }

  function findChoice(p: ProductRecord, option: string, choice: string, field: string) {
    const o = p.data.options.find((x) => x.name === option);
    if (!o)
      throw new ValidationError([
        { field: `${field}.option`, description: `no option "${option}" on this product`, violatedRule: 'VALIDATION' },
      ]);
    const c = o.choices.find((x) => x.description === choice);
    if (!c)
      throw new ValidationError([
        {
          field: `${field}.choice`,
          description: `option "${option}" has no choice "${choice}"`,
          violatedRule: 'VALIDATION',
        },
      ]);
    return c;
  }

  /**
   * A file of the media library by id: an upload (an image, or a video with its poster: decision 0031), with the size
   * recorded when it was uploaded (read in the attaching transaction, so that a deletion cannot slip in between);
   * otherwise a file of the media folder by its
   * path (`data/media/<path>`, size unknown), which may not climb out of the folder.
   */
  async function libraryMedia(ex: Executor, mediaId: string, field: string): Promise<StoredMedia> {
    const upload = await library.attachable(ex, mediaId);
    if (upload) {
      const { mediaType, url, width, height, thumbnail, format, poster } = upload;
      return {
        id: newId(),
        mediaType,
        url,
        width,
        height,
        title: '',
        ...(thumbnail ? { thumbnail } : {}),
        ...(format ? { format } : {}),
        ...(poster ? { poster } : {}),
      };
    }
    const path = normalize(mediaId);
    const file = join(deps.mediaDir, path);
    if (path.startsWith('..') || isAbsolute(path) || !existsSync(file) || !statSync(file).isFile()) {
      throw new AppError('NOT_FOUND', errorCodes.mediaNotFound, `No media "${mediaId}" in the media library`, {
        mediaId,
        field,
      });
    }
    return { id: newId(), mediaType: 'image', url: `/media/${path}`, width: 0, height: 0, title: '' };
  }

  return {
    libraryMedia,

    async add(
      productId: string,
      media: Array<{ mediaId?: string; url?: string; choice?: { option: string; choice: string } }>,
      caller: Caller = NO_CALLER,
    ) {
      await change(
        productId,
        ['media'],
        async (p, uow) => {
          const violations: FieldViolation[] = [];
          media.forEach((m, i) => {
            if ((m.mediaId === undefined) === (m.url === undefined)) {
              violations.push({
                field: `media[${i}]`,
                description: 'must have exactly one of mediaId or url',
                violatedRule: 'ONE_OF_ALIGNMENT',
              });
            }
          });
          if (violations.length) throw new ValidationError(violations);
          for (const [i, m] of media.entries()) {
            const item: StoredMedia = m.url
              ? { id: newId(), mediaType: 'image', url: m.url, width: 0, height: 0, title: '' }
              : await libraryMedia(uow.trx, m.mediaId as string, `media[${i}].mediaId`);
            p.data.media.push(item);
            if (m.choice) findChoice(p, m.choice.option, m.choice.choice, `media[${i}].choice`).mediaIds.push(item.id);
          }
          if (p.data.media.length > 100)
            throw new ValidationError([
              { field: 'media', description: 'a product can have at most 100 media items', violatedRule: 'MAX_SIZE' },
            ]);
          return p;
        },
        caller,
      );
    },

    /** Attaches prepared media (the demo store's generated images). */
    async attach(
      productId: string,
      items: StoredMedia[],
      choiceMedia: Array<{ option: string; choice: string; mediaId: string }> = [],
    ) {
      await change(
        productId,
        ['media'],
        (p) => {
          p.data.media.push(...items);
          for (const c of choiceMedia) findChoice(p, c.option, c.choice, 'media').mediaIds.push(c.mediaId);
          return p;
        },
        NO_CALLER,
      );
    },

    async remove(productId: string, mediaIds: string[] | undefined, caller: Caller = NO_CALLER) {
      await change(
        productId,
        ['media'],
        (p) => {
          const drop = mediaIds?.length ? new Set(mediaIds) : new Set(p.data.media.map((m) => m.id));
          p.data.media = p.data.media.filter((m) => !drop.has(m.id));
          for (const o of p.data.options)
            for (const c of o.choices) c.mediaIds = c.mediaIds.filter((id) => !drop.has(id));
          return p;
        },
        caller,
      );
    },

    async addToChoices(
      productId: string,
      assignments: Array<{ option: string; choice: string; mediaIds?: string[] }>,
      caller: Caller = NO_CALLER,
    ) {
      await change(
        productId,
        ['productOptions'],
        (p) => {
          const known = new Set(p.data.media.map((m) => m.id));
          assignments.forEach((a, i) => {
            const c = findChoice(p, a.option, a.choice, `media[${i}]`);
            for (const id of a.mediaIds ?? []) {
              if (!known.has(id)) {
                throw new ValidationError([
                  {
                    field: `media[${i}].mediaIds`,
                    description: `no media "${id}" on this product`,
                    violatedRule: 'VALIDATION',
                  },
                ]);
              }
              if (!c.mediaIds.includes(id)) c.mediaIds.push(id);
            }
          });
          return p;
        },
        caller,
      );
    },

    async removeFromChoices(
      productId: string,
      assignments: Array<{ option: string; choice: string; mediaIds?: string[] }>,
      caller: Caller = NO_CALLER,
    ) {
      await change(
        productId,
        ['productOptions'],
        (p) => {
          assignments.forEach((a, i) => {
            const c = findChoice(p, a.option, a.choice, `media[${i}]`);
            const drop = a.mediaIds?.length ? new Set(a.mediaIds) : new Set(c.mediaIds);
            c.mediaIds = c.mediaIds.filter((id) => !drop.has(id));
          });
          return p;
        },
        caller,
      );
    },

    /** Deletes the product's options: one default variant is left (stock changes logged as `caller`'s). */
    async deleteOptions(productId: string, caller: Caller = NO_CALLER) {
      await change(
        productId,
        ['productOptions', 'variants'],
        (p) => {
          p.data.options = [];
          return p;
        },
        caller,
        true,
      );
    },

    async removeBrand(productId: string, caller: Caller = NO_CALLER) {
      await change(productId, ['brand'], (p) => ({ ...p, brand: null }), caller);
    },

    async removeRibbon(productId: string, caller: Caller = NO_CALLER) {
      await change(productId, ['ribbon'], (p) => ({ ...p, ribbon: null }), caller);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
