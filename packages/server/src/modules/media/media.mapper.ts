import type { MediaFile, MediaMimeType } from '@merx/contract';
import type { MediaStorage } from '../../lib/storage.js';
import type { MediaRow } from './media.repo.js';

/** A variant as the row keeps it (JSON in `variants`). */
export interface StoredVariant {
  width: number;
  height: number;
  key: string;
}

/** A video's still image: its stored original and WebP variants (narrowest first). */
export interface StoredPoster {
  key: string;
  width: number;
  height: number;
  variants: StoredVariant[];
}

/**
 * What the row's `variants` JSON holds: an image's variants (an array, as since migration 0014), or a video's facts
 * (an object: decision 0031 keeps them there rather than in columns of their own).
 */
export type StoredExtras =
  | { mediaType: 'image'; variants: StoredVariant[] }
  | { mediaType: 'video'; durationMs?: number; poster?: StoredPoster };

/** The `variants` text of a video row. */
export function videoExtrasText(video: { durationMs?: number | undefined; poster?: StoredPoster | undefined }): string {
  return JSON.stringify({
    video: {
      ...(video.durationMs !== undefined ? { durationMs: video.durationMs } : {}),
      ...(video.poster ? { poster: video.poster } : {}),
    },
  });
}

export function extrasOf(row: Pick<MediaRow, 'variants'>): StoredExtras {
  const parsed = JSON.parse(row.variants) as
    | StoredVariant[]
    | { video: { durationMs?: number; poster?: StoredPoster } };
  return Array.isArray(parsed) ? { mediaType: 'image', variants: parsed } : { mediaType: 'video', ...parsed.video };
}

/** The keys of every file a row stored: the original, its variants, a video's poster and the poster's variants. */
export function keysOf(row: MediaRow): string[] {
  const extras = extrasOf(row);
  if (extras.mediaType === 'image') return [row.storage_key, ...extras.variants.map((v) => v.key)];
  const poster = extras.poster;
  return [row.storage_key, ...(poster ? [poster.key, ...poster.variants.map((v) => v.key)] : [])];
}

/** A library row as the contract shows it: URLs from the storage, never the row's own names. */
export function mediaFileOf(row: MediaRow, storage: MediaStorage): MediaFile {
  const extras = extrasOf(row);
  const variants = extras.mediaType === 'image' ? extras.variants : (extras.poster?.variants ?? []);
  return {
    id: row.id,
    mediaType: extras.mediaType,
    url: storage.url(row.storage_key),
    fileName: row.file_name,
    mimeType: row.mime_type as MediaMimeType,
    sizeBytes: Number(row.size_bytes),
    width: Number(row.width),
    height: Number(row.height),
    ...(extras.mediaType === 'video' && extras.durationMs !== undefined
      ? { durationSeconds: extras.durationMs / 1000 }
      : {}),
    ...(extras.mediaType === 'video' && extras.poster
      ? {
          poster: {
            url: storage.url(extras.poster.key),
            width: extras.poster.width,
            height: extras.poster.height,
          },
        }
      : {}),
    variants: variants.map((v) => ({ width: v.width, height: v.height, url: storage.url(v.key) })),
    createdDate: row.created_date,
  };
}
