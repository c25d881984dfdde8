import type sanitizeHtml from 'sanitize-html';
import { descriptionSanitizeOptions, loadSanitizeHtml } from '../sanitize.js';

const base = descriptionSanitizeOptions;
const baseAttributes = (base.allowedAttributes || {}) as Record<string, sanitizeHtml.AllowedAttribute[]>;

/** A CSS colour the renderer writes and the reader keeps: hex, rgb()/rgba() or a colour name. */
export const CSS_COLOR = /^(?:#[0-9a-fA-F]{3,8}|rgba?\([0-9\s.,%]{1,40}\)|[a-zA-Z]{3,30})$/;
/** A font size in px or em, as FONT_SIZE decorations carry it. */
export const CSS_FONT_SIZE = /^\d{1,4}(?:\.\d{1,4})?(?:px|em)$/;
export const CSS_TEXT_ALIGN = /^(?:left|right|center|justify)$/;
/** How deep HTML may nest (a valid document renders to well under this: ≤ 50 nodes deep, ≤ 4 tags a node). */
export const MAX_HTML_NESTING = 240;
/** The class that marks spoiler text (the shop hides it until clicked). */
export const SPOILER_CLASS = 'rich-spoiler';

/**
 * The description allow-list of lib/sanitize.ts, widened by what the rich-content model carries: text alignment,
 * colour and font size as inline styles (each value checked by a pattern), the spoiler class, an ordered list's
 * start and `tel:` links. Everything else (scripts, handlers, other styles, unsafe URLs) is refused as there.
 */
export const richHtmlSanitizeOptions: sanitizeHtml.IOptions = {
  ...base,
  allowedAttributes: {
    ...baseAttributes,
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    h5: ['style'],
    h6: ['style'],
    span: ['style', 'class'],
    ol: ['start'],
  },
  allowedClasses: { span: [SPOILER_CLASS] },
  allowedStyles: {
    '*': {
      color: [CSS_COLOR],
      'background-color': [CSS_COLOR],
      'font-size': [CSS_FONT_SIZE],
      'text-align': [CSS_TEXT_ALIGN],
    },
  },
  allowedSchemes: [...((base.allowedSchemes || []) as string[]), 'tel'],
  // Deeper tags go, their text stays: the parser and the reader after it stay linear and within the stack.
  nestingLimit: MAX_HTML_NESTING,
  transformTags: {
    // Links that open elsewhere or leave the store pass no referrer, no opener and no ranking.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank' || /^\s*https?:/i.test(attribs.href ?? '')
          ? { ...attribs, rel: 'noopener noreferrer nofollow' }
          : attribs,
    }),
  },
};

/** HTML through the rich-text allow-list. */
export function sanitizeRichHtml(html: string): string {
  return loadSanitizeHtml()(html, richHtmlSanitizeOptions);
}
