/*
 * HTML → rich content, for descriptions written through v1 (the back office's editor output and any merchant HTML).
 *
 * The HTML first goes through the rich-text allow-list (allow-list.ts, built on lib/sanitize.ts), so scripts,
 * styles, frames, handlers and unsafe URLs are gone before anything is read. Then: <p> PARAGRAPH, <h1>…<h6> HEADING,
 * <ul>/<ol> lists of LIST_ITEM, <blockquote> BLOCKQUOTE, <pre> CODE_BLOCK, <hr> DIVIDER, <img> IMAGE (with its
 * <figcaption> and link), <table> TABLE; inline tags become decorations (strong/b BOLD, em/i ITALIC, u UNDERLINE,
 * s/del STRIKETHROUGH, sup, sub, a LINK, span styles COLOR/FONT_SIZE, the spoiler class SPOILER), <br> a `\n` in
 * the text. Tags without a node (div, figure, mark, small, code, …) keep their text. Loose inline content between
 * blocks becomes a paragraph. The result is normalised (normalise.ts) and gets fresh node ids; it is always within
 * the schema's depth (tags deeper than the allow-list's nesting limit keep only their text, nodes deeper than 48
 * become plain paragraphs), but not its size limits: callers validate it with `richContentSchema`.
 */
import { randomBytes } from 'node:crypto';
import {
  isSafeRichUrl,
  RICH_CONTENT_LIMITS,
  type RichContent,
  type RichDecoration,
  type RichNode,
} from '@merx/contract';
import { parseDocument } from 'htmlparser2';
import { CSS_COLOR, CSS_FONT_SIZE, CSS_TEXT_ALIGN, SPOILER_CLASS, sanitizeRichHtml } from './allow-list.js';
import { normalise } from './normalise.js';

type DomNode = ReturnType<typeof parseDocument>['children'][number];
type DomElement = Extract<DomNode, { name: string; attribs: Record<string, string> }>;

const INLINE_DECORATIONS: Record<string, RichDecoration> = {
  strong: { type: 'BOLD' },
  b: { type: 'BOLD' },
  em: { type: 'ITALIC' },
  i: { type: 'ITALIC' },
  u: { type: 'UNDERLINE' },
  s: { type: 'STRIKETHROUGH' },
  del: { type: 'STRIKETHROUGH' },
  sup: { type: 'SUPERSCRIPT' },
  sub: { type: 'SUBSCRIPT' },
};

const BLOCK_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'hr',
  'img',
  'table',
  'div',
  'figure',
  'figcaption',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
]);

function isTag(node: DomNode): node is DomElement {
  return node.type === 'tag' && 'name' in node;
}

function isText(node: DomNode): node is Extract<DomNode, { type: 'text' }> {
  return node.type === 'text';
}

function styles(element: DomElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const declaration of (element.attribs.style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) out.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return out;
}

function textStyleOf(
  element: DomElement,
): { textStyle: { textAlignment: 'LEFT' | 'RIGHT' | 'CENTER' | 'JUSTIFY' } } | undefined {
  const align = styles(element).get('text-align')?.toLowerCase();
  if (!align || !CSS_TEXT_ALIGN.test(align)) return undefined;
  return { textStyle: { textAlignment: align.toUpperCase() as 'LEFT' | 'RIGHT' | 'CENTER' | 'JUSTIFY' } };
}

/** The decorations an inline element adds to those around it (an inner one of a type replaces the outer one). */
function decorate(element: DomElement, around: RichDecoration[]): RichDecoration[] {
  const added: RichDecoration[] = [];
  const simple = INLINE_DECORATIONS[element.name];
  if (simple) added.push(simple);
  const href = element.attribs.href;
  if (element.name === 'a' && acceptedUrl(href)) {
    const target = element.attribs.target === '_blank' ? { target: 'BLANK' as const } : {};
    const link =
      href.startsWith('#') && href.length > 1 ? { anchor: clip(href.slice(1)), ...target } : { url: href, ...target };
    added.push({ type: 'LINK', linkData: { link } });
  }
  if (element.name === 'span') {
    const css = styles(element);
    const foreground = css.get('color');
    const background = css.get('background-color');
    const colorData = {
      ...(foreground && CSS_COLOR.test(foreground) ? { foreground } : {}),
      ...(background && CSS_COLOR.test(background) ? { background } : {}),
    };
    if (Object.keys(colorData).length > 0) added.push({ type: 'COLOR', colorData });
    const size = css.get('font-size')?.toLowerCase();
    const match = size && CSS_FONT_SIZE.test(size) ? /^([\d.]+)(px|em)$/.exec(size) : null;
    if (match) {
      added.push({
        type: 'FONT_SIZE',
        fontSizeData: { value: Number(match[1]), unit: match[2] === 'em' ? 'EM' : 'PX' },
      });
    }
    if ((element.attribs.class ?? '').split(/\s+/).includes(SPOILER_CLASS)) added.push({ type: 'SPOILER' });
  }
  if (added.length === 0) return around;
  const types = new Set(added.map((decoration) => decoration.type));
  return [...around.filter((decoration) => !types.has(decoration.type)), ...added];
}

function text(value: string, decorations: RichDecoration[]): RichNode {
  return { type: 'TEXT', textData: decorations.length > 0 ? { text: value, decorations } : { text: value } };
}

/** Inline content of an element as TEXT nodes; blocks met inside are handed to `onBlock`. */
function inline(
  children: DomNode[],
  decorations: RichDecoration[],
  out: RichNode[],
  onBlock: (element: DomElement, decorations: RichDecoration[]) => void,
): void {
  for (const child of children) {
    if (isText(child)) {
      out.push(text(child.data.replace(/[ \t\n\r\f]+/g, ' '), decorations));
    } else if (isTag(child)) {
      if (child.name === 'br') out.push(text('\n', decorations));
      else if (BLOCK_TAGS.has(child.name)) onBlock(child, decorations);
      else inline(child.children as DomNode[], decorate(child, decorations), out, onBlock);
    }
  }
}

function hasContent(nodes: RichNode[]): boolean {
  return nodes.some((node) => node.type !== 'TEXT' || /[^ ]/.test(node.textData?.text ?? ''));
}

/** Blocks of a container: block elements map to nodes, loose inline runs become paragraphs. */
function blocks(children: DomNode[], decorations: RichDecoration[] = []): RichNode[] {
  const out: RichNode[] = [];
  // One array for the whole walk: `inline` keeps pushing into it after a block was flushed.
  const run: RichNode[] = [];
  const flush = () => {
    const nodes = run.splice(0);
    if (hasContent(nodes)) out.push({ type: 'PARAGRAPH', nodes });
  };
  const onBlock = (element: DomElement, around: RichDecoration[]) => {
    flush();
    out.push(...block(element, around));
  };
  for (const child of children) {
    if (isTag(child) && BLOCK_TAGS.has(child.name)) onBlock(child, decorations);
    else inline([child], decorations, run, onBlock);
  }
  flush();
  return out;
}

/** A text block (paragraph, heading): its inline content, and any blocks nested in it as siblings after it. */
function textBlock(
  element: DomElement,
  make: (nodes: RichNode[]) => RichNode,
  decorations: RichDecoration[],
): RichNode[] {
  const out: RichNode[] = [];
  const run: RichNode[] = [];
  let first = true;
  const flush = (force: boolean) => {
    const nodes = run.splice(0);
    if (force || hasContent(nodes)) out.push(make(nodes));
  };
  inline(element.children as DomNode[], decorations, run, (nested, around) => {
    flush(first);
    first = false;
    out.push(...block(nested, around));
  });
  flush(first);
  return out;
}

function positiveInt(value: string | undefined): number | undefined {
  const n = value === undefined ? Number.NaN : Number(value);
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : undefined;
}

/** A URL the schema accepts (the allow-list already cleaned it; this keeps the two in step on length too). */
function acceptedUrl(url: string | undefined): url is string {
  return url !== undefined && url.length <= RICH_CONTENT_LIMITS.maxUrlLength && isSafeRichUrl(url);
}

const clip = (value: string) => value.slice(0, RICH_CONTENT_LIMITS.maxStringLength);

function image(element: DomElement, decorations: RichDecoration[]): RichNode | undefined {
  const src = element.attribs.src;
  if (!src || !acceptedUrl(src)) return undefined;
  const link = decorations.find((decoration) => decoration.type === 'LINK');
  const width = positiveInt(element.attribs.width);
  const height = positiveInt(element.attribs.height);
  return {
    type: 'IMAGE',
    imageData: {
      image: { src: { url: src }, ...(width ? { width } : {}), ...(height ? { height } : {}) },
      ...(element.attribs.alt ? { altText: clip(element.attribs.alt) } : {}),
      ...(link?.linkData?.link ? { link: link.linkData.link } : {}),
    },
  };
}

/** A figure: its images (linked or not) and the caption of the image before it; other content as blocks. */
function figure(element: DomElement, decorations: RichDecoration[]): RichNode[] {
  const out: RichNode[] = [];
  for (const child of element.children as DomNode[]) {
    const last = out.at(-1);
    if (isTag(child) && child.name === 'figcaption' && last?.type === 'IMAGE' && last.imageData) {
      const caption = plainText(child.children as DomNode[])
        .replace(/[ \t\n\r\f]+/g, ' ')
        .trim();
      if (caption) last.imageData.caption = clip(caption);
    } else out.push(...blocks([child], decorations));
  }
  return out;
}

function listItems(element: DomElement): RichNode[] {
  const items: RichNode[] = [];
  let loose: DomNode[] = [];
  const flushLoose = () => {
    const nodes = blocks(loose);
    if (nodes.length > 0) items.push({ type: 'LIST_ITEM', nodes });
    loose = [];
  };
  for (const child of element.children as DomNode[]) {
    if (isTag(child) && child.name === 'li') {
      flushLoose();
      items.push({ type: 'LIST_ITEM', nodes: blocks(child.children as DomNode[]) });
    } else loose.push(child);
  }
  flushLoose();
  return items;
}

function table(element: DomElement): RichNode {
  const rows: RichNode[] = [];
  let header = false;
  const visit = (parent: DomElement, inHead: boolean) => {
    for (const child of parent.children as DomNode[]) {
      if (!isTag(child)) continue;
      if (child.name === 'thead' || child.name === 'tbody') visit(child, child.name === 'thead');
      else if (child.name === 'tr') {
        if (inHead && rows.length === 0) header = true;
        const cells = (child.children as DomNode[]).filter(
          (cell): cell is DomElement => isTag(cell) && (cell.name === 'td' || cell.name === 'th'),
        );
        rows.push({
          type: 'TABLE_ROW',
          nodes: cells.map((cell) => {
            const colspan = positiveInt(cell.attribs.colspan);
            const rowspan = positiveInt(cell.attribs.rowspan);
            const span = {
              ...(colspan && colspan > 1 ? { colspan } : {}),
              ...(rowspan && rowspan > 1 ? { rowspan } : {}),
            };
            return {
              type: 'TABLE_CELL',
              ...(Object.keys(span).length > 0 ? { tableCellData: span } : {}),
              nodes: blocks(cell.children as DomNode[]),
            };
          }),
        });
      }
    }
  };
  visit(element, false);
  return { type: 'TABLE', ...(header ? { tableData: { header: true } } : {}), nodes: rows };
}

function block(element: DomElement, decorations: RichDecoration[]): RichNode[] {
  const children = element.children as DomNode[];
  switch (element.name) {
    case 'p':
      return textBlock(
        element,
        (nodes) => ({ type: 'PARAGRAPH', ...withData('paragraphData', textStyleOf(element)), nodes }),
        decorations,
      );
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = Number(element.name.slice(1));
      return textBlock(
        element,
        (nodes) => ({ type: 'HEADING', headingData: { level, ...textStyleOf(element) }, nodes }),
        decorations,
      );
    }
    case 'ul':
      return [{ type: 'BULLETED_LIST', nodes: listItems(element) }];
    case 'ol': {
      const start = element.attribs.start === undefined ? Number.NaN : Number(element.attribs.start);
      const data =
        Number.isInteger(start) && start !== 1 && Math.abs(start) < 1e9 ? { orderedListData: { start } } : {};
      return [{ type: 'ORDERED_LIST', ...data, nodes: listItems(element) }];
    }
    case 'li':
      return [{ type: 'BULLETED_LIST', nodes: [{ type: 'LIST_ITEM', nodes: blocks(children) }] }];
    case 'blockquote':
      return [{ type: 'BLOCKQUOTE', nodes: blocks(children) }];
    case 'pre': {
      const code = plainText(element.children as DomNode[], '\n');
      return [{ type: 'CODE_BLOCK', nodes: code ? [{ type: 'TEXT', textData: { text: code } }] : [] }];
    }
    case 'hr':
      return [{ type: 'DIVIDER' }];
    case 'img': {
      const node = image(element, decorations);
      return node ? [node] : [];
    }
    case 'figure':
      return figure(element, decorations);
    case 'table':
      return [table(element)];
    default:
      return blocks(children, decorations);
  }
}

function withData<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function assignIds(nodes: RichNode[] | undefined): void {
  for (const node of nodes ?? []) {
    node.id = randomBytes(6).toString('base64url');
    assignIds(node.nodes);
  }
}

/** Plain text of a subtree, without recursion. */
function plainText(roots: DomNode[], lineBreak = ' '): string {
  const parts: string[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as DomNode;
    if (isText(node)) parts.push(node.data);
    else if (isTag(node)) {
      if (node.name === 'br') parts.push(lineBreak);
      stack.push(...[...(node.children as DomNode[])].reverse());
    }
  }
  return parts.join('');
}

/** The deepest node that keeps structure; deeper content becomes a paragraph of plain text (schema limit 50). */
const MAX_STRUCTURED_DEPTH = RICH_CONTENT_LIMITS.maxDepth - 2;

function plainOfNodes(nodes: RichNode[]): string {
  return nodes
    .map((node) => (node.type === 'TEXT' ? (node.textData?.text ?? '') : plainOfNodes(node.nodes ?? [])))
    .join(' ');
}

/** Keeps the document within the schema's depth: structure deeper than MAX_STRUCTURED_DEPTH becomes plain text. */
function capDepth(nodes: RichNode[], depth: number): RichNode[] {
  return nodes.map((node) => {
    const children = node.nodes ?? [];
    if (depth >= MAX_STRUCTURED_DEPTH && children.some((child) => child.type !== 'TEXT')) {
      return { type: 'PARAGRAPH', nodes: [{ type: 'TEXT', textData: { text: plainOfNodes(children) } }] };
    }
    return children.length > 0 ? { ...node, nodes: capDepth(children, depth + 1) } : node;
  });
}

/**
 * A rich-content document read from (sanitised) HTML; see the file's comment for the mapping. Its depth is within
 * the schema's; its size is not capped here: callers validate with `richContentSchema` (a 400 naming the field).
 */
export function htmlToRich(html: string): RichContent {
  const dom = parseDocument(sanitizeRichHtml(html));
  const doc = normalise({ nodes: capDepth(blocks(dom.children as DomNode[]), 1) });
  assignIds(doc.nodes);
  return doc;
}
