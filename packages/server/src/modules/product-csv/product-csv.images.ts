import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isAbsolute, join, normalize } from 'node:path';
import { isPrivateAddress } from '../../lib/net-guard.js';

/*
 * The check an image URL of an import passes before it becomes product media: http or https, answered within a
 * short time with an image (a HEAD request, or a one-byte ranged GET where HEAD is refused), a few at a time.
 * Addresses of private and local networks are refused unless the store allows them (MERX_FETCH_PRIVATE_HOSTS):
 * every address a name resolves to is checked, and the connection goes to the address that was checked.
 */

export type ImageCheck = { ok: true; url: string } | { ok: false; message: string };

export interface ImageCheckerOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  concurrency: number;
  /** The store's public origin: its own `/media/…` URLs are media library files, checked on disk. */
  publicUrl: string;
  mediaDir: string;
}

const REFUSED_PRIVATE =
  'points to a private or local network address, which the server does not fetch (see MERX_FETCH_PRIVATE_HOSTS)';

class Refusal extends Error {}

export function createImageChecker(opts: ImageCheckerOptions) {
  // Connections are kept between checks: a file names many images on few hosts.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: opts.concurrency }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: opts.concurrency }),
  };
  let active = 0;
  const waiting: Array<() => void> = [];
  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (active >= opts.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  }

  /** Resolves a host and refuses it when any of its addresses is private (unless allowed). */
  const guardedLookup = (
    hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (!opts.allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
        return callback(new Refusal(REFUSED_PRIVATE), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };

  function once(
    url: URL,
    method: 'HEAD' | 'GET',
    deadline: number,
  ): Promise<{ status: number; type: string; location?: string }> {
    return new Promise((resolve, reject) => {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !opts.allowPrivate && isPrivateAddress(host)) return reject(new Refusal(REFUSED_PRIVATE));
      const lib = url.protocol === 'https:' ? https : http;
      const request = lib.request(url, {
        method,
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup: guardedLookup as never,
        headers: {
          'user-agent': 'Merx product import (image check)',
          accept: 'image/*',
          ...(method === 'GET' ? { range: 'bytes=0-0' } : {}),
        },
      });
      const timer = setTimeout(() => request.destroy(new Refusal('did not answer in time')), deadline - Date.now());
      request.on('response', (response) => {
        clearTimeout(timer);
        const location = response.headers.location;
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          ...(location ? { location } : {}),
        });
        // Read to its end so the connection can serve the next check; a host that sends a whole file is cut off.
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > 64 * 1024) response.destroy();
        });
        response.on('error', () => {});
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end();
    });
  }

  async function fetchCheck(text: string): Promise<ImageCheck> {
    const deadline = Date.now() + opts.timeoutMs;
    let url = new URL(text);
    try {
      for (let hops = 0; hops <= 3; hops++) {
        let answer = await once(url, 'HEAD', deadline);
        if (answer.status === 405 || answer.status === 501) answer = await once(url, 'GET', deadline);
        if (answer.status >= 300 && answer.status < 400 && answer.location) {
          url = new URL(answer.location, url);
          if (url.protocol !== 'http:' && url.protocol !== 'https:')
            return { ok: false, message: 'redirects to a URL that is not http(s)' };
          continue;
        }
        if (answer.status !== 200 && answer.status !== 206)
          return { ok: false, message: `could not be fetched (HTTP ${answer.status})` };
        if (!answer.type.toLowerCase().startsWith('image/'))
          return { ok: false, message: `is not an image (${answer.type.split(';')[0] || 'no content type'})` };
        return { ok: true, url: text };
      }
      return { ok: false, message: 'redirects too many times' };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, message: error.message };
      const code = (error as { code?: string }).code;
      const why =
        code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'its host was not found'
          : code === 'ECONNREFUSED'
            ? 'the connection was refused'
            : (error as Error).message;
      return { ok: false, message: `could not be fetched (${why})` };
    }
  }

  /** The store's own media library URL (`<public URL>/media/<file>`): the file must be there. */
  function libraryCheck(text: string): ImageCheck | undefined {
    const prefix = `${opts.publicUrl}/media/`;
    if (!text.startsWith(prefix)) return undefined;
    const path = normalize(decodeURIComponent(text.slice(prefix.length)));
    const file = join(opts.mediaDir, path);
    if (path.startsWith('..') || isAbsolute(path) || !existsSync(file) || !statSync(file).isFile())
      return { ok: false, message: 'names no file of the store’s media library' };
    return { ok: true, url: `/media/${path}` };
  }

  return {
    /** Closes the connections kept for checks. */
    close(): void {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },

    /** Checks one URL (already known to be an absolute http(s) URL). */
    check(text: string): Promise<ImageCheck> {
      let library: ImageCheck | undefined;
      try {
        library = libraryCheck(text);
      } catch {
        return Promise.resolve({ ok: false, message: 'is not a valid URL' });
      }
      return library ? Promise.resolve(library) : limited(() => fetchCheck(text));
    },
  };
}

export type ImageChecker = ReturnType<typeof createImageChecker>;
