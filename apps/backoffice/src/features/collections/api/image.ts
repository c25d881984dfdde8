import { admin } from '../../../lib/admin';

/**
 * Uploads a collection's image to the media library, telling its progress (0 to 1); answers its address. The server
 * checks the file's type from its bytes and refuses what is not an image.
 */
export async function uploadCollectionImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const { media } = await (await admin()).media.uploadMedia([file], {
    onProgress: ({ loaded, total }) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0),
  });
  const [uploaded] = media;
  if (!uploaded) throw new Error(`${file.name} was not stored`);
  return uploaded.url;
}
