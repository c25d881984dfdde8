import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

let sanitizer: typeof sanitizeHtml | undefined;

/**
 * `sanitize-html` (with its HTML and CSS parsers, megabytes of memory), loaded by the first description written or
 * read as rich text rather than by every server at start; synchronously, so that its callers stay as they are.
 */
export function loadSanitizeHtml(): typeof sanitizeHtml {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
  return sanitizer;
}

/** The allow-list of descriptions, also the base of the rich-text HTML allow-list (lib/rich-text). */
export const descriptionSanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'mark',
    'small',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Rich-text descriptions keep their formatting but lose scripts, event handlers, styles and unsafe URLs. */
export function sanitizeDescription(html: string): string {
  return loadSanitizeHtml()(html, descriptionSanitizeOptions).trim();
}
