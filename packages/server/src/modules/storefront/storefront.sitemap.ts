import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicAccess } from '../../http/auth.js';
import { collectionPath, productPath } from './storefront.heads.js';
import type { SitemapKind, SitemapRow, StorefrontRepo } from './storefront.repo.js';

/*
 * robots.txt and the sitemap of the shop's pages. A sitemap holds at most 50,000 addresses: a larger catalog gets
 * a sitemap index of numbered sitemaps (/sitemap-products-1.xml …). Rows are read and written in batches by id
 * (keyset paging), so a sitemap of any size streams out in little memory.
 */

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_LIMIT = 50_000;
const BATCH = 1000;

/** Paths search engines have no business in: the back office, sign-in, checkout, the member area and the API. */
const DISALLOWED = [
  '/admin/',
  '/auth/',
  '/oauth2/',
  '/callback',
  '/cart',
  '/checkout',
  '/thank-you/',
  '/account',
  '/_api/',
  '/ecom/',
  '/stores/',
  '/stores-reader/',
  '/v1/',
  '/v2/',
  '/v3/',
  '/docs',
  '/openapi.json',
  '/back-in-stock-service/',
  '/tip-settings/',
];

/** The text of /robots.txt for a shop at `publicUrl`. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Text for XML content: the five predefined entities, and no control characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters; they are dropped
  const allowed = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
  return allowed.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const urlEntry = (loc: string, lastmod: string | undefined) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>\n`;

const pathOf = (kind: SitemapKind, slug: string) => (kind === 'products' ? productPath(slug) : collectionPath(slug));

/** `count` rows of `kind` from the `skip`th on, a batch at a time, as `<url>` entries. */
async function* entries(repo: StorefrontRepo, base: string, kind: SitemapKind, skip: number, count: number) {
  let from = skip > 0 ? await repo.nthId(kind, skip) : undefined;
  if (skip > 0 && from === undefined) return;
  let inclusive = true;
  let left = count;
  while (left > 0) {
    const rows: SitemapRow[] = await repo.batch(kind, from, inclusive, Math.min(BATCH, left));
    let chunk = '';
    for (const row of rows) chunk += urlEntry(`${base}${pathOf(kind, row.slug)}`, row.updated_date);
    if (chunk) yield chunk;
    if (rows.length < Math.min(BATCH, left)) return;
    left -= rows.length;
    from = rows[rows.length - 1]?.id;
    inclusive = false;
  }
}

export interface SitemapDeps {
  repo: StorefrontRepo;
  publicUrl: string;
  /** Addresses per sitemap (the protocol's 50,000; lowered by tests). */
  limit?: number;
}

/** Registers GET /robots.txt, /sitemap.xml and the numbered sitemaps of a large catalog. */
export function registerSitemap(app: FastifyInstance, deps: SitemapDeps): void {
  const { repo, publicUrl } = deps;
  const limit = deps.limit ?? SITEMAP_LIMIT;
  const config = { access: publicAccess } as FastifyContextConfig;

  const send = (request: FastifyRequest, reply: FastifyReply, parts: AsyncIterable<string>) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    reply.header('x-content-type-options', 'nosniff');
    const body = Readable.from(parts);
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body);
    reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
    return reply.send(body.pipe(createGzip()));
  };

  async function* pages() {
    const lastmod = await repo.lastChange();
    yield urlEntry(`${publicUrl}/`, lastmod);
    yield urlEntry(`${publicUrl}/shop`, lastmod);
  }

  async function* urlset(...sources: AsyncIterable<string>[]) {
    yield `${HEAD}<urlset ${NS}>\n`;
    for (const source of sources) yield* source;
    yield '</urlset>\n';
  }

  async function* index(counts: Record<SitemapKind, number>) {
    yield `${HEAD}<sitemapindex ${NS}>\n`;
    yield `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-pages.xml`)}</loc></sitemap>\n`;
    for (const kind of ['collections', 'products'] as const) {
      for (let n = 1; n <= Math.ceil(counts[kind] / limit); n++) {
        yield `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${kind}-${n}.xml`)}</loc></sitemap>\n`;
      }
    }
    yield '</sitemapindex>\n';
  }

  app.get('/robots.txt', { config }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { config }, async (request, reply) => {
    const counts = await repo.counts();
    // Home and /shop, then every collection and product: one file while it fits, else an index.
    if (2 + counts.collections + counts.products > limit) return send(request, reply, index(counts));
    const all = urlset(
      pages(),
      entries(repo, publicUrl, 'collections', 0, counts.collections),
      entries(repo, publicUrl, 'products', 0, counts.products),
    );
    return send(request, reply, all);
  });

  app.get('/sitemap-pages.xml', { config }, async (request, reply) => send(request, reply, urlset(pages())));

  app.get('/sitemap-:kind-:n.xml', { config }, async (request, reply) => {
    const { kind, n } = request.params as { kind: string; n: string };
    const page = Number(n);
    if ((kind !== 'products' && kind !== 'collections') || !/^[1-9]\d{0,6}$/.test(n)) return reply.callNotFound();
    const total = (await repo.counts())[kind];
    if ((page - 1) * limit >= total) return reply.callNotFound();
    return send(request, reply, urlset(entries(repo, publicUrl, kind, (page - 1) * limit, limit)));
  });
}
