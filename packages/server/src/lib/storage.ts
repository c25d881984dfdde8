import { mkdir, open, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';

/**
 * Where media files live (DESIGN.md section 2): a local folder by default; an S3-compatible object store can take
 * its place when several processes serve one store. Keys are relative paths such as `library/<id>/original.jpg`,
 * written once and never reused, so whatever serves them may let clients cache them for good.
 */
export interface MediaStorage {
  /** Writes a new file under `key`; refuses to overwrite one (keys are never reused). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Whether a file is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Where clients fetch it: a path on the store (`/media/…`) or, for an object store, its public URL. */
  url(key: string): string;
  /** The folder this process serves the files from itself (`/media/`); undefined when the store serves them. */
  readonly localRoot?: string;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless `key` is a plain relative path inside the storage (no `..`, no absolute path, no odd characters). */
function checkKey(key: string): string {
  const path = normalize(key);
  if (!KEY.test(key) || path !== key.split('/').join(sep) || isAbsolute(path) || path.split(sep).includes('..')) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
  return path;
}

/** Media in a folder of this machine (`config.mediaDir`), served by the app at `urlPrefix` (`/media/`). */
export function createLocalStorage(root: string, urlPrefix = '/media/'): MediaStorage {
  const fileOf = (key: string) => join(root, checkKey(key));
  return {
    localRoot: root,
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // `wx`: fails when the file exists, so a key is never written twice.
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(bytes);
      } finally {
        await handle.close();
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // The folder a key's file was in goes with its last file (ENOTEMPTY otherwise: left as it is).
      if (dirname(file) !== root) await rmdir(dirname(file)).catch(() => undefined);
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    url: (key) => `${urlPrefix}${checkKey(key).split(sep).join('/')}`,
  };
}
