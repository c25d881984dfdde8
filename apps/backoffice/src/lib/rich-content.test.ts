import { isSafeRichUrl, type RichContent, type RichNode, richContentSchema } from '@merx/contract';
import { getSchema } from '@tiptap/core';
import { Node as PmNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { richContentExtensions } from '../components/rich-content-schema';
import { describeKept, type EditorNode, editorToRich, isSafeUrl, richToEditor, sameRichContent } from './rich-content';

const schema = getSchema(richContentExtensions);

const t = (value: string, decorations?: NonNullable<RichNode['textData']>['decorations']): RichNode => ({
  type: 'TEXT',
  textData: decorations ? { text: value, decorations } : { text: value },
});
const p = (...nodes: RichNode[]): RichNode => ({ type: 'PARAGRAPH', nodes });
const item = (...nodes: RichNode[]): RichNode => ({ type: 'LIST_ITEM', nodes });

/** The editor's document for `doc`, checked against the editor's real schema (a wrong one would not load). */
function load(doc: RichContent): EditorNode {
  const json = richToEditor(doc);
  PmNode.fromJSON(schema, json).check();
  return json;
}

/** Load into the editor's schema and back, as a merchant opening and saving the text would. */
function roundTrip(doc: RichContent): RichContent {
  const back = editorToRich(PmNode.fromJSON(schema, load(doc)).toJSON() as EditorNode, doc);
  expect(richContentSchema.safeParse(back).success).toBe(true);
  return back;
}

/** Everything the editor's toolbar and keys make. */
const editable: RichContent = {
  nodes: [
    { type: 'HEADING', headingData: { level: 2 }, nodes: [t('Care')] },
    { type: 'HEADING', headingData: { level: 3 }, nodes: [t('Washing')] },
    p(
      t('Plain, '),
      t('bold', [{ type: 'BOLD' }]),
      t(', '),
      t('italic', [{ type: 'ITALIC' }]),
      t(', '),
      t('underlined', [{ type: 'UNDERLINE' }]),
      t(', '),
      t('struck', [{ type: 'STRIKETHROUGH' }]),
      t(' and '),
      t('all four', [{ type: 'BOLD' }, { type: 'ITALIC' }, { type: 'UNDERLINE' }, { type: 'STRIKETHROUGH' }]),
      t('.\nA second line.'),
    ),
    p(
      t('Read '),
      t('the guide', [{ type: 'LINK', linkData: { link: { url: 'https://example.com/guide', target: 'BLANK' } } }]),
      t(', '),
      t('our page', [{ type: 'LINK', linkData: { link: { url: '/pages/about' } } }, { type: 'BOLD' }]),
      t(', '),
      t('mail us', [{ type: 'LINK', linkData: { link: { url: 'mailto:help@example.com' } } }]),
      t(' or '),
      t('see below', [{ type: 'LINK', linkData: { link: { anchor: 'sizes' } } }]),
      t('.'),
    ),
    { type: 'BULLETED_LIST', nodes: [item(p(t('Cotton'))), item(p(t('Linen')), p(t('washed')))] },
    {
      type: 'ORDERED_LIST',
      orderedListData: { start: 3 },
      nodes: [item(p(t('Third')), { type: 'BULLETED_LIST', nodes: [item(p(t('nested')))] }), item(p(t('Fourth')))],
    },
    { type: 'ORDERED_LIST', nodes: [item(p(t('One')))] },
    { type: 'BLOCKQUOTE', nodes: [p(t('Soft as a cloud.', [{ type: 'ITALIC' }]))] },
    { type: 'CODE_BLOCK', nodes: [t('SKU-1\n  SKU-2')] },
    { type: 'DIVIDER' },
    { type: 'PARAGRAPH' },
    p(t('The end')),
  ],
};

describe('rich content in the editor', () => {
  it('keeps every node and decoration the editor offers through a round trip, exactly', () => {
    expect(roundTrip(editable)).toEqual(editable);
  });

  it('shows each of them as the editor’s own nodes and marks, with line breaks as breaks', () => {
    const json = load(editable);
    const types = (nodes: EditorNode[] = []): string[] =>
      nodes.flatMap((n) => [n.type ?? '', ...types(n.content), ...(n.marks ?? []).map((m) => `mark:${m.type}`)]);
    const seen = new Set(types(json.content));
    for (const type of [
      'heading',
      'paragraph',
      'hardBreak',
      'bulletList',
      'orderedList',
      'listItem',
      'blockquote',
      'codeBlock',
      'horizontalRule',
      'mark:bold',
      'mark:italic',
      'mark:underline',
      'mark:strike',
      'mark:link',
    ])
      expect(seen, type).toContain(type);
    expect(seen).not.toContain('richBlock');
    expect(seen).not.toContain('mark:richKeep');
    const ordered = json.content?.find((n) => n.type === 'orderedList');
    expect(ordered?.attrs?.start).toBe(3);
    const links = JSON.stringify(json).match(/"href":"[^"]*"/g);
    expect(links).toEqual([
      '"href":"https://example.com/guide"',
      '"href":"/pages/about"',
      '"href":"mailto:help@example.com"',
      '"href":"#sizes"',
    ]);
  });

  it('reads what the merchant typed into the model (bold text and a list)', () => {
    // As Tiptap's getJSON() gives it after typing, with the attributes' defaults.
    const typed: EditorNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { rich: null },
          content: [
            { type: 'text', text: 'Made of ' },
            { type: 'text', text: 'wool', marks: [{ type: 'bold', attrs: { rich: null } }] },
            { type: 'hardBreak', marks: [{ type: 'bold', attrs: { rich: null } }] },
            { type: 'text', text: 'and silk', marks: [{ type: 'bold', attrs: { rich: null } }] },
          ],
        },
        {
          type: 'bulletList',
          attrs: { rich: null },
          content: [
            {
              type: 'listItem',
              attrs: { rich: null },
              content: [{ type: 'paragraph', attrs: { rich: null }, content: [{ type: 'text', text: 'Warm' }] }],
            },
          ],
        },
        {
          type: 'paragraph',
          attrs: { rich: null },
          content: [
            {
              type: 'text',
              text: 'site',
              marks: [{ type: 'link', attrs: { href: 'https://shop.example', target: '_blank', rel: 'noopener' } }],
            },
          ],
        },
      ],
    };
    expect(editorToRich(typed)).toEqual({
      nodes: [
        p(t('Made of '), t('wool\nand silk', [{ type: 'BOLD' }])),
        { type: 'BULLETED_LIST', nodes: [item(p(t('Warm')))] },
        p(t('site', [{ type: 'LINK', linkData: { link: { url: 'https://shop.example', target: 'BLANK' } } }])),
      ],
    });
  });

  it('keeps nodes and decorations it cannot edit, unchanged, and says what they are', () => {
    const table: RichNode = {
      type: 'TABLE',
      id: 't1',
      tableData: { header: true },
      nodes: [{ type: 'TABLE_ROW', nodes: [{ type: 'TABLE_CELL', nodes: [p(t('Size'))] }] }],
    };
    const image: RichNode = {
      type: 'IMAGE',
      imageData: { image: { src: { url: 'https://cdn.example/a.png' }, width: 10 }, altText: 'A scarf' },
    };
    const unknownish: RichContent = {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'p1',
          paragraphData: { textStyle: { textAlignment: 'CENTER' } },
          nodes: [t('Centred')],
        },
        p(
          t('red', [{ type: 'COLOR', colorData: { foreground: '#ff0000' } }, { type: 'BOLD' }]),
          t('secret', [{ type: 'SPOILER' }]),
          t('@ann', [{ type: 'MENTION', mentionData: { name: 'Ann', slug: 'ann' } }]),
          t('x2', [{ type: 'SUPERSCRIPT' }, { type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 12 } }]),
          t('light', [{ type: 'BOLD', fontWeightValue: 400 }]),
          t('heavy', [{ type: 'BOLD', fontWeightValue: 800 }]),
          t('not italic', [{ type: 'ITALIC', italicData: false }]),
          { type: 'TEXT', id: 'text-1', textData: { text: 'with its id' } },
          t('self link', [
            {
              type: 'LINK',
              linkData: {
                link: { url: 'https://a.example', target: 'SELF', rel: { nofollow: true }, customData: 'x' },
              },
            },
          ]),
        ),
        table,
        image,
        { type: 'VIDEO', videoData: { video: { src: { url: 'https://v.example/1.mp4' } }, title: 'How to wear it' } },
        { type: 'COLLAPSIBLE_LIST', nodes: [{ type: 'COLLAPSIBLE_ITEM', nodes: [] }] },
        { type: 'CHECKBOX_LIST', nodes: [item(p(t('Packed')))] },
        { type: 'HTML', htmlData: { html: '<b>widget</b>' } },
        { type: 'HEADING', nodes: [t('Heading without a level')] },
        { type: 'HEADING', headingData: { level: 4 }, nodes: [t('Level four')] },
        { type: 'PARAGRAPH', nodes: [t('Image inside: '), image] },
        {
          type: 'BULLETED_LIST',
          nodes: [item(t('loose text in an item')), item({ type: 'BULLETED_LIST', nodes: [item(p(t('deep')))] })],
        },
        { type: 'BULLETED_LIST', nodes: [p(t('not an item'))] },
        { type: 'BLOCKQUOTE', nodes: [] },
        { type: 'BLOCKQUOTE', blockquoteData: { indentation: 1 }, nodes: [t('quoted, loose')] },
        { type: 'CODE_BLOCK', nodes: [t('a', [{ type: 'BOLD' }]), t('b')] },
        { type: 'CODE_BLOCK', id: 'c1', nodes: [{ type: 'TEXT', id: 'c1-text', textData: { text: 'x = 1' } }] },
        { type: 'DIVIDER', dividerData: { lineStyle: 'DASHED' } },
        { type: 'LIST_ITEM', nodes: [p(t('an item on its own'))] },
        t('loose text at the top'),
      ],
      metadata: { version: 1, id: 'doc-1' },
      documentStyle: { paragraph: { lineHeight: '1.5' } },
    };
    const back = roundTrip(unknownish);
    expect(sameRichContent(back, unknownish)).toBe(true);
    // The nodes the editor cannot hold come back as the very same objects' content.
    for (const kept of [table, image]) expect(back.nodes).toContainEqual(kept);
    expect(back.metadata).toEqual({ version: 1, id: 'doc-1' });
    expect(back.documentStyle).toEqual({ paragraph: { lineHeight: '1.5' } });

    const json = load(unknownish);
    const blocks = (json.content ?? [])
      .filter((n) => n.type === 'richBlock')
      .map((n) => (n.attrs?.node as RichNode | undefined)?.type);
    expect(blocks).toEqual([
      'TABLE',
      'IMAGE',
      'VIDEO',
      'COLLAPSIBLE_LIST',
      'CHECKBOX_LIST',
      'HTML',
      'PARAGRAPH',
      'BULLETED_LIST',
      'CODE_BLOCK',
      'LIST_ITEM',
    ]);
    expect(describeKept(table)).toEqual({ kind: 'Table', summary: 'Size' });
    expect(describeKept(image)).toEqual({ kind: 'Image', summary: 'A scarf' });
    expect(describeKept({ type: 'VIDEO', videoData: { title: 'How to wear it' } }).summary).toBe('How to wear it');
    expect(describeKept({ type: 'LINK_PREVIEW' }).kind).toBe('Link preview');
  });

  it('keeps kept parts while the text around them is edited', () => {
    const doc: RichContent = {
      nodes: [
        p(t('Before')),
        { type: 'TABLE', nodes: [] },
        p(t('tinted', [{ type: 'COLOR', colorData: { foreground: 'teal' } }])),
      ],
    };
    const json = load(doc);
    // The merchant types at the end of the first paragraph and inside the tinted text.
    const first = json.content?.[0]?.content?.[0];
    if (first) first.text = 'Before, and after';
    const tinted = json.content?.[2]?.content?.[0];
    if (tinted) tinted.text = 'tinted more';
    expect(editorToRich(json)).toEqual({
      nodes: [
        p(t('Before, and after')),
        { type: 'TABLE', nodes: [] },
        p(t('tinted more', [{ type: 'COLOR', colorData: { foreground: 'teal' } }])),
      ],
    });
  });

  it('never writes an unsafe link: the text stays, the link goes', () => {
    const linked = (href: string): EditorNode => ({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href } }] }] },
      ],
    });
    for (const href of [
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      '//evil.example',
      'vbscript:x',
    ]) {
      const out = editorToRich(linked(href));
      expect(out, href).toEqual({ nodes: [p(t('click'))] });
    }
    expect(editorToRich(linked('tel:+15551234'))).toEqual({
      nodes: [p(t('click', [{ type: 'LINK', linkData: { link: { url: 'tel:+15551234' } } }]))],
    });
  });

  it('judges URLs as the server does', () => {
    for (const url of [
      'https://a.example',
      'http://a.example',
      'mailto:a@b.example',
      'tel:123',
      '/relative',
      '#anchor',
      'page?x=1',
      'javascript:alert(1)',
      ' javascript:x',
      'java\nscript:x',
      '\\\\evil.example',
      '//evil.example',
      'ftp://files.example',
      'data:image/png;base64,AAAA',
    ])
      expect(isSafeUrl(url), url).toBe(isSafeRichUrl(url));
  });

  it("drops texts' ids on load, keeping the blocks' ids and the texts' other fields", () => {
    const doc: RichContent = {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'p1',
          nodes: [
            { type: 'TEXT', id: 'text-1', textData: { text: 'plain' } },
            { type: 'TEXT', id: 'text-2', textData: { text: ' bold', decorations: [{ type: 'BOLD' }] } },
            { type: 'TEXT', id: 'text-3', style: { paddingTop: '4px' }, textData: { text: ' padded' } },
          ],
        },
        { type: 'CODE_BLOCK', id: 'c1', nodes: [{ type: 'TEXT', id: 'c1-text', textData: { text: 'x = 1' } }] },
      ],
    };
    const json = load(doc);
    // A text with nothing but an id to keep is plain text in the editor: no kept mark around it.
    expect(json.content?.[0]?.content).toEqual([
      { type: 'text', text: 'plain' },
      { type: 'text', text: ' bold', marks: [{ type: 'bold', attrs: { rich: null } }] },
      {
        type: 'text',
        text: ' padded',
        marks: [{ type: 'richKeep', attrs: { decorations: [], node: { style: { paddingTop: '4px' } } } }],
      },
    ]);
    expect(json.content?.[1]?.attrs?.rich).toEqual({ node: { id: 'c1' } });
    expect(roundTrip(doc)).toEqual({
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'p1',
          nodes: [
            t('plain'),
            t(' bold', [{ type: 'BOLD' }]),
            { style: { paddingTop: '4px' }, type: 'TEXT', textData: { text: ' padded' } },
          ],
        },
        { type: 'CODE_BLOCK', id: 'c1', nodes: [t('x = 1')] },
      ],
    });
    // Texts' ids say nothing: the document read back is the same one.
    expect(sameRichContent(roundTrip(doc), doc)).toBe(true);
    expect(sameRichContent(doc, { nodes: [{ ...p(t('plain bold')), id: 'p1' }] })).toBe(false);
  });

  it('keeps an id once when a block was split or copied in the editor', () => {
    const json: EditorNode = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { rich: { node: { id: 'same' } } }, content: [{ type: 'text', text: 'a' }] },
        { type: 'paragraph', attrs: { rich: { node: { id: 'same' } } }, content: [{ type: 'text', text: 'b' }] },
      ],
    };
    expect(editorToRich(json)).toEqual({ nodes: [{ type: 'PARAGRAPH', id: 'same', nodes: [t('a')] }, p(t('b'))] });
  });

  it('reads an empty editor as an empty document, and loads an empty document as one empty paragraph', () => {
    expect(load({ nodes: [] })).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(editorToRich({ type: 'doc', content: [{ type: 'paragraph', attrs: { rich: null } }] })).toEqual({
      nodes: [],
    });
    expect(roundTrip({ nodes: [] })).toEqual({ nodes: [] });
  });

  it('compares documents by what they say', () => {
    const a: RichContent = {
      nodes: [p(t('ab', [{ type: 'BOLD' }, { type: 'LINK', linkData: { link: { url: '/x' } } }]))],
    };
    const b: RichContent = {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: '',
          nodes: [
            t('a', [{ type: 'LINK', linkData: { link: { url: '/x', target: null } } }, { type: 'BOLD' }]),
            t('b', [{ type: 'LINK', linkData: { link: { url: '/x' } } }, { type: 'BOLD' }]),
          ],
        },
      ],
    };
    expect(sameRichContent(a, b)).toBe(true);
    expect(sameRichContent(a, { nodes: [p(t('ab', [{ type: 'BOLD' }]))] })).toBe(false);
    expect(sameRichContent(undefined, { nodes: [] })).toBe(true);
  });
});
