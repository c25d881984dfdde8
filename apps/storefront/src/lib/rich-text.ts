/**
 * Rich descriptions are merchant HTML: only these tags and no attributes but a link's http(s) `href` survive.
 * Parsed by the browser's inert DOMParser (scripts never run there), rebuilt from an allow-list.
 */
const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'A',
  'SPAN',
  'BLOCKQUOTE',
]);

function clean(node: Node, into: Node, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    if (!ALLOWED.has(el.tagName)) {
      // Unknown wrappers keep their text; scripts, styles and embeds go entirely.
      if (!/^(SCRIPT|STYLE|IFRAME|OBJECT|EMBED|TEMPLATE|NOSCRIPT|SVG|MATH)$/.test(el.tagName)) clean(el, into, doc);
      continue;
    }
    // h1 belongs to the page: a description's headings start at h2.
    const copy = doc.createElement(el.tagName === 'H1' ? 'h2' : el.tagName.toLowerCase());
    if (el.tagName === 'A') {
      const href = el.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href) || href.startsWith('/')) {
        copy.setAttribute('href', href);
        copy.setAttribute('rel', 'noopener noreferrer');
      }
    }
    clean(el, copy, doc);
    into.appendChild(copy);
  }
}

/** Merchant HTML reduced to safe markup (a string for `dangerouslySetInnerHTML`). */
export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  clean(doc.body, out, doc);
  return out.innerHTML;
}
