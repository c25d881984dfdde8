import { type RichContent, type RichDecoration, type RichNode, richContentSchema } from '@merx/contract';
import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { htmlToRich, normalise, richToHtml, sanitizeRichHtml } from './index.js';
import { unsafeParts } from './safety.test-kit.js';

type DomNode = ReturnType<typeof parseDocument>['children'][number];

const chars = fc.constantFrom(
  'a',
  'b',
  'Z',
  '0',
  ' ',
  ' ',
  '\n',
  '\t',
  '<',
  '>',
  '&',
  '"',
  "'",
  'é',
  '€',
  '😀',
  '/',
  '=',
);
const words = fc.string({ unit: chars, minLength: 0, maxLength: 10 });

const link = fc.record(
  {
    url: fc.constantFrom(
      'https://shop.example/a?b=1&c=2',
      'http://x.example',
      'mailto:a@b.example',
      'tel:+4412',
      '/products/x',
      'rel/path',
    ),
    target: fc.constant('BLANK' as const),
  },
  { requiredKeys: ['url'] },
);
const decoration: fc.Arbitrary<RichDecoration> = fc.oneof(
  fc.constantFrom<RichDecoration>(
    { type: 'BOLD' },
    { type: 'ITALIC' },
    { type: 'UNDERLINE' },
    { type: 'STRIKETHROUGH' },
    { type: 'SUPERSCRIPT' },
    { type: 'SUBSCRIPT' },
    { type: 'SPOILER' },
  ),
  link.map((value) => ({ type: 'LINK' as const, linkData: { link: value } })),
  fc.constantFrom('anchor-1', 'top').map((anchor) => ({ type: 'LINK' as const, linkData: { link: { anchor } } })),
  fc
    .record(
      { foreground: fc.constantFrom('#ff0000', 'red', 'rgb(1, 2, 3)'), background: fc.constantFrom('#0f0', 'yellow') },
      { requiredKeys: [] },
    )
    .filter((data) => Object.keys(data).length > 0)
    .map((colorData) => ({ type: 'COLOR' as const, colorData })),
  fc
    .record({ value: fc.integer({ min: 1, max: 96 }), unit: fc.constantFrom('PX' as const, 'EM' as const) })
    .map((fontSizeData) => ({ type: 'FONT_SIZE' as const, fontSizeData })),
);
const text: fc.Arbitrary<RichNode> = fc
  .record({ text: words, decorations: fc.uniqueArray(decoration, { maxLength: 4, selector: (d) => d.type }) })
  .map(({ text: value, decorations }) => ({
    type: 'TEXT',
    textData: decorations.length > 0 ? { text: value, decorations } : { text: value },
  }));
const alignment = fc.option(
  fc.constantFrom('AUTO' as const, 'LEFT' as const, 'RIGHT' as const, 'CENTER' as const, 'JUSTIFY' as const),
  { nil: undefined },
);
const inline = fc.array(text, { maxLength: 4 });
const paragraph: fc.Arbitrary<RichNode> = fc
  .record({ textAlignment: alignment, nodes: inline })
  .map(({ textAlignment, nodes }) => ({
    type: 'PARAGRAPH',
    ...(textAlignment ? { paragraphData: { textStyle: { textAlignment } } } : {}),
    nodes,
  }));
const heading: fc.Arbitrary<RichNode> = fc
  .record({ level: fc.integer({ min: 1, max: 6 }), textAlignment: alignment, nodes: inline })
  .map(({ level, textAlignment, nodes }) => ({
    type: 'HEADING',
    headingData: { level, ...(textAlignment ? { textStyle: { textAlignment } } : {}) },
    nodes,
  }));
const code: fc.Arbitrary<RichNode> = words.map((value) => ({
  type: 'CODE_BLOCK',
  nodes: [{ type: 'TEXT', textData: { text: value } }],
}));
const divider: fc.Arbitrary<RichNode> = fc.constant({ type: 'DIVIDER' });
const image: fc.Arbitrary<RichNode> = fc
  .record(
    {
      url: fc.constantFrom('https://cdn.example/a.png', '/media/library~b.jpg', 'https://cdn.example/x?y=1&z="2"'),
      width: fc.integer({ min: 1, max: 4000 }),
      altText: words.filter((w) => w.trim() !== ''),
      caption: words.map((w) => w.replace(/[\s]+/g, ' ').trim()).filter((w) => w !== ''),
      link,
    },
    { requiredKeys: ['url'] },
  )
  .map(({ url, width, altText, caption, link: target }) => ({
    type: 'IMAGE',
    imageData: {
      image: { src: { url }, ...(width ? { width } : {}) },
      ...(altText ? { altText } : {}),
      ...(caption ? { caption } : {}),
      ...(target ? { link: target } : {}),
    },
  }));

const { block } = fc.letrec<{ block: RichNode; list: RichNode; quote: RichNode; table: RichNode }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    paragraph,
    heading,
    code,
    divider,
    image,
    tie('list'),
    tie('quote'),
    tie('table'),
  ),
  list: fc
    .record({
      ordered: fc.boolean(),
      start: fc.integer({ min: 0, max: 20 }),
      items: fc.array(fc.array(fc.oneof(paragraph, tie('list')), { maxLength: 2 }), { minLength: 1, maxLength: 3 }),
    })
    .map(({ ordered, start, items }) => ({
      type: ordered ? 'ORDERED_LIST' : 'BULLETED_LIST',
      ...(ordered ? { orderedListData: { start } } : {}),
      nodes: items.map((nodes) => ({ type: 'LIST_ITEM', nodes })),
    })),
  quote: fc.array(fc.oneof(paragraph, heading), { maxLength: 3 }).map((nodes) => ({ type: 'BLOCKQUOTE', nodes })),
  table: fc
    .record({
      header: fc.boolean(),
      rows: fc.array(
        fc.array(fc.record({ colspan: fc.integer({ min: 1, max: 3 }), nodes: fc.array(paragraph, { maxLength: 2 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        { minLength: 1, maxLength: 3 },
      ),
    })
    .map(({ header, rows }) => ({
      type: 'TABLE',
      tableData: { header },
      nodes: rows.map((cells) => ({
        type: 'TABLE_ROW',
        nodes: cells.map(({ colspan, nodes }) => ({ type: 'TABLE_CELL', tableCellData: { colspan }, nodes })),
      })),
    })),
}));
const document: fc.Arbitrary<RichContent> = fc.array(block, { maxLength: 6 }).map((nodes) => ({ nodes }));

/** Pieces of hostile HTML: tags, handlers, scripts and disguised URLs, glued at random. */
const hostileHtml = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<script>',
        '</script>',
        '<p',
        '<p>',
        '</p>',
        '>',
        '<a href="',
        '<a href=',
        'javascript:alert(1)',
        'JaVaScRiPt&colon;alert(1)',
        'java&#x09;script:',
        '&#106;avascript:',
        'vbscript:msgbox(1)',
        'data:text/html;base64,PHNjcmlwdD4=',
        '"',
        "'",
        ' onclick="alert(1)"',
        ' onerror=alert(1) ',
        ' ONLOAD=x ',
        '<img src=',
        '<img src="x" ',
        '<svg>',
        '<svg onload=alert(1)>',
        '<math>',
        '<style>',
        '</style>',
        '<iframe src=',
        '<object data=',
        '<embed src=',
        '<base href=',
        '<form action=',
        '<button formaction=',
        '<!--',
        '-->',
        '<![CDATA[',
        ']]>',
        '<span style="',
        'background:url(javascript:alert(1))',
        'color:expression(alert(1))',
        '<template>',
        '<noscript>',
        '<textarea>',
        '<table><tr><td>',
        '<li>',
        '<ul>',
        '<pre>',
        '<br>',
        '<h2>',
        '<blockquote>',
        '<figure><figcaption>',
        '</',
        '<',
        '/',
        '=',
        ' ',
        '\n',
        '\u0000',
        'text',
      ),
      words,
    ),
    { maxLength: 25 },
  )
  .map((parts) => parts.join(''));

/** Documents that never met the schema: hostile text, URLs, colours and sizes in every renderable place. */
const hostileDocument: fc.Arbitrary<RichContent> = fc
  .array(
    fc.record({ text: hostileHtml, url: hostileHtml, color: hostileHtml, size: fc.double(), level: fc.integer() }),
    { maxLength: 4 },
  )
  .map((parts) => ({
    nodes: parts.flatMap(({ text: value, url, color, size, level }) => [
      {
        type: 'PARAGRAPH' as const,
        nodes: [
          {
            type: 'TEXT' as const,
            textData: {
              text: value,
              decorations: [
                { type: 'LINK' as const, linkData: { link: { url, anchor: value } } },
                { type: 'COLOR' as const, colorData: { foreground: color, background: value } },
                { type: 'FONT_SIZE' as const, fontSizeData: { value: size, unit: 'PX' as const } },
              ],
            },
          },
        ],
      },
      {
        type: 'HEADING' as const,
        headingData: { level },
        nodes: [{ type: 'TEXT' as const, textData: { text: value } }],
      },
      { type: 'IMAGE' as const, imageData: { image: { src: { url } }, altText: value, caption: value, link: { url } } },
      { type: 'VIDEO' as const, videoData: { video: { src: { url } }, title: value } },
      { type: 'CODE_BLOCK' as const, nodes: [{ type: 'TEXT' as const, textData: { text: value } }] },
    ]),
  }));

const RUNS = 300;

describe('the generators', () => {
  it('make hostile HTML that is unsafe before cleaning, so the safety property can fail', () => {
    const samples = fc.sample(hostileHtml, { numRuns: 300, seed: 20 });
    expect(samples.filter((html) => unsafeParts(html).length > 0).length).toBeGreaterThan(20);
  });

  it('make documents with text, decorations and nesting', () => {
    const json = JSON.stringify(fc.sample(document, 100));
    for (const part of [
      '"LIST_ITEM"',
      '"TABLE_CELL"',
      '"BLOCKQUOTE"',
      '"LINK"',
      '"COLOR"',
      '"FONT_SIZE"',
      '"IMAGE"',
      '\\n',
    ]) {
      expect(json).toContain(part);
    }
  });
});

describe('rich text ↔ HTML, for any input', () => {
  it('keeps the content of any document of expressible nodes through HTML and back', () => {
    fc.assert(
      fc.property(document, (doc) => {
        expect(richContentSchema.safeParse(doc).success).toBe(true);
        expect(normalise(htmlToRich(richToHtml(doc)))).toEqual(normalise(doc));
      }),
      { numRuns: RUNS },
    );
  });

  it('normalises once for all: normalise is idempotent', () => {
    fc.assert(
      fc.property(document, (doc) => {
        expect(normalise(normalise(doc))).toEqual(normalise(doc));
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps every visible character of the cleaned HTML, in order', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the document drops control characters; so does the comparison.
    const squeeze = (value: string) => value.replace(/[\s\u0000-\u001f\u007f]+/g, '');
    const visible = (html: string) => {
      const parts: string[] = [];
      const walk = (nodes: DomNode[]) => {
        for (const node of nodes) {
          if (node.type === 'text') parts.push((node as { data: string }).data);
          if ('children' in node) walk(node.children as DomNode[]);
        }
      };
      walk(parseDocument(sanitizeRichHtml(html)).children as DomNode[]);
      return squeeze(parts.join(''));
    };
    const held = (nodes: RichNode[] | undefined): string =>
      (nodes ?? [])
        .map((node) => (node.textData?.text ?? '') + held(node.nodes) + (node.imageData?.caption ?? ''))
        .join('');
    fc.assert(
      fc.property(fc.oneof(hostileHtml, document.map(richToHtml)), (html) => {
        expect(squeeze(held(htmlToRich(html).nodes))).toBe(visible(html));
      }),
      { numRuns: RUNS },
    );
  });

  it('yields HTML that is a fixed point after one pass, for documents and for hostile HTML', () => {
    fc.assert(
      fc.property(fc.oneof(document.map(richToHtml), hostileHtml, fc.string()), (html) => {
        const once = richToHtml(htmlToRich(html));
        expect(richToHtml(htmlToRich(once))).toBe(once);
      }),
      { numRuns: RUNS },
    );
  });

  it('renders any document, even one that skipped validation, without a script, a handler or an unsafe URL', () => {
    fc.assert(
      fc.property(hostileDocument, (doc) => {
        expect(unsafeParts(richToHtml(doc))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('never lets a script, a handler or an unsafe URL through, by a real parse of the output', () => {
    fc.assert(
      fc.property(fc.oneof(hostileHtml, fc.string(), fc.string({ unit: 'binary' })), (html) => {
        const doc = htmlToRich(html);
        expect(richContentSchema.safeParse(doc).success).toBe(true);
        const out = richToHtml(doc);
        expect(unsafeParts(out)).toEqual([]);
        expect(out).not.toMatch(/<script|<style|<iframe|<svg/i);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
