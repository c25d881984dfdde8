/*
 * Rich content → safe HTML, for v1 descriptions and the shop (decision 0021).
 *
 * What each node becomes:
 * - PARAGRAPH <p>, HEADING <h1>…<h6>, BULLETED_LIST <ul>, ORDERED_LIST <ol start>, CHECKBOX_LIST <ul>, LIST_ITEM
 *   <li>, BLOCKQUOTE <blockquote>, CODE_BLOCK <pre><code>, DIVIDER <hr>, TABLE/TABLE_ROW/TABLE_CELL <table> (the
 *   first row in <thead> with <th> when the table has a header) with colspan/rowspan, IMAGE <figure><img>
 *   (+ <figcaption>, + <a> when linked), GIF <figure><img> of the GIF; text alignment as `text-align`.
 * - TEXT: every character escaped, `\n` as <br>; decorations LINK <a>, ANCHOR <a href="#…">, SPOILER
 *   <span class="rich-spoiler">, COLOR <span style="color;background-color">, FONT_SIZE <span style="font-size">,
 *   BOLD <strong>, ITALIC <em>, UNDERLINE <u>, STRIKETHROUGH <s>, SUPERSCRIPT <sup>, SUBSCRIPT <sub>; MENTION,
 *   FONT_FAMILY, SKETCH and EXTERNAL keep their text without markup.
 * - Containers without an HTML twin keep their content in a <div>: COLLAPSIBLE_LIST, COLLAPSIBLE_ITEM (title and
 *   body), LAYOUT, LAYOUT_CELL, CARD, SMART_BLOCK, SMART_BLOCK_CELL; CAPTION is a <figcaption> under an image and a
 *   <p> elsewhere.
 * - Media and embeds become a plain link placeholder when they have a safe URL and are dropped otherwise: VIDEO,
 *   AUDIO, FILE, LINK_PREVIEW, EMBED, APP_EMBED, BUTTON (its text as the link), GALLERY (each image as a figure).
 * - Dropped: HTML (it exists to run code), MAP, POLL, SHAPE, TOC, EXTERNAL.
 * Links: http, https, mailto, tel and relative URLs only; http(s) links get rel="noopener noreferrer nofollow".
 * Images: https and relative sources only; a media id becomes `/media/<id>`. The result then goes through the same
 * allow-list htmlToRich reads with, as a second line of defence.
 */
import { type RichContent, type RichDecoration, type RichNode, type RichNodeType, urlScheme } from '@merx/contract';
import { CSS_COLOR, CSS_FONT_SIZE, SPOILER_CLASS, sanitizeRichHtml } from './allow-list.js';
import { DECORATION_ORDER } from './normalise.js';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const LINK_SCHEMES = new Set(['', 'http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['', 'https']);

/** The href a link may carry, or undefined when its URL is not on the allow-list. */
function linkHref(url: string | null | undefined): string | undefined {
  if (url === null || url === undefined) return undefined;
  const scheme = urlScheme(url);
  return scheme !== undefined && LINK_SCHEMES.has(scheme) ? url : undefined;
}

function imageSrc(src: { url?: string | null; id?: string | null } | undefined): string | undefined {
  if (src?.url) {
    const scheme = urlScheme(src.url);
    return scheme !== undefined && IMAGE_SCHEMES.has(scheme) ? src.url : undefined;
  }
  return src?.id ? `/media/${encodeURIComponent(src.id)}` : undefined;
}

type Link = NonNullable<NonNullable<RichDecoration['linkData']>['link']>;

function anchorTag(link: Link, inner: string): string {
  const href = link.url ? linkHref(link.url) : link.anchor ? `#${link.anchor}` : undefined;
  if (href === undefined) return inner;
  const external = ['http', 'https'].includes(urlScheme(href) ?? '');
  const target = link.target === 'BLANK' ? ' target="_blank"' : '';
  const rel = external || target ? ' rel="noopener noreferrer nofollow"' : '';
  return `<a href="${escapeHtml(href)}"${target}${rel}>${inner}</a>`;
}

function wrap(decoration: RichDecoration, inner: string): string {
  switch (decoration.type) {
    case 'LINK':
      return decoration.linkData?.link ? anchorTag(decoration.linkData.link, inner) : inner;
    case 'ANCHOR':
      return decoration.anchorData?.anchor ? anchorTag({ anchor: decoration.anchorData.anchor }, inner) : inner;
    case 'SPOILER':
      return `<span class="${SPOILER_CLASS}">${inner}</span>`;
    case 'COLOR': {
      const styles: string[] = [];
      const { foreground, background } = decoration.colorData ?? {};
      if (foreground && CSS_COLOR.test(foreground)) styles.push(`color:${foreground}`);
      if (background && CSS_COLOR.test(background)) styles.push(`background-color:${background}`);
      return styles.length > 0 ? `<span style="${styles.join(';')}">${inner}</span>` : inner;
    }
    case 'FONT_SIZE': {
      const { value, unit } = decoration.fontSizeData ?? {};
      const size = `${value}${(unit ?? 'PX').toLowerCase()}`;
      return CSS_FONT_SIZE.test(size) ? `<span style="font-size:${size}">${inner}</span>` : inner;
    }
    case 'BOLD':
      return (decoration.fontWeightValue ?? 700) >= 600 ? `<strong>${inner}</strong>` : inner;
    case 'ITALIC':
      return decoration.italicData === false ? inner : `<em>${inner}</em>`;
    case 'UNDERLINE':
      return decoration.underlineData === false ? inner : `<u>${inner}</u>`;
    case 'STRIKETHROUGH':
      return decoration.strikethroughData === false ? inner : `<s>${inner}</s>`;
    case 'SUPERSCRIPT':
      return decoration.superscriptData === false ? inner : `<sup>${inner}</sup>`;
    case 'SUBSCRIPT':
      return decoration.subscriptData === false ? inner : `<sub>${inner}</sub>`;
    default:
      return inner;
  }
}

function renderText(node: RichNode, code: boolean): string {
  const text = escapeHtml(node.textData?.text ?? '');
  if (code) return text;
  const decorations = [...(node.textData?.decorations ?? [])].sort(
    (a, b) => DECORATION_ORDER.indexOf(a.type) - DECORATION_ORDER.indexOf(b.type),
  );
  return decorations.reduceRight((inner, decoration) => wrap(decoration, inner), text.replace(/\n/g, '<br />'));
}

function alignStyle(data: { textStyle?: { textAlignment?: string | null } } | undefined): string {
  const alignment = data?.textStyle?.textAlignment;
  return alignment && alignment !== 'AUTO' ? ` style="text-align:${alignment.toLowerCase()}"` : '';
}

function linkPlaceholder(url: string | null | undefined, label: string | null | undefined): string {
  const href = linkHref(url);
  if (!href) return '';
  return `<p>${anchorTag({ url: href, target: 'BLANK' }, escapeHtml(label || href))}</p>`;
}

function figure(
  src: string | undefined,
  node: { alt?: string | null; width?: number | null; height?: number | null; caption?: string; link?: Link },
): string {
  if (!src) return '';
  const size = (name: string, value: number | null | undefined) =>
    value && Number.isInteger(value) && value > 0 ? ` ${name}="${value}"` : '';
  let img = `<img src="${escapeHtml(src)}"${node.alt ? ` alt="${escapeHtml(node.alt)}"` : ''}${size('width', node.width)}${size('height', node.height)} />`;
  if (node.link) img = anchorTag(node.link, img);
  return `<figure>${img}${node.caption ?? ''}</figure>`;
}

function renderTable(node: RichNode): string {
  const rows = (node.nodes ?? []).filter((row) => row.type === 'TABLE_ROW');
  const cells = (row: RichNode, tag: string) =>
    (row.nodes ?? [])
      .map((cell) => {
        const { colspan, rowspan } = cell.tableCellData ?? {};
        const span = `${colspan && colspan > 1 ? ` colspan="${colspan}"` : ''}${rowspan && rowspan > 1 ? ` rowspan="${rowspan}"` : ''}`;
        return `<${tag}${span}>${renderNodes(cell.nodes)}</${tag}>`;
      })
      .join('');
  const header = node.tableData?.header && rows.length > 0;
  const head = header ? `<thead><tr>${cells(rows[0] as RichNode, 'th')}</tr></thead>` : '';
  const body = (header ? rows.slice(1) : rows).map((row) => `<tr>${cells(row, 'td')}</tr>`).join('');
  return `<table>${head}${body ? `<tbody>${body}</tbody>` : ''}</table>`;
}

type Render = (node: RichNode, inner: () => string, parent?: RichNode) => string;

const container: Render = (_node, inner) => `<div>${inner()}</div>`;
const dropped: Render = () => '';

function renderImage(node: RichNode): string {
  const data = node.imageData;
  const captionNodes = (node.nodes ?? []).filter((child) => child.type === 'CAPTION');
  const caption = data?.caption
    ? `<figcaption>${escapeHtml(data.caption)}</figcaption>`
    : captionNodes.map((child) => `<figcaption>${renderNodes(child.nodes, child)}</figcaption>`).join('');
  const link = data?.link?.url || data?.link?.anchor ? data.link : undefined;
  return figure(imageSrc(data?.image?.src), {
    alt: data?.altText,
    width: data?.image?.width,
    height: data?.image?.height,
    caption,
    ...(link ? { link } : {}),
  });
}

/** What each node type becomes: every type the schema accepts has a decision here (the compiler checks). */
const RENDERERS = {
  TEXT: (node, _inner, parent) => renderText(node, parent?.type === 'CODE_BLOCK'),
  PARAGRAPH: (node, inner) => `<p${alignStyle(node.paragraphData)}>${inner()}</p>`,
  HEADING: (node, inner) => {
    const level = Math.min(6, Math.max(1, node.headingData?.level ?? 1));
    return `<h${level}${alignStyle(node.headingData)}>${inner()}</h${level}>`;
  },
  BULLETED_LIST: (_node, inner) => `<ul>${inner()}</ul>`,
  CHECKBOX_LIST: (_node, inner) => `<ul>${inner()}</ul>`,
  ORDERED_LIST: (node, inner) => {
    const start = node.orderedListData?.start;
    return `<ol${start !== null && start !== undefined && start !== 1 ? ` start="${start}"` : ''}>${inner()}</ol>`;
  },
  LIST_ITEM: (_node, inner) => `<li>${inner()}</li>`,
  BLOCKQUOTE: (_node, inner) => `<blockquote>${inner()}</blockquote>`,
  CODE_BLOCK: (_node, inner) => `<pre><code>${inner()}</code></pre>`,
  DIVIDER: () => '<hr />',
  TABLE: (node) => renderTable(node),
  TABLE_ROW: container,
  TABLE_CELL: container,
  IMAGE: (node) => renderImage(node),
  GIF: (node) => figure(imageSrc({ url: node.gifData?.original?.gif ?? node.gifData?.downsized?.gif }), {}),
  GALLERY: (node) =>
    (node.galleryData?.items ?? [])
      .map((item) => figure(imageSrc(item.image?.media?.src), { alt: item.altText ?? item.title }))
      .join(''),
  CAPTION: (node, inner) => `<p${alignStyle(node.captionData)}>${inner()}</p>`,
  VIDEO: (node) => linkPlaceholder(node.videoData?.video?.src?.url, node.videoData?.title),
  AUDIO: (node) => linkPlaceholder(node.audioData?.audio?.src?.url, node.audioData?.name),
  FILE: (node) => linkPlaceholder(node.fileData?.src?.url, node.fileData?.name),
  LINK_PREVIEW: (node) => linkPlaceholder(node.linkPreviewData?.link?.url, node.linkPreviewData?.title),
  EMBED: (node) => linkPlaceholder(node.embedData?.oembed?.url ?? node.embedData?.src, node.embedData?.oembed?.title),
  APP_EMBED: (node) => linkPlaceholder(node.appEmbedData?.url, node.appEmbedData?.name),
  BUTTON: (node) => linkPlaceholder(node.buttonData?.link?.url, node.buttonData?.text),
  COLLAPSIBLE_LIST: container,
  COLLAPSIBLE_ITEM: container,
  COLLAPSIBLE_ITEM_TITLE: container,
  COLLAPSIBLE_ITEM_BODY: container,
  LAYOUT: container,
  LAYOUT_CELL: container,
  CARD: container,
  SMART_BLOCK: container,
  SMART_BLOCK_CELL: container,
  HTML: dropped,
  MAP: dropped,
  POLL: dropped,
  SHAPE: dropped,
  TOC: dropped,
  EXTERNAL: dropped,
} satisfies Record<RichNodeType, Render>;

function renderNode(node: RichNode, parent?: RichNode): string {
  const render: Render | undefined = RENDERERS[node.type];
  return render ? render(node, () => renderNodes(node.nodes, node), parent) : '';
}

function renderNodes(nodes: readonly RichNode[] | undefined, parent?: RichNode): string {
  return (nodes ?? []).map((node) => renderNode(node, parent)).join('');
}

/** Safe HTML of a rich-content document (see the file's comment for what each node becomes). */
export function richToHtml(doc: RichContent): string {
  return sanitizeRichHtml(renderNodes(doc.nodes)).trim();
}
