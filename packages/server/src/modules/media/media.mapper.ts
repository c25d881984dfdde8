import type { MediaFile, MediaMimeType } from '@merx/contract';
import type { MediaStorage } from '../../lib/storage.js';
import type { MediaRow } from './media.repo.js';

/** A variant as the row keeps it (JSON in `variants`). */
export interface StoredVariant {
  width: number;
  height: number;
  key: string;
}

/** A library row as the contract shows it: URLs from the storage, never the row's own names. */
export function mediaFileOf(row: MediaRow, storage: MediaStorage): MediaFile {
  const variants = JSON.parse(row.variants) as StoredVariant[];
  return {
    id: row.id,
    url: storage.url(row.storage_key),
    fileName: row.file_name,
    mimeType: row.mime_type as MediaMimeType,
    sizeBytes: Number(row.size_bytes),
    width: Number(row.width),
    height: Number(row.height),
    variants: variants.map((v) => ({ width: v.width, height: v.height, url: storage.url(v.key) })),
    createdDate: row.created_date,
  };
}
