/**
 * The media library: one row per uploaded image. `storage_key` is the stored image's key in the media storage;
 * `variants` is JSON `[{ width, height, key }]`, narrowest first. Timestamps are ISO-8601 text.
 */
export interface MediaFilesTable {
  id: string;
  /** The name it was sent with (for people only). */
  file_name: string;
  /** Found from the bytes: image/jpeg, image/png, image/webp, image/gif or image/avif. */
  mime_type: string;
  size_bytes: number;
  width: number;
  height: number;
  storage_key: string;
  variants: string;
  created_date: string;
}
