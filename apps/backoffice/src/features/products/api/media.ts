import { admin } from '../../../lib/admin';

/** A file uploaded to the store's media library, ready to attach to a product when it is saved. */
export interface UploadedMedia {
  /** The media library id (`{ mediaId }` when attaching). */
  id: string;
  /** The picture to show for it: an image's smallest copy, or a video's poster; `''` for a video without one. */
  url: string;
  name: string;
  /** A video's file as stored (served with byte ranges, so it plays in a `<video>`). */
  video?: { url: string; poster: boolean };
}

/** Largest file the media library takes (its `mediaLimits.maxFileBytes`). */
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;

/** Image types the media library takes, for the file picker and the check before uploading. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** Video types the media library takes (decision 0031): MP4, MOV and WebM. */
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm)$/i;

/**
 * What the picker's file looks like, from the type the browser gives it (or its name when it gives none): the server
 * decides from the bytes in the end, this only saves sending a file that cannot be right.
 */
export function kindOf(file: File): 'image' | 'video' | undefined {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type === '' && VIDEO_EXTENSIONS.test(file.name)) return 'video';
  return undefined;
}

/** Why a file cannot be uploaded as it is, before sending it; undefined when it can. */
export function fileProblem(file: File): string | undefined {
  if (!kindOf(file))
    return 'Not an image or a video: choose a JPEG, PNG, WebP, GIF or AVIF image, or an MP4, MOV or WebM video.';
  if (file.size > MAX_MEDIA_BYTES) return 'Larger than 20 MB: make it smaller first.';
  return undefined;
}

/** A file to upload: an image, or a video with (or without) its poster image. */
export interface ToUpload {
  file: File;
  poster?: File | undefined;
}

/**
 * Uploads one image or video to the media library, telling its progress (0 to 1) as the bytes go out. The server
 * checks the file's type from its bytes and refuses what is neither.
 *
 * A video may go with its poster image, in the same request (decision 0031); without one the shop shows the
 * product's first image in its place.
 */
export async function uploadMedia(
  file: File,
  onProgress: (fraction: number) => void,
  poster?: File,
): Promise<UploadedMedia> {
  const { media } = await (await admin()).media.uploadMedia([poster ? { file, poster } : file], {
    onProgress: ({ loaded, total }) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0),
  });
  const [uploaded] = media;
  if (!uploaded) throw new Error(`${file.name} was not stored`);
  onProgress(1);
  if (uploaded.mediaType === 'video') {
    const poster = uploaded.variants[0]?.url ?? uploaded.poster?.url;
    return {
      id: uploaded.id,
      url: poster ?? '',
      name: uploaded.fileName,
      video: { url: uploaded.url, poster: poster !== undefined },
    };
  }
  return { id: uploaded.id, url: uploaded.variants[0]?.url ?? uploaded.url, name: uploaded.fileName };
}
