import {
  RICH_DECORATION_TYPES,
  RICH_NODE_TYPES,
  type RichContent,
  type RichNode,
  richContentSchema,
} from '@merx/contract';
import { describe, expect, it } from 'vitest';
import { htmlToRich, normalise, richToHtml } from './index.js';
import { unsafeParts } from './safety.test-kit.js';

const text = (value: string, ...decorations: NonNullable<RichNode['textData']>['decorations'] & object): RichNode => ({
  type: 'TEXT',
  textData: { text: value, decorations },
});
const paragraph = (...nodes: RichNode[]): RichNode => ({ type: 'PARAGRAPH', nodes });
const doc = (...nodes: RichNode[]): RichContent => ({ nodes });

/** One node of every type the packages declare, each with the data it is drawn from. */
const everyNode: RichNode[] = [
  { type: 'HEADING', headingData: { level: 2, textStyle: { textAlignment: 'CENTER' } }, nodes: [text('Heading')] },
  { type: 'PARAGRAPH', paragraphData: { textStyle: { textAlignment: 'JUSTIFY' } }, nodes: [text('Para\ngraph')] },
  { type: 'BULLETED_LIST', nodes: [{ type: 'LIST_ITEM', nodes: [paragraph(text('bullet'))] }] },
  {
    type: 'ORDERED_LIST',
    orderedListData: { start: 4 },
    nodes: [{ type: 'LIST_ITEM', nodes: [paragraph(text('fourth'))] }],
  },
  {
    type: 'CHECKBOX_LIST',
    nodes: [{ type: 'LIST_ITEM', listItemData: { checked: true }, nodes: [paragraph(text('done'))] }],
  },
  { type: 'BLOCKQUOTE', nodes: [paragraph(text('quoted'))] },
  { type: 'CODE_BLOCK', nodes: [text('if (a < b) {\n  go();\n}')] },
  { type: 'DIVIDER', dividerData: { lineStyle: 'DASHED', width: 'LARGE', alignment: 'CENTER' } },
  {
    type: 'IMAGE',
    imageData: {
      image: { src: { url: 'https://cdn.example/a.png' }, width: 640, height: 480 },
      altText: 'A cup',
      caption: 'Cup',
    },
  },
  {
    type: 'IMAGE',
    imageData: { image: { src: { id: 'library~abc.png' } } },
    nodes: [{ type: 'CAPTION', nodes: [text('By id')] }],
  },
  { type: 'GIF', gifData: { original: { gif: 'https://media.example/x.gif' }, gifType: 'NORMAL' } },
  {
    type: 'GALLERY',
    galleryData: {
      items: [{ image: { media: { src: { url: 'https://cdn.example/g.png' } } }, altText: 'gallery one' }],
      options: { layout: { type: 'GRID', orientation: 'ROWS' }, thumbnails: { placement: 'BOTTOM' } },
    },
  },
  {
    type: 'TABLE',
    tableData: { header: true },
    nodes: [
      { type: 'TABLE_ROW', nodes: [{ type: 'TABLE_CELL', nodes: [paragraph(text('Size'))] }] },
      {
        type: 'TABLE_ROW',
        nodes: [
          {
            type: 'TABLE_CELL',
            tableCellData: { colspan: 2, cellStyle: { verticalAlignment: 'MIDDLE' } },
            nodes: [paragraph(text('M'))],
          },
        ],
      },
    ],
  },
  { type: 'VIDEO', videoData: { video: { src: { url: 'https://video.example/v.mp4' } }, title: 'Watch' } },
  { type: 'AUDIO', audioData: { audio: { src: { url: 'https://audio.example/a.mp3' } }, name: 'Listen' } },
  {
    type: 'FILE',
    fileData: { src: { url: 'https://files.example/manual.pdf' }, name: 'Manual', pdfSettings: { viewMode: 'FULL' } },
  },
  { type: 'LINK_PREVIEW', linkPreviewData: { link: { url: 'https://blog.example/post' }, title: 'Our blog' } },
  { type: 'EMBED', embedData: { oembed: { url: 'https://embed.example/e', title: 'Embedded' } } },
  { type: 'APP_EMBED', appEmbedData: { type: 'PRODUCT', url: 'https://shop.example/p/1', name: 'Other product' } },
  { type: 'BUTTON', buttonData: { type: 'LINK', text: 'Buy now', link: { url: '/checkout', target: 'SELF' } } },
  { type: 'HTML', htmlData: { html: '<script>alert(1)</script>', source: 'HTML' } },
  { type: 'MAP', mapData: { mapSettings: { address: 'Main St', mapType: 'SATELITE' } } },
  { type: 'POLL', pollData: { poll: { title: 'Which?' }, layout: { poll: { type: 'GRID', direction: 'RTL' } } } },
  { type: 'EXTERNAL', externalData: { anything: 1 } },
  { type: 'SHAPE', shapeData: { shape: { src: { url: 'https://x.example/s.svg' } } } },
  { type: 'TOC', tocData: { listStyle: 'ROMAN', indentation: 'NESTED' } },
  {
    type: 'COLLAPSIBLE_LIST',
    collapsibleListData: { initialExpandedItems: 'FIRST', direction: 'LTR' },
    nodes: [
      {
        type: 'COLLAPSIBLE_ITEM',
        nodes: [
          { type: 'COLLAPSIBLE_ITEM_TITLE', nodes: [paragraph(text('Question'))] },
          { type: 'COLLAPSIBLE_ITEM_BODY', nodes: [paragraph(text('Answer'))] },
        ],
      },
    ],
  },
  {
    type: 'LAYOUT',
    layoutData: { responsivenessBehaviour: 'STACK', cellVerticalAlignment: 'TOP' },
    nodes: [{ type: 'LAYOUT_CELL', layoutCellData: { colSpan: 6 }, nodes: [paragraph(text('In layout'))] }],
  },
  { type: 'CARD', cardData: { background: { type: 'COLOR', color: '#fff' } }, nodes: [paragraph(text('In card'))] },
  {
    type: 'SMART_BLOCK',
    smartBlockData: { type: 'PILLS', columnSize: 'SMALL' },
    nodes: [{ type: 'SMART_BLOCK_CELL', smartBlockCellData: { label: 'cell' }, nodes: [paragraph(text('In block'))] }],
  },
  { type: 'CAPTION', captionData: { textStyle: { textAlignment: 'RIGHT' } }, nodes: [text('Loose caption')] },
];

describe('the safety check the tests use', () => {
  it('finds what a browser would run, after decoding entities', () => {
    expect(unsafeParts('<p>fine <a href="/x">x</a> <img src="https://a/b.png"></p>')).toEqual([]);
    expect(unsafeParts('<script>x</script>')).not.toEqual([]);
    expect(unsafeParts('<svg><g/></svg>')).not.toEqual([]);
    expect(unsafeParts('<p oNcLiCk="x">')).not.toEqual([]);
    expect(unsafeParts('<a href="javascript&colon;alert(1)">')).not.toEqual([]);
    expect(unsafeParts('<a href="jav&#x09;ascript:alert(1)">')).not.toEqual([]);
    expect(unsafeParts('<img src="http://plain.example/a.png">')).not.toEqual([]);
    expect(unsafeParts('<img src="data:image/png;base64,AA">')).not.toEqual([]);
    expect(unsafeParts('<span style="background:url(x)">')).not.toEqual([]);
  });
});

describe('the rich-content schema', () => {
  it('accepts a document shaped as the pinned @wix/stores v3 module sends it', () => {
    const wire = {
      nodes: [
        {
          type: 'PARAGRAPH',
          id: 'foo',
          nodes: [
            {
              type: 'TEXT',
              id: '',
              nodes: [],
              textData: {
                text: 'Soft cotton',
                decorations: [
                  { type: 'BOLD', fontWeightValue: 700 },
                  { type: 'ITALIC', italicData: true },
                  { type: 'COLOR', colorData: { foreground: '#000000', background: null } },
                  { type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 16 } },
                  {
                    type: 'LINK',
                    linkData: {
                      link: {
                        url: 'https://www.example.com',
                        target: 'BLANK',
                        rel: { nofollow: true, noreferrer: true },
                      },
                    },
                  },
                ],
              },
            },
          ],
          paragraphData: { textStyle: { textAlignment: 'AUTO', lineHeight: '1.5' }, indentation: 0 },
          style: { paddingTop: '12px', backgroundColor: null },
        },
        {
          type: 'IMAGE',
          id: 'img1',
          nodes: [],
          imageData: {
            containerData: { width: { size: 'CONTENT' }, alignment: 'CENTER', textWrap: true },
            image: { src: { id: 'library~x.png' }, width: 1200, height: 800 },
            crop: { x: 0.1, y: 0, width: 0.5, height: 0.5 },
            animation: { type: 'VIEW', entrance: { effect: { type: 'FADE' }, duration: 300 } },
          },
        },
      ],
      metadata: {
        version: 1,
        createdTimestamp: '2026-11-26T10:00:00.000Z',
        updatedTimestamp: '2026-11-26T10:00:00.000Z',
        id: 'doc-1',
      },
      documentStyle: {
        headerOne: { decorations: [{ type: 'COLOR', colorData: { foreground: '#111' } }], lineHeight: '1.2' },
      },
    };
    const parsed = richContentSchema.safeParse(wire);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.metadata?.id).toBe('doc-1');
    expect(parsed.data?.nodes[1]?.imageData?.animation?.entrance?.duration).toBe(300);
  });

  it('refuses NaN written as a string and unknown values of nested enumerations, naming the field', () => {
    const nan = richContentSchema.safeParse({ nodes: [{ type: 'MAP', mapData: { mapSettings: { lat: 'NaN' } } }] });
    expect(nan.error?.issues[0]?.path.join('.')).toBe('nodes.0.mapData.mapSettings.lat');
    const layout = richContentSchema.safeParse({
      nodes: [{ type: 'GALLERY', galleryData: { options: { layout: { type: 'CAROUSEL' } } } }],
    });
    expect(layout.error?.issues[0]?.path.join('.')).toBe('nodes.0.galleryData.options.layout.type');
    const style = richContentSchema.safeParse({
      nodes: [],
      documentStyle: { paragraph: { decorations: [{ type: 'WAVY' }] } },
    });
    expect(style.error?.issues[0]?.path.join('.')).toBe('documentStyle.paragraph.decorations.0.type');
  });

  it('accepts a node of every type the spec and the pinned packages declare', () => {
    const types = new Set<string>();
    const visit = (nodes: RichNode[]) => {
      for (const node of nodes) {
        types.add(node.type);
        visit(node.nodes ?? []);
      }
    };
    visit(everyNode);
    types.add('TEXT');
    expect([...RICH_NODE_TYPES].filter((type) => !types.has(type))).toEqual([]);
    const parsed = richContentSchema.safeParse({ nodes: everyNode, metadata: { version: 1, id: 'd1' } });
    expect(parsed.error?.issues).toBeUndefined();
  });

  it('accepts every decoration type, including those beyond spec section 3', () => {
    const decorations = RICH_DECORATION_TYPES.map((type) => ({ type }));
    expect(richContentSchema.safeParse(doc(paragraph(text('all', ...decorations)))).success).toBe(true);
    expect(RICH_DECORATION_TYPES).toEqual(
      expect.arrayContaining(['STRIKETHROUGH', 'SUPERSCRIPT', 'SUBSCRIPT', 'FONT_FAMILY', 'SKETCH']),
    );
  });

  it('names the field of an unknown node type', () => {
    const result = richContentSchema.safeParse({ nodes: [{ type: 'PARAGRAPH' }, { type: 'MARQUEE' }] });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['nodes', 1, 'type']]);
  });

  it('names the field of an unknown decoration, four levels down', () => {
    const bad = { type: 'BLINK' } as never;
    const body = {
      nodes: [
        paragraph(),
        paragraph(),
        paragraph(),
        { type: 'BLOCKQUOTE', nodes: [paragraph(text('x', { type: 'BOLD' }, bad))] },
      ],
    };
    const result = richContentSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'nodes.3.nodes.0.nodes.0.textData.decorations.1.type',
    ]);
  });

  it('refuses javascript:, data: and vbscript: links and media, even disguised, naming the field', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVa\tScRiPt:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
      '//evil.example',
      '\\\\evil',
    ]) {
      const link = richContentSchema.safeParse(
        doc(paragraph(text('x', { type: 'LINK', linkData: { link: { url } } }))),
      );
      expect(link.error?.issues[0]?.path.join('.')).toBe('nodes.0.nodes.0.textData.decorations.0.linkData.link.url');
      expect(link.error?.issues[0]?.message).toMatch(/unsafe URL/);
      const image = richContentSchema.safeParse(doc({ type: 'IMAGE', imageData: { image: { src: { url } } } }));
      expect(image.error?.issues[0]?.path.join('.')).toBe('nodes.0.imageData.image.src.url');
    }
    for (const url of [
      'https://a.example/x',
      'http://a.example',
      'mailto:a@b.example',
      'tel:+123',
      '/p/x',
      '#top',
      'x/y:z',
    ]) {
      expect(
        richContentSchema.safeParse(doc(paragraph(text('x', { type: 'LINK', linkData: { link: { url } } })))).success,
      ).toBe(true);
    }
  });

  it('refuses a document nested deeper than 50 levels, without overflowing the stack at 100,000', () => {
    const nest = (depth: number) => {
      let node: unknown = paragraph();
      for (let i = 1; i < depth; i++) node = { type: 'BLOCKQUOTE', nodes: [node] };
      return { nodes: [node] };
    };
    expect(richContentSchema.safeParse(nest(50)).success).toBe(true);
    const deep = richContentSchema.safeParse(nest(51));
    expect(deep.error?.issues[0]?.message).toMatch(/deeper than 50/);
    expect(deep.error?.issues[0]?.path.slice(0, 4)).toEqual(['nodes', 0, 'nodes', 0]);
    expect(richContentSchema.safeParse(nest(100_000)).success).toBe(false);
  });

  it('refuses more than 10,000 nodes and over-long text', () => {
    const many = { nodes: Array.from({ length: 10_001 }, () => ({ type: 'DIVIDER' })) };
    expect(richContentSchema.safeParse(many).error?.issues[0]?.message).toMatch(/more than 10000 nodes/);
    expect(
      richContentSchema.safeParse({ nodes: Array.from({ length: 10_000 }, () => ({ type: 'DIVIDER' })) }).success,
    ).toBe(true);
    const long = richContentSchema.safeParse(doc(paragraph(text('x'.repeat(100_001)))));
    expect(long.error?.issues[0]?.path.join('.')).toBe('nodes.0.nodes.0.textData.text');
  });

  it('refuses a heading level outside 1–6 and an unknown alignment', () => {
    const level = richContentSchema.safeParse(doc({ type: 'HEADING', headingData: { level: 7 } }));
    expect(level.error?.issues[0]?.path.join('.')).toBe('nodes.0.headingData.level');
    const align = richContentSchema.safeParse({
      nodes: [{ type: 'PARAGRAPH', paragraphData: { textStyle: { textAlignment: 'MIDDLE' } } }],
    });
    expect(align.error?.issues[0]?.path.join('.')).toBe('nodes.0.paragraphData.textStyle.textAlignment');
  });
});

describe('richToHtml', () => {
  it('renders every node type as the decision record says, and nothing unsafe', () => {
    const html = richToHtml(richContentSchema.parse({ nodes: everyNode }));
    expect(unsafeParts(html)).toEqual([]);
    for (const fragment of [
      '<h2 style="text-align:center">Heading</h2>',
      '<p style="text-align:justify">Para<br />graph</p>',
      '<ul><li><p>bullet</p></li></ul>',
      '<ol start="4"><li><p>fourth</p></li></ol>',
      '<ul><li><p>done</p></li></ul>',
      '<blockquote><p>quoted</p></blockquote>',
      '<pre><code>if (a &lt; b) {\n  go();\n}</code></pre>',
      '<hr />',
      '<figure><img src="https://cdn.example/a.png" alt="A cup" width="640" height="480" /><figcaption>Cup</figcaption></figure>',
      '<figure><img src="/media/library~abc.png" /><figcaption>By id</figcaption></figure>',
      '<figure><img src="https://media.example/x.gif" /></figure>',
      '<figure><img src="https://cdn.example/g.png" alt="gallery one" /></figure>',
      '<table><thead><tr><th><p>Size</p></th></tr></thead><tbody><tr><td colspan="2"><p>M</p></td></tr></tbody></table>',
      '<p><a href="https://video.example/v.mp4" target="_blank" rel="noopener noreferrer nofollow">Watch</a></p>',
      '>Listen</a></p>',
      '>Manual</a></p>',
      '>Our blog</a></p>',
      '>Embedded</a></p>',
      '>Other product</a></p>',
      '<p><a href="/checkout" target="_blank" rel="noopener noreferrer nofollow">Buy now</a></p>',
      '<div><div><div><p>Question</p></div><div><p>Answer</p></div></div></div>',
      '<div><div><p>In layout</p></div></div>',
      '<div><p>In card</p></div>',
      '<div><div><p>In block</p></div></div>',
      '<p style="text-align:right">Loose caption</p>',
    ]) {
      expect(html).toContain(fragment);
    }
    for (const gone of ['alert', 'Main St', 'Which?', 'anything', 's.svg']) expect(html).not.toContain(gone);
  });

  it('renders every decoration that has HTML and keeps the text of the others', () => {
    const html = richToHtml(
      doc(
        paragraph(
          text('b', { type: 'BOLD' }),
          text('i', { type: 'ITALIC' }),
          text('u', { type: 'UNDERLINE' }),
          text('s', { type: 'STRIKETHROUGH' }),
          text('sup', { type: 'SUPERSCRIPT' }),
          text('sub', { type: 'SUBSCRIPT' }),
          text('spoil', { type: 'SPOILER', spoilerData: { id: 's1' } }),
          text('red', { type: 'COLOR', colorData: { foreground: '#ff0000', background: 'rgb(0, 0, 255)' } }),
          text('big', { type: 'FONT_SIZE', fontSizeData: { value: 24, unit: 'PX' } }),
          text('link', { type: 'LINK', linkData: { link: { url: 'mailto:shop@example.com' } } }),
          text('anchor', { type: 'ANCHOR', anchorData: { anchor: 'sizes' } }),
          text('@Ann', { type: 'MENTION', mentionData: { name: 'Ann', slug: 'ann' } }),
          text('serif', { type: 'FONT_FAMILY', fontFamilyData: { value: 'Georgia' } }),
          text('sketch', { type: 'SKETCH', sketchData: { variant: 'CIRCLE' } }),
          text('ext', { type: 'EXTERNAL' }),
          text('light', { type: 'BOLD', fontWeightValue: 400 }),
        ),
      ),
    );
    expect(html).toBe(
      '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><sup>sup</sup><sub>sub</sub>' +
        '<span class="rich-spoiler">spoil</span><span style="color:#ff0000;background-color:rgb(0, 0, 255)">red</span>' +
        '<span style="font-size:24px">big</span><a href="mailto:shop@example.com">link</a><a href="#sizes">anchor</a>' +
        '@Annserifsketchextlight</p>',
    );
  });

  it('escapes every text and attribute and drops unsafe URLs and CSS', () => {
    const html = richToHtml({
      nodes: [
        paragraph(
          text('<script>alert("x")</script> & \'q\''),
          text('x', { type: 'COLOR', colorData: { foreground: 'red;background:url(javascript:alert(1))' } }),
          text('y', { type: 'LINK', linkData: { link: { url: 'javascript:alert(1)' } } }),
          text('z', { type: 'FONT_SIZE', fontSizeData: { value: Number.NaN, unit: 'PX' } }),
        ),
        { type: 'IMAGE', imageData: { image: { src: { url: 'http://plain.example/a.png' } }, altText: '"><script>' } },
        { type: 'IMAGE', imageData: { image: { src: { url: 'data:image/png;base64,AAAA' } } } },
      ],
    });
    expect(html).toBe('<p>&lt;script&gt;alert("x")&lt;/script&gt; &amp; \'q\'xyz</p>');
    expect(unsafeParts(html)).toEqual([]);
  });
});

describe('htmlToRich', () => {
  it('reads the back office editor output into nodes and decorations', () => {
    const result = normalise(
      htmlToRich(
        '<h3 style="text-align: right">Care</h3><p>Wash <b>cold</b>, <i>never</i> <u>bleach</u><br>Dry <del>hot</del> <span style="color: #333; font-size: 1.5em">flat</span></p>' +
          '<ol start="2"><li>One</li></ol><blockquote>Q</blockquote><pre>a  b</pre><hr><a href="#top">up</a>',
      ),
    );
    expect(result).toEqual({
      nodes: [
        {
          type: 'HEADING',
          headingData: { level: 3, textStyle: { textAlignment: 'RIGHT' } },
          nodes: [{ type: 'TEXT', textData: { text: 'Care' }, nodes: [] }],
        },
        {
          type: 'PARAGRAPH',
          nodes: [
            { type: 'TEXT', textData: { text: 'Wash ' }, nodes: [] },
            { type: 'TEXT', textData: { text: 'cold', decorations: [{ type: 'BOLD' }] }, nodes: [] },
            { type: 'TEXT', textData: { text: ', ' }, nodes: [] },
            { type: 'TEXT', textData: { text: 'never', decorations: [{ type: 'ITALIC' }] }, nodes: [] },
            { type: 'TEXT', textData: { text: ' ' }, nodes: [] },
            { type: 'TEXT', textData: { text: 'bleach', decorations: [{ type: 'UNDERLINE' }] }, nodes: [] },
            { type: 'TEXT', textData: { text: '\nDry ' }, nodes: [] },
            { type: 'TEXT', textData: { text: 'hot', decorations: [{ type: 'STRIKETHROUGH' }] }, nodes: [] },
            { type: 'TEXT', textData: { text: ' ' }, nodes: [] },
            {
              type: 'TEXT',
              textData: {
                text: 'flat',
                decorations: [
                  { type: 'COLOR', colorData: { foreground: '#333' } },
                  { type: 'FONT_SIZE', fontSizeData: { value: 1.5, unit: 'EM' } },
                ],
              },
              nodes: [],
            },
          ],
        },
        {
          type: 'ORDERED_LIST',
          orderedListData: { start: 2 },
          nodes: [
            {
              type: 'LIST_ITEM',
              nodes: [{ type: 'PARAGRAPH', nodes: [{ type: 'TEXT', textData: { text: 'One' }, nodes: [] }] }],
            },
          ],
        },
        {
          type: 'BLOCKQUOTE',
          nodes: [{ type: 'PARAGRAPH', nodes: [{ type: 'TEXT', textData: { text: 'Q' }, nodes: [] }] }],
        },
        { type: 'CODE_BLOCK', nodes: [{ type: 'TEXT', textData: { text: 'a  b' }, nodes: [] }] },
        { type: 'DIVIDER', nodes: [] },
        {
          type: 'PARAGRAPH',
          nodes: [
            {
              type: 'TEXT',
              textData: { text: 'up', decorations: [{ type: 'LINK', linkData: { link: { anchor: 'top' } } }] },
              nodes: [],
            },
          ],
        },
      ],
    });
  });

  it('splits a paragraph around an inline image and keeps the image link', () => {
    const result = normalise(
      htmlToRich('<p>before <a href="/p/1"><img src="https://x.example/i.png" alt="I"></a> after</p>'),
    );
    expect(result.nodes.map((node) => node.type)).toEqual(['PARAGRAPH', 'IMAGE', 'PARAGRAPH']);
    expect(result.nodes[1]?.imageData).toEqual({
      image: { src: { url: 'https://x.example/i.png' } },
      altText: 'I',
      link: { url: '/p/1' },
    });
    expect(result.nodes[2]?.nodes?.[0]?.textData).toEqual({ text: 'after' });
  });

  it('keeps the text on both sides of a block inside an inline element', () => {
    const result = normalise(htmlToRich('<span>a<blockquote>b</blockquote>c</span><strong>d<p>e</p>f</strong>'));
    expect(JSON.stringify(result).match(/"text":"[a-f]"/g)).toEqual([
      '"text":"a"',
      '"text":"b"',
      '"text":"c"',
      '"text":"d"',
      '"text":"e"',
      '"text":"f"',
    ]);
  });

  it('drops links and images whose URL the schema would refuse, such as one over 4,096 characters', () => {
    const long = `https://x.example/${'a'.repeat(4_100)}`;
    const result = htmlToRich(`<p><a href="${long}">text</a><img src="${long}"></p>`);
    expect(normalise(result)).toEqual({
      nodes: [{ type: 'PARAGRAPH', nodes: [{ type: 'TEXT', textData: { text: 'text' }, nodes: [] }] }],
    });
  });

  it('gives every node a fresh id and yields a document the schema accepts', () => {
    const result = htmlToRich(
      '<p>a</p><ul><li>b</li></ul><table><tr><td>c</td></tr></table><img src="https://x.example/i.png">',
    );
    const ids: string[] = [];
    const visit = (nodes: RichNode[]) => {
      for (const node of nodes) {
        ids.push(node.id ?? '');
        visit(node.nodes ?? []);
      }
    };
    visit(result.nodes);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{8}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(richContentSchema.safeParse(result).success).toBe(true);
  });

  it.each([
    ['<script>alert(1)</script><p>kept</p>', 'kept'],
    ['<style>p{background:url(javascript:alert(1))}</style><p>kept</p>', 'kept'],
    ['<iframe src="https://evil.example"></iframe><p>kept</p>', 'kept'],
    ['<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg><p>kept</p>', 'kept'],
    ['<p onclick="alert(1)" onmouseover=alert(1)>kept</p>', 'kept'],
    ['<p><a href="javascript&colon;alert(1)">kept</a></p>', 'kept'],
    ['<p><a href="jav&#x09;ascript:alert(1)">kept</a></p>', 'kept'],
    ['<p><a href="&#106;avascript:alert(1)">kept</a></p>', 'kept'],
    ['<p><a href=" vbscript:msgbox(1)">kept</a></p>', 'kept'],
    ['<p><img src="data:image/svg+xml;base64,PHN2Zz4=" onerror="alert(1)">kept</p>', 'kept'],
    ['<p style="background:url(javascript:alert(1))">kept</p>', 'kept'],
    ['<p><span style="color:expression(alert(1))">kept</span></p>', 'kept'],
    ['<object data="x.swf"></object><embed src="x"><p>kept</p>', 'kept'],
    ['<form action="javascript:alert(1)"><button formaction="javascript:x">b</button></form><p>kept</p>', 'kept'],
    ['<!--<script>alert(1)</script>--><p>kept</p>', 'kept'],
    ['<p>kept<img src=x onerror=alert(1)//', 'kept'],
  ])('strips %s and keeps the text', (html, kept) => {
    const result = htmlToRich(html);
    const out = richToHtml(result);
    expect(unsafeParts(out)).toEqual([]);
    expect(out).toContain(kept);
    expect(JSON.stringify(result)).not.toMatch(/javascript|vbscript|data:|alert\(1\)|onerror|onclick/i);
  });
});

describe('htmlToRich on huge or deep HTML', () => {
  it('reads HTML nested 100,000 deep without overflowing, into a document within the depth limit', () => {
    const deep = `${'<blockquote><span>'.repeat(100_000)}deep text${'</span></blockquote>'.repeat(100_000)}`;
    const result = htmlToRich(deep);
    expect(richContentSchema.safeParse(result).success).toBe(true);
    expect(JSON.stringify(result)).toContain('deep text');
  });

  it('keeps lists nested 60 deep within the schema by reading the deepest ones as text', () => {
    const html = `${'<ul><li>'.repeat(60)}bottom${'</li></ul>'.repeat(60)}`;
    const result = htmlToRich(html);
    expect(richContentSchema.safeParse(result).error?.issues).toBeUndefined();
    expect(JSON.stringify(result)).toContain('bottom');
    expect(richToHtml(result)).toContain('bottom');
  });

  it('leaves a description over the size limits to the schema, which names the field', () => {
    const result = htmlToRich(`<p>${'x'.repeat(100_001)}</p>`);
    expect(richContentSchema.safeParse(result).error?.issues[0]?.path.join('.')).toBe('nodes.0.nodes.0.textData.text');
  });
});

describe('round trips', () => {
  it('brings back a document of every expressible node and decoration through HTML', () => {
    const original: RichContent = {
      nodes: [
        { type: 'HEADING', headingData: { level: 1 }, nodes: [text('Title', { type: 'ITALIC' })] },
        paragraph(
          text('plain '),
          text(
            'all',
            { type: 'LINK', linkData: { link: { url: 'https://a.example', target: 'BLANK' } } },
            { type: 'SPOILER' },
            { type: 'COLOR', colorData: { foreground: '#123456', background: 'yellow' } },
            { type: 'FONT_SIZE', fontSizeData: { value: 18, unit: 'PX' } },
            { type: 'BOLD' },
            { type: 'ITALIC' },
            { type: 'UNDERLINE' },
            { type: 'STRIKETHROUGH' },
            { type: 'SUPERSCRIPT' },
            { type: 'SUBSCRIPT' },
          ),
          text(' and\na break'),
        ),
        {
          type: 'ORDERED_LIST',
          orderedListData: { start: 3 },
          nodes: [
            {
              type: 'LIST_ITEM',
              nodes: [
                paragraph(text('x')),
                { type: 'BULLETED_LIST', nodes: [{ type: 'LIST_ITEM', nodes: [paragraph(text('y'))] }] },
              ],
            },
          ],
        },
        { type: 'BLOCKQUOTE', nodes: [paragraph(text('q'))] },
        { type: 'CODE_BLOCK', nodes: [text('  two  spaces\n')] },
        { type: 'DIVIDER' },
        {
          type: 'IMAGE',
          imageData: {
            image: { src: { url: 'https://i.example/a.png' }, width: 10, height: 20 },
            altText: 'alt',
            caption: 'cap',
            link: { url: '/x' },
          },
        },
        {
          type: 'TABLE',
          tableData: { header: true },
          nodes: [
            {
              type: 'TABLE_ROW',
              nodes: [
                { type: 'TABLE_CELL', nodes: [paragraph(text('h'))] },
                { type: 'TABLE_CELL', nodes: [] },
              ],
            },
            {
              type: 'TABLE_ROW',
              nodes: [{ type: 'TABLE_CELL', tableCellData: { colspan: 2, rowspan: 3 }, nodes: [paragraph(text('c'))] }],
            },
          ],
        },
        paragraph(),
      ],
    };
    const html = richToHtml(original);
    expect(normalise(htmlToRich(html))).toEqual(normalise(original));
    expect(richToHtml(htmlToRich(html))).toBe(html);
  });
});
