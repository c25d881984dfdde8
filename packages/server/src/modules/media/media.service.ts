import { type MediaFile, mediaErrorCodes } from '@merx/contract';
import { type Database, type DialectName, type Executor, withTransaction } from '@merx/db';
import { AppError, type FieldViolation, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { MediaStorage } from '../../lib/storage.js';
import { type ImageRefusal, inspectImage, isRefusal, processImage } from './media.images.js';
import { mediaFileOf, type StoredVariant } from './media.mapper.js';
import { FILE_FIELD, type UploadPart } from './media.multipart.js';
import { createMediaRepo, type MediaRow } from './media.repo.js';

export interface MediaLibraryDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  storage: MediaStorage;
}

/** A library file as a product's media item takes it. */
export interface AttachableMedia {
  url: string;
  width: number;
  height: number;
  fileName: string;
  /** The smallest WebP variant, for thumbnails; absent when the image was too small to get one. */
  thumbnail?: { url: string; width: number; height: number };
}

/** A library original's size and its variants (narrowest first). */
export interface StoredSizes {
  width: number;
  height: number;
  variants: StoredVariant[];
}

type FilePart = Extract<UploadPart, { kind: 'file' }>;

/** A refused file, named by its place in the request (`file[2]`) and its name. */
function refused(part: FilePart, why: ImageRefusal): FieldViolation {
  return { field: `${FILE_FIELD}[${part.index}]`, ...why, data: { fileName: part.fileName, index: part.index } };
}

/** The folder of a file's keys: also the text that finds what refers to it. */
const folderOf = (id: string) => `library/${id}/`;

function notFound(mediaId: string): AppError {
  return new AppError('NOT_FOUND', mediaErrorCodes.notFound, `No media "${mediaId}" in the media library`, {
    mediaId,
  });
}

/** The media library: uploads checked from their bytes, resized, stored, listed and deleted. */
export function createMediaLibrary(deps: MediaLibraryDeps) {
  const repo = createMediaRepo(deps.dialect);
  const { storage } = deps;

  /** Checks, encodes and stores one file; its keys go into `written` as they are written. */
  async function store(part: FilePart, written: string[]): Promise<MediaRow | FieldViolation> {
    const image = await inspectImage(part.bytes);
    if (isRefusal(image)) return refused(part, image);
    let processed: Awaited<ReturnType<typeof processImage>>;
    try {
      processed = await processImage(part.bytes, image);
    } catch {
      return refused(part, { description: 'is corrupt or truncated: it could not be read', violatedRule: 'FORMAT' });
    }
    const id = newId();
    const key = `${folderOf(id)}original.${image.extension}`;
    written.push(key);
    await storage.put(key, processed.original.bytes, image.mimeType);
    const variants: StoredVariant[] = [];
    for (const v of processed.variants) {
      const variantKey = `${folderOf(id)}w${v.width}.webp`;
      written.push(variantKey);
      await storage.put(variantKey, v.bytes, 'image/webp');
      variants.push({ width: v.width, height: v.height, key: variantKey });
    }
    return {
      id,
      file_name: part.fileName,
      mime_type: image.mimeType,
      size_bytes: processed.original.bytes.length,
      width: processed.original.width,
      height: processed.original.height,
      storage_key: key,
      variants: JSON.stringify(variants),
      created_date: deps.clock.now().toISOString(),
    };
  }

  return {
    /**
     * Takes every file of one request, or none: a refused file (or a refused request) stores nothing, and the
     * refusal names each bad file found (`file[2]`, with its name in `data`). After the first refusal the other
     * files are only checked, not encoded.
     */
    async upload(parts: AsyncIterable<UploadPart>): Promise<MediaFile[]> {
      const violations: FieldViolation[] = [];
      const rows: MediaRow[] = [];
      const written: string[] = [];
      try {
        for await (const part of parts) {
          if (part.kind === 'refused') violations.push(part.violation);
          else if (violations.length > 0) {
            const image = await inspectImage(part.bytes);
            if (isRefusal(image)) violations.push(refused(part, image));
          } else {
            const stored = await store(part, written);
            if ('field' in stored) violations.push(stored);
            else rows.push(stored);
          }
        }
        if (violations.length === 0 && rows.length === 0) {
          violations.push({
            field: FILE_FIELD,
            description: 'must hold one or more files',
            violatedRule: 'REQUIRED_FIELD',
          });
        }
        if (violations.length > 0) throw new ValidationError(violations);
        await repo.insert(deps.db, rows);
      } catch (error) {
        await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
        throw error;
      }
      return rows.map((row) => mediaFileOf(row, storage));
    },

    /** A page of the library, newest first. */
    async list(input: { limit: number; offset: number }): Promise<{ media: MediaFile[]; total: number }> {
      const { rows, total } = await repo.page(deps.db, input.limit, input.offset);
      return { media: rows.map((row) => mediaFileOf(row, storage)), total };
    },

    async get(id: string): Promise<MediaFile> {
      const row = await repo.find(deps.db, id);
      if (!row) throw notFound(id);
      return mediaFileOf(row, storage);
    },

    /**
     * The sizes a library original was stored in, for serving a scaled request (media.files.ts): the original's and
     * its WebP variants', with their keys; undefined when `key` is not the original of a library file.
     */
    async sizesOf(key: string): Promise<StoredSizes | undefined> {
      const id = /^library\/([^/]+)\/[^/]+$/.exec(key)?.[1];
      if (!id) return undefined;
      const row = await repo.find(deps.db, id);
      if (!row || row.storage_key !== key) return undefined;
      return {
        width: Number(row.width),
        height: Number(row.height),
        variants: JSON.parse(row.variants) as StoredVariant[],
      };
    },

    /**
     * A file to attach to a product, read in the attaching transaction (a deletion running at the same time waits
     * for it, or it finds the file gone); undefined when the library has no such id.
     */
    async attachable(ex: Executor, id: string): Promise<AttachableMedia | undefined> {
      const row = await repo.find(ex, id, 'share');
      if (!row) return undefined;
      const smallest = (JSON.parse(row.variants) as StoredVariant[])[0];
      return {
        url: storage.url(row.storage_key),
        width: Number(row.width),
        height: Number(row.height),
        fileName: row.file_name,
        ...(smallest
          ? { thumbnail: { url: storage.url(smallest.key), width: smallest.width, height: smallest.height } }
          : {}),
      };
    },

    /**
     * Deletes a file and its variants, unless a product (its media or description), a collection or a setting (the
     * store logo) still refers to it: that is refused with MEDIA_IN_USE naming them, and nothing changes.
     */
    async remove(id: string): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        const row = await repo.find(uow.trx, id, 'update');
        if (!row) throw notFound(id);
        const usage = await repo.usage(uow.trx, folderOf(id));
        if (usage.productIds.length + usage.collectionIds.length + usage.settings.length > 0) {
          throw new AppError(
            'FAILED_PRECONDITION',
            mediaErrorCodes.inUse,
            `Media "${id}" is still used: remove it from the products, collections and settings that show it first`,
            { mediaId: id, ...usage },
          );
        }
        await repo.remove(uow.trx, id);
        const variants = JSON.parse(row.variants) as StoredVariant[];
        // The files go once the row is gone for good; nothing refers to them any more.
        uow.afterCommit(async () => {
          for (const key of [row.storage_key, ...variants.map((v) => v.key)]) await storage.delete(key);
        });
      });
    },
  };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
