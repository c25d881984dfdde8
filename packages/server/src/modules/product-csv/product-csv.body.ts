import { productCsvLimits } from '@merx/contract';
import { invalid } from '@merx/domain';
import type { FastifyInstance } from 'fastify';

/** A `text/csv` request body as it arrived: its bytes, at most the file size limit. */
export class CsvBody {
  constructor(
    readonly buffers: readonly Buffer[],
    readonly bytes: number,
  ) {}
}

/** The one route that takes `text/csv` (every other route keeps answering 415 to it). */
export const CSV_UPLOAD_URL = '/_api/merx/v1/product-imports/csv';

const tooLarge = () =>
  invalid('body', `must be at most ${productCsvLimits.maxBytes} bytes (32 MiB): split the file`, 'MAX_SIZE');

function unsupported(): Error {
  return Object.assign(new Error('Unsupported Media Type'), {
    code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    statusCode: 415,
  });
}

/**
 * Reads `text/csv` bodies for the CSV upload route, up to the file size limit (the API's own 1 MB limit is for
 * JSON). Past the limit the rest of the body is read and dropped, and the request is refused with a 400 on `body`.
 */
export function registerCsvBody(app: FastifyInstance): void {
  app.addContentTypeParser(['text/csv', 'application/csv'], (request, payload, done) => {
    if (request.routeOptions.url !== CSV_UPLOAD_URL) return done(unsupported(), undefined);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > productCsvLimits.maxBytes) return done(tooLarge(), undefined);
    const buffers: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    payload.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= productCsvLimits.maxBytes) buffers.push(chunk);
      else buffers.length = 0;
    });
    payload.on('end', () => {
      if (settled) return;
      settled = true;
      done(bytes > productCsvLimits.maxBytes ? tooLarge() : null, new CsvBody(buffers, bytes));
    });
    payload.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      done(error, undefined);
    });
  });
}
