/**
 * The generators of the fuzz pass (fuzz.test.ts): a small JSON-schema → fast-check generator that makes values fitting
 * a route's schema or shaped like it but wrong; odd path parameters, query strings and bodies; raw HTTP requests.
 */
import { connect } from 'node:net';
import fc from 'fast-check';

/** The subset of JSON Schema that zod's `toJSONSchema` (OpenAPI 3.0 target) writes for Merx's routes. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/** A number written into JSON text as is (`1e999`, 30 digits): JSON.parse reads what JS cannot write. */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with each RawNumber written verbatim. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof RawNumber ? `\u0001raw${raws.push(v.text) - 1}\u0001` : v,
  );
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)] ?? '0');
}

/** `depth` levels of objects (or arrays) inside each other. */
function nested(depth: number, arrays: boolean): unknown {
  let value: unknown = arrays ? [] : {};
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** encodeURIComponent that does not throw on lone surrogates (they become U+FFFD). */
function encode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
}

// Odd text: no SQL or stack words in it, so that an echo of it is never taken for a leak.
const ODD_WORDS = [
  ...['', ' ', '\u0000', 'a\u0000b', '\ud800', '😀', 'İ', 'ﬀ', '\u202e', '\r\n', '\t', '..', '../..', '.', '/', '\\'],
  ...['%', '%zz', '%00', '%2e%2e', 'null', 'undefined', 'NaN', 'Infinity', '-1', '0', '1e999', '0x1F', 'true'],
  ...["' OR '1'='1", '1; DROP TABLE products--', "%' --", '$gt', '{"$gt":""}', '<script>x</script>', '{{7*7}}'],
  ...['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'id', '*', '?', '#', '&', '='],
];
const BAD_DATES = [
  ...['2024-13-45T00:00:00Z', '2024-02-30T00:00:00Z', '2024-01-01T25:61:61Z', '0000-00-00T00:00:00Z', '20240101'],
  ...['+275760-09-13T00:00:00.001Z', '-271821-04-19T23:59:59.999Z', '+999999-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
  ...['1970-01-01T00:00:00', '2024-01-01T00:00:00+99:99', 'yesterday', 'Tue, 01 Jan 2024 00:00:00 GMT', '1e12'],
];
const LONG = [65, 101, 256, 501, 2_001, 10_001, 100_001];

// Characters that trip encoders: lone surrogates (JSON escapes them, PostgreSQL's jsonb refuses the escape), quotes.
const TRICKY = fc.constantFrom('a', '\ud800', '\udfff', '\u0000', '"', "'", '\\', '%', '_', '\u2028', '😀');

const oddString: fc.Arbitrary<string> = fc.oneof(
  w(4, fc.constantFrom(...ODD_WORDS)),
  w(2, fc.string({ unit: TRICKY, minLength: 1, maxLength: 6 })),
  w(2, fc.string({ unit: 'binary', maxLength: 30 })),
  w(2, fc.string({ unit: 'grapheme', maxLength: 12 })),
  w(2, fc.constantFrom(...LONG.map((n) => 'x'.repeat(n)))),
  w(2, fc.constantFrom(...BAD_DATES)),
);

const ODD_NUMBERS = [
  ...[-1, 0, -0, 0.5, -0.5, 1e21, 1e308, -1e308, 5e-324],
  ...[2 ** 31, 2 ** 32, 2 ** 53 + 2, 2 ** 63, -(2 ** 63)],
];
const oddNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_NUMBERS),
  fc.constantFrom('1e999', '-1e999', '123456789012345678901234567890', '1.0e+400', '-0.0').map((t) => new RawNumber(t)),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '12', '-1', '1e5', '0x10', ' 1 ', '1.5'),
  fc.integer(),
  fc.double({ noNaN: true }),
);

const deepValue = fc.tuple(fc.integer({ min: 129, max: 400 }), fc.boolean()).map(([d, a]) => nested(d, a));
const oddKey = fc.oneof(fc.constantFrom(...ODD_WORDS), fc.string({ maxLength: 8 }));

/** What generated values draw on, learnt from the server's own answers, so that more requests get past validation. */
export interface GenContext {
  /** Ids of real records. */
  ids: string[];
  /** Ids of the records a field of this name refers to (`lineItems`, `productIds`, `shippingOptionId`), or all. */
  idsNamed(name: string): string[];
  /** Values seen under each field name (`slug`, `price`, `appId`, `country`…). */
  examples: Map<string, unknown[]>;
  /** Field paths seen in records (`name`, `priceData.price`…): the fields of filters and sorts. */
  fields: string[];
}

const cache = new WeakMap<JsonSchema, Map<string, fc.Arbitrary<unknown>>>();

/**
 * Values for `schema`: fitting it (`odd` false), or shaped like it with some parts wrong (`odd` true): wrong types,
 * numbers out of range, odd and over-long strings, bad dates, extra fields, empty and 1,000-item arrays, nesting
 * beyond the server's limit. `name` is the field the value sits under (for an `id`, its parent's).
 */
export function valuesFor(
  schema: JsonSchema,
  odd: boolean,
  ctx: GenContext,
  depth = 0,
  name = '',
): fc.Arbitrary<unknown> {
  const key = `${odd}:${depth}:${name}`;
  const byKey = cache.get(schema) ?? new Map<string, fc.Arbitrary<unknown>>();
  cache.set(schema, byKey);
  const hit = byKey.get(key);
  if (hit) return hit;
  const fits = fitting(schema, odd, ctx, depth, name);
  const value = schema.nullable ? fc.oneof(w(6, fits), w(1, fc.constant(null))) : fits;
  const arb = odd ? fc.oneof(w(15, value), w(1, wrong(schema, ctx))) : value;
  byKey.set(key, arb);
  return arb;
}

function fitting(s: JsonSchema, odd: boolean, ctx: GenContext, depth: number, name: string): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((x) => valuesFor(x, odd, ctx, depth, name)));
  if (depth > 8) return fc.constant(s.type === 'array' ? [] : s.type === 'object' ? {} : null);
  switch (s.type) {
    case 'string':
      return fittingString(s, ctx, name);
    case 'number':
    case 'integer': {
      const exclusive = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
      const min =
        (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : (s.minimum ?? -1000)) + (exclusive ? 1 : 0);
      const max = Math.max(min, Math.min(s.maximum ?? min + 1000, min + 1000));
      // Mostly small values, and the bounds themselves now and then (totals of maximal values overflow).
      const edges = [s.minimum, s.maximum].filter((n): n is number => n !== undefined && Number.isInteger(n));
      const bounds = fc.constantFrom(...edges, Math.ceil(min));
      const near = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
      if (s.type === 'integer') return fc.oneof(w(2, near), w(1, bounds));
      return fc.oneof(w(2, near), w(1, fc.double({ min, max, noNaN: true })), w(2, bounds));
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, minLength + 3));
      const item = valuesFor(s.items ?? {}, odd, ctx, depth + 1, name);
      const few = fc.array(item, { minLength, maxLength });
      // As many items as allowed, now and then (a bound of 1,000 ids meets the database's parameter limits).
      const most = Math.min(s.maxItems ?? 0, 2_000);
      return most > maxLength ? fc.oneof(w(12, few), w(1, fc.array(item, { minLength: most, maxLength: most }))) : few;
    }
    case 'object':
      return fittingObject(s, odd, ctx, depth, name);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function fittingString(s: JsonSchema, ctx: GenContext, name: string): fc.Arbitrary<unknown> {
  if (s.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 24, minLength + 24));
  const longest = fc.constantFrom('x', 'é', '😀').map((c) => c.repeat(Math.floor((s.maxLength ?? 100) / c.length)));
  const text = fc.oneof(w(5, fc.string({ minLength, maxLength })), w(1, longest));
  if (s.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(s.pattern)).map((t) => t.slice(0, s.maxLength ?? t.length));
      return fc.oneof(matching, text);
    } catch {
      return text;
    }
  }
  const ids = ctx.idsNamed(name);
  return ids.length ? fc.oneof(w(1, text), w(1, fc.constantFrom(...ids))) : text;
}

function fittingObject(
  s: JsonSchema,
  odd: boolean,
  ctx: GenContext,
  depth: number,
  name: string,
): fc.Arbitrary<unknown> {
  const entries = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const pairs = entries.map(([k, p]) => {
    const pair = property(k === 'id' ? name : k, p, odd, ctx, depth + 1).map((v) => [k, v] as const);
    return required.has(k) ? pair : fc.option(pair, { nil: undefined, freq: 2 });
  });
  const known = fc.tuple(...pairs).map((kvs) => Object.fromEntries(kvs.filter((kv) => kv !== undefined)));
  const more =
    typeof s.additionalProperties === 'object'
      ? fc.dictionary(fc.string({ maxLength: 10 }), valuesFor(s.additionalProperties, odd, ctx, depth + 1), {
          maxKeys: 3,
        })
      : fc.constant({});
  const unknown = fc.dictionary(oddKey, fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 2 });
  const extra = odd ? fc.oneof(w(9, fc.constant({})), w(1, unknown)) : fc.constant({});
  return fc.tuple(known, more, extra).map(([k, m, e]) => ({ ...e, ...m, ...k }));
}

/** A property's value: from its schema, or a value the server answered under that name, or a query filter. */
function property(key: string, p: JsonSchema, odd: boolean, ctx: GenContext, depth: number): fc.Arbitrary<unknown> {
  const value = valuesFor(p, odd, ctx, depth, key);
  const base = key === 'filter' && ctx.fields.length ? fc.oneof(w(3, filterArb(ctx)), w(1, value)) : value;
  const seen = key === 'fieldName' ? ctx.fields : ctx.examples.get(key);
  return seen?.length ? fc.oneof(w(1, base), w(1, fc.constantFrom(...seen))) : base;
}

const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$hasSome', '$hasAll', '$startsWith'];
OPERATORS.push('$endsWith', '$contains', '$exists', '$regex', '$like', '');

/**
 * Filters of the query language (WIRE.md 0.10) over fields the records have: operators with values of every kind,
 * nested `$and`/`$or`/`$not`, the JSON-string form of stores v1, and wide ones (tens of thousands of values).
 */
function filterArb(ctx: GenContext): fc.Arbitrary<unknown> {
  const field = fc.constantFrom(...ctx.fields);
  const date = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const wrapped = date.map(($date) => ({ $date }));
  const scalar = fc.oneof(oddString, oddNumber, fc.boolean(), fc.constant(null), date, wrapped);
  const real = ctx.ids.length ? fc.constantFrom(...ctx.ids) : scalar;
  const values = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), real);
  const leaf = fc
    .tuple(field, fc.constantFrom(...OPERATORS), values)
    .map(([f, op, v]) => ({ [f]: op === '' ? v : { [op]: v } }));
  const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('tree'), { maxLength: 3 }).map(($and) => ({ $and })),
      fc.array(tie('tree'), { maxLength: 3 }).map(($or) => ({ $or })),
      tie('tree').map(($not) => ({ $not })),
    ),
  }));
  // Wide: past SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
  const wide = fc.constantFrom(20, 40, 70).map((n) => ({
    $or: Array.from({ length: n }, (_, i) => ({ id: { $in: Array.from({ length: 1000 }, (_, j) => `v${i}-${j}`) } })),
  }));
  const asText = tree.map((t) => JSON.stringify(t));
  return fc.oneof(w(8, tree), w(1, wide), w(1, asText));
}

/** A value of the wrong kind for `s`, or of the right kind but out of its bounds. */
function wrong(s: JsonSchema, ctx: GenContext): fc.Arbitrary<unknown> {
  return fc.oneof(w(8, wrongKind(s, ctx)), w(1, fc.constant(null)), w(1, fc.jsonValue({ maxDepth: 2 })));
}

function wrongKind(s: JsonSchema, ctx: GenContext): fc.Arbitrary<unknown> {
  if (s.enum?.length) {
    const texts = s.enum.map(String);
    return fc.oneof(fc.constantFrom('', 'UNKNOWN', ...texts.map((t) => t.toLowerCase()), 0), oddString);
  }
  switch (s.type) {
    case 'string':
      return fc.oneof(
        oddString,
        oddNumber,
        fc.boolean(),
        fc.constantFrom({}, []),
        fc.constant('y'.repeat((s.maxLength ?? 10_000) + 1)),
        fc.array(oddString, { maxLength: 3 }),
      );
    case 'number':
    case 'integer': {
      const edges = [s.minimum, s.maximum].filter((n): n is number => n !== undefined);
      const beyond = edges.flatMap((n) => [n - 1, n + 1, n - 0.5, n + 0.5]);
      return fc.oneof(oddNumber, fc.constantFrom(true, '', 'x', ...beyond, 0.1));
    }
    case 'boolean':
      return fc.constantFrom('true', 'false', 0, 1, 'yes', '');
    case 'array': {
      const item = valuesFor(s.items ?? {}, false, ctx);
      return fc.oneof(
        item.map((v) => Array.from({ length: 1000 }, () => v)),
        item.map((v) => Array.from({ length: (s.maxItems ?? 100) + 1 }, () => v)),
        fc.constantFrom({}, [[[[]]]], [null], ''),
        fc.array(oddString, { maxLength: 4 }),
        oddString,
      );
    }
    case 'object':
      return fc.oneof(fc.constantFrom([], {}, '', 0, true), oddString, oddNumber);
    default:
      return fc.oneof(oddString, oddNumber);
  }
}

/** One request of the fuzz pass, before the caller's credentials are added. */
export interface FuzzRequest {
  method: string;
  url: string;
  contentType?: string | undefined;
  payload?: string | undefined;
  /** `latin1`: the payload is bytes, one per character (a multipart body with binary files), sent as they are. */
  encoding?: 'latin1' | undefined;
  /** What made it, e.g. `path:odd query:.r malformed body:deep JSON` (groups failures of one kind). */
  kind: string;
}

/** One operation of `/openapi.json`, as the fuzz pass reads it. */
export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. `/stores/v1/products/{id}`. */
  path: string;
  params: string[];
  /** Plain query parameters (GET and DELETE). */
  query: Array<{ name: string; schema: JsonSchema }>;
  /** A GET query route that reads the `.r` envelope. */
  envelope: boolean;
  /** The JSON body's schema (for a `.r` route, the schema of its POST twin). */
  body?: JsonSchema | undefined;
  /** The route takes `multipart/form-data` (an upload): the form field its files go in. */
  multipartField?: string | undefined;
}

interface Part {
  kind: string;
  text: string;
}

const RAW_SEGMENTS = [
  ...['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%00', '%2F', '%2e%2e', 'a%2Fb'],
  ...['..', '.', '', ';', "'"],
];

/** A path parameter: a real id (of the resource when known), a mangled one, odd text, raw percent-sequences. */
function paramArb(ids: string[], all: string[]): fc.Arbitrary<Part> {
  const real = ids.length ? ids : all;
  const long = fc.constantFrom(499, 500, 501, 2_000).map((n) => ({ kind: 'long', text: 'i'.repeat(n) }));
  const odd = oddString.map((s) => ({ kind: 'odd', text: encode(s) }));
  const raw = fc.constantFrom(...RAW_SEGMENTS).map((text) => ({ kind: 'raw', text }));
  const options: Array<fc.WeightedArbitrary<Part>> = [w(3, odd), w(1, raw), w(1, long)];
  if (real.length) {
    const mangle = fc.constantFrom(
      (id: string) => id.toUpperCase(),
      (id: string) => id.slice(0, -1),
      (id: string) => `${id}%20`,
      (id: string) => `${id}%00`,
      (id: string) => `${id}.json`,
    );
    const mangled = fc.tuple(fc.constantFrom(...real), mangle).map(([id, f]) => ({ kind: 'mangled id', text: f(id) }));
    options.push(
      w(
        4,
        fc.constantFrom(...real).map((id) => ({ kind: 'real id', text: encode(id) })),
      ),
      w(1, mangled),
    );
  }
  return fc.oneof(...options);
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** `key=value` pairs of a value: nested objects as dotted keys, arrays as repeated keys (WIRE.md 0.6). */
function flatten(value: unknown, prefix: string, out: string[] = []): string[] {
  if (value === null || value === undefined) return out;
  if (value instanceof RawNumber) out.push(`${encode(prefix)}=${encode(value.text)}`);
  else if (Array.isArray(value)) {
    for (const item of value.slice(0, 50))
      out.push(`${encode(prefix)}=${encode(typeof item === 'object' ? toJsonText(item) : String(item))}`);
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.push(`${encode(prefix)}=${encode(String(value))}`);
  return out;
}

const MALFORMED_JSON = [
  ...['{', '}', '{"a":}', '{"a":1,}', "{'a':1}", '[1,2', 'NaN', '{"a":NaN}', '{"a":Infinity}', 'undefined', '\ufeff{}'],
  ...['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":1}{"b":2}', '{"a":"\\u00"}', '"\\u0000"'],
  ...['{"a":"\\ud800"}', 'null', 'true', '123', '"text"', '[]', '{"a":1,"a":2}', '{"a":1e999}', '\u0000', '   '],
  ...['['.repeat(200), '{"a":'.repeat(1000), `{"a":"${'x'.repeat(1_100_000)}"}`],
];
const malformed = fc.oneof(
  w(4, fc.constantFrom(...MALFORMED_JSON)),
  w(1, fc.string({ unit: 'binary', maxLength: 40 })),
);

const RAW_QUERIES = [
  ...['?%', '?a=%zz', '?=', '?&&&', '?a[b]=1', '?__proto__.x=1', '?constructor.prototype.x=1', '?a..b=1', '?.=1'],
  ...[`?a=${'x'.repeat(5000)}`, `?${'a=1&'.repeat(2000)}`, '?limit=1&limit=2', '?%00=%00', '?id=1&id=2'],
];

const ODD_ENVELOPES = ['?.r=', '?.r=e30&.r=e30', '?.r=e30=', '?.r=e30%3D%3D', '?.r', '?.r=e30&query.paging.limit=1'];

/** The query string: the `.r` envelope (good, odd, malformed, repeated) or plain parameters, or raw oddities. */
function queryArb(op: Operation, ctx: GenContext): fc.Arbitrary<Part> {
  const raw = fc.constantFrom(...RAW_QUERIES).map((text) => ({ kind: 'raw query', text }));
  const plain = (kind: string, arb: fc.Arbitrary<unknown>) =>
    arb.map((v) => ({ kind, text: flatten(v, '').join('&') })).map((p) => ({ ...p, text: p.text && `?${p.text}` }));
  const schema = op.body ?? {};
  if (op.envelope) {
    const envelope = (kind: string, arb: fc.Arbitrary<string>) => arb.map((t) => ({ kind, text: `?.r=${b64(t)}` }));
    return fc.oneof(
      w(4, envelope('.r odd', valuesFor(schema, true, ctx).map(toJsonText))),
      w(2, envelope('.r fitting', valuesFor(schema, false, ctx).map(toJsonText))),
      w(1, envelope('.r JSON', fc.jsonValue().map(toJsonText))),
      w(1, envelope('.r malformed', malformed)),
      w(1, envelope('.r deep', deepValue.map(toJsonText))),
      w(
        1,
        oddString.map((s) => ({ kind: '.r not base64', text: `?.r=${encode(s)}` })),
      ),
      w(
        1,
        fc.constantFrom(...ODD_ENVELOPES).map((text) => ({ kind: '.r odd form', text })),
      ),
      w(2, plain('plain query', valuesFor(schema, true, ctx))),
      w(1, raw),
    );
  }
  const params = Object.fromEntries(op.query.map((p) => [p.name, valuesFor(p.schema, true, ctx)]));
  return fc.oneof(
    w(5, plain('plain query', fc.record(params, { requiredKeys: [] }))),
    w(2, fc.constant({ kind: 'no query', text: '' })),
    w(1, raw),
  );
}

const ODD_CONTENT_TYPES = [
  ...['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'],
  ...['application/json; charset=utf-16', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/jsonx'],
  ...['application/vnd.api+json', '', ';', 'application/json, text/plain', '*/*'],
];

interface Body {
  kind: string;
  contentType?: string | undefined;
  text?: string | undefined;
  encoding?: 'latin1' | undefined;
}

/*
 * CSV bodies: the product import's upload route (`POST /_api/merx/v1/product-imports/csv`) reads text/csv, which the
 * document (JSON schemas only) cannot say. Sent to every route with a body, so that the upload meets CSV that is
 * wrong in every way (odd cells under a Shopify header, stray quotes, NUL, no header) and every other route keeps
 * refusing the type in the envelope.
 */
const CSV_HEADERS = [
  'Handle,Title,Variant Price',
  'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Option4 Name,Variant Price,Variant Inventory Qty,Image Src',
  'Title,Variant Price',
  'Foo,Bar',
  'Handle,Handle',
  '',
];
const csvCell = fc.oneof(
  oddString,
  fc.constantFrom('h-1', 'h-2', '12,50', '-3', '5.00', 'TRUE', 'maybe', '"', '""', '\r\n', 'http://127.0.0.1:9/x.jpg'),
);
const csvQuoted = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csvBody: fc.Arbitrary<Body> = fc
  .oneof(
    fc
      .tuple(fc.constantFrom(...CSV_HEADERS), fc.array(fc.array(csvCell, { maxLength: 9 }), { maxLength: 6 }))
      .map(([header, rows]) => [header, ...rows.map((r) => r.map(csvQuoted).join(','))].join('\n')),
    fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', '\u0000', 'é', '\ud800'), maxLength: 60 }),
  )
  .map((text) => ({ kind: 'CSV', contentType: 'text/csv', text }));

/** A body: shaped like the schema but wrong, fitting, any JSON, too deep, malformed, of another type, empty, CSV. */
function bodyArb(schema: JsonSchema | undefined, ctx: GenContext): fc.Arbitrary<Body> {
  const json = (kind: string, arb: fc.Arbitrary<unknown>) =>
    arb.map((v) => ({ kind, contentType: 'application/json', text: toJsonText(v) }));
  const fitting = valuesFor(schema ?? {}, false, ctx);
  const truncated = fc.tuple(fitting, fc.nat()).map(([v, n]) => {
    const text = toJsonText(v);
    return { kind: 'truncated JSON', contentType: 'application/json', text: text.slice(0, n % text.length) };
  });
  const otherType = fc
    .tuple(fc.constantFrom(...ODD_CONTENT_TYPES, undefined), fitting)
    .map(([contentType, v]) => ({ kind: 'content type', contentType, text: toJsonText(v) }));
  const empty = fc.constantFrom<Body>(
    { kind: 'empty body', contentType: 'application/json', text: '' },
    { kind: 'no body' },
  );
  const broken = malformed.map((text) => ({ kind: 'malformed JSON', contentType: 'application/json', text }));
  const options: Array<fc.WeightedArbitrary<Body>> = [
    w(1, json('any JSON', fc.jsonValue())),
    w(1, json('deep JSON', deepValue)),
    w(1, broken),
    w(1, truncated),
    w(1, otherType),
    w(1, empty),
    w(1, csvBody),
  ];
  if (schema) options.push(w(10, json('odd body', valuesFor(schema, true, ctx))), w(4, json('fitting body', fitting)));
  return fc.oneof(...options);
}

// Multipart uploads (the media library): real tiny images, their bytes broken, and forms broken in every part.
const TINY_IMAGES = [
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
].map((b64) => Buffer.from(b64, 'base64').toString('latin1'));
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'application/pdf', 'text/html', '', 'a/b; x="'];
const BOUNDARY = 'fuzzb0undary';

/** The bytes of one file: a real tiny image, one with bytes flipped or cut, odd text, random bytes, nothing. */
const fileBytes: fc.Arbitrary<{ kind: string; text: string }> = fc.oneof(
  fc.constantFrom(...TINY_IMAGES).map((text) => ({ kind: 'image', text })),
  fc.tuple(fc.constantFrom(...TINY_IMAGES), fc.nat(), fc.integer({ min: 1, max: 255 })).map(([img, at, x]) => ({
    kind: 'flipped image',
    text:
      img.slice(0, at % img.length) +
      String.fromCharCode(img.charCodeAt(at % img.length) ^ x) +
      img.slice((at % img.length) + 1),
  })),
  fc
    .tuple(fc.constantFrom(...TINY_IMAGES), fc.nat())
    .map(([img, n]) => ({ kind: 'cut image', text: img.slice(0, n % img.length) })),
  fc.uint8Array({ maxLength: 200 }).map((b) => ({ kind: 'random bytes', text: Buffer.from(b).toString('latin1') })),
  oddString.map((t) => ({ kind: 'odd text', text: Buffer.from(t, 'utf8').toString('latin1') })),
  fc.constant({ kind: 'empty file', text: '' }),
);

/** One part: a file in the route's field (mostly) or another, or a text field, with odd names and types. */
function partArb(field: string): fc.Arbitrary<{ kind: string; text: string }> {
  const latin1 = (t: string) => Buffer.from(t, 'utf8').toString('latin1');
  const name = fc.oneof(w(6, fc.constant(field)), w(1, oddString.map(latin1)));
  const file = fc
    .tuple(name, oddString.map(latin1), fc.constantFrom(...IMAGE_TYPES), fileBytes)
    .map(([n, filename, type, bytes]) => ({
      kind: bytes.kind,
      text:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${n}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n${bytes.text}\r\n`,
    }));
  const text = fc.tuple(name, oddString.map(latin1)).map(([n, value]) => ({
    kind: 'text field',
    text: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${value}\r\n`,
  }));
  return fc.oneof(w(5, file), w(1, text));
}

/** A multipart body: well formed with 0 to 12 parts, or cut short, or under a boundary other than the declared one. */
function multipartArb(field: string): fc.Arbitrary<Body> {
  const type = fc.constantFrom(
    `multipart/form-data; boundary=${BOUNDARY}`,
    `multipart/form-data; boundary=${BOUNDARY}`,
    'multipart/form-data; boundary=other',
    'multipart/form-data',
    `multipart/mixed; boundary=${BOUNDARY}`,
  );
  return fc
    .tuple(type, fc.array(partArb(field), { maxLength: 12 }), fc.oneof(w(4, fc.constant(-1)), w(1, fc.nat())))
    .map(([contentType, parts, cut]) => {
      const whole = `${parts.map((p) => p.text).join('')}--${BOUNDARY}--\r\n`;
      const text = cut < 0 ? whole : whole.slice(0, cut % (whole.length + 1));
      const kinds = [...new Set(parts.map((p) => p.kind))].join('+') || 'no parts';
      return {
        kind: `multipart ${parts.length} (${kinds})${cut < 0 ? '' : ' cut'}`,
        contentType,
        text,
        encoding: 'latin1',
      };
    });
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Requests for `op`: its method (now and then another), path parameters, query and body as above. */
export function requestArb(op: Operation, ctx: GenContext, pools: Record<string, string[]>): fc.Arbitrary<FuzzRequest> {
  const other = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE');
  const method = fc.oneof(w(30, fc.constant(op.method)), w(1, other));
  const params = fc.tuple(...op.params.map((p) => paramArb(pools[p] ?? [], ctx.ids)));
  // An upload gets mostly multipart bodies, and the JSON ones (odd for it) now and then.
  const body = op.multipartField
    ? fc.oneof(w(4, multipartArb(op.multipartField)), w(1, bodyArb(op.body, ctx)))
    : bodyArb(op.body, ctx);
  const bodyOrNone = fc.oneof(w(9, fc.constant<Body>({ kind: 'no body' })), w(1, body));
  return fc
    .tuple(method, params, queryArb(op, ctx), WITH_BODY.has(op.method) ? body : bodyOrNone)
    .map(([m, ps, query, b]) => {
      let path = op.path;
      op.params.forEach((name, i) => {
        path = path.replace(`{${name}}`, ps[i]?.text ?? '');
      });
      const kinds = [...ps.map((p) => `path:${p.kind}`), `query:${query.kind}`, `body:${b.kind}`];
      if (m !== op.method) kinds.unshift(`method:${m}`);
      const request = { method: m, url: path + query.text, contentType: b.contentType, payload: b.text };
      return { ...request, encoding: b.encoding, kind: kinds.join(' ') };
    });
}

/** An answer as the fuzz pass reads it. */
export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  /** Raw HTTP: bytes the server wrote after the answer (a second, unasked-for answer). */
  trailing?: string;
}

/**
 * Sends `text` byte for byte on a new connection (the parser sees what inject would have normalised: `..`, bad
 * percent-encoding, broken headers) and reads the answer until the server closes. Status 0: it closed with no answer.
 */
export function rawHttp(port: number, text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(Buffer.from(text, 'latin1')));
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer in 5 s to ${text.slice(0, 80)}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('utf8'))));
  });
}

function parseAnswer(raw: string): Answer {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return { status: 0, headers: {}, body: raw };
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = Buffer.from(raw.slice(split + 4), 'utf8');
  const status = Number(statusLine.split(' ')[1] ?? 0);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    let body = '';
    let at = 0;
    for (let size = 1; size > 0; ) {
      const end = rest.indexOf('\r\n', at);
      size = Number.parseInt(rest.subarray(at, end).toString('latin1'), 16) || 0;
      body += rest.subarray(end + 2, end + 2 + size).toString('utf8');
      at = end + 2 + size + 2;
    }
    return { status, headers, body, trailing: rest.subarray(at).toString('utf8') };
  }
  const length = Number(headers['content-length'] ?? rest.length);
  return {
    status,
    headers,
    body: rest.subarray(0, length).toString('utf8'),
    trailing: rest.subarray(length).toString(),
  };
}

const RAW_TARGETS = ['/..', '/%', '/%zz', '/%00', '/%C0%AF', '/a/../../etc/passwd', '//', '/\\', '/é', '?', '*'];
const RAW_HEADERS = [
  ...['Content-Length: abc', 'Content-Length: -1', 'Content-Length: 1\r\nContent-Length: 2', 'X-Bad: a\x01b'],
  ...['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked\r\nContent-Length: 2', ' folded: line', 'no-colon'],
  ...[`X-Big: ${'h'.repeat(17_000)}`, 'Content-Type: application/json; charset=utf-16', 'Host: a\r\nHost: b', ''],
];

/**
 * Raw requests to `paths`: odd request lines (methods, targets, versions), broken headers (lengths, chunking,
 * control characters, 17 KB), and JSON or garbage bodies; always complete, so the server never waits for more.
 */
export function rawRequestArb(paths: string[]): fc.Arbitrary<{ kind: string; path: string; text: string }> {
  const target = fc.oneof(
    fc.constantFrom(...paths),
    fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...RAW_TARGETS)).map(([p, t]) => p + t),
    fc.constantFrom('http://other.example/x', `/${'l'.repeat(10_000)}`, '/stores/v1/products/..%2F..%2Fx'),
  );
  const method = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'get', 'FOO', 'GE\tT');
  const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', '');
  const body = fc.oneof(fc.constant(''), fc.constantFrom('{}', '{"a":', 'zz\r\n', '0\r\n\r\n'), fc.string());
  return fc.tuple(method, target, version, fc.constantFrom(...RAW_HEADERS), body).map(([m, t, v, header, b]) => {
    const framed = header.startsWith('Transfer-Encoding') || header.startsWith('Content-Length');
    const length = framed ? '' : `Content-Length: ${Buffer.byteLength(b, 'latin1')}\r\n`;
    const head = `${m} ${t} ${v}`.trimEnd();
    const text = `${head}\r\nHost: localhost\r\n${header ? `${header}\r\n` : ''}${length}Connection: close\r\n\r\n${b}`;
    return { kind: `${m} ${v || 'no version'} ${header.slice(0, 30) || 'plain'}`, path: t, text };
  });
}
