/**
 * Fuzz pass over every operation of the server's own `/openapi.json` (so a new route is covered without anyone
 * listing it), plus the token endpoint and probes the document leaves out, as three callers: no Authorization, a
 * visitor token and the owner's API key; then raw HTTP oddities over a real socket. Requests are made by fast-check
 * from each route's schemas and from ids and values the server answered during set-up (fuzz-kit.ts). Whatever the
 * request, the server must answer:
 * - no 5xx;
 * - every non-200 with `x-wix-request-id` and the contract's envelope (WIRE.md 1.1; http/error-handler.ts);
 * - no stack-trace, SQL or driver text in any body (text echoed from the request itself does not count).
 * Accepted by design, and not held to the envelope: the HTML pages (hosted pages under /auth/, the storefront's pages,
 * /docs) and the media files under /media/; the 200 bodies of successful calls are only checked for leaks.
 *
 * The seed is fixed, so a run is the same requests every time (ids and dates aside): MERX_FUZZ_SEED=<seed> replays
 * or varies it, MERX_FUZZ_ONLY=<part of "METHOD /path"> fuzzes only those operations, MERX_FUZZ_RUNS=<n> (default
 * 100) sets the requests per operation and caller.
 */
import { STORES_APP_ID } from '@merx/contract';
import { startTestServer, type TestServer } from '@merx/server/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type FuzzRequest,
  type JsonSchema,
  type Operation,
  rawHttp,
  rawRequestArb,
  requestArb,
} from './fuzz-kit.js';

const SEED = Number(process.env.MERX_FUZZ_SEED || 20_260_611);
const RUNS = Number(process.env.MERX_FUZZ_RUNS || 100);
const ONLY = process.env.MERX_FUZZ_ONLY;
/** Rounds per operation and caller: each round looks for a failure of a kind not yet found there. */
const ROUNDS = 4;

/**
 * Defects this pass found in code it may not change (http/, app.ts, and the staff, identity, api-keys, oauth and
 * hosted modules): the operation, the problem as reported, and why it is here. An entry goes when its defect is fixed.
 */
const KNOWN_DEFECTS: Array<{ operation: string; problem: RegExp; reason: string }> = [];

type CallerName = 'no Authorization' | 'visitor' | 'owner API key';

interface Failure {
  operation: string;
  caller: CallerName;
  request: FuzzRequest;
  answer: Answer;
  problems: string[];
  signature: string;
}

let server: TestServer;
let requests = 0;
const statuses = new Map<number, number>();
const auth: Record<CallerName, string | undefined> = {
  'no Authorization': undefined,
  visitor: undefined,
  'owner API key': undefined,
};

async function send(req: FuzzRequest, authorization: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  requests++;
  const res = await server.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    // A multipart body's bytes travel one per character (fuzz-kit.ts), and go out as those bytes.
    ...(req.payload !== undefined
      ? { payload: req.encoding === 'latin1' ? Buffer.from(req.payload, 'latin1') : req.payload }
      : {}),
  });
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

// ---- What every answer must be ----

const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', / {4}at |\bat [\w$.<>]+ \(/],
  ['a source position', /\.(?:ts|js|mjs|cjs):\d+:\d+/i],
  ['a module path', /node_modules|file:\/\//i],
  ['a JavaScript error', /\b(?:TypeError|RangeError|ReferenceError)\b|cannot read propert|is not a function/i],
  ['SQL', /\bselect\s|\binsert into\b|\bdelete from\b|\bupdate \S+ set\b|syntax error|no such (?:table|column)/i],
  ['a SQLite error', /SQLITE_|better-sqlite3/i],
  ['a PostgreSQL error', /\bviolates\b|relation "|duplicate key|invalid input syntax|out of range for type/i],
  ['a driver error', /\bkysely\b|invalid byte sequence|\bpg-pool\b/i],
];

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Leaks in `body`: text of the kinds above that the request did not carry itself. */
function leaksIn(body: string, req: FuzzRequest): string[] {
  const sent = `${req.url}\n${safeDecode(req.url)}\n${req.payload ?? ''}`;
  return LEAKS.filter(([, re]) => re.test(body) && !re.test(sent)).map(([what, re]) => {
    const at = body.search(re);
    return `the body shows ${what}: …${body.slice(Math.max(0, at - 60), at + 80)}…`;
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string';

/** Why `text` is not the contract's error envelope, or undefined when it is. */
function envelopeProblem(text: string, extraFields: readonly string[]): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the error body is not JSON';
  }
  if (!isObject(body) || !isText(body.message) || !isObject(body.details))
    return 'the error body has no message/details';
  const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'details' && !extraFields.includes(k));
  if (extra.length) return `the error body has other fields: ${extra.join(', ')}`;
  const { applicationError: app, validationError: invalid, ...rest } = body.details;
  if (Object.keys(rest).some((k) => k !== 'requestId')) return 'details has other fields';
  if ((app === undefined) === (invalid === undefined))
    return 'details needs exactly one of applicationError/validationError';
  if (app !== undefined) {
    if (!isObject(app) || !isText(app.code) || !isText(app.description) || !isObject(app.data))
      return 'applicationError needs code, description (strings) and data (object)';
  } else {
    const list = isObject(invalid) ? invalid.fieldViolations : undefined;
    if (!Array.isArray(list) || list.length === 0) return 'validationError needs fieldViolations';
    const bad = list.find(
      (v) =>
        !isObject(v) ||
        !isText(v.field) ||
        !isText(v.description) ||
        !isText(v.violatedRule) ||
        (v.data !== undefined && !isObject(v.data)),
    );
    if (bad) return `a field violation is not {field, description, violatedRule}: ${JSON.stringify(bad)}`;
  }
  return undefined;
}

/** Paths that answer HTML or files by design (see the file's comment), where no envelope is due. */
const FREE_FORM = /^\/(?:auth|docs|media)(?:\/|$)/;
let apiPaths: RegExp[] = [];

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

/** Everything wrong with `answer` to `req` (empty when nothing is). */
/** Paths whose "not found" is `{message, details: {}}` (collection reads of older `@wix/stores` releases). */
const LEGACY_BARE_NOT_FOUND = /^\/stores-reader\/v2\/collections\//;

function isBareNotFound(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null) return false;
  const { message, details, ...rest } = body as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    typeof details === 'object' &&
    details !== null &&
    Object.keys(details).length === 0 &&
    Object.keys(rest).length === 0
  );
}

function problemsOf(req: FuzzRequest, answer: Answer): string[] {
  if (answer.status === 0) return ['no HTTP answer'];
  const problems = leaksIn(answer.body, req);
  if (answer.trailing) problems.push(`a second answer follows on the connection: ${answer.trailing.slice(0, 120)}`);
  if (answer.status >= 500) problems.unshift(`status ${answer.status}`);
  if (answer.status === 200) return problems;
  if (!answer.headers['x-wix-request-id']) problems.push('no x-wix-request-id header');
  const path = pathOf(req.url);
  const html = String(answer.headers['content-type'] ?? '').startsWith('text/html');
  if (FREE_FORM.test(path) || (html && !apiPaths.some((re) => re.test(path)))) return problems;
  // The older releases' collection reads answer "not found" with empty details on purpose (the SDK then reports the
  // numeric 404 those shops test for; README, "Older client releases").
  if (answer.status === 404 && LEGACY_BARE_NOT_FOUND.test(path) && isBareNotFound(answer.body)) return problems;
  const shape = envelopeProblem(answer.body, path === '/oauth2/token' ? ['error', 'error_description'] : []);
  if (shape) problems.push(shape);
  return problems;
}

// ---- The operations, and ids of real records to put in their paths ----

type Doc = { paths: Record<string, Record<string, OpenApiOperation>> };
interface OpenApiOperation {
  security: unknown[];
  description?: string;
  parameters: Array<{ name: string; in: string; schema: JsonSchema }>;
  /** JSON for every route but uploads, which take `multipart/form-data` (the media library). */
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  'x-merx-access'?: { kind: string };
}

interface Target extends Operation {
  name: string;
  /** `public`, `identified`, `member`, `elevated`…: decides which callers are refused anyway (and get fewer runs). */
  access: string;
}

/** The access rule of an operation: declared (`x-merx-access`), or read from its security and description. */
function accessOf(op: OpenApiOperation): string {
  if (op['x-merx-access']?.kind) return op['x-merx-access'].kind;
  if (op.security.length === 0) return 'public';
  return /`[\w:*-]+`/.test(op.description ?? '') ? 'elevated' : 'identified';
}

function operationsOf(doc: Doc): Target[] {
  const out: Target[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const envelope = op.parameters.some((p) => p.name === '.r');
      const body = op.requestBody ?? (envelope ? item.post?.requestBody : undefined);
      out.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: op.parameters.filter((p) => p.in === 'query' && p.name !== '.r'),
        envelope,
        body: body?.content['application/json']?.schema,
        // An upload's files go in the form field its schema names first (`file`).
        multipartField: Object.keys(body?.content['multipart/form-data']?.schema.properties ?? {})[0],
        access: accessOf(op),
      });
    }
  }
  out.push(...OUTSIDE_THE_DOCUMENT);
  // Deletions last, so that the other operations still find the records they act on.
  const destructive = (t: Target) => t.method === 'DELETE' || /delete|remove/i.test(t.path);
  return [...out.filter((t) => !destructive(t)), ...out.filter(destructive)];
}

const text = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });
const plain = (method: string, path: string, body?: JsonSchema): Target => ({
  name: `${method} ${path}`,
  method,
  path,
  params: [],
  query: [],
  envelope: false,
  body,
  access: 'public',
});

/** JSON routes API clients call that the document leaves out: the token endpoint (WIRE.md 2) and the probes. */
const OUTSIDE_THE_DOCUMENT: Target[] = [
  plain('POST', '/oauth2/token', {
    type: 'object',
    properties: {
      grantType: { type: 'string', enum: ['anonymous', 'refresh_token', 'authorization_code', 'authorized_client'] },
      clientId: text(200),
      refreshToken: text(500),
      code: text(500),
      codeVerifier: text(500),
      redirectUri: text(2000),
      memberId: text(200),
      sessionToken: text(500),
    },
  }),
  plain('GET', '/healthz'),
  plain('GET', '/readyz'),
  plain('GET', '/openapi.json'),
];

const norm = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/ies$/, 'y')
    .replace(/s$/, '');
const pools = new Map<string, Set<string>>();
const allIds = new Set<string>();
const examples = new Map<string, Set<unknown>>();
const fields = new Set<string>(['id']);

function remember(pool: string, id: string): void {
  if (id.length === 0 || id.length > 100) return;
  pools.set(pool, (pools.get(pool) ?? new Set()).add(id));
  allIds.add(id);
}

/**
 * Learns from a 200 body: ids (and slugs) filed under the name they came by (`products[].id` → `product`), a few
 * values of each field name, and the field paths of records in lists.
 */
function harvest(value: unknown, key = '', path = ''): void {
  if (Array.isArray(value)) for (const item of value) harvest(item, key, isObject(item) ? '' : path);
  else if (isObject(value)) {
    if (isText(value.id)) remember(norm(key), value.id);
    if (isText(value.slug)) remember(`slug:${norm(key)}`, value.slug);
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (path.split('.').length < 3 && fields.size < 400) fields.add(at);
      if (isText(v) && /.Id$/.test(k)) remember(norm(k.slice(0, -2)), v);
      if (v === null || typeof v !== 'object') {
        const seen = examples.get(k) ?? new Set();
        if (seen.size < 12 && (!isText(v) || v.length <= 200)) examples.set(k, seen.add(v));
      } else harvest(v, k, at);
    }
  }
}

/** Real ids for a path parameter: by its name (`shippingOptionId`) or the segment before it (`products/{id}`). */
function idsFor(path: string, param: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const before = segments
    .slice(0, segments.indexOf(`{${param}}`))
    .reverse()
    .find((s) => !s.startsWith('{') && s !== 'slug' && !/^v\d+$/.test(s));
  const resource = norm((before ?? '').replace(/^by-(.+)-id$/, '$1'));
  if (param === 'slug') return [...(pools.get(`slug:${resource}`) ?? [])];
  const named = norm(param.replace(/Id$/, '').replace(/^ecom(?=[A-Z])/, ''));
  return [...(pools.get(named) ?? pools.get(resource) ?? [])];
}

// ---- Set-up: callers, a little history (an order, a cart, discounts, a member), ids ----

async function ok(
  method: string,
  url: string,
  caller: CallerName,
  payload?: unknown,
): Promise<Record<string, unknown>> {
  const res = await server.app.inject({
    method: method as 'GET',
    url,
    headers: auth[caller] ? { authorization: auth[caller] } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`set-up: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
  const body = res.json() as Record<string, unknown>;
  harvest(body);
  return body;
}

async function addSomethingToCart(): Promise<void> {
  for (const id of idsFor('/products/{id}', 'id')) {
    const product = (await ok('GET', `/stores-reader/v1/products/${id}`, 'visitor')).product as {
      variants?: Array<{ id: string }>;
    };
    const variantId = product.variants?.[0]?.id;
    const res = await server.app.inject({
      method: 'POST',
      url: '/ecom/v1/carts/current/add-to-cart',
      headers: { authorization: auth.visitor as string },
      payload: {
        lineItems: [
          { catalogReference: { appId: STORES_APP_ID, catalogItemId: id, options: { variantId } }, quantity: 1 },
        ],
      },
    });
    if (res.statusCode === 200) return void harvest(res.json());
  }
  throw new Error('set-up: no demo product could be added to a cart');
}

async function setUp(targets: Target[]): Promise<void> {
  const config = await ok('GET', '/_api/merx/v1/public-config', 'no Authorization');
  const token = await ok('POST', '/oauth2/token', 'no Authorization', {
    grantType: 'anonymous',
    clientId: config.storefrontClientId,
  });
  auth.visitor = token.access_token as string;
  auth['owner API key'] = server.apiKey;
  await ok('POST', '/stores-reader/v1/products/query', 'visitor', { query: { paging: { limit: 100 } } });
  await ok('POST', '/ecom/v1/shipping-options/query', 'owner API key', { query: {} });
  // A product at the edge of what the catalog takes, in the visitor's cart, so that odd quantities meet it.
  const { product: edge } = await ok('POST', '/stores/v1/products', 'owner API key', {
    product: { name: 'Fuzz edge', productType: 'physical', priceData: { price: 999_999_999 } },
  });
  await addSomethingToCart();
  const { checkoutId } = await ok('POST', '/ecom/v1/carts/current/create-checkout', 'visitor', {
    channelType: 'WEB',
    email: 'fuzz@example.com',
    shippingAddress: {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      postalCode: '10001',
      addressLine: '1 Main St',
    },
    selectedShippingOption: { code: idsFor('/shipping-options/{shippingOptionId}', 'shippingOptionId')[0] },
  });
  await ok('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, 'visitor', { id: checkoutId });
  await addSomethingToCart();
  await ok('POST', '/ecom/v1/carts/current/add-to-cart', 'visitor', {
    lineItems: [
      { catalogReference: { appId: STORES_APP_ID, catalogItemId: (edge as { id: string }).id }, quantity: 1 },
    ],
  });
  const everyItem = { id: 'all', type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: 'stores' } };
  await ok('POST', '/ecom/v1/discount-rules', 'owner API key', {
    discountRule: {
      name: 'Fuzz',
      discounts: {
        values: [
          {
            discountType: 'PERCENTAGE',
            percentage: 10,
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: { scopes: [everyItem] },
          },
        ],
      },
    },
  });
  await ok('POST', '/_api/merx/v1/coupons', 'owner API key', {
    coupon: { code: 'FUZZ10', name: 'Fuzz', discount: { percentage: 10 } },
  });
  await ok('POST', '/_api/iam/authentication/v2/register', 'no Authorization', {
    loginId: { email: 'member@example.com' },
    password: 'a long enough password 1!',
  });
  // Every read as the owner (lists first, then by id), to learn the ids of each kind of record.
  for (const t of targets.filter((t) => t.method === 'GET' && t.params.length === 0 && !t.envelope))
    await ok('GET', t.path, 'owner API key').catch(() => undefined);
  for (const t of targets.filter((t) => t.method === 'POST' && /\/(query|search)$/.test(t.path) && !t.params.length))
    await ok('POST', t.path, 'owner API key', {}).catch(() => undefined);
  for (const t of targets.filter((t) => t.method === 'GET' && t.params.length > 0)) {
    const url = t.params.reduce(
      (p, name) => p.replace(`{${name}}`, encodeURIComponent(idsFor(t.path, name)[0] ?? 'x')),
      t.path,
    );
    await ok('GET', url, 'owner API key').catch(() => undefined);
  }
}

// ---- The pass ----

function seedOf(name: string): number {
  let h = SEED | 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16_777_619);
  return h;
}

/** What tells two failures of one operation apart: status, error code and the kinds of problem. */
function signatureOf(answer: Answer, problems: string[]): string {
  let code = '';
  try {
    code = String(JSON.parse(answer.body)?.details?.applicationError?.code ?? '');
  } catch {}
  return `${answer.status} ${code} ${problems.map((p) => p.replace(/:.*$/s, '')).join(' | ')}`;
}

const isKnown = (f: Failure) =>
  KNOWN_DEFECTS.some((d) => d.operation === f.operation && d.problem.test(f.problems.join('; ')));

/**
 * Fuzzes `arb` with `send` for `numRuns` runs, and again (up to ROUNDS times) after each failure, passing over the
 * kinds already found, so that one failure does not hide another. Each failure is the one fast-check shrank to.
 */
async function fuzz(
  who: { operation: string; caller: CallerName },
  arb: fc.Arbitrary<FuzzRequest>,
  numRuns: number,
  send: (request: FuzzRequest) => Promise<Answer>,
): Promise<Failure[]> {
  const found: Failure[] = [];
  const seen = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    let last: Failure | undefined;
    const property = fc.asyncProperty(arb, async (request) => {
      const answer = await send(request).catch(
        (error: Error): Answer => ({ status: 0, headers: {}, body: `(the request failed: ${error.message})` }),
      );
      const problems = problemsOf(request, answer);
      if (problems.length === 0) return true;
      const signature = signatureOf(answer, problems);
      if (seen.has(signature)) return true;
      last = { ...who, request, answer, problems, signature };
      return false;
    });
    const run = await fc.check(property, { seed: seedOf(`${who.operation} ${who.caller}`), numRuns });
    if (!run.failed) break;
    // A failure that is not an answer's is the pass's own (a generator that threw): never passed over.
    if (!last) throw new Error(`fuzz of ${who.operation} broke: ${String(run.errorInstance)}`);
    seen.add(last.signature);
    found.push(last);
  }
  return found;
}

function report(f: Failure): string {
  const { request: r, answer } = f;
  const payload =
    r.payload === undefined ? '' : `\n    body (${r.payload.length} chars): ${JSON.stringify(r.payload.slice(0, 400))}`;
  const type = r.contentType === undefined ? '' : `\n    content-type: ${JSON.stringify(r.contentType)}`;
  return [
    `${f.operation} as ${f.caller}: ${f.problems.join('; ')}`,
    `  request (${r.kind}): ${r.method} ${r.url.slice(0, 400)}${type}${payload}`,
    `  answer: ${answer.status} ${answer.body.slice(0, 600)}`,
  ].join('\n');
}

function expectNoFailures(failures: Failure[]): void {
  const shown = failures.filter((f) => !isKnown(f));
  const replay = `Replay with MERX_FUZZ_SEED=${SEED} (MERX_FUZZ_ONLY='<METHOD /path>' for one operation).`;
  expect(shown.length, `${shown.length} failures. ${replay}\n\n${shown.map(report).join('\n\n')}`).toBe(0);
}

let operations: Target[] = [];
let targets: Target[] = [];
let rawRequests = 0;
const started = Date.now();

beforeAll(async () => {
  server = await startTestServer({ listen: true, demo: true });
  const all = operationsOf((await server.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Doc);
  apiPaths = all.map((t) => new RegExp(`^${t.path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`));
  await setUp(all);
  operations = all;
  targets = all.filter((t) => !ONLY || t.name.includes(ONLY));
});

afterAll(async () => {
  const seconds = Math.round((Date.now() - started) / 1000);
  const count = (n: number) => n.toLocaleString('en-US');
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${count(n)}`);
  console.log(
    `fuzz: ${count(requests)} requests over ${targets.length} operations × 3 callers and ${count(rawRequests)} raw ` +
      `HTTP requests in ${seconds} s, seed ${SEED} (${byStatus.join(', ')})`,
  );
  await server?.close();
});

describe('fuzz: every operation of /openapi.json, as every kind of caller, with bad and odd requests', () => {
  it('answers no 5xx, errors only in the contract envelope with a request id, and never stack or SQL text', async () => {
    const ctx = {
      ids: [...allIds],
      idsNamed: (name: string) => [...((name && pools.get(norm(name.replace(/Ids?$/, '')))) || allIds)],
      examples: new Map([...examples].map(([k, v]) => [k, [...v]])),
      fields: [...fields],
    };
    const failures: Failure[] = [];
    for (const target of targets) {
      const arb = requestArb(target, ctx, Object.fromEntries(target.params.map((p) => [p, idsFor(target.path, p)])));
      for (const caller of Object.keys(auth) as CallerName[]) {
        // A caller the route refuses whatever it sends gets fewer requests.
        const refused =
          target.access !== 'public' &&
          (caller === 'no Authorization' || (caller === 'visitor' && target.access !== 'identified'));
        const numRuns = refused ? Math.max(4, Math.round(RUNS / 5)) : RUNS;
        const found = await fuzz({ operation: target.name, caller }, arb, numRuns, (request) =>
          send(request, auth[caller]),
        );
        failures.push(...found);
      }
    }
    expectNoFailures(failures);
  }, 900_000);

  it('answers raw HTTP oddities (request lines, headers, lengths) in the envelope too, or with HTML where due', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const paths = operations.map((t) =>
      t.params.reduce((p, n) => p.replace(`{${n}}`, idsFor(t.path, n)[0] ?? 'x'), t.path),
    );
    const arb = rawRequestArb(paths).map((r) => ({ method: 'RAW', url: r.path, payload: r.text, kind: r.kind }));
    const who = { operation: 'raw HTTP', caller: 'no Authorization' as const };
    const failures = await fuzz(who, arb, Math.max(50, RUNS * 4), async (request) => {
      rawRequests++;
      const answer = await rawHttp(port, request.payload ?? '');
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      return answer;
    });
    expectNoFailures(failures);
  }, 300_000);
});
