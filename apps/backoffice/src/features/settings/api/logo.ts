import { admin } from '../../../lib/admin';

/** Uploads a logo image to the media library; resolves to its address on the store (`/media/…`). */
export async function uploadLogo(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const { media } = await (await admin()).media.uploadMedia([file], {
    onProgress: (p: { loaded: number; total: number }) => onProgress(p.total ? p.loaded / p.total : 0),
  });
  const uploaded = media[0];
  if (!uploaded) throw new Error('The upload gave no image back. Try again.');
  return uploaded.url;
}
