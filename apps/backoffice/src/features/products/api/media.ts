import { admin } from '../../../lib/admin';

/** An image uploaded to the store's media library, ready to attach to a product when it is saved. */
export interface UploadedImage {
  /** The media library id (`{ mediaId }` when attaching). */
  id: string;
  /** Where the image is served: its smallest copy, for previews. */
  url: string;
  name: string;
}

/** Largest image the media library takes (its `mediaLimits.maxFileBytes`). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * Uploads one image to the media library, telling its progress (0 to 1) as the bytes go out. The server checks the
 * file's type from its bytes and refuses what is not an image.
 */
export async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  const { media } = await (await admin()).media.uploadMedia([file], {
    onProgress: ({ loaded, total }) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0),
  });
  const [uploaded] = media;
  if (!uploaded) throw new Error(`${file.name} was not stored`);
  onProgress(1);
  return { id: uploaded.id, url: uploaded.variants[0]?.url ?? uploaded.url, name: uploaded.fileName };
}
