export { richHtmlSanitizeOptions, sanitizeRichHtml } from './allow-list.js';
export { htmlToRich } from './html-to-rich.js';
export { normalise } from './normalise.js';
export { escapeHtml, richToHtml } from './rich-to-html.js';
