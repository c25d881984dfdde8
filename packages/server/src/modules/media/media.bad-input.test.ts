import { mediaLimits } from '@merx/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Answer,
  jpegWithExif,
  type MediaKit,
  MULTIPART_TYPE,
  multipartBody,
  PDF,
  pngHeaderOnly,
  pngWithAlpha,
  SVG,
  startMediaKit,
  truncatedJpeg,
  violationOn,
  webp,
} from './media-test-kit.js';

let kit: MediaKit;
let before: { files: string[]; rows: number };
beforeAll(async () => {
  kit = await startMediaKit();
  // Something already stored, so that "nothing changed" is not "nothing there".
  expect((await kit.upload([{ bytes: await webp(30, 30), name: 'kept.webp' }])).status).toBe(200);
});
afterAll(async () => {
  await kit.close();
});
beforeEach(async () => {
  before = { files: kit.filesOnDisk(), rows: await kit.rows() };
});

/** Nothing was written: the same files on disk and rows in the table as before the test. */
async function expectNothingStored(): Promise<void> {
  expect(kit.filesOnDisk()).toEqual(before.files);
  expect(await kit.rows()).toBe(before.rows);
}

/** No stack, no library text in the answer. */
function expectPlainWords(res: Answer): void {
  expect(JSON.stringify(res.body)).not.toMatch(/Vips|sharp|busboy|\bat .+:\d+:\d+|node_modules/i);
}

describe('refused uploads, each naming the file and storing nothing', () => {
  it('refuses corrupt bytes: a JPEG cut in half', async () => {
    const res = await kit.upload([{ bytes: await truncatedJpeg(), name: 'half.jpg', type: 'image/jpeg' }]);
    const v = violationOn(res, 'file[0]', 'FORMAT');
    expect(v.description).toMatch(/corrupt or truncated/);
    expect(v.data).toEqual({ fileName: 'half.jpg', index: 0 });
    expectPlainWords(res);
    await expectNothingStored();
  });

  it('refuses a PDF named .jpg and sent as image/jpeg', async () => {
    const res = await kit.upload([{ bytes: PDF, name: 'invoice.jpg', type: 'image/jpeg' }]);
    const v = violationOn(res, 'file[0]', 'FORMAT');
    expect(v.description).toMatch(/not an image: the library takes JPEG, PNG, WebP, GIF and AVIF/);
    expect(v.data?.fileName).toBe('invoice.jpg');
    await expectNothingStored();
  });

  it('refuses text sent with an image content type', async () => {
    const res = await kit.upload([{ bytes: Buffer.from('hello, not a picture'), name: 'a.png', type: 'image/png' }]);
    violationOn(res, 'file[0]', 'FORMAT');
    await expectNothingStored();
  });

  it('refuses SVG, which can carry scripts', async () => {
    const res = await kit.upload([{ bytes: SVG, name: 'logo.svg', type: 'image/svg+xml' }]);
    expect(violationOn(res, 'file[0]', 'FORMAT').description).toMatch(/SVG is refused: it can carry scripts/);
    await expectNothingStored();
  });

  it('refuses an empty file', async () => {
    const res = await kit.upload([{ bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }]);
    expect(violationOn(res, 'file[0]', 'MIN_SIZE').description).toBe('is empty');
    await expectNothingStored();
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.alloc(mediaLimits.maxFileBytes + 1, 0x41);
    (await pngWithAlpha(10, 10)).copy(big);
    const res = await kit.upload([{ bytes: big, name: 'huge.png' }]);
    const v = violationOn(res, 'file[0]', 'MAX_SIZE');
    expect(v.description).toBe('is larger than 20 MB');
    expect(v.data).toMatchObject({ fileName: 'huge.png', maxBytes: mediaLimits.maxFileBytes });
    await expectNothingStored();
  });

  it('takes a file of exactly the size limit up to the image checks', async () => {
    const edge = Buffer.alloc(mediaLimits.maxFileBytes, 0x41);
    const res = await kit.upload([{ bytes: edge, name: 'edge.bin' }]);
    // Not MAX_SIZE: the bytes are all there, and are then found not to be an image.
    violationOn(res, 'file[0]', 'FORMAT');
    await expectNothingStored();
  });

  it('refuses a 50000×50000 image header before decoding it', async () => {
    const started = Date.now();
    const res = await kit.upload([{ bytes: pngHeaderOnly(50_000, 50_000), name: 'bomb.png' }]);
    const v = violationOn(res, 'file[0]', 'MAX');
    expect(v.description).toBe('has 50000×50000 pixels: at most 50 megapixels');
    expect(Date.now() - started).toBeLessThan(5_000);
    await expectNothingStored();
  });

  it('refuses more files than the limit in one request', async () => {
    const tiny = await webp(8, 8);
    const files = Array.from({ length: mediaLimits.maxFiles + 1 }, (_, i) => ({ bytes: tiny, name: `f${i}.webp` }));
    const res = await kit.upload(files);
    expect(violationOn(res, 'file', 'MAX_SIZE').description).toBe('must hold at most 10 files in one request');
    await expectNothingStored();
  });

  it('refuses a request with no files', async () => {
    const res = await kit.upload([]);
    expect(violationOn(res, 'file', 'REQUIRED_FIELD').description).toBe('must hold one or more files');
    await expectNothingStored();
  });

  it('refuses the whole request when one of its files is bad, naming every bad file', async () => {
    const res = await kit.upload([
      { bytes: await jpegWithExif(600, 400), name: 'good.jpg' },
      { bytes: PDF, name: 'bad.jpg' },
      { bytes: await webp(20, 20), name: 'good.webp' },
      { bytes: Buffer.alloc(0), name: 'empty.png' },
    ]);
    expect(res.status).toBe(400);
    const fields = res.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(['file[1]', 'file[3]']);
    await expectNothingStored();
  });

  it('refuses text fields and files in another field', async () => {
    const res = await kit.upload(
      [
        { bytes: await webp(20, 20), name: 'ok.webp' },
        { bytes: await webp(20, 20), name: 'elsewhere.webp', field: 'image' },
      ],
      undefined,
      { alt: 'a caption' },
    );
    violationOn(res, 'alt', 'FIELD_NOT_ALLOWED');
    violationOn(res, 'image', 'FIELD_NOT_ALLOWED');
    await expectNothingStored();
  });

  it('refuses a body that is not multipart, or is broken multipart, in the envelope', async () => {
    const url = '/_api/merx/v1/media';
    const cases: Array<{ payload?: string | Buffer; contentType?: string }> = [
      { payload: '{"file":"x"}', contentType: 'application/json' },
      { payload: 'file=x', contentType: 'application/x-www-form-urlencoded' },
      { payload: 'plain', contentType: 'text/plain' },
      { payload: '{"a":1}', contentType: 'multipart/form-data; boundary=x' },
      { payload: 'no boundary', contentType: 'multipart/form-data' },
      {
        payload: multipartBody([{ bytes: await webp(8, 8), name: 'cut.webp' }]).subarray(0, 120),
        contentType: MULTIPART_TYPE,
      },
      {},
    ];
    for (const c of cases) {
      const res = await kit.request({ method: 'POST', url, ...c });
      expect(res.status, `${c.contentType}: ${JSON.stringify(res.body)}`).toBe(400);
      const fields = res.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
      expect(
        fields.some((f: string) => f === 'body' || f === 'file'),
        JSON.stringify(res.body),
      ).toBe(true);
      expectPlainWords(res);
    }
    await expectNothingStored();
  });

  it('leaves every other route JSON-only: multipart there is 415', async () => {
    const res = await kit.request({
      method: 'POST',
      url: '/stores/v1/products',
      payload: multipartBody([{ bytes: await webp(8, 8), name: 'x.webp' }]),
      contentType: MULTIPART_TYPE,
    });
    expect(res.status).toBe(415);
    expect(res.body.details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    await expectNothingStored();
  });
});
