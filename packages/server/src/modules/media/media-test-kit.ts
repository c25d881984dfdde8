import { type Dirent, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Color } from 'sharp';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';

/** One file of a test upload: its bytes, the name and type it is sent with, and the form field (`file`). */
export interface TestFile {
  bytes: Buffer;
  name: string;
  type?: string;
  field?: string;
}

/** What a test sees of an answer. */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers freely
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

const BOUNDARY = 'merx-test-boundary-7d93a1';

/** A multipart body written by hand, so that tests choose every name, type and field (and can break it). */
export function multipartBody(files: TestFile[], fields: Record<string, string> = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    const head =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\n` +
      `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

// ---- Real images, made with sharp ----

const solid = (width: number, height: number, channels: 3 | 4, background: Color) =>
  sharp({ create: { width, height, channels, background } });

/** A JPEG stored sideways: EXIF orientation 6 (shown turned a quarter right), with camera metadata to strip. */
export const jpegWithExif = (width = 2000, height = 1400) =>
  solid(width, height, 3, '#c0392b')
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Test camera', Make: 'Merx' } } })
    .toBuffer();

/** A PNG with an alpha channel. */
export const pngWithAlpha = (width = 800, height = 600) =>
  solid(width, height, 4, { r: 20, g: 120, b: 200, alpha: 0.5 }).png().toBuffer();

export const webp = (width = 300, height = 200) => solid(width, height, 3, '#27ae60').webp().toBuffer();

export const avif = (width = 640, height = 480) => solid(width, height, 3, '#8e44ad').avif().toBuffer();

/** An animated GIF of `frames` frames. */
export async function animatedGif(width = 500, height = 300, frames = 3): Promise<Buffer> {
  const colours = ['#e74c3c', '#3498db', '#2ecc71', '#f1c40f'];
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      solid(width, height, 3, colours[i % colours.length] as string)
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .gif()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming `width`×`height` pixels over a few bytes of data: a decompression bomb's shape. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const idat = pngChunk('IDAT', deflateSync(Buffer.alloc(1024)));
  return Buffer.concat([signature, pngChunk('IHDR', header), idat, pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG of noise cut in half: its header reads, its pixels do not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const full = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

// ---- The server ----

export interface MediaKit {
  server: TestServer;
  /** Uploads `files` as the holder of `auth` (the owner's key by default). */
  upload(files: TestFile[], auth?: string | null, fields?: Record<string, string>): Promise<Answer>;
  /** Any request; holds every answer to the cross-cutting rules (request id, never a 5xx). */
  request(opts: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: string;
    auth?: string | null;
    json?: unknown;
    payload?: string | Buffer;
    contentType?: string;
  }): Promise<Answer>;
  /** Files (and empty folders, ending in `/`) under the media folder's library, as relative paths. */
  filesOnDisk(): string[];
  /** Rows of `media_files`. */
  rows(): Promise<number>;
  close(): Promise<void>;
}

function walk(dir: string, root: string, out: string[] = []): string[] {
  let entries: Dirent[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  // An empty folder counts too: a refused upload leaves none behind.
  if (entries.length === 0 && dir !== root) out.push(`${relative(root, dir)}/`);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path, root, out);
    else out.push(relative(root, path));
  }
  return out.sort();
}

/** A test server (SQLite, or PostgreSQL with MERX_TEST_DATABASE_URL) and the calls media tests make. */
export async function startMediaKit(): Promise<MediaKit> {
  const server = await startTestServer();
  const request: MediaKit['request'] = async (opts) => {
    const headers: Record<string, string> = {};
    const auth = opts.auth === undefined ? server.apiKey : opts.auth;
    if (auth) headers.authorization = auth;
    let payload = opts.payload;
    if (opts.json !== undefined) {
      payload = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    }
    if (opts.contentType) headers['content-type'] = opts.contentType;
    const res = await server.app.inject({
      method: opts.method,
      url: opts.url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    expect(res.headers['x-wix-request-id'], `${opts.method} ${opts.url} has a request id`).toBeTruthy();
    expect(res.statusCode, `${opts.method} ${opts.url} never answers 5xx: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
    return {
      status: res.statusCode,
      body: json && res.body ? JSON.parse(res.body) : res.rawPayload,
      headers: res.headers,
    };
  };
  return {
    server,
    request,
    upload: (files, auth, fields) =>
      request({
        method: 'POST',
        url: '/_api/merx/v1/media',
        auth,
        payload: multipartBody(files, fields),
        contentType: MULTIPART_TYPE,
      }),
    filesOnDisk: () => walk(join(server.config.mediaDir, 'library'), server.config.mediaDir),
    async rows() {
      const row = await server.merx.db
        .selectFrom('media_files')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    close: () => server.close(),
  };
}

/** Asserts a validation refusal naming `field`, and answers that violation. */
export function violationOn(res: Answer, field: string, rule?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const violations = res.body.details?.validationError?.fieldViolations as Array<Record<string, unknown>>;
  const found = violations?.find((v) => v.field === field);
  expect(found, `a violation on ${field}: ${JSON.stringify(res.body)}`).toBeTruthy();
  if (rule) expect(found?.violatedRule).toBe(rule);
  return found as { field: string; description: string; violatedRule: string; data?: Record<string, unknown> };
}
