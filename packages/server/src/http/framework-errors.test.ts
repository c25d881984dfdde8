import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { keepAnsweringHalfClosed } from './framework-errors.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => {
  await server.close();
});

const REQUEST_ID = /^[0-9a-f-]{36}$/;

interface Envelope {
  message: string;
  error?: string;
  error_description?: string;
  details: {
    applicationError: { code: string };
    validationError: { fieldViolations: Array<{ field: string; violatedRule: string }> };
    requestId?: string;
  };
}

/** Sends raw bytes and returns what the server wrote back before closing. */
function raw(bytes: string): Promise<string> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    let out = '';
    socket.on('data', (chunk) => {
      out += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('errors born before any route runs', () => {
  it('answers a URL with a bad percent-encoding in the envelope, with a request id', async () => {
    for (const path of [
      '/stores-reader/v1/products/%ZZ',
      '/stores-reader/v1/products/%%%?.r=%%%',
      '/auth/x/%E0%A4%A',
    ]) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-wix-request-id')).toMatch(REQUEST_ID);
      expect(await res.json()).toEqual({
        message: 'path must be correctly percent-encoded',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'path', description: 'must be correctly percent-encoded', violatedRule: 'FORMAT' },
            ],
          },
        },
      });
    }
  });

  it('answers a path parameter longer than the router takes as a validation error', async () => {
    const res = await fetch(`${server.baseUrl}/stores-reader/v1/products/${'a'.repeat(600)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-wix-request-id')).toMatch(REQUEST_ID);
    expect(((await res.json()) as Envelope).details.validationError.fieldViolations[0]).toMatchObject({
      field: 'path',
      violatedRule: 'MAX_LENGTH',
    });
  });

  it('answers headers over the parser limit with 431 in the envelope, with a request id', async () => {
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(`${server.baseUrl}/healthz`, { headers: { 'x-big': 'a'.repeat(40_000) } }, (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['x-wix-request-id']).toMatch(REQUEST_ID);
    const body = JSON.parse(answer.body);
    expect(body.details.applicationError.code).toBe('REQUEST_HEADERS_TOO_LARGE');
    expect(body.details.requestId).toBe(answer.headers['x-wix-request-id']);
  });

  it('answers bytes that are not HTTP with 400 in the envelope', async () => {
    const answer = parseRaw(await raw('NOT HTTP AT ALL\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.headers['x-wix-request-id']).toMatch(REQUEST_ID);
    expect(answer.body.details.applicationError.code).toBe('MALFORMED_REQUEST');
  });

  it('answers once when the router refused the URL and the parser then fails on the body', async () => {
    const answer = await raw(
      'GET /stores/v1/products/% HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    );
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(parseRaw(answer).status).toBe(400);
  });

  it('answers a JSON body nested 10,000 deep with 400 on the body, anonymous or not', async () => {
    const deep = `{"zz":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`;
    for (const url of ['/v2/collections/query', '/ecom/v1/carts/current/add-to-cart', '/oauth2/token']) {
      const res = await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: deep,
      });
      expect(res.status).toBe(url === '/ecom/v1/carts/current/add-to-cart' ? 401 : 400);
      expect(res.headers.get('x-wix-request-id')).toMatch(REQUEST_ID);
      const body = (await res.json()) as Envelope;
      if (res.status === 400) {
        expect(body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'body', violatedRule: 'MAX' });
      }
    }
  });

  it('answers a .r envelope nested 1,000 deep with 400 on .r', async () => {
    const deep = Buffer.from(`{"query":${'['.repeat(1_000)}${']'.repeat(1_000)}}`).toString('base64url');
    const res = await fetch(`${server.baseUrl}/v2/collections/query?.r=${deep}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Envelope).details.validationError.fieldViolations[0]).toMatchObject({ field: '.r' });
  });

  it('answers a token request that fails in the OAuth form and the envelope at once', async () => {
    const res = await fetch(`${server.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'password' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body).toMatchObject({
      error: 'unsupported_grant_type',
      details: { applicationError: { code: 'unsupported_grant_type' } },
    });
    // The spec's words first, then the reason (what the real client prints whole: WIRE.md 1.3).
    expect(body.message).toBe(`something went wrong: ${body.error_description}`);
  });

  it('answers an OPTIONS request that is not a preflight with an empty 204', async () => {
    const res = await fetch(`${server.baseUrl}/v2/collections/query`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('x-wix-request-id')).toMatch(REQUEST_ID);
  });
});

describe('a client that half-closes after its request', () => {
  /** A bare Node server whose one answer takes 50 ms, as one waiting on PostgreSQL does. */
  async function slowServer(halfOpen: boolean) {
    const { createServer } = await import('node:http');
    const bare = createServer((_req, res) => {
      setTimeout(() => res.end('late but here'), 50);
    });
    if (halfOpen) keepAnsweringHalfClosed(bare);
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const { port } = bare.address() as { port: number };
    const ask = () =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
        let out = '';
        socket.on('data', (chunk) => {
          out += chunk.toString('utf8');
        });
        socket.on('close', () => resolve(out));
        socket.on('error', reject);
      });
    return { ask, close: () => new Promise((resolve) => bare.close(resolve)) };
  }

  it('still gets the answer in flight (Node alone drops it)', async () => {
    const plain = await slowServer(false);
    expect(await plain.ask()).toBe('');
    await plain.close();
    const kept = await slowServer(true);
    expect(await kept.ask()).toMatch(/^HTTP\/1\.1 200[\s\S]*late but here/);
    await kept.close();
  });

  it('gets a database read answered, with a body on a GET', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        raw(
          'GET /v2/collections/query HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
        ),
      ),
    );
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});
