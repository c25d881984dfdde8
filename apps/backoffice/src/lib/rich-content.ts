/*
 * The rich-content document of catalog v3 (`{nodes, metadata?, documentStyle?}`, docs/decisions/0021-rich-content.md)
 * as the back office's editor (Tiptap, ProseMirror JSON) holds it, and back.
 *
 * What the editor edits: PARAGRAPH, HEADING, BULLETED_LIST, ORDERED_LIST, LIST_ITEM, BLOCKQUOTE, CODE_BLOCK, DIVIDER;
 * TEXT with BOLD, ITALIC, UNDERLINE, STRIKETHROUGH and LINK (safe URLs only); `\n` in a text is a line break.
 * Everything else a stored document holds is kept, never dropped:
 * - any other node (or a known one whose content the editor cannot hold) is a `richBlock`: an atom carrying the node
 *   as it was, shown as a labelled box that can be moved or deleted but not edited;
 * - any other decoration (COLOR, SPOILER, MENTION, FONT_SIZE, …) rides on a `richKeep` mark with the text;
 * - the data of edited nodes (ids, alignment, indentation, a link's rel…) rides in a `rich` attribute.
 * Texts' ids are the exception: they are dropped on load (see textExtras).
 * The functions here are plain data in, plain data out, so they run and are tested without a browser; comparing and
 * describing documents is in rich-content-compare.ts.
 */
import type { RichContent, RichDecoration, RichNode } from '@merx/contract';
import { sortDecorations } from './rich-content-compare';

export { describeKept, plainTextOf, sameRichContent } from './rich-content-compare';

/** A node of the editor's document (ProseMirror JSON; Tiptap's `JSONContent` fits). */
export interface EditorNode {
  type?: string | undefined;
  attrs?: Record<string, unknown> | undefined;
  content?: EditorNode[] | undefined;
  marks?: EditorMark[] | undefined;
  text?: string | undefined;
}

export interface EditorMark {
  type: string;
  attrs?: Record<string, unknown> | undefined;
}

/** What the `rich` attribute of an edited block keeps: the node's own data, and whether the block is only a wrapper. */
interface KeptData {
  /** The node's fields other than `type` and `nodes` (id, style, paragraphData…). */
  node?: Record<string, unknown>;
  /** A paragraph made to hold loose text (a LIST_ITEM or BLOCKQUOTE holding TEXT directly): unwrapped on the way back. */
  implicit?: true;
  /** A code block's TEXT fields other than its text and id (style…). */
  text?: Record<string, unknown>;
}

type Obj = Record<string, unknown>;

const SAFE_SCHEMES = new Set(['', 'http', 'https', 'mailto', 'tel']);

/**
 * True for http, https, mailto, tel and relative URLs: the only URLs a rich document may hold (the contract's
 * `isSafeRichUrl`, repeated so the page does not load the contract's schemas). The scheme is read as a browser
 * reads it: control characters and spaces removed and `\` as `/` first; protocol-relative `//host` is refused.
 */
export function isSafeUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what browsers skip.
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').replace(/\\/g, '/');
  if (cleaned.startsWith('//')) return false;
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  return SAFE_SCHEMES.has(match ? (match[1] as string).toLowerCase() : '');
}

function without(value: Obj, ...keys: string[]): Obj | undefined {
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) if (!keys.includes(k) && v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Simple marks: the decoration, the flag that turns it off when false, and the editor's mark. */
const SIMPLE_MARKS = {
  BOLD: 'bold',
  ITALIC: 'italic',
  UNDERLINE: 'underline',
  STRIKETHROUGH: 'strike',
} as const;
const OFF_FLAG: Record<string, string> = {
  ITALIC: 'italicData',
  UNDERLINE: 'underlineData',
  STRIKETHROUGH: 'strikethroughData',
};
const DECORATION_OF_MARK: Record<string, RichDecoration['type']> = {
  bold: 'BOLD',
  italic: 'ITALIC',
  underline: 'UNDERLINE',
  strike: 'STRIKETHROUGH',
};

/** The mark that shows a decoration in the editor, or undefined when the decoration is kept as it is. */
function markOf(d: RichDecoration): EditorMark | undefined {
  const rich = without(d, 'type') ?? null;
  if (d.type === 'BOLD') return (d.fontWeightValue ?? 700) >= 600 ? { type: 'bold', attrs: { rich } } : undefined;
  if (d.type === 'ITALIC' || d.type === 'UNDERLINE' || d.type === 'STRIKETHROUGH') {
    return (d as Obj)[OFF_FLAG[d.type] as string] === false
      ? undefined
      : { type: SIMPLE_MARKS[d.type], attrs: { rich } };
  }
  if (d.type === 'LINK') {
    const link = d.linkData?.link;
    const href = link?.url ? link.url : link?.anchor ? `#${link.anchor}` : undefined;
    if (!href || !isSafeUrl(href)) return undefined;
    return { type: 'link', attrs: { href, target: link?.target === 'BLANK' ? '_blank' : null, rich } };
  }
  return undefined;
}

/**
 * A TEXT node's fields other than its text and id (style…). A text's id is not kept: texts split and merge as they
 * are edited, ids are optional, and the server gives nodes fresh ones where it needs them.
 */
const textExtras = (node: RichNode) => without(node as Obj, 'type', 'textData', 'nodes', 'id');

/** A TEXT node's marks: the decorations the editor shows, then the rest (and the node's own fields) kept. */
function marksOfText(node: RichNode): EditorMark[] {
  const marks: EditorMark[] = [];
  const kept: RichDecoration[] = [];
  for (const d of node.textData?.decorations ?? []) {
    const mark = markOf(d);
    if (mark && !marks.some((m) => m.type === mark.type)) marks.push(mark);
    else kept.push(d);
  }
  const extras = textExtras(node);
  if (kept.length > 0 || extras) marks.push({ type: 'richKeep', attrs: { decorations: kept, node: extras ?? null } });
  return marks;
}

function inlineOf(nodes: readonly RichNode[]): EditorNode[] {
  const out: EditorNode[] = [];
  for (const node of nodes) {
    const marks = marksOfText(node);
    const withMarks = marks.length > 0 ? { marks } : {};
    (node.textData?.text ?? '').split('\n').forEach((piece, i) => {
      if (i > 0) out.push({ type: 'hardBreak', ...withMarks });
      if (piece) out.push({ type: 'text', text: piece, ...withMarks });
    });
  }
  return out;
}

const keptBlock = (node: RichNode): EditorNode => ({ type: 'richBlock', attrs: { node } });
const richAttr = (data: KeptData): Obj | null => (Object.keys(data).length > 0 ? (data as Obj) : null);
const dataOf = (node: RichNode): KeptData => {
  const extras = without(node as Obj, 'type', 'nodes');
  return extras ? { node: extras } : {};
};
const implicitParagraph = (content: EditorNode[] = []): EditorNode => ({
  type: 'paragraph',
  attrs: { rich: { implicit: true } },
  ...(content.length > 0 ? { content } : {}),
});
const onlyText = (nodes: readonly RichNode[]) => nodes.every((n) => n.type === 'TEXT' && !n.nodes?.length);

function textBlock(type: string, node: RichNode, attrs: Obj = {}): EditorNode {
  const content = inlineOf(node.nodes ?? []);
  return { type, attrs: { ...attrs, rich: richAttr(dataOf(node)) }, ...(content.length > 0 ? { content } : {}) };
}

function listItemOf(item: RichNode): EditorNode {
  const content = blocksOf(item.nodes ?? []);
  if (content[0]?.type !== 'paragraph') content.unshift(implicitParagraph());
  return { type: 'listItem', attrs: { rich: richAttr(dataOf(item)) }, content };
}

function blockOf(node: RichNode): EditorNode {
  const children = node.nodes ?? [];
  switch (node.type) {
    case 'PARAGRAPH':
      return onlyText(children) ? textBlock('paragraph', node) : keptBlock(node);
    case 'HEADING': {
      const level = Math.min(6, Math.max(1, node.headingData?.level ?? 1));
      return onlyText(children) ? textBlock('heading', node, { level }) : keptBlock(node);
    }
    case 'BULLETED_LIST':
    case 'ORDERED_LIST': {
      if (children.length === 0 || children.some((c) => c.type !== 'LIST_ITEM')) return keptBlock(node);
      const start = node.type === 'ORDERED_LIST' ? { start: node.orderedListData?.start ?? 1 } : {};
      return {
        type: node.type === 'ORDERED_LIST' ? 'orderedList' : 'bulletList',
        attrs: { ...start, rich: richAttr(dataOf(node)) },
        content: children.map(listItemOf),
      };
    }
    case 'BLOCKQUOTE': {
      const content = blocksOf(children);
      return {
        type: 'blockquote',
        attrs: { rich: richAttr(dataOf(node)) },
        content: content.length > 0 ? content : [implicitParagraph()],
      };
    }
    case 'CODE_BLOCK': {
      const text = children[0];
      if (children.length > 1 || (text && (text.type !== 'TEXT' || text.textData?.decorations?.length))) {
        return keptBlock(node);
      }
      const extras = text ? textExtras(text) : undefined;
      const data: KeptData = { ...dataOf(node), ...(extras ? { text: extras } : {}) };
      const code = text?.textData?.text ?? '';
      return {
        type: 'codeBlock',
        attrs: { rich: richAttr(data) },
        ...(code ? { content: [{ type: 'text', text: code }] } : {}),
      };
    }
    case 'DIVIDER':
      return children.length > 0
        ? keptBlock(node)
        : { type: 'horizontalRule', attrs: { rich: richAttr(dataOf(node)) } };
    default:
      return keptBlock(node);
  }
}

/** Blocks of a container; loose TEXT between them is held in a paragraph that the way back unwraps. */
function blocksOf(nodes: readonly RichNode[]): EditorNode[] {
  const out: EditorNode[] = [];
  let loose: RichNode[] = [];
  const flush = () => {
    if (loose.length > 0) out.push(implicitParagraph(inlineOf(loose)));
    loose = [];
  };
  for (const node of nodes) {
    if (node.type === 'TEXT' && !node.nodes?.length) loose.push(node);
    else {
      flush();
      out.push(blockOf(node));
    }
  }
  flush();
  return out;
}

/** The editor's document for a stored rich-content document (an empty one is one empty paragraph). */
export function richToEditor(doc: Pick<RichContent, 'nodes'> | null | undefined): EditorNode {
  const content = blocksOf(doc?.nodes ?? []);
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}

// ---------- the way back ----------

const keptOf = (node: EditorNode): KeptData => (node.attrs?.rich as KeptData | null | undefined) ?? {};

type Link = NonNullable<NonNullable<RichDecoration['linkData']>['link']>;

function linkDecoration(mark: EditorMark): RichDecoration | undefined {
  const href = typeof mark.attrs?.href === 'string' ? mark.attrs.href.trim() : '';
  if (!href || !isSafeUrl(href)) return undefined;
  const rich = (mark.attrs?.rich as Partial<RichDecoration> | null) ?? {};
  const before: Link = rich.linkData?.link ?? {};
  const { url, anchor, target, ...rest } = before;
  const link: Link =
    href.startsWith('#') && href.length > 1
      ? { ...rest, anchor: href.slice(1) }
      : { ...rest, url: href, ...(url === href && anchor ? { anchor } : {}) };
  if (mark.attrs?.target === '_blank') link.target = 'BLANK';
  else if (target && target !== 'BLANK') link.target = target;
  return { ...rich, type: 'LINK', linkData: { ...rich.linkData, link } };
}

/** A text's decorations and its TEXT node's own fields, from its marks. */
function decorationsOf(marks: readonly EditorMark[] = []): { decorations: RichDecoration[]; extras?: Obj } {
  const decorations: RichDecoration[] = [];
  let extras: Obj | undefined;
  for (const mark of marks) {
    const simple = DECORATION_OF_MARK[mark.type];
    if (simple) decorations.push({ ...((mark.attrs?.rich as Obj | null) ?? {}), type: simple });
    else if (mark.type === 'link') {
      const link = linkDecoration(mark);
      if (link) decorations.push(link);
    } else if (mark.type === 'richKeep') {
      decorations.push(...((mark.attrs?.decorations as RichDecoration[] | undefined) ?? []));
      extras = (mark.attrs?.node as Obj | null) ?? undefined;
    }
  }
  return { decorations: sortDecorations(decorations), ...(extras ? { extras } : {}) };
}

function inlineFrom(content: readonly EditorNode[] = []): RichNode[] {
  const out: RichNode[] = [];
  let lastKey = '';
  for (const node of content) {
    const text = node.type === 'text' ? (node.text ?? '') : node.type === 'hardBreak' ? '\n' : '';
    if (!text) continue;
    const { decorations, extras } = decorationsOf(node.marks);
    const key = JSON.stringify([decorations, extras]);
    const last = out.at(-1);
    if (last?.textData && key === lastKey) {
      last.textData.text = `${last.textData.text ?? ''}${text}`;
      continue;
    }
    lastKey = key;
    out.push({
      ...extras,
      type: 'TEXT',
      textData: decorations.length > 0 ? { text, decorations } : { text },
    } as RichNode);
  }
  return out;
}

function withNodes(type: RichNode['type'], kept: KeptData, nodes: RichNode[], data: Obj = {}): RichNode {
  return { ...kept.node, ...data, type, ...(nodes.length > 0 ? { nodes } : {}) } as RichNode;
}

function blockFrom(node: EditorNode): RichNode[] {
  const kept = keptOf(node);
  const before = kept.node ?? {};
  switch (node.type) {
    case 'paragraph':
      return kept.implicit ? inlineFrom(node.content) : [withNodes('PARAGRAPH', kept, inlineFrom(node.content))];
    case 'heading': {
      const data = (before.headingData as Obj | undefined) ?? {};
      const level = Number(node.attrs?.level ?? 1);
      const headingData = data.level == null && level === 1 ? data : { ...data, level };
      return [withNodes('HEADING', kept, inlineFrom(node.content), { headingData })];
    }
    case 'bulletList':
      return [withNodes('BULLETED_LIST', kept, blocksFrom(node.content))];
    case 'orderedList': {
      const data = (before.orderedListData as Obj | undefined) ?? {};
      const start = Number(node.attrs?.start ?? 1);
      const orderedListData = data.start == null && start === 1 ? data : { ...data, start };
      const extra = Object.keys(orderedListData).length > 0 ? { orderedListData } : {};
      return [withNodes('ORDERED_LIST', kept, blocksFrom(node.content), extra)];
    }
    case 'listItem':
      return [withNodes('LIST_ITEM', kept, blocksFrom(node.content))];
    case 'blockquote':
      return [withNodes('BLOCKQUOTE', kept, blocksFrom(node.content))];
    case 'codeBlock': {
      const code = (node.content ?? []).map((t) => t.text ?? '').join('');
      const text = code ? [{ ...kept.text, type: 'TEXT', textData: { text: code } } as RichNode] : [];
      return [withNodes('CODE_BLOCK', kept, text)];
    }
    case 'horizontalRule':
      return [withNodes('DIVIDER', kept, [])];
    case 'richBlock':
      return node.attrs?.node ? [node.attrs.node as RichNode] : [];
    default:
      // Nothing else is in the editor's schema; should something be, its content is not lost.
      return blocksFrom(node.content);
  }
}

function blocksFrom(content: readonly EditorNode[] = []): RichNode[] {
  return content.flatMap(blockFrom);
}

/** Ids stay unique: a block copied or split in the editor keeps the id only where it first appears. */
function dropRepeatedIds(nodes: RichNode[], seen = new Set<string>()): void {
  for (const node of nodes) {
    if (node.id) {
      if (seen.has(node.id)) delete node.id;
      else seen.add(node.id);
    }
    if (node.nodes) dropRepeatedIds(node.nodes, seen);
  }
}

/**
 * The rich-content document of the editor's document. `base` gives the `metadata` and `documentStyle` of the
 * document that was loaded, which the editor does not change. A document of one empty paragraph is empty.
 */
export function editorToRich(doc: EditorNode, base?: Partial<RichContent> | null): RichContent {
  let nodes = blocksFrom(doc.content);
  const first = nodes[0];
  if (nodes.length === 1 && first?.type === 'PARAGRAPH' && Object.keys(first).length === 1) nodes = [];
  dropRepeatedIds(nodes);
  return {
    nodes,
    ...(base?.metadata ? { metadata: base.metadata } : {}),
    ...(base?.documentStyle ? { documentStyle: base.documentStyle } : {}),
  };
}
