import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { mediaErrorCodes } from '@merx/contract';
import { AppError, type FieldViolation, ValidationError } from '@merx/domain';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAccess } from '../../http/auth.js';
import { rangeOf } from './media.ranges.js';
import type { StoredSizes } from './media.service.js';
import { IMAGE_TYPES, keyOfMediaId, ROUTED_ID_PATTERN, VIDEO_TYPES } from './media.wire-image.js';

/*
 * The media folder's images and videos by id (media.wire-image.ts), at the paths the @wix/sdk media helpers build on
 * static.wixstatic.com: `GET /media/<id>` and the scaled forms `GET /media/<id>/v1/<fill|fit|crop>/…/<name>`.
 * Merx does not resize on request: a scaled form answers the narrowest stored size that covers it (the WebP variants
 * made at upload, else the original); a video has no scaled forms (its poster is an image of its own). Files are
 * served with byte ranges (206), which browsers need to play and seek a video. Public and read-only; only image and
 * video files of the media folder, never a path outside it. Other ids are left to the folder's own static route.
 */

/** Library keys are never reused (lib/storage.ts): a copy can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other files of the folder (the demo store's, files put there by hand) may be written again under the same name. */
const A_DAY = 'public, max-age=86400';
/** Pixels a scaled form may ask for on one side. */
const MAX_SIDE = 20_000;
const TRANSFORMS = ['fill', 'fit', 'crop'] as const;
type Transform = (typeof TRANSFORMS)[number];
/** `w_300`, `al_c`, `usm_0.66_1.00_0.01`, `br_-10`, `bl`: a name, then values after underscores. */
const TOKEN = /^[a-z]+(?:_[A-Za-z0-9.-]+)*$/;

export interface ScaledRequest {
  /** Width of the picture asked for, in pixels of the original (what the chosen file must cover). */
  neededWidth(original: { width: number; height: number }): number;
}

interface Step {
  kind: Transform;
  values: Map<string, string>;
}

/** Reads a `v1/…` tail: transform steps and a file name, or the violations that refuse it (400). */
export function parseScaled(tail: string): ScaledRequest {
  const parts = tail.split('/');
  const violations: FieldViolation[] = [];
  const name = parts.pop() ?? '';
  if (!name || name.length > 300) {
    violations.push({
      field: 'fileName',
      description: 'must be a file name of 1 to 300 characters',
      violatedRule: 'FORMAT',
    });
  }
  if (parts.length === 0 || parts.length % 2 !== 0 || parts.length > 6) {
    violations.push({
      field: 'transform',
      description: 'must be one to three steps of fill/…, fit/… or crop/… before the file name',
      violatedRule: 'FORMAT',
    });
    throw new ValidationError(violations);
  }
  const steps: Step[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const kind = parts[i] as Transform;
    const field = `transform[${i / 2}]`;
    if (!TRANSFORMS.includes(kind)) {
      violations.push({ field, description: 'must be fill, fit or crop', violatedRule: 'INVALID_ENUM_VALUE' });
      continue;
    }
    const values = new Map<string, string>();
    for (const token of (parts[i + 1] ?? '').split(',')) {
      if (!TOKEN.test(token)) {
        violations.push({
          field: `${field}.${kind}`,
          description: `has "${token.slice(0, 50)}": parameters are name_value pairs such as w_300`,
          violatedRule: 'FORMAT',
        });
        continue;
      }
      const at = token.indexOf('_');
      values.set(at < 0 ? token : token.slice(0, at), at < 0 ? '' : token.slice(at + 1));
    }
    const whole = (key: string, min: number, required: boolean) => {
      const text = values.get(key);
      if (text === undefined) {
        if (required) {
          violations.push({
            field: `${field}.${key}`,
            description: `is required by ${kind}`,
            violatedRule: 'REQUIRED_FIELD',
          });
        }
        return;
      }
      const n = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
      if (!(n >= min && n <= MAX_SIDE)) {
        violations.push({
          field: `${field}.${key}`,
          description: `must be a whole number from ${min} to ${MAX_SIDE}`,
          violatedRule: Number.isNaN(n) ? 'FORMAT' : n < min ? 'MIN' : 'MAX',
        });
      }
    };
    whole('w', 1, true);
    whole('h', 1, true);
    if (kind === 'crop') {
      whole('x', 0, false);
      whole('y', 0, false);
    }
    steps.push({ kind, values });
  }
  if (violations.length > 0) throw new ValidationError(violations);
  return {
    neededWidth({ width, height }) {
      const num = (step: Step, key: string) => Number(step.values.get(key));
      const crop = steps.find((s) => s.kind === 'crop');
      const last = steps[steps.length - 1] as Step;
      // A crop is a region of the original; a fill or fit after it scales that region.
      const region = crop ? { width: num(crop, 'w'), height: num(crop, 'h') } : { width, height };
      const target = { width: num(last, 'w'), height: num(last, 'h') };
      const aspect = region.width / Math.max(1, region.height);
      const shown =
        last.kind === 'fill'
          ? Math.max(target.width, target.height * aspect)
          : last.kind === 'fit'
            ? Math.min(target.width, target.height * aspect)
            : target.width;
      // Widths in the original's pixels: a crop of a quarter of it needs four times the region's shown width.
      return Math.ceil((shown * width) / Math.max(1, region.width));
    },
  };
}

/** The narrowest stored size at least `needed` pixels wide: a variant's key, or the original's. */
export function nearestKey(key: string, sizes: StoredSizes, needed: number): string {
  const variant = sizes.variants.find((v) => v.width >= needed && v.width < sizes.width);
  return variant ? variant.key : key;
}

function notFound(id: string): AppError {
  return new AppError('NOT_FOUND', mediaErrorCodes.notFound, `No image or video "${id}" in the media folder`, {
    mediaId: id,
  });
}

/** A scaled form of a video: refused, naming where its still image is (decision 0031). */
function notScalable(id: string): ValidationError {
  return new ValidationError([
    {
      field: 'id',
      description: "is a video: fill, fit and crop are for images (a video's poster has an image id of its own)",
      violatedRule: 'VALIDATION',
      data: { mediaId: id },
    },
  ]);
}

/** The file at `path` once links are followed, when it is a file inside `root` (a real path); else undefined. */
async function fileInside(
  root: string,
  path: string,
): Promise<{ file: string; size: number; modified: Date } | undefined> {
  try {
    const file = await realpath(path);
    const info = await stat(file);
    if (!info.isFile() || !file.startsWith(root + sep)) return undefined;
    return { file, size: info.size, modified: info.mtime };
  } catch {
    return undefined;
  }
}

export interface MediaFilesDeps {
  /** The media folder (`config.mediaDir`). */
  root: string;
  /** Sizes of a library original (media.service.ts `sizesOf`). */
  sizesOf(key: string): Promise<StoredSizes | undefined>;
}

/** Registers `GET /media/<id>` and `GET /media/<id>/v1/*` (HEAD too). */
export function registerMediaFiles(app: FastifyInstance, deps: MediaFilesDeps): void {
  const config = { access: publicAccess } as FastifyContextConfig;
  let realRoot: string | undefined;

  /**
   * Streams the file under `key` (the whole of it, or the one byte range asked for), or 404 in the envelope; never a
   * file outside the media folder.
   */
  async function send(request: FastifyRequest, reply: FastifyReply, id: string, key: string): Promise<FastifyReply> {
    const extension = extname(key).slice(1).toLowerCase();
    const type = IMAGE_TYPES[extension] ?? VIDEO_TYPES[extension];
    if (!type) throw notFound(id);
    realRoot ??= await realpath(deps.root);
    const found = await fileInside(realRoot, join(deps.root, key));
    if (!found) throw notFound(id);
    const { file, size, modified } = found;
    const lastModified = modified.toUTCString();
    reply.header('cache-control', key.startsWith('library/') ? IMMUTABLE : A_DAY);
    reply.header('last-modified', lastModified).header('accept-ranges', 'bytes');
    reply.header('x-content-type-options', 'nosniff');
    // SVG can carry scripts: opened on its own, it runs none (the static route's policy for the demo images).
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    reply.header('cross-origin-resource-policy', 'cross-origin');
    const ifRange = request.headers['if-range'];
    const range = rangeOf(request.headers.range, size, ifRange === undefined || ifRange === lastModified);
    if (range.kind === 'unsatisfiable') {
      // The envelope would be a body of another type than the file's: a 416 says its reason in Content-Range.
      reply.removeHeader('cache-control');
      return reply.code(416).header('content-range', `bytes */${size}`).header('content-length', 0).send();
    }
    if (range.kind === 'part') {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range.end - range.start + 1);
      return reply.type(type).send(createReadStream(file, { start: range.start, end: range.end }));
    }
    reply.header('content-length', size);
    return reply.type(type).send(createReadStream(file));
  }

  const idParam = `:id(${ROUTED_ID_PATTERN})`;
  app.get(`/media/${idParam}`, { config }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const key = keyOfMediaId(id);
    if (!key) throw notFound(id);
    return send(request, reply, id, key);
  });
  app.get(`/media/${idParam}/v1/*`, { config }, async (request, reply) => {
    const { id, '*': tail } = request.params as { id: string; '*': string };
    const key = keyOfMediaId(id);
    if (!key) throw notFound(id);
    if (VIDEO_TYPES[extname(key).slice(1).toLowerCase()]) throw notScalable(id);
    const scaled = parseScaled(tail);
    const sizes = await deps.sizesOf(key);
    if (sizes?.mediaType === 'video') throw notScalable(id);
    return send(request, reply, id, sizes ? nearestKey(key, sizes, scaled.neededWidth(sizes)) : key);
  });
}
