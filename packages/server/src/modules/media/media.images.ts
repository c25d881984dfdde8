import { type MediaMimeType, mediaLimits } from '@merx/contract';
import type { ViolatedRule } from '@merx/domain';
import type { Metadata, Sharp, SharpConstructor } from 'sharp';

/** The image formats of the library (its other formats are videos: media.video.ts). */
export type ImageMimeType = Extract<MediaMimeType, `image/${string}`>;

/** An image as its bytes describe it, once it passed the checks. */
export interface InspectedImage {
  mimeType: ImageMimeType;
  /** File extension of the stored image. */
  extension: string;
  /** As shown: EXIF orientation applied. */
  width: number;
  height: number;
  /** Frames of an animated GIF or WebP (1 otherwise). */
  frames: number;
}

/** Why a file is refused, in the words of a field violation. */
export interface ImageRefusal {
  description: string;
  violatedRule: ViolatedRule;
}

/** The stored image and its WebP variants, encoded. */
export interface ProcessedImage {
  original: { bytes: Buffer; width: number; height: number };
  variants: Array<{ bytes: Buffer; width: number; height: number }>;
}

const FORMATS: Record<string, { mimeType: ImageMimeType; extension: string }> = {
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  png: { mimeType: 'image/png', extension: 'png' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
  // libvips calls AVIF and HEIC both `heif`; only AV1-compressed ones are AVIF (HEIC is refused).
  avif: { mimeType: 'image/avif', extension: 'avif' },
};

/*
 * sharp brings libvips (~2 MB of heap, ~20 MB of native memory) and only uploads need it: it is loaded with the
 * first image inspected.
 */
let loaded: SharpConstructor | undefined;

async function sharpPackage(): Promise<SharpConstructor> {
  loaded ??= (await import('sharp')).default;
  return loaded;
}

const TAKEN = 'the library takes JPEG, PNG, WebP, GIF and AVIF images, and MP4, MOV and WebM videos';

function formatOf(meta: Metadata): string {
  return meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : String(meta.format);
}

/**
 * What `bytes` are, from the bytes alone (never a name or a declared type), or why they are refused: empty, not an
 * image of a format the library takes (SVG included: it can carry scripts), or more pixels than the limit.
 * Reads the header only; `processImage` decodes.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage | ImageRefusal> {
  if (bytes.length === 0) return { description: 'is empty', violatedRule: 'MIN_SIZE' };
  const sharp = await sharpPackage();
  let meta: Metadata;
  try {
    // The header only, with no pixel limit: the size is checked below, with the numbers in the message.
    meta = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    return { description: `is not an image: ${TAKEN}`, violatedRule: 'FORMAT' };
  }
  const format = formatOf(meta);
  const known = FORMATS[format];
  if (!meta.format) return { description: `is not an image: ${TAKEN}`, violatedRule: 'FORMAT' };
  if (!known) {
    const why = format === 'svg' ? ' (SVG is refused: it can carry scripts)' : '';
    return { description: `is ${format.toUpperCase()}${why}: ${TAKEN}`, violatedRule: 'FORMAT' };
  }
  const frames = Math.max(1, meta.pages ?? 1);
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || frameHeight < 1) return { description: `is not an image: ${TAKEN}`, violatedRule: 'FORMAT' };
  if (width * frameHeight * frames > mediaLimits.maxPixels) {
    const size = `${width}×${frameHeight} pixels${frames > 1 ? ` in ${frames} frames` : ''}`;
    const most = `at most ${mediaLimits.maxPixels / 1_000_000} megapixels`;
    return { description: `has ${size}: ${most}`, violatedRule: 'MAX' };
  }
  // Orientations 5–8 turn the image a quarter: it is shown with width and height swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    ...known,
    width: turned ? frameHeight : width,
    height: turned ? width : frameHeight,
    frames,
  };
}

/** Whether `inspectImage` refused the file. */
export function isRefusal(result: InspectedImage | ImageRefusal): result is ImageRefusal {
  return 'violatedRule' in result;
}

function encode(pipeline: Sharp, image: InspectedImage): Sharp {
  switch (image.mimeType) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 90 });
    case 'image/png':
      return pipeline.png({ compressionLevel: 9 });
    case 'image/webp':
      return pipeline.webp({ quality: 90 });
    case 'image/gif':
      return pipeline.gif();
    case 'image/avif':
      return pipeline.avif({ quality: 60 });
  }
}

/**
 * Images encoded at once by this process. sharp works on libuv's thread pool (4 threads by default), which file
 * reads (the media served at /media/) share: a burst of large uploads waits its turn instead of taking them all.
 */
const MAX_JOBS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(job: () => Promise<T>): Promise<T> {
  if (running < MAX_JOBS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await job();
  } finally {
    // The slot passes straight to the next job waiting, so no newcomer can slip in between.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Decodes the whole image (a corrupt or truncated one throws here) and encodes the stored original — EXIF
 * orientation applied, metadata (camera, GPS) stripped, same format — and one WebP variant per width of
 * `mediaLimits.variantWidths` narrower than the image. Animations stay animated.
 */
export function processImage(bytes: Buffer, image: InspectedImage): Promise<ProcessedImage> {
  return inTurn(() => encodeAll(bytes, image));
}

async function encodeAll(bytes: Buffer, image: InspectedImage): Promise<ProcessedImage> {
  const sharp = await sharpPackage();
  const input = () =>
    sharp(bytes, { limitInputPixels: mediaLimits.maxPixels, animated: image.frames > 1, failOn: 'error' }).autoOrient();
  const original = await encode(input(), image).toBuffer();
  const variants: ProcessedImage['variants'] = [];
  for (const width of mediaLimits.variantWidths) {
    if (width >= image.width) continue;
    const { data, info } = await input().resize({ width }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    variants.push({ bytes: data, width: info.width, height: info.pageHeight ?? info.height });
  }
  return { original: { bytes: original, width: image.width, height: image.height }, variants };
}
