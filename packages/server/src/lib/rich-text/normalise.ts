import type { RichContent, RichDecoration, RichDecorationType, RichNode } from '@merx/contract';

/** The order decorations nest in HTML (outermost first) and are listed in a normalised text node. */
export const DECORATION_ORDER: readonly RichDecorationType[] = [
  'LINK',
  'ANCHOR',
  'SPOILER',
  'COLOR',
  'FONT_SIZE',
  'BOLD',
  'ITALIC',
  'UNDERLINE',
  'STRIKETHROUGH',
  'SUPERSCRIPT',
  'SUBSCRIPT',
  'MENTION',
  'FONT_FAMILY',
  'SKETCH',
  'EXTERNAL',
];

/** Nodes whose TEXT children flow as one line of inline text (whitespace collapses and trims at the edges). */
const TEXT_BLOCKS = new Set(['PARAGRAPH', 'HEADING', 'CAPTION']);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in text.
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;

/** Text as HTML keeps it: no control characters, each run of spaces, tabs and returns one space; `\n` is a break. */
export function collapseText(text: string): string {
  return text.replace(CONTROL, '').replace(/[ \t\r\f]+/g, ' ');
}

/** Drops null, undefined, empty objects and empty arrays, deeply: absent and empty mean the same. */
export function prune<T>(value: T): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => prune(item)).filter((item) => item !== undefined);
    return (items.length > 0 ? items : undefined) as T | undefined;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kept = prune(item);
      if (kept !== undefined) out[key] = kept;
    }
    return (Object.keys(out).length > 0 ? out : undefined) as T | undefined;
  }
  return value;
}

function sameDecorations(a: RichNode, b: RichNode): boolean {
  return JSON.stringify(a.textData?.decorations ?? []) === JSON.stringify(b.textData?.decorations ?? []);
}

function canonicalDecorations(decorations: readonly RichDecoration[] | undefined): RichDecoration[] | undefined {
  if (!decorations || decorations.length === 0) return undefined;
  const byType = new Map<string, RichDecoration>();
  for (const decoration of decorations) if (!byType.has(decoration.type)) byType.set(decoration.type, decoration);
  return DECORATION_ORDER.filter((type) => byType.has(type)).map((type) => prune(byType.get(type)) as RichDecoration);
}

function withText(node: RichNode, text: string): RichNode {
  return { ...node, textData: { ...node.textData, text } };
}

const textOf = (node: RichNode) => node.textData?.text ?? '';

/** Merges neighbouring TEXT nodes with equal decorations, drops empty ones and collapses whitespace. */
function normaliseTexts(nodes: RichNode[], parentType: string): RichNode[] {
  const code = parentType === 'CODE_BLOCK';
  const clean = (node: RichNode) => (code ? textOf(node) : collapseText(textOf(node)));
  const texts = nodes
    .map((node) => (node.type !== 'TEXT' ? node : withText(code ? { type: 'TEXT', nodes: [] } : node, clean(node))))
    .filter((node) => node.type !== 'TEXT' || textOf(node) !== '');
  const out: RichNode[] = [];
  for (const node of texts) {
    const last = out.at(-1);
    if (node.type === 'TEXT' && last?.type === 'TEXT' && sameDecorations(last, node)) {
      out[out.length - 1] = withText(last, clean(withText(last, textOf(last) + textOf(node))));
    } else out.push(node);
  }
  if (TEXT_BLOCKS.has(parentType)) {
    while (out[0]?.type === 'TEXT') {
      const trimmed = textOf(out[0]).replace(/^ +/, '');
      if (trimmed !== '') {
        out[0] = withText(out[0], trimmed);
        break;
      }
      out.shift();
    }
    while (out.at(-1)?.type === 'TEXT') {
      const last = out.at(-1) as RichNode;
      const trimmed = textOf(last).replace(/ +$/, '');
      if (trimmed !== '') {
        out[out.length - 1] = withText(last, trimmed);
        break;
      }
      out.pop();
    }
  }
  return out;
}

/** A block's data without `textAlignment: AUTO` (the default), pruned; other data as it is. */
function withoutAutoAlignment<D extends { textStyle?: { textAlignment?: string | null | undefined } | undefined }>(
  data: D,
): D | undefined {
  if (data.textStyle?.textAlignment !== 'AUTO') return data;
  return prune({ ...data, textStyle: { ...data.textStyle, textAlignment: undefined } });
}

function normaliseNode(node: RichNode): RichNode {
  const { id: _id, nodes, ...rest } = node;
  const out = (prune(rest) ?? {}) as RichNode;
  out.type = node.type;
  if (out.textData?.decorations) {
    const decorations = canonicalDecorations(out.textData.decorations);
    out.textData = decorations ? { ...out.textData, decorations } : { text: out.textData.text };
  }
  if (out.paragraphData) out.paragraphData = withoutAutoAlignment(out.paragraphData);
  if (out.headingData) out.headingData = withoutAutoAlignment(out.headingData);
  if (out.codeBlockData) out.codeBlockData = withoutAutoAlignment(out.codeBlockData);
  if (out.captionData) out.captionData = withoutAutoAlignment(out.captionData);
  if (out.orderedListData?.start === 1) out.orderedListData = prune({ ...out.orderedListData, start: undefined });
  if (out.tableCellData?.colspan === 1 || out.tableCellData?.rowspan === 1) {
    const { colspan, rowspan } = out.tableCellData;
    out.tableCellData = prune({
      ...out.tableCellData,
      colspan: colspan === 1 ? undefined : colspan,
      rowspan: rowspan === 1 ? undefined : rowspan,
    });
  }
  if (out.tableData?.header === false) out.tableData = prune({ ...out.tableData, header: undefined });
  for (const key of Object.keys(out) as (keyof RichNode)[]) if (out[key] === undefined) delete out[key];
  out.nodes = normaliseTexts((nodes ?? []).map(normaliseNode), node.type);
  return out;
}

/**
 * The canonical form two documents are compared in: no ids, no empty or null fields, neighbouring texts with the
 * same decorations merged, empty texts dropped, whitespace collapsed as HTML shows it (not in code blocks),
 * decorations one per type in a fixed order, defaults (AUTO alignment, list start 1, span 1) left out, and the
 * document's metadata and style set aside (HTML does not carry them).
 */
export function normalise(doc: RichContent): RichContent {
  return { nodes: normaliseTexts((doc.nodes ?? []).map(normaliseNode), 'ROOT') };
}
