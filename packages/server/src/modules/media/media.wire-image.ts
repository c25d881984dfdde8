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

/** One segment of a storage key (lib/storage.ts): no leading dot, so never `.` or `..`. */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,199}';
const EXTENSIONS = Object.keys(IMAGE_TYPES).join('|');

/** An image id: key segments joined by `~`, ending in an image extension. */
const IMAGE_ID = new RegExp(`^${SEGMENT}(?:~${SEGMENT}){0,7}\\.(?:${EXTENSIONS})$`);
/**
 * What the router claims for `/media/<id>` (a looser, linear form: the router refuses nested quantifiers); every
 * other path under `/media/` stays the folder's static route's. `keyOfImageId` checks the rest.
 */
export const ROUTED_ID_PATTERN = `^[A-Za-z0-9][A-Za-z0-9._~-]*\\.(?:${EXTENSIONS})$`;

/** The storage key of the media file an image id names; undefined when it is not an image id. */
export function keyOfImageId(id: string): string | undefined {
  if (id.length > 1000 || !IMAGE_ID.test(id)) return undefined;
  return id.split('~').join('/');
}

/** The image id of a media URL: `/media/<key>` or `<publicUrl>/media/<key>`; undefined for anything else. */
export function imageIdOf(url: string, publicUrl: string): string | undefined {
  const own = `${publicUrl}/media/`;
  const path = url.startsWith('/media/')
    ? url.slice('/media/'.length)
    : url.startsWith(own)
      ? url.slice(own.length)
      : '';
  if (!path || path.includes('~')) return undefined;
  const id = path.split('/').join('~');
  return keyOfImageId(id) ? id : undefined;
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
