import { type MediaFile, mediaErrorCodes } from '@merx/contract';
import { type Database, type DialectName, type Executor, withTransaction } from '@merx/db';
import { AppError, type FieldViolation, ValidationError } from '@merx/domain';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { MediaStorage } from '../../lib/storage.js';
import { type ImageRefusal, inspectImage, isRefusal, processImage } from './media.images.js';
import {
  extrasOf,
  keysOf,
  mediaFileOf,
  type StoredPoster,
  type StoredVariant,
  videoExtrasText,
} from './media.mapper.js';
import { FILE_FIELD, POSTER_FIELD, type UploadPart } from './media.multipart.js';
import { createMediaRepo, type MediaRow } from './media.repo.js';
import { inspectVideo, isVideoRefusal } from './media.video.js';

export interface MediaLibraryDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  storage: MediaStorage;
}

/** A library file as a product's media item takes it. */
export interface AttachableMedia {
  mediaType: 'image' | 'video';
  url: string;
  width: number;
  height: number;
  fileName: string;
  /** The smallest WebP variant (of a video's poster), for thumbnails; absent when the image was too small for one. */
  thumbnail?: { url: string; width: number; height: number };
  /** A video's container format (`mp4`, `mov`, `webm`, `mkv`). */
  format?: string;
  /** A video's still image, when it was sent with it. */
  poster?: { url: string; width: number; height: number };
}

/** A library original's size and its variants (narrowest first); for a video's own key, its type only. */
export interface StoredSizes {
  mediaType: 'image' | 'video';
  width: number;
  height: number;
  variants: StoredVariant[];
}

type FilePart = Extract<UploadPart, { kind: 'file' }>;
type PosterPart = Extract<UploadPart, { kind: 'poster' }>;

/** A refused file, named by its place in the request (`file[2]`) and its name. */
function refused(part: FilePart, why: ImageRefusal): FieldViolation {
  return { field: `${FILE_FIELD}[${part.index}]`, ...why, data: { fileName: part.fileName, index: part.index } };
}

/** A refused poster, named by the file it belongs to (`file[2].poster`). */
function refusedPoster(part: PosterPart, why: ImageRefusal): FieldViolation {
  return {
    field: `${FILE_FIELD}[${part.fileIndex}].${POSTER_FIELD}`,
    ...why,
    data: { fileName: part.fileName, index: part.fileIndex },
  };
}

/** Checks a file from its bytes alone (a video's container, else an image's header), without storing anything. */
async function check(bytes: Buffer): Promise<ImageRefusal | undefined> {
  const video = bytes.length > 0 ? inspectVideo(bytes) : undefined;
  if (video) return isVideoRefusal(video) ? video : undefined;
  const image = await inspectImage(bytes);
  return isRefusal(image) ? image : undefined;
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

  /** Checks an image and stores it with its WebP variants under `<folder>/<name>.<ext>` and `<folder>/w<width>.webp`. */
  async function storeImage(
    bytes: Buffer,
    folder: string,
    name: string,
    written: string[],
  ): Promise<
    | ImageRefusal
    | { key: string; mimeType: string; bytes: number; width: number; height: number; variants: StoredVariant[] }
  > {
    const image = await inspectImage(bytes);
    if (isRefusal(image)) return image;
    let processed: Awaited<ReturnType<typeof processImage>>;
    try {
      processed = await processImage(bytes, image);
    } catch {
      return { description: 'is corrupt or truncated: it could not be read', violatedRule: 'FORMAT' };
    }
    const key = `${folder}${name}.${image.extension}`;
    written.push(key);
    await storage.put(key, processed.original.bytes, image.mimeType);
    const variants: StoredVariant[] = [];
    for (const v of processed.variants) {
      const variantKey = `${folder}${name === 'original' ? '' : `${name}-`}w${v.width}.webp`;
      written.push(variantKey);
      await storage.put(variantKey, v.bytes, 'image/webp');
      variants.push({ width: v.width, height: v.height, key: variantKey });
    }
    const { width, height } = processed.original;
    return { key, mimeType: image.mimeType, bytes: processed.original.bytes.length, width, height, variants };
  }

  /** Checks and stores one file (a video as sent, an image encoded again); its keys go into `written`. */
  async function store(part: FilePart, written: string[]): Promise<MediaRow | FieldViolation> {
    const id = newId();
    const created = deps.clock.now().toISOString();
    const video = part.bytes.length > 0 ? inspectVideo(part.bytes) : undefined;
    if (video) {
      if (isVideoRefusal(video)) return refused(part, video);
      // Stored byte for byte: without a decoder on the machine, re-encoding is not ours to do (decision 0031).
      const key = `${folderOf(id)}original.${video.extension}`;
      written.push(key);
      await storage.put(key, part.bytes, video.mimeType);
      return {
        id,
        file_name: part.fileName,
        mime_type: video.mimeType,
        size_bytes: part.bytes.length,
        width: video.width,
        height: video.height,
        storage_key: key,
        variants: videoExtrasText({ durationMs: video.durationMs }),
        created_date: created,
      };
    }
    const stored = await storeImage(part.bytes, folderOf(id), 'original', written);
    if ('violatedRule' in stored) return refused(part, stored);
    return {
      id,
      file_name: part.fileName,
      mime_type: stored.mimeType,
      size_bytes: stored.bytes,
      width: stored.width,
      height: stored.height,
      storage_key: stored.key,
      variants: JSON.stringify(stored.variants),
      created_date: created,
    };
  }

  /** Stores a poster for the video of `row` (the file sent just before it) and records it in the row. */
  async function storePoster(
    part: PosterPart,
    row: MediaRow | undefined,
    written: string[],
  ): Promise<FieldViolation | undefined> {
    const extras = row ? extrasOf(row) : undefined;
    if (!row || extras?.mediaType !== 'video') {
      return refusedPoster(part, {
        description: `must follow the video it is the poster of, sent in the field "${FILE_FIELD}"`,
        violatedRule: 'VALIDATION',
      });
    }
    if (extras.poster)
      return refusedPoster(part, { description: 'is a second poster for one video', violatedRule: 'VALIDATION' });
    const stored = await storeImage(part.bytes, folderOf(row.id), 'poster', written);
    if ('violatedRule' in stored) return refusedPoster(part, stored);
    const poster: StoredPoster = {
      key: stored.key,
      width: stored.width,
      height: stored.height,
      variants: stored.variants,
    };
    row.variants = videoExtrasText({ durationMs: extras.durationMs, poster });
    return undefined;
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
      const byIndex = new Map<number, MediaRow>();
      const written: string[] = [];
      try {
        for await (const part of parts) {
          if (part.kind === 'refused') violations.push(part.violation);
          else if (violations.length > 0) {
            const why = await check(part.bytes);
            if (why) violations.push(part.kind === 'poster' ? refusedPoster(part, why) : refused(part, why));
          } else if (part.kind === 'poster') {
            const why = await storePoster(part, byIndex.get(part.fileIndex), written);
            if (why) violations.push(why);
          } else {
            const stored = await store(part, written);
            if ('field' in stored) violations.push(stored);
            else {
              rows.push(stored);
              byIndex.set(part.index, stored);
            }
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
      if (!row) return undefined;
      const extras = extrasOf(row);
      if (extras.mediaType === 'video') {
        if (row.storage_key === key) return { mediaType: 'video', width: 0, height: 0, variants: [] };
        const poster = extras.poster;
        return poster?.key === key ? { mediaType: 'image', ...poster } : undefined;
      }
      if (row.storage_key !== key) return undefined;
      return { mediaType: 'image', width: Number(row.width), height: Number(row.height), variants: extras.variants };
    },

    /**
     * A file to attach to a product, read in the attaching transaction (a deletion running at the same time waits
     * for it, or it finds the file gone); undefined when the library has no such id.
     */
    async attachable(ex: Executor, id: string): Promise<AttachableMedia | undefined> {
      const row = await repo.find(ex, id, 'share');
      if (!row) return undefined;
      const extras = extrasOf(row);
      const poster = extras.mediaType === 'video' ? extras.poster : undefined;
      const smallest = extras.mediaType === 'image' ? extras.variants[0] : poster?.variants[0];
      return {
        mediaType: extras.mediaType,
        url: storage.url(row.storage_key),
        width: Number(row.width),
        height: Number(row.height),
        fileName: row.file_name,
        ...(smallest
          ? { thumbnail: { url: storage.url(smallest.key), width: smallest.width, height: smallest.height } }
          : {}),
        ...(extras.mediaType === 'video'
          ? { format: row.storage_key.slice(row.storage_key.lastIndexOf('.') + 1) }
          : {}),
        ...(poster ? { poster: { url: storage.url(poster.key), width: poster.width, height: poster.height } } : {}),
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
        // The files go once the row is gone for good; nothing refers to them any more.
        uow.afterCommit(async () => {
          for (const key of keysOf(row)) await storage.delete(key);
        });
      });
    },
  };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
