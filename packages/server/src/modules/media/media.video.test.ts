import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rangeOf } from './media.ranges.js';
import { inspectVideo } from './media.video.js';

/** Real recordings of a 64×48 canvas, about a second long, made by Chromium's MediaRecorder (H.264 in MP4, VP8). */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const MP4 = fixture('tiny.mp4');
const WEBM = fixture('tiny.webm');

/** One ISO BMFF box. */
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** A version-0 movie: one video track of `width`×`height` (16.16 as written), turned a quarter when `turned`. */
function movie(width: number, height: number, opts: { turned?: boolean; brand?: string; handler?: string } = {}) {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(2500, 16);
  const tkhd = Buffer.alloc(84);
  tkhd.writeInt32BE(opts.turned ? 0 : 0x10000, 40);
  tkhd.writeInt32BE(opts.turned ? 0x10000 : 0, 44);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  const hdlr = Buffer.alloc(24);
  hdlr.write(opts.handler ?? 'vide', 8, 'latin1');
  const ftyp = Buffer.from(`${opts.brand ?? 'isom'}\0\0\0\0isom`, 'latin1');
  return Buffer.concat([
    box('ftyp', ftyp),
    box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd), box('mdia', box('hdlr', hdlr)))),
    box('mdat', Buffer.alloc(16)),
  ]);
}

describe('reading a video from its container', () => {
  it('reads the size and length of a real MP4 and a real WebM', () => {
    const mp4 = inspectVideo(MP4);
    expect(mp4).toMatchObject({ kind: 'video', mimeType: 'video/mp4', extension: 'mp4', width: 64, height: 48 });
    expect(mp4 && 'durationMs' in mp4 ? mp4.durationMs : 0).toBeGreaterThan(500);
    const webm = inspectVideo(WEBM);
    expect(webm).toMatchObject({ kind: 'video', mimeType: 'video/webm', extension: 'webm', width: 64, height: 48 });
    expect(webm && 'durationMs' in webm ? webm.durationMs : 0).toBeGreaterThan(500);
  });

  it('reads a QuickTime movie, and swaps the sides of a track turned a quarter (phone videos)', () => {
    expect(inspectVideo(movie(1920, 1080, { brand: 'qt  ' }))).toEqual({
      kind: 'video',
      mimeType: 'video/quicktime',
      extension: 'mov',
      width: 1920,
      height: 1080,
      durationMs: 2500,
    });
    expect(inspectVideo(movie(1920, 1080, { turned: true }))).toMatchObject({ width: 1080, height: 1920 });
  });

  it('leaves images and other files to the image check', () => {
    expect(inspectVideo(Buffer.from('hello, this is text named clip.mp4'))).toBeUndefined();
    const avif = Buffer.concat([box('ftyp', Buffer.from('avif\0\0\0\0mif1', 'latin1')), box('meta')]);
    expect(inspectVideo(avif)).toBeUndefined();
  });

  it('refuses sound only, truncated files and sizes the file does not hold', () => {
    expect(inspectVideo(movie(640, 480, { handler: 'soun' }))).toMatchObject({ violatedRule: 'FORMAT' });
    for (const cut of [20, 40, 100, MP4.length - 200]) {
      expect(inspectVideo(MP4.subarray(0, cut)), `cut at ${cut}`).toMatchObject({ violatedRule: 'FORMAT' });
    }
    for (const cut of [5, 30, 60, 150]) {
      expect(inspectVideo(WEBM.subarray(0, cut)), `cut at ${cut}`).toMatchObject({ violatedRule: 'FORMAT' });
    }
    const huge = Buffer.from(MP4);
    huge.writeUInt32BE(0x7fffffff, 0x24); // the moov box claims 2 GB
    expect(inspectVideo(huge)).toMatchObject({ violatedRule: 'FORMAT' });
    expect(inspectVideo(movie(60000, 40000))).toMatchObject({ violatedRule: 'MAX' });
    expect(inspectVideo(movie(0, 0))).toMatchObject({ violatedRule: 'FORMAT' });
  });

  it('never throws on flipped bytes', () => {
    for (const source of [MP4, WEBM]) {
      for (let i = 0; i < source.length; i += 7) {
        const bent = Buffer.from(source);
        bent[i] = (bent[i] ?? 0) ^ 0xff;
        expect(() => inspectVideo(bent)).not.toThrow();
      }
    }
  });
});

describe('byte ranges', () => {
  it('answers one range, a suffix and an open end within the file', () => {
    expect(rangeOf('bytes=0-99', 1000)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(rangeOf('bytes=900-', 1000)).toEqual({ kind: 'part', start: 900, end: 999 });
    expect(rangeOf('bytes=-100', 1000)).toEqual({ kind: 'part', start: 900, end: 999 });
    expect(rangeOf('bytes=990-5000', 1000)).toEqual({ kind: 'part', start: 990, end: 999 });
  });

  it('sends the whole file without a range, for several ranges, another unit or a stale If-Range', () => {
    expect(rangeOf(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(rangeOf('bytes=0-1,5-6', 1000)).toEqual({ kind: 'whole' });
    expect(rangeOf('items=0-1', 1000)).toEqual({ kind: 'whole' });
    expect(rangeOf('bytes=0-1', 1000, false)).toEqual({ kind: 'whole' });
  });

  it('refuses ranges past the end, backwards or malformed', () => {
    for (const bad of ['bytes=1000-', 'bytes=5-2', 'bytes=-0', 'bytes=abc', 'bytes=-', 'bytes=1-2-3']) {
      expect(rangeOf(bad, 1000), bad).toEqual({ kind: 'unsatisfiable' });
    }
  });
});
