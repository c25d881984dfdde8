import type { MediaMimeType } from '@merx/contract';
import type { ImageRefusal } from './media.images.js';

/*
 * Videos as their bytes describe them (decision 0031): the container is read, never decoded. ISO BMFF (MP4, MOV) is
 * walked box by box down `moov/trak/{tkhd,mdia/hdlr}` and `moov/mvhd`; EBML (WebM, Matroska) element by element
 * down `Segment/{Info,Tracks/TrackEntry/Video}`. Every size is checked against what is left of its parent before it
 * is used, so a truncated file or one that claims sizes it does not have is refused, never read past its end.
 */

/** A video as its container describes it, once it passed the checks. */
export interface InspectedVideo {
  kind: 'video';
  mimeType: MediaMimeType;
  /** File extension of the stored video, also its `format` on the catalog's wire (`mp4`, `webm`, …). */
  extension: string;
  /** As shown: a quarter-turned track (phone videos) has width and height swapped. */
  width: number;
  height: number;
  /** Whole milliseconds; undefined when the container does not say (a recording never finalised, a live stream). */
  durationMs?: number;
}

/** Largest side of a video the library takes (8K). */
export const MAX_VIDEO_SIDE = 8192;
/** Longest video the library takes: a product video is seconds or minutes long. */
export const MAX_VIDEO_MS = 24 * 60 * 60 * 1000;

const TAKEN = 'the library takes MP4, MOV and WebM videos';
const corrupt = (why: string): ImageRefusal => ({
  description: `is corrupt or truncated: ${why}`,
  violatedRule: 'FORMAT',
});

/** ISO BMFF brands of still images (AVIF, HEIC, HEIF): those are images, read by media.images.ts. */
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** Whether a video answer is a refusal. */
export function isVideoRefusal(result: InspectedVideo | ImageRefusal): result is ImageRefusal {
  return 'violatedRule' in result;
}

/**
 * The video `bytes` hold, or why they are refused; undefined when they are not a video container at all (an image,
 * or anything else: the image check names what the library takes).
 */
export function inspectVideo(bytes: Buffer): InspectedVideo | ImageRefusal | undefined {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (IMAGE_BRANDS.has(brand)) return undefined;
    return checked(readIsoBmff(bytes, brand));
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return checked(readEbml(bytes));
  return undefined;
}

function checked(video: InspectedVideo | ImageRefusal): InspectedVideo | ImageRefusal {
  if (isVideoRefusal(video)) return video;
  if (video.width < 1 || video.height < 1) return corrupt('its video track has no picture size');
  if (video.width > MAX_VIDEO_SIDE || video.height > MAX_VIDEO_SIDE) {
    return {
      description: `has ${video.width}×${video.height} pixels: at most ${MAX_VIDEO_SIDE} on a side`,
      violatedRule: 'MAX',
    };
  }
  if (video.durationMs !== undefined && video.durationMs > MAX_VIDEO_MS) {
    return { description: 'claims to last more than 24 hours: a product video is shorter', violatedRule: 'MAX' };
  }
  return video;
}

// ---- ISO BMFF (MP4, MOV) ----

interface Box {
  type: string;
  /** Where the box's payload starts and its end. */
  start: number;
  end: number;
}

/** The boxes directly inside `[from, to)`, or a refusal when one claims more bytes than are there. */
function boxesIn(bytes: Buffer, from: number, to: number): Box[] | ImageRefusal {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return corrupt(`its "${type}" box is cut off`);
      const large = bytes.readBigUInt64BE(at + 8);
      size = large > BigInt(to - at) ? Number.POSITIVE_INFINITY : Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return corrupt(`its "${type}" box claims more bytes than the file holds`);
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function child(bytes: Buffer, parent: Box, type: string): Box | ImageRefusal | undefined {
  const boxes = boxesIn(bytes, parent.start, parent.end);
  if (!Array.isArray(boxes)) return boxes;
  return boxes.find((b) => b.type === type);
}

/** A box's payload as a bounded reader: reading past its end answers undefined. */
function fits(box: Box, offset: number, length: number): boolean {
  return box.start + offset + length <= box.end;
}

/** `moov/mvhd`: the movie's duration in milliseconds (undefined when unknown). */
function movieDuration(bytes: Buffer, mvhd: Box): number | undefined | ImageRefusal {
  const version = bytes.readUInt8(mvhd.start);
  const [scaleAt, durationAt, wide] = version === 1 ? [20, 24, true] : [12, 16, false];
  if (!fits(mvhd, durationAt, wide ? 8 : 4)) return corrupt('its movie header is cut off');
  const timescale = bytes.readUInt32BE(mvhd.start + scaleAt);
  const raw = wide
    ? bytes.readBigUInt64BE(mvhd.start + durationAt)
    : BigInt(bytes.readUInt32BE(mvhd.start + durationAt));
  // All ones means "unknown"; zero is what a fragmented file (its length in its fragments) says.
  const unknown = wide ? 0xffffffffffffffffn : 0xffffffffn;
  if (timescale === 0 || raw === 0n || raw === unknown) return undefined;
  return Math.round((Number(raw) / timescale) * 1000);
}

/** `trak/tkhd`: the track's presentation size, turned by its matrix when that turns it a quarter. */
function trackSize(bytes: Buffer, tkhd: Box): { width: number; height: number } | ImageRefusal {
  const version = bytes.readUInt8(tkhd.start);
  const matrixAt = version === 1 ? 52 : 40;
  if (!fits(tkhd, matrixAt + 44, 0)) return corrupt('its track header is cut off');
  const a = bytes.readInt32BE(tkhd.start + matrixAt);
  const b = bytes.readInt32BE(tkhd.start + matrixAt + 4);
  // 16.16 fixed point.
  const width = Math.round(bytes.readUInt32BE(tkhd.start + matrixAt + 36) / 65536);
  const height = Math.round(bytes.readUInt32BE(tkhd.start + matrixAt + 40) / 65536);
  const turned = a === 0 && Math.abs(b) === 0x10000;
  return turned ? { width: height, height: width } : { width, height };
}

function readIsoBmff(bytes: Buffer, brand: string): InspectedVideo | ImageRefusal {
  const top = boxesIn(bytes, 0, bytes.length);
  if (!Array.isArray(top)) return top;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return corrupt('it has no movie header ("moov" box): it is cut off or was never finished');
  const inside = boxesIn(bytes, moov.start, moov.end);
  if (!Array.isArray(inside)) return inside;
  const mvhd = inside.find((b) => b.type === 'mvhd');
  if (!mvhd || !fits(mvhd, 0, 1)) return corrupt('it has no movie header ("mvhd" box)');
  const durationMs = movieDuration(bytes, mvhd);
  if (typeof durationMs === 'object') return durationMs;
  for (const trak of inside.filter((b) => b.type === 'trak')) {
    const mdia = child(bytes, trak, 'mdia');
    if (mdia === undefined || 'violatedRule' in mdia) {
      if (mdia) return mdia;
      continue;
    }
    const hdlr = child(bytes, mdia, 'hdlr');
    if (hdlr && 'violatedRule' in hdlr) return hdlr;
    if (!hdlr || !fits(hdlr, 8, 4) || bytes.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const tkhd = child(bytes, trak, 'tkhd');
    if (tkhd && 'violatedRule' in tkhd) return tkhd;
    if (!tkhd || !fits(tkhd, 0, 1)) return corrupt('its video track has no track header');
    const size = trackSize(bytes, tkhd);
    if ('violatedRule' in size) return size;
    const qt = brand === 'qt  ';
    return {
      kind: 'video',
      mimeType: qt ? 'video/quicktime' : 'video/mp4',
      extension: qt ? 'mov' : 'mp4',
      ...size,
      ...(durationMs !== undefined ? { durationMs } : {}),
    };
  }
  return { description: `has no video track (sound only?): ${TAKEN}`, violatedRule: 'FORMAT' };
}

// ---- EBML (WebM, Matroska) ----

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;

interface Element {
  id: number;
  start: number;
  /** Undefined for an element of unknown size (allowed for the Segment and its Clusters only). */
  end: number | undefined;
}

/** A variable-length integer at `at`: its value (marker bit kept for ids) and length; undefined when malformed. */
function vint(
  bytes: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; allOnes: boolean } | undefined {
  if (at >= bytes.length) return undefined;
  const first = bytes.readUInt8(at);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes.readUInt8(at + i);
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, allOnes };
}

/** The elements directly inside `[from, to)`; stops at the first Cluster (the frames: nothing needed lies past it). */
function elementsIn(bytes: Buffer, from: number, to: number): Element[] | ImageRefusal {
  const found: Element[] = [];
  let at = from;
  while (at < to) {
    const id = vint(bytes, at, true);
    const size = id ? vint(bytes, at + id.length, false) : undefined;
    if (!id || !size || id.length > 4) return corrupt('an element of its header is cut off or malformed');
    const start = at + id.length + size.length;
    if (size.allOnes) {
      if (id.value !== SEGMENT && id.value !== CLUSTER) return corrupt('an element of its header has no size');
      found.push({ id: id.value, start, end: undefined });
      return found;
    }
    const end = start + size.value;
    if (end > to) {
      // The frames may be cut (a video still uploading); the header may not.
      if (id.value === CLUSTER || id.value === SEGMENT) {
        found.push({ id: id.value, start, end: to });
        return found;
      }
      return corrupt('an element of its header claims more bytes than the file holds');
    }
    found.push({ id: id.value, start, end });
    if (id.value === CLUSTER) return found;
    at = end;
  }
  return found;
}

function uintOf(bytes: Buffer, e: Element): number {
  let value = 0;
  for (let i = e.start; i < (e.end ?? e.start) && i < e.start + 8; i++) value = value * 256 + bytes.readUInt8(i);
  return value;
}

function floatOf(bytes: Buffer, e: Element): number | undefined {
  const length = (e.end ?? e.start) - e.start;
  if (length === 4) return bytes.readFloatBE(e.start);
  if (length === 8) return bytes.readDoubleBE(e.start);
  return undefined;
}

function readEbml(bytes: Buffer): InspectedVideo | ImageRefusal {
  const top = elementsIn(bytes, 0, bytes.length);
  if (!Array.isArray(top)) return top;
  const header = top[0];
  if (!header || header.id !== EBML_HEADER || header.end === undefined) return corrupt('its EBML header is malformed');
  const fields = elementsIn(bytes, header.start, header.end);
  if (!Array.isArray(fields)) return fields;
  const docType = fields.find((f) => f.id === DOC_TYPE);
  const type = docType ? bytes.toString('latin1', docType.start, docType.end).replace(/\0+$/, '') : '';
  if (type !== 'webm' && type !== 'matroska') {
    return { description: `is an EBML document of type "${type.slice(0, 20)}": ${TAKEN}`, violatedRule: 'FORMAT' };
  }
  const segment = top.find((e) => e.id === SEGMENT);
  if (!segment) return corrupt('it has no segment');
  const parts = elementsIn(bytes, segment.start, segment.end ?? bytes.length);
  if (!Array.isArray(parts)) return parts;
  let durationMs: number | undefined;
  const info = parts.find((e) => e.id === INFO);
  if (info?.end !== undefined) {
    const infoFields = elementsIn(bytes, info.start, info.end);
    if (!Array.isArray(infoFields)) return infoFields;
    const scale = infoFields.find((f) => f.id === TIMESTAMP_SCALE);
    const duration = infoFields.find((f) => f.id === DURATION);
    const ticks = duration ? floatOf(bytes, duration) : undefined;
    const nanos = scale ? uintOf(bytes, scale) : 1_000_000;
    if (ticks !== undefined && Number.isFinite(ticks) && ticks > 0) durationMs = Math.round((ticks * nanos) / 1e6);
  }
  const tracks = parts.find((e) => e.id === TRACKS);
  if (!tracks || tracks.end === undefined) return corrupt('it has no track list before its frames');
  const entries = elementsIn(bytes, tracks.start, tracks.end);
  if (!Array.isArray(entries)) return entries;
  for (const entry of entries.filter((e) => e.id === TRACK_ENTRY)) {
    const entryFields = elementsIn(bytes, entry.start, entry.end ?? entry.start);
    if (!Array.isArray(entryFields)) return entryFields;
    const kind = entryFields.find((f) => f.id === TRACK_TYPE);
    const video = entryFields.find((f) => f.id === VIDEO);
    if (!kind || uintOf(bytes, kind) !== 1 || !video) continue;
    const sizes = elementsIn(bytes, video.start, video.end ?? video.start);
    if (!Array.isArray(sizes)) return sizes;
    const width = sizes.find((f) => f.id === PIXEL_WIDTH);
    const height = sizes.find((f) => f.id === PIXEL_HEIGHT);
    const webm = type === 'webm';
    return {
      kind: 'video',
      mimeType: webm ? 'video/webm' : 'video/x-matroska',
      extension: webm ? 'webm' : 'mkv',
      width: width ? uintOf(bytes, width) : 0,
      height: height ? uintOf(bytes, height) : 0,
      ...(durationMs !== undefined ? { durationMs } : {}),
    };
  }
  return { description: `has no video track (sound only?): ${TAKEN}`, violatedRule: 'FORMAT' };
}
