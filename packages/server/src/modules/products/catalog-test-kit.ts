import { randomUUID } from 'node:crypto';
import type { Collection, Product, ProductInput } from '@merx/contract';
import type { Database } from '@merx/db';
import { expect } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../../testing.js';

/** What a test sees of one response: status, parsed JSON body and headers. */
export interface Res {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RawRequest {
  method: Method;
  url: string;
  body?: unknown;
  /** A raw payload (string or buffer) sent as is, for malformed or oversized bodies. */
  payload?: string | Buffer;
  /** `Authorization` header; omitted when undefined. */
  auth?: string | undefined;
  headers?: Record<string, string>;
}

/** A caller: every request carries the same Authorization header (or none). */
export interface Client {
  get(url: string, query?: Record<string, string | number | boolean>): Promise<Res>;
  /** GET with the `.r` envelope (base64url JSON without padding), as the SDK sends queries. */
  getR(url: string, payload: unknown): Promise<Res>;
  post(url: string, body?: unknown): Promise<Res>;
  patch(url: string, body?: unknown): Promise<Res>;
  delete(url: string): Promise<Res>;
}

export interface Kit {
  server: TestServer;
  /** The store owner (API key with every scope). */
  owner: Client;
  /** A shopper: no Authorization header. */
  visitor: Client;
  /** Any request; asserts the cross-cutting rules (request id header, never a 500). */
  request(req: RawRequest): Promise<Res>;
  createProduct(input?: Partial<ProductInput>): Promise<Product>;
  createCollection(input?: Record<string, unknown>): Promise<Collection>;
  /** Rows in the tables a catalog write touches. */
  counts(): Promise<Record<'products' | 'variants' | 'collections' | 'memberships' | 'outbox', number>>;
  /** Outbox events appended after `seq` (from `lastSeq()`), oldest first. */
  eventsSince(seq: number): Promise<Array<{ type: string; entityId: string; payload: Record<string, unknown> }>>;
  lastSeq(): Promise<number>;
  /** SQL statements `fn` runs, counted once earlier writes' events are dispatched (so they do not count). */
  statementsOf(fn: () => Promise<unknown>): Promise<number>;
  /** A caller with a new API key that holds `scopes` only. */
  clientWith(scopes: string[]): Promise<Client>;
  /** Rows in one table. */
  rowsIn(table: keyof Database): Promise<number>;
  close(): Promise<void>;
}

/** A short unique word, so that each test's data can be told apart from the others' in a shared store. */
export function unique(prefix = 't'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** The `.r` GET envelope: base64url JSON, padding stripped. */
export function encodeR(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** Starts a test server on a fresh database and wraps it for catalog API tests. */
export async function startKit(options?: TestServerOptions): Promise<Kit> {
  const server = await startTestServer(options);

  async function request(req: RawRequest): Promise<Res> {
    const headers: Record<string, string> = { ...req.headers };
    if (req.auth !== undefined) headers.authorization = req.auth;
    let payload: string | Buffer | undefined = req.payload;
    if (payload === undefined && req.body !== undefined) payload = JSON.stringify(req.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const res = await server.app.inject({ method: req.method, url: req.url, headers, ...(payload ? { payload } : {}) });
    expect(res.headers['x-wix-request-id'], `${req.method} ${req.url} carries X-Wix-Request-Id`).toBeTruthy();
    expect(res.statusCode, `${req.method} ${req.url} never answers 5xx: ${res.body}`).toBeLessThan(500);
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, headers: res.headers };
  }

  function client(auth: string | undefined): Client {
    return {
      get: (url, query) => {
        const pairs = Object.entries(query ?? {}).map(([k, v]): [string, string] => [k, String(v)]);
        const qs = pairs.length ? `?${new URLSearchParams(pairs)}` : '';
        return request({ method: 'GET', url: `${url}${qs}`, auth });
      },
      getR: (url, payload) => request({ method: 'GET', url: `${url}?.r=${encodeR(payload)}`, auth }),
      post: (url, body = {}) => request({ method: 'POST', url, body, auth }),
      patch: (url, body = {}) => request({ method: 'PATCH', url, body, auth }),
      delete: (url) => request({ method: 'DELETE', url, auth }),
    };
  }

  const owner = client(server.apiKey);
  const db = server.merx.db;
  const countOf = async (table: keyof Database) => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    server,
    owner,
    visitor: client(undefined),
    request,
    async createProduct(input = {}) {
      const res = await owner.post('/stores/v1/products', {
        product: { name: unique('Product '), priceData: { price: 10 }, ...input },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.product as Product;
    },
    async createCollection(input = {}) {
      const res = await owner.post('/stores/v1/collections', { collection: { name: unique('Collection '), ...input } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.collection as Collection;
    },
    async counts() {
      return {
        products: await countOf('products'),
        variants: await countOf('product_variants'),
        collections: await countOf('collections'),
        memberships: await countOf('collection_products'),
        outbox: await countOf('outbox'),
      };
    },
    async eventsSince(seq) {
      const rows = await db
        .selectFrom('outbox')
        .select(['type', 'entity_id', 'payload'])
        .where('seq', '>', seq)
        .orderBy('seq')
        .execute();
      return rows.map((r) => ({ type: r.type, entityId: r.entity_id, payload: JSON.parse(r.payload) }));
    },
    async lastSeq() {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },
    async statementsOf(fn) {
      await server.dispatcher.drain();
      server.resetQueryCount();
      await fn();
      return server.queryCount();
    },
    async clientWith(scopes) {
      return client((await server.services.apiKeys.create({ name: 'Reader', scopes })).key);
    },
    rowsIn: countOf,
    close: () => server.close(),
  };
}

/** Asserts a 400 in the validation envelope with a violation on `field` (and, when given, its rule). */
export function expectViolation(res: Res, field: string, rule?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(typeof res.body.message).toBe('string');
  const violations = res.body.details?.validationError?.fieldViolations;
  expect(Array.isArray(violations), JSON.stringify(res.body)).toBe(true);
  for (const v of violations) {
    expect(typeof v.field).toBe('string');
    expect(typeof v.description).toBe('string');
    expect(typeof v.violatedRule).toBe('string');
  }
  const fields = violations.map((v: { field: string }) => v.field);
  expect(fields, JSON.stringify(res.body)).toContain(field);
  if (rule) expect(violations.find((v: { field: string }) => v.field === field).violatedRule).toBe(rule);
}

/** Asserts an application error with `status` and a stable string `code`. */
export function expectAppError(res: Res, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.details?.applicationError?.code, JSON.stringify(res.body)).toBe(code);
  expect(typeof res.body.message).toBe('string');
}

/** Runs `fn` and asserts that no catalog row and no event was written meanwhile. */
export async function expectNothingWritten(kit: Kit, fn: () => Promise<void>): Promise<void> {
  const before = await kit.counts();
  await fn();
  expect(await kit.counts()).toEqual(before);
}

/** Runs `fn` and asserts that `read` answers the same after it as before. */
export async function expectUnchanged(read: () => Promise<unknown>, fn: () => Promise<void>): Promise<void> {
  const before = await read();
  await fn();
  expect(await read()).toEqual(before);
}

/** A product with Size (S, M, L) and Color (Red #ff0000, Blue #0000ff): six variants. */
export function sizeAndColor(): Partial<ProductInput> {
  return {
    productOptions: [
      {
        name: 'Size',
        optionType: 'drop_down',
        choices: [{ description: 'S' }, { description: 'M' }, { description: 'L' }],
      },
      {
        name: 'Color',
        optionType: 'color',
        choices: [
          { value: '#ff0000', description: 'Red' },
          { value: '#0000ff', description: 'Blue' },
        ],
      },
    ],
  };
}
