/*
 * The head of a shop page as search engines and link previews read it: title, description, canonical URL, Open
 * Graph and schema.org JSON-LD, written by the server into the page it serves. Pure functions over plain data.
 */

/** What the head of one shop page says; `jsonLd` is one schema.org object (or graph). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page's one address. */
  canonical: string;
  type: 'website' | 'product';
  image?: string | undefined;
  /** `product:price:*` tags: a decimal amount and an ISO currency. */
  price?: { amount: string; currency: string } | undefined;
  jsonLd: object;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML attribute value or element content: `&`, `<`, `>`, both quotes escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes so that no `</script>` or `<!--`
 * inside a product's name can end the script; U+2028/9 too, for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of a rich description (tags dropped, common entities read), cut at a word to about `max` characters. */
export function plainSummary(html: string, max = 160): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
      return lower.startsWith('#') && Number.isFinite(code) && code > 0 && code < 0x110000
        ? String.fromCodePoint(code)
        : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The tags of `head`, one a line, ready to go before `</head>`. */
export function headTags(head: PageHead, siteName: string): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" data-merx-seo>`;
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-merx-seo>`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
  ];
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  tags.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'));
  if (head.price) {
    tags.push(meta('property', 'product:price:amount', head.price.amount));
    tags.push(meta('property', 'product:price:currency', head.price.currency));
  }
  tags.push(`<script type="application/ld+json" data-merx-seo>${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n');
}

/** `html` (the shop's page) with `tags` before `</head>`; the built page's own description goes, so there is one. */
export function withHeadTags(html: string, tags: string): string {
  return html
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '') // A function as the replacement: a `$&` or `$'` in a product's name stays text.
    .replace('</head>', () => `${tags}\n</head>`);
}
