import type { RichDecoration, RichNode } from '@merx/contract';
import { Extension, Mark, mergeAttributes, Node } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { describeKept, isSafeUrl } from '../lib/rich-content';

/*
 * The rich-content editor's schema (lib/rich-content.ts converts to and from it): Tiptap's starter kit without
 * inline code (the model has none) and without the trailing paragraph it would add to every document, plus what
 * keeps the parts of a stored document that the editor does not edit.
 */

const BLOCKS = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
];
const MARKS = ['bold', 'italic', 'underline', 'strike', 'link'];
const ALIGN = new Set(['LEFT', 'RIGHT', 'CENTER', 'JUSTIFY']);

/** The alignment a block was stored with, shown as it will be in the shop. */
function alignmentOf(rich: unknown): string | undefined {
  const node = (rich as { node?: Record<string, { textStyle?: { textAlignment?: string } }> } | null)?.node;
  const align = node?.paragraphData?.textStyle?.textAlignment ?? node?.headingData?.textStyle?.textAlignment;
  return align && ALIGN.has(align) ? align.toLowerCase() : undefined;
}

/** The `rich` attribute: each edited block's and mark's stored data (ids, alignment, a link's rel…), never split. */
const KeptData = Extension.create({
  name: 'richData',
  addGlobalAttributes() {
    return [
      {
        types: BLOCKS,
        attributes: {
          rich: {
            default: null,
            keepOnSplit: false,
            parseHTML: () => null,
            renderHTML: (attrs) => {
              const align = alignmentOf(attrs.rich);
              return align ? { style: `text-align: ${align}` } : {};
            },
          },
        },
      },
      { types: MARKS, attributes: { rich: { default: null, parseHTML: () => null, renderHTML: () => ({}) } } },
    ];
  },
});

function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** A stored node the editor does not edit (a table, an image, a video…): kept whole, shown as a labelled box. */
export const KeptBlock = Node.create({
  name: 'richBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      node: {
        default: null,
        parseHTML: (el) => parseJson<RichNode | null>(el.getAttribute('data-rich-node'), null),
        renderHTML: (attrs) => ({ 'data-rich-node': JSON.stringify(attrs.node) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-rich-node]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const kept = node.attrs.node as RichNode | null;
    const { kind, summary } = kept ? describeKept(kept) : { kind: 'Empty block', summary: '' };
    return [
      'div',
      mergeAttributes(HTMLAttributes, { class: 'rce__kept', contenteditable: 'false' }),
      ['strong', `${kind} (kept as it is)`],
      ['span', summary || 'Not editable here; it stays in the text and shows in the shop.'],
    ];
  },
});

const KEPT_NAMES: Partial<Record<RichDecoration['type'], string>> = {
  COLOR: 'colour',
  FONT_SIZE: 'font size',
  FONT_FAMILY: 'font',
  STRIKETHROUGH: 'strikethrough',
};

/** Decorations the editor does not edit (colour, spoiler, mention…): kept on their text, marked with a dotted line. */
export const KeptMarks = Mark.create({
  name: 'richKeep',
  addAttributes() {
    return {
      decorations: {
        default: [],
        parseHTML: (el) => parseJson<RichDecoration[]>(el.getAttribute('data-rich-decorations'), []),
        renderHTML: (attrs) => ({ 'data-rich-decorations': JSON.stringify(attrs.decorations) }),
      },
      node: {
        default: null,
        parseHTML: (el) => parseJson<Record<string, unknown> | null>(el.getAttribute('data-rich-text'), null),
        renderHTML: (attrs) => (attrs.node ? { 'data-rich-text': JSON.stringify(attrs.node) } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-rich-decorations]' }];
  },
  renderHTML({ mark, HTMLAttributes }) {
    const decorations = (mark.attrs.decorations as RichDecoration[]) ?? [];
    if (decorations.length === 0) return ['span', HTMLAttributes, 0];
    const names = decorations.map((d) => KEPT_NAMES[d.type] ?? d.type.toLowerCase().replace(/_/g, ' '));
    return [
      'span',
      mergeAttributes(HTMLAttributes, { class: 'rce__kept-mark', title: `Kept formatting: ${names.join(', ')}` }),
      0,
    ];
  },
});

/** Every extension of the rich-content editor: its schema, and so what a document in it can hold. */
export const richContentExtensions = [
  StarterKit.configure({
    code: false,
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto', 'tel'],
      isAllowedUri: (url) => isSafeUrl(url),
      HTMLAttributes: { target: null, rel: 'noopener noreferrer nofollow' },
    },
  }),
  KeptData,
  KeptBlock,
  KeptMarks,
];
