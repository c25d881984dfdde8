import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import type { UploadProgress, UploadProgressListener } from '../upload.js';

const BASE = '/_api/merx/v1/media';

export type MediaFile = c.MediaFile;
export type { UploadProgress };

/**
 * A file to upload: a `File` (its name goes with it) or any `Blob`, or bytes with a name (in Node,
 * `{ name: 'photo.jpg', data: await readFile(path) }`). The server types it from its bytes, never the name.
 */
export type UploadableFile = Blob | { name: string; data: Blob | ArrayBuffer | Uint8Array };

export interface UploadOptions extends CallOptions {
  /** Told how much of the request has been sent (`total` 0 when the runtime cannot tell), for a progress bar. */
  onProgress?: UploadProgressListener;
}

/** A video with its poster image (the still shown before it plays and in listings; docs/decisions/0031). */
export interface VideoWithPoster {
  file: UploadableFile;
  poster: UploadableFile;
}

function appendFile(form: FormData, field: 'file' | 'poster', f: UploadableFile) {
  if (f instanceof Blob) form.append(field, f, 'name' in f && typeof f.name === 'string' ? f.name : field);
  // A Node Buffer is typed over any ArrayBufferLike; Blob copies its bytes whatever buffer holds them.
  else form.append(field, f.data instanceof Blob ? f.data : new Blob([f.data as Uint8Array<ArrayBuffer>]), f.name);
}

function formOf(files: readonly (UploadableFile | VideoWithPoster)[]): FormData {
  const form = new FormData();
  for (const f of files) {
    if ('poster' in f && 'file' in f) {
      // The poster part follows its video's part.
      appendFile(form, 'file', f.file);
      appendFile(form, 'poster', f.poster);
    } else appendFile(form, 'file', f);
  }
  return form;
}

/**
 * The media library (Merx): images uploaded once, then attached to products and option choices
 * (`products.addProductMedia(id, [{ mediaId }])`) or made the store logo (`storeSettings`, its `url`). Upload and
 * delete need `catalog:write`, listing `catalog:read`. Elevated only.
 */
export function media(transport: Transport) {
  const call = caller(transport, 'media');
  return {
    /**
     * Uploads up to 10 images (JPEG, PNG, WebP, GIF, AVIF) or videos (MP4, MOV, WebM), 20 MB each, in one request:
     * all are stored, or none (a refusal names each bad file: `file[2]`, with its name in the violation's data). A
     * video may come with its poster image (`{ file, poster }`). Answers them in order, each with its size, its
     * stored URL and smaller WebP variants (a video: its duration and poster).
     */
    uploadMedia: (files: readonly (UploadableFile | VideoWithPoster)[], o?: UploadOptions) => {
      const { onProgress, ...options } = o ?? {};
      return call<Out<typeof c.uploadMediaResponse>>('uploadMedia', {
        method: 'POST',
        path: BASE,
        form: formOf(files),
        onUploadProgress: onProgress,
        args: [files],
        options,
        elevated: true,
      });
    },
    /** Newest first; `limit` (up to 100, default 50) and `offset` page through it. */
    listMedia: (query: Partial<In<typeof c.listMediaRequest>> = {}, o?: CallOptions) =>
      call<Out<typeof c.listMediaResponse>>('listMedia', {
        method: 'GET',
        path: BASE,
        params: query,
        args: [query],
        options: o,
        elevated: true,
      }),
    getMedia: (id: string, o?: CallOptions) =>
      call<Out<typeof c.mediaFileResponse>>('getMedia', {
        method: 'GET',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** Refused with `MEDIA_IN_USE` (naming them) while a product, collection or the store logo shows the file. */
    deleteMedia: (id: string, o?: CallOptions) =>
      call<Empty>('deleteMedia', {
        method: 'DELETE',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
  };
}

export type MediaModule = ReturnType<typeof media>;
