/*
 * Comparing rich-content documents by what they say, and describing a node the editor keeps but cannot edit
 * (rich-content.ts converts documents to the editor's and back).
 */
import type { RichContent, RichDecoration, RichNode } from '@merx/contract';

type Obj = Record<string, unknown>;

/** The order decorations are listed in (the server's, outermost first). */
const DECORATION_ORDER = [
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

const rank = (d: RichDecoration) => DECORATION_ORDER.indexOf(d.type);
export const sortDecorations = (list: RichDecoration[]) => [...list].sort((a, b) => rank(a) - rank(b));

/** Drops null, undefined, empty strings' ids, empty objects and empty arrays, deeply: absent and empty mean the same. */
function prune(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(prune).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const out: Obj = {};
    for (const key of Object.keys(value).sort()) {
      const kept = prune((value as Obj)[key]);
      if (kept !== undefined && !(key === 'id' && kept === '')) out[key] = kept;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  return value;
}

/**
 * Texts without their ids (the editor does not keep them: see rich-content.ts), and neighbouring texts with the same
 * decorations and no other fields of their own read as one text.
 */
function mergeTexts(nodes: RichNode[] | undefined): RichNode[] | undefined {
  if (!nodes) return nodes;
  const out: RichNode[] = [];
  for (const node of nodes) {
    const n: RichNode = {
      ...node,
      nodes: mergeTexts(node.nodes),
      ...(node.textData?.decorations
        ? { textData: { ...node.textData, decorations: sortDecorations(node.textData.decorations) } }
        : {}),
    };
    if (n.type === 'TEXT') delete n.id;
    const last = out.at(-1);
    const plain = (x: RichNode) => x.type === 'TEXT' && !x.style && !x.nodes?.length;
    const same = (a: RichNode, b: RichNode) =>
      JSON.stringify(prune(a.textData?.decorations)) === JSON.stringify(prune(b.textData?.decorations));
    if (last && plain(last) && plain(n) && same(last, n)) {
      last.textData = { ...last.textData, text: `${last.textData?.text ?? ''}${n.textData?.text ?? ''}` };
    } else out.push(n);
  }
  return out;
}

/**
 * True when two documents say the same thing (empty and absent fields, texts' ids, key and decoration order aside).
 */
export function sameRichContent(
  a: Partial<RichContent> | null | undefined,
  b: Partial<RichContent> | null | undefined,
) {
  const canonical = (d: Partial<RichContent> | null | undefined) =>
    JSON.stringify(prune({ ...d, nodes: mergeTexts(d?.nodes ?? []) }) ?? {});
  return canonical(a) === canonical(b);
}

/** The plain text of some nodes, for a short summary. */
export function plainTextOf(nodes: readonly RichNode[] | undefined): string {
  return (nodes ?? [])
    .map((n) => (n.type === 'TEXT' ? (n.textData?.text ?? '') : plainTextOf(n.nodes)))
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const KIND_NAMES: Partial<Record<RichNode['type'], string>> = {
  APP_EMBED: 'App embed',
  CHECKBOX_LIST: 'Checklist',
  COLLAPSIBLE_LIST: 'Collapsible list',
  GIF: 'GIF',
  HTML: 'HTML embed',
  LINK_PREVIEW: 'Link preview',
  SMART_BLOCK: 'Smart block',
  TOC: 'Table of contents',
};

/** How a kept node is named in the editor: its kind ("Table", "Video") and a short summary of what it holds. */
export function describeKept(node: RichNode): { kind: string; summary: string } {
  const type = node.type;
  const kind = KIND_NAMES[type] ?? `${type.charAt(0)}${type.slice(1).toLowerCase().replace(/_/g, ' ')}`;
  const media =
    node.imageData?.altText ||
    node.imageData?.caption ||
    node.videoData?.title ||
    node.fileData?.name ||
    node.buttonData?.text ||
    node.linkPreviewData?.title ||
    node.imageData?.image?.src?.url ||
    '';
  const text = media || plainTextOf(node.nodes);
  return { kind, summary: text.length > 80 ? `${text.slice(0, 79)}…` : text };
}
