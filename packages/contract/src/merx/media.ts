import { z } from 'zod';

/*
 * The media library (`/_api/merx/v1/media`, Merx's own, no Wix counterpart): images staff upload once and then
 * attach to products and option choices (`POST /stores/v1/products/{id}/media` with `{ mediaId }`) or use as the
 * store logo (its `url`). See docs/decisions/0010-media-uploads.md.
 */

/** What one upload may be: each refusal names the file it is about. */
export const mediaLimits = {
  /** Bytes of one file as sent. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Files in one request (the form field `file`, repeated). */
  maxFiles: 10,
  /** Pixels of one image (all frames of an animation together): a guard against decompression bombs. */
  maxPixels: 50_000_000,
  /** Widths of the WebP variants made of each image; an image no wider than one of them gets no variant of it. */
  variantWidths: [400, 1200],
} as const;

/** The formats the library takes, found from the file's bytes (never its name or declared type). */
export const mediaMimeTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-matroska',
] as const;
export type MediaMimeType = (typeof mediaMimeTypes)[number];

export const mediaErrorCodes = {
  notFound: 'MEDIA_NOT_FOUND',
  /** A product, collection or setting still shows the file: detach it first. */
  inUse: 'MEDIA_IN_USE',
} as const;

/** A smaller WebP copy of the image, for thumbnails and listings. */
export const mediaVariant = z.object({ width: z.number().int(), height: z.number().int(), url: z.string() });

/** A video's still image (decision 0031): sent with the video in the upload's field `poster`. */
export const mediaPoster = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const mediaFile = z.object({
  /** The library id: `{ mediaId }` on the product media routes. */
  id: z.string(),
  /** `image` or `video`, from the file's bytes. */
  mediaType: z.enum(['image', 'video']),
  /**
   * The image as stored (EXIF orientation applied, metadata stripped, same format), or the video as sent. A path on
   * the store (`/media/…`).
   */
  url: z.string(),
  /** The name the file was sent with, for people to recognise it (never used to store or type it). */
  fileName: z.string(),
  mimeType: z.enum(mediaMimeTypes),
  /** Bytes of the stored image at `url`. */
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** A video's length in seconds (to the millisecond), when its container says. */
  durationSeconds: z.number().optional(),
  /** A video's still image, when one was sent with it. */
  poster: mediaPoster.optional(),
  /** Narrowest first: of the image, or of a video's poster. */
  variants: z.array(mediaVariant),
  createdDate: z.string(),
});
export type MediaFile = z.infer<typeof mediaFile>;

/** The request body is `multipart/form-data` with the files in the field `file`; the answer, in their order. */
export const uploadMediaResponse = z.object({ media: z.array(mediaFile) });

export const listMediaRequest = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** Newest first. */
export const listMediaResponse = z.object({
  media: z.array(mediaFile),
  metadata: z.object({ count: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});
export const mediaFileResponse = z.object({ media: mediaFile });
