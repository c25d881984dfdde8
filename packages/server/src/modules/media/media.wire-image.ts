/*
 * Image ids that the @wix/sdk media helpers can read (issue 19, item 5).
 *
 * The SDK turns a wire image `{id, url, width, height, altText?}` into `wix:image://v1/<id>/<alt>#originWidth=…`,
 * and `media.getImageUrl` / `getScaledToFillImageUrl` build `https://static.wixstatic.com/media/<id>` and
 * `…/media/<id>/v1/fill/w_…,h_…,…/<name>` from it. The helpers split the id off at the first `/`, so our id is the
 * file's storage key with `~` for `/` (`library~<uuid>~original.jpg`, `demo~tee.svg`): a character storage keys never
 * hold, so the id maps back to exactly one file of the media folder. A shop that sends static.wixstatic.com to the
 * store's origin gets the file from `GET /media/<id>` (media.files.ts).
 *
 * Images given by an outside URL (not under the store's `/media/`) have no file of ours: they get no id, and the
 * SDK hands the shop their URL as it is.
 */

/** What the media folder may serve through an image id: image formats only. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** What the media folder may serve through a video id (decision 0031): the containers the library takes. */
export const VIDEO_TYPES: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** One segment of a storage key (lib/storage.ts): no leading dot, so never `.` or `..`. */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,199}';
const idOf = (extensions: string[]) => new RegExp(`^${SEGMENT}(?:~${SEGMENT}){0,7}\\.(?:${extensions.join('|')})$`);

/** An image id: key segments joined by `~`, ending in an image extension. */
const IMAGE_ID = idOf(Object.keys(IMAGE_TYPES));
/** A video id: the same, ending in a video extension. */
const VIDEO_ID = idOf(Object.keys(VIDEO_TYPES));
/**
 * What the router claims for `/media/<id>` (a looser, linear form: the router refuses nested quantifiers); every
 * other path under `/media/` stays the folder's static route's. `keyOfMediaId` checks the rest.
 */
export const ROUTED_ID_PATTERN = `^[A-Za-z0-9][A-Za-z0-9._~-]*\\.(?:${[...Object.keys(IMAGE_TYPES), ...Object.keys(VIDEO_TYPES)].join('|')})$`;

/** The storage key of the media file an image id names; undefined when it is not an image id. */
export function keyOfImageId(id: string): string | undefined {
  if (id.length > 1000 || !IMAGE_ID.test(id)) return undefined;
  return id.split('~').join('/');
}

/** The storage key of the media file an image or video id names; undefined for anything else. */
export function keyOfMediaId(id: string): string | undefined {
  if (id.length > 1000 || !(IMAGE_ID.test(id) || VIDEO_ID.test(id))) return undefined;
  return id.split('~').join('/');
}

/** The image id of a media URL: `/media/<key>` or `<publicUrl>/media/<key>`; undefined for anything else. */
export function imageIdOf(url: string, publicUrl: string): string | undefined {
  const id = mediaIdOf(url, publicUrl);
  return id && keyOfImageId(id) ? id : undefined;
}

/** The video id of a media URL (a video file of the store's media folder); undefined for anything else. */
export function videoIdOf(url: string, publicUrl: string): string | undefined {
  const id = mediaIdOf(url, publicUrl);
  return id && VIDEO_ID.test(id) ? id : undefined;
}

function mediaIdOf(url: string, publicUrl: string): string | undefined {
  const own = `${publicUrl}/media/`;
  const path = url.startsWith('/media/')
    ? url.slice('/media/'.length)
    : url.startsWith(own)
      ? url.slice(own.length)
      : '';
  if (!path || path.includes('~')) return undefined;
  const id = path.split('/').join('~');
  return keyOfMediaId(id) ? id : undefined;
}

/** An image as the wire carries it: its URL as ever, and an id when the file is one of the store's. */
export interface WireImageObject {
  id?: string;
  url: string;
  width: number;
  height: number;
  altText?: string;
}

/**
 * The wire image of a stored one. `url` is the absolute URL clients have always had. No `filename`: the SDK puts
 * `filename || altText` into the `wix:image://` string and the helpers hand it back as the alt text, so a file name
 * there would become the picture's alt text.
 */
export function wireImageOf(
  image: { url: string; width: number; height: number; altText?: string | undefined },
  publicUrl: string,
): WireImageObject {
  const id = imageIdOf(image.url, publicUrl);
  const url = image.url.startsWith('/') ? `${publicUrl}${image.url}` : image.url;
  return {
    ...(id ? { id } : {}),
    url,
    width: image.width,
    height: image.height,
    ...(image.altText ? { altText: image.altText } : {}),
  };
}
