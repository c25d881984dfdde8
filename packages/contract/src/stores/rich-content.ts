/*
 * The rich-content document of catalog v3 (product descriptions, info sections): `{nodes, metadata?, documentStyle?}`.
 *
 * Every node type, decoration type and enumeration of spec section 3 "Enumerations: rich text" is accepted, and so is
 * every value the pinned `@wix/stores` 1.0.918 v3 products module declares beyond it (LAYOUT, CARD, TOC, SMART_BLOCK,
 * CHECKBOX_LIST, … and the STRIKETHROUGH, SUPERSCRIPT, SUBSCRIPT, FONT_FAMILY, SKETCH decorations): a document the
 * packages send must be stored. Unknown node or decoration types are refused with the path of the field; unknown
 * keys are dropped. Every URL must be http, https, mailto, tel or relative (decision 0021).
 */
import { z } from 'zod';

/** Bounds of one document: nesting, node count and string sizes. */
export const RICH_CONTENT_LIMITS = {
  maxDepth: 50,
  maxNodes: 10_000,
  maxTextLength: 100_000,
  maxStringLength: 10_000,
  maxUrlLength: 4_096,
  maxHtmlLength: 100_000,
} as const;

/** Node types of spec section 3, then the ones the pinned packages add. */
export const RICH_NODE_TYPES = [
  'PARAGRAPH',
  'TEXT',
  'HEADING',
  'BULLETED_LIST',
  'ORDERED_LIST',
  'LIST_ITEM',
  'BLOCKQUOTE',
  'CODE_BLOCK',
  'VIDEO',
  'DIVIDER',
  'FILE',
  'GALLERY',
  'GIF',
  'HTML',
  'IMAGE',
  'LINK_PREVIEW',
  'MAP',
  'POLL',
  'APP_EMBED',
  'BUTTON',
  'COLLAPSIBLE_LIST',
  'TABLE',
  'EMBED',
  'COLLAPSIBLE_ITEM',
  'COLLAPSIBLE_ITEM_TITLE',
  'COLLAPSIBLE_ITEM_BODY',
  'TABLE_CELL',
  'TABLE_ROW',
  'EXTERNAL',
  'AUDIO',
  'CAPTION',
  // From the pinned packages, beyond spec section 3:
  'LAYOUT',
  'LAYOUT_CELL',
  'SHAPE',
  'CARD',
  'TOC',
  'SMART_BLOCK',
  'SMART_BLOCK_CELL',
  'CHECKBOX_LIST',
] as const;

/** Text decorations of spec section 3, then the ones the pinned packages add. */
export const RICH_DECORATION_TYPES = [
  'BOLD',
  'ITALIC',
  'UNDERLINE',
  'SPOILER',
  'ANCHOR',
  'MENTION',
  'LINK',
  'COLOR',
  'FONT_SIZE',
  'EXTERNAL',
  // From the pinned packages, beyond spec section 3:
  'STRIKETHROUGH',
  'SUPERSCRIPT',
  'SUBSCRIPT',
  'FONT_FAMILY',
  'SKETCH',
] as const;

export type RichNodeType = (typeof RICH_NODE_TYPES)[number];
export type RichDecorationType = (typeof RICH_DECORATION_TYPES)[number];

const SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * The scheme a browser would see in a URL (lower case), '' for a relative URL, or undefined when the URL is
 * protocol-relative (`//host`, `\\host`). Browsers ignore tabs, newlines and control characters inside a scheme
 * and read `\` as `/`, so they are removed first: `java\tscript:` is `javascript`.
 */
export function urlScheme(url: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what browsers skip.
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').replace(/\\/g, '/');
  if (cleaned.startsWith('//')) return undefined;
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  return match ? (match[1] as string).toLowerCase() : '';
}

/** True for http, https, mailto, tel and relative URLs: the only URLs a rich document may hold. */
export function isSafeRichUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme !== undefined && (scheme === '' || SCHEMES.has(scheme));
}

const UNSAFE_URL = 'unsafe URL: only http, https, mailto, tel and relative URLs are allowed';

const str = (max: number = RICH_CONTENT_LIMITS.maxStringLength) => z.string().max(max).nullish();
const num = z.number().finite().nullish();
const int = z.number().int().nullish();
const bool = z.boolean().nullish();
const nums = z.array(z.number().finite()).max(1000).optional();
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullish();
const url = z.string().max(RICH_CONTENT_LIMITS.maxUrlLength).refine(isSafeRichUrl, UNSAFE_URL).nullish();

const textAlignment = oneOf(['AUTO', 'LEFT', 'RIGHT', 'CENTER', 'JUSTIFY']);
const imagePosition = oneOf([
  'CENTER',
  'CENTER_LEFT',
  'CENTER_RIGHT',
  'TOP',
  'TOP_LEFT',
  'TOP_RIGHT',
  'BOTTOM',
  'BOTTOM_LEFT',
  'BOTTOM_RIGHT',
]);

const fileSource = z.object({ url, custom: str(), id: str(), private: bool });
const media = z.object({ src: fileSource.optional(), width: num, height: num, duration: num });
const link = z.object({
  url,
  anchor: str(),
  target: oneOf(['SELF', 'BLANK', 'PARENT', 'TOP']),
  rel: z.object({ nofollow: bool, sponsored: bool, ugc: bool, noreferrer: bool }).optional(),
  customData: str(),
});
const textStyle = z.object({ textAlignment, lineHeight: str(100) });
const nodeStyle = z.object({ paddingTop: str(100), paddingBottom: str(100), backgroundColor: str(100) });
const gradient = z.object({
  type: oneOf(['LINEAR', 'RADIAL']),
  stops: z
    .array(z.object({ color: str(100), position: num }))
    .max(100)
    .optional(),
  angle: num,
  centerX: num,
  centerY: num,
});
const background = z.object({ type: oneOf(['COLOR', 'GRADIENT']), color: str(100), gradient: gradient.optional() });
const animation = z.object({
  type: oneOf(['VIEW', 'POINTER']),
  entrance: z
    .object({
      effect: z
        .object({
          type: oneOf([
            'FADE',
            'ARC',
            'BLUR',
            'BOUNCE',
            'DROP',
            'EXPAND',
            'FLIP',
            'FLOAT',
            'FOLD',
            'GLIDE',
            'REVEAL',
            'SHAPE',
            'SHUTTERS',
            'SLIDE',
            'SPIN',
            'TILT',
            'TURN',
            'WINK',
          ]),
          direction: str(100),
          shape: str(100),
          easing: str(100),
        })
        .optional(),
      duration: num,
      delay: num,
    })
    .optional(),
  loop: z
    .object({
      effect: z
        .object({
          type: oneOf([
            'BOUNCE',
            'BREATHE',
            'CROSS',
            'FLASH',
            'FLIP',
            'FOLD',
            'JELLO',
            'POKE',
            'PULSE',
            'RUBBER',
            'SPIN',
            'SWING',
            'WIGGLE',
          ]),
          direction: str(100),
          easing: str(100),
        })
        .optional(),
      duration: num,
      iterationDelay: num,
    })
    .optional(),
  effect: z
    .object({
      type: oneOf(['AIRY', 'BLOB', 'BLUR', 'SCALE', 'SKEW', 'SWIVEL', 'TILT_3D', 'TRACK', 'TRACK_3D']),
      inverted: bool,
      axis: str(100),
      direction: str(100),
      easing: str(100),
    })
    .optional(),
  transitionDuration: num,
});
const containerData = z.object({
  width: z.object({ size: oneOf(['CONTENT', 'SMALL', 'ORIGINAL', 'FULL_WIDTH']), custom: str(100) }).optional(),
  alignment: oneOf(['CENTER', 'LEFT', 'RIGHT']),
  spoiler: z.object({ enabled: bool, description: str(), buttonText: str() }).optional(),
  height: z.object({ custom: str(100) }).optional(),
  textWrap: bool,
});
const common = { containerData: containerData.optional(), animation: animation.optional() };
const verticalAlignment = oneOf(['TOP', 'MIDDLE', 'BOTTOM']);
const backgroundImage = z.object({
  media: media.optional(),
  opacity: num,
  scaling: oneOf(['AUTO', 'CONTAIN', 'COVER']),
  position: imagePosition,
  blur: num,
  overlay: background.optional(),
});
const smartBlockType = oneOf([
  'SOLID_BOXES',
  'NUMBERED_BOXES',
  'STATS',
  'CIRCLE_STATS',
  'SOLID_BOXES_ALTERNATING',
  'SOLID_JOINED_BOXES',
  'SIDE_LINE_TEXT',
  'TOP_LINE_TEXT',
  'OUTLINE_BOXES_WITH_TOP_CIRCLE',
  'BIG_BULLETS',
  'SMALL_BULLETS',
  'ARROW_BULLETS',
  'PROCESS_STEPS',
  'BAR_STATS',
  'TIMELINE',
  'MINIMAL_TIMELINE',
  'PILLS',
  'STAR_RATING',
  'QUOTE_BOXES',
  'CIRCLE',
  'PYRAMID',
  'STAIRCASE',
  'VERTICAL_FUNNEL',
]);
const sectionDivider = z.object({
  type: oneOf([
    'ELLIPSE',
    'TILT',
    'LIQUID',
    'LEFT_WAVE',
    'PAINT_SCRIBBLE',
    'INVERTED_ELLIPSE',
    'RIGHT_WAVE',
    'DUNES',
    'WAVES',
    'TRIANGLE',
    'SEMI_ELLIPSE',
    'PLANTS',
    'LAYERED_ELLIPSE',
    'PIXELS',
    'PAINT',
    'CLOUDS',
    'OPTICAL_ILLUSION',
    'STRIPES',
    'BLOBS',
    'SEMI_CIRCLES',
    'HILL',
    'BRUSH',
    'PEAKS',
    'ANGLED_TRIANGLE',
  ]),
  color: str(100),
  height: num,
  offsetX: num,
  flipped: bool,
  layers: z
    .object({ count: num, offsetY: num, offsetX: num, layerEffect: oneOf(['CENTER', 'FADE_TO_TOP', 'FADE_TO_BOTTOM']) })
    .optional(),
});

/** One text decoration; its data field matches its type (`linkData` for LINK, `colorData` for COLOR, …). */
export const richDecorationSchema = z.object({
  type: z.enum(RICH_DECORATION_TYPES),
  anchorData: z.object({ anchor: str() }).optional(),
  colorData: z.object({ background: str(100), foreground: str(100) }).optional(),
  linkData: z.object({ link: link.optional() }).optional(),
  mentionData: z.object({ name: str(), slug: str(), id: str(), type: str(100) }).optional(),
  fontSizeData: z.object({ unit: oneOf(['PX', 'EM']), value: num }).optional(),
  fontWeightValue: int,
  italicData: bool,
  underlineData: bool,
  spoilerData: z.object({ id: str() }).optional(),
  strikethroughData: bool,
  superscriptData: bool,
  subscriptData: bool,
  fontFamilyData: z.object({ value: str(200) }).optional(),
  sketchData: z
    .object({
      variant: oneOf(['UNDERLINE', 'BOX', 'CIRCLE', 'HIGHLIGHT', 'STRIKETHROUGH', 'CROSSED_OFF']),
      color: str(100),
      animate: bool,
    })
    .optional(),
});
export type RichDecoration = z.infer<typeof richDecorationSchema>;

const nodeData = {
  buttonData: z
    .object({
      ...common,
      type: oneOf(['LINK', 'ACTION']),
      styles: z
        .object({
          border: z.object({ width: num, radius: num }).optional(),
          colors: z.object({ text: str(100), border: str(100), background: str(100) }).optional(),
          borderWidth: num,
          borderWidthHover: num,
          borderRadius: num,
          borderColor: str(100),
          borderColorHover: str(100),
          textColor: str(100),
          textColorHover: str(100),
          backgroundColor: str(100),
          backgroundColorHover: str(100),
          buttonSize: str(100),
          background: background.optional(),
          backgroundHover: background.optional(),
        })
        .optional(),
      text: str(),
      link: link.optional(),
    })
    .optional(),
  codeBlockData: z.object({ textStyle: textStyle.optional(), animation: animation.optional() }).optional(),
  dividerData: z
    .object({
      ...common,
      lineStyle: oneOf(['SINGLE', 'DOUBLE', 'DASHED', 'DOTTED']),
      width: oneOf(['LARGE', 'MEDIUM', 'SMALL']),
      alignment: oneOf(['CENTER', 'LEFT', 'RIGHT']),
      styles: z
        .object({
          color: str(100),
          lineCap: oneOf(['SQUARE', 'ROUND']),
          lineThickness: nums,
          dashLength: num,
          dashGap: num,
          lineGap: num,
        })
        .optional(),
    })
    .optional(),
  fileData: z
    .object({
      ...common,
      src: fileSource.optional(),
      name: str(),
      type: str(100),
      size: num,
      pdfSettings: z
        .object({ viewMode: oneOf(['NONE', 'FULL', 'MINI']), disableDownload: bool, disablePrint: bool })
        .optional(),
      mimeType: str(200),
      path: str(),
      sizeInKb: str(100),
    })
    .optional(),
  galleryData: z
    .object({
      ...common,
      items: z
        .array(
          z.object({
            image: z.object({ media: media.optional(), link: link.optional() }).optional(),
            video: z.object({ media: media.optional(), thumbnail: media.optional() }).optional(),
            title: str(),
            altText: str(),
          }),
        )
        .max(1000)
        .optional(),
      options: z
        .object({
          layout: z
            .object({
              type: oneOf([
                'COLLAGE',
                'MASONRY',
                'GRID',
                'THUMBNAIL',
                'SLIDER',
                'SLIDESHOW',
                'PANORAMA',
                'COLUMN',
                'MAGIC',
                'FULLSIZE',
              ]),
              horizontalScroll: bool,
              orientation: oneOf(['ROWS', 'COLUMNS']),
              numberOfColumns: num,
              mobileNumberOfColumns: num,
            })
            .optional(),
          item: z.object({ targetSize: num, ratio: num, crop: oneOf(['FILL', 'FIT']), spacing: num }).optional(),
          thumbnails: z
            .object({ placement: oneOf(['TOP', 'RIGHT', 'BOTTOM', 'LEFT', 'NONE']), spacing: num })
            .optional(),
        })
        .optional(),
      disableExpand: bool,
      disableDownload: bool,
    })
    .optional(),
  gifData: z
    .object({
      ...common,
      original: z.object({ gif: url, mp4: url, still: url }).optional(),
      downsized: z.object({ gif: url, mp4: url, still: url }).optional(),
      height: num,
      width: num,
      gifType: oneOf(['NORMAL', 'STICKER']),
    })
    .optional(),
  headingData: z
    .object({
      level: z.number().int().min(1).max(6).nullish(),
      textStyle: textStyle.optional(),
      indentation: int,
      renderedLevel: int,
      animation: animation.optional(),
    })
    .optional(),
  htmlData: z
    .object({
      ...common,
      url,
      html: str(RICH_CONTENT_LIMITS.maxHtmlLength),
      isAdsense: bool,
      widgetId: str(),
      source: oneOf(['HTML', 'ADSENSE', 'AI', 'AI_WIDGET']),
      autoHeight: bool,
    })
    .optional(),
  imageData: z
    .object({
      ...common,
      image: media.optional(),
      link: link.optional(),
      disableExpand: bool,
      altText: str(),
      caption: str(),
      disableDownload: bool,
      decorative: bool,
      styles: z.object({ border: z.object({ width: num, color: str(100), radius: num }).optional() }).optional(),
      crop: z.object({ x: num, y: num, width: num, height: num }).optional(),
      cropShape: str(100),
    })
    .optional(),
  linkPreviewData: z
    .object({
      ...common,
      link: link.optional(),
      title: str(),
      thumbnailUrl: url,
      description: str(),
      html: str(RICH_CONTENT_LIMITS.maxHtmlLength),
      styles: z
        .object({
          backgroundColor: str(100),
          titleColor: str(100),
          subtitleColor: str(100),
          linkColor: str(100),
          borderWidth: num,
          borderRadius: num,
          borderColor: str(100),
          thumbnailPosition: oneOf(['START', 'END', 'TOP', 'HIDDEN']),
        })
        .optional(),
    })
    .optional(),
  mapData: z
    .object({
      containerData: containerData.optional(),
      mapSettings: z
        .object({
          address: str(),
          draggable: bool,
          marker: bool,
          streetViewControl: bool,
          zoomControl: bool,
          lat: num,
          lng: num,
          locationName: str(),
          viewModeControl: bool,
          initialZoom: num,
          mapType: oneOf(['ROADMAP', 'SATELITE', 'HYBRID', 'TERRAIN']),
        })
        .optional(),
    })
    .optional(),
  paragraphData: z
    .object({ textStyle: textStyle.optional(), indentation: int, level: int, animation: animation.optional() })
    .optional(),
  pollData: z
    .object({
      ...common,
      poll: z
        .object({
          id: str(),
          title: str(),
          creatorId: str(),
          image: media.optional(),
          options: z
            .array(z.object({ id: str(), title: str(), image: media.optional() }))
            .max(1000)
            .optional(),
          settings: z
            .object({
              permissions: z
                .object({
                  view: oneOf(['CREATOR', 'VOTERS', 'EVERYONE']),
                  vote: oneOf(['SITE_MEMBERS', 'ALL']),
                  allowMultipleVotes: bool,
                })
                .optional(),
              showVoters: bool,
              showVotesCount: bool,
            })
            .optional(),
        })
        .optional(),
      layout: z
        .object({
          poll: z
            .object({ type: oneOf(['LIST', 'GRID']), direction: oneOf(['LTR', 'RTL']), enableImage: bool })
            .optional(),
          options: z.object({ enableImage: bool }).optional(),
        })
        .optional(),
      design: z
        .object({
          poll: z
            .object({
              background: z
                .object({
                  color: str(100),
                  image: media.optional(),
                  gradient: z.object({ angle: num, startColor: str(100), lastColor: str(100) }).optional(),
                  type: oneOf(['COLOR', 'IMAGE', 'GRADIENT']),
                })
                .optional(),
              borderRadius: num,
            })
            .optional(),
          options: z.object({ borderRadius: num }).optional(),
        })
        .optional(),
    })
    .optional(),
  textData: z
    .object({
      text: z.string().max(RICH_CONTENT_LIMITS.maxTextLength).nullish(),
      decorations: z.array(richDecorationSchema).max(100).optional(),
    })
    .optional(),
  appEmbedData: z
    .object({
      ...common,
      bookingData: z.object({ durations: str() }).optional(),
      eventData: z.object({ scheduling: str(), location: str() }).optional(),
      type: oneOf(['PRODUCT', 'EVENT', 'BOOKING']),
      itemId: str(),
      name: str(),
      imageSrc: url,
      url,
      image: media.optional(),
      hideImage: bool,
      hideTitle: bool,
      hidePrice: bool,
      hideDescription: bool,
      hideDateTime: bool,
      hideLocation: bool,
      hideDuration: bool,
      hideButton: bool,
      hideRibbon: bool,
      buttonStyles: z
        .object({
          buttonText: str(),
          borderWidth: num,
          borderRadius: num,
          borderColor: str(100),
          textColor: str(100),
          backgroundColor: str(100),
          borderColorHover: str(100),
          textColorHover: str(100),
          backgroundColorHover: str(100),
          buttonSize: str(100),
        })
        .optional(),
      imageStyles: z
        .object({
          hideImage: bool,
          imagePosition: oneOf(['START', 'END', 'TOP']),
          aspectRatio: oneOf(['SQUARE', 'RECTANGLE']),
          resizing: oneOf(['FILL', 'FIT']),
          borderColor: str(100),
          borderWidth: num,
          borderRadius: num,
        })
        .optional(),
      ribbonStyles: z
        .object({
          ribbonText: str(),
          backgroundColor: str(100),
          textColor: str(100),
          borderColor: str(100),
          borderWidth: num,
          borderRadius: num,
          ribbonPlacement: oneOf(['IMAGE', 'PRODUCT_INFO']),
        })
        .optional(),
      cardStyles: z
        .object({
          backgroundColor: str(100),
          borderColor: str(100),
          borderWidth: num,
          borderRadius: num,
          type: oneOf(['CONTAINED', 'FRAMELESS']),
          alignment: oneOf(['START', 'CENTER', 'END']),
          titlePriceLayout: oneOf(['STACKED', 'SIDE_BY_SIDE']),
          titleColor: str(100),
          textColor: str(100),
        })
        .optional(),
      pricingData: z
        .object({
          valueFrom: str(100),
          valueTo: str(100),
          discountedValue: str(100),
          currency: str(10),
          pricingPlanId: str(),
        })
        .optional(),
    })
    .optional(),
  videoData: z
    .object({
      ...common,
      video: media.optional(),
      thumbnail: media.optional(),
      disableDownload: bool,
      title: str(),
      options: z.object({ autoPlay: bool, playInLoop: bool, showControls: bool }).optional(),
    })
    .optional(),
  embedData: z
    .object({
      ...common,
      oembed: z
        .object({
          type: str(100),
          width: num,
          height: num,
          title: str(),
          url,
          html: str(RICH_CONTENT_LIMITS.maxHtmlLength),
          authorName: str(),
          authorUrl: url,
          providerName: str(),
          providerUrl: url,
          thumbnailUrl: url,
          thumbnailWidth: str(100),
          thumbnailHeight: str(100),
          videoUrl: url,
          version: str(100),
        })
        .optional(),
      src: url,
    })
    .optional(),
  collapsibleListData: z
    .object({
      ...common,
      expandOnlyOne: bool,
      initialExpandedItems: oneOf(['FIRST', 'ALL', 'NONE']),
      direction: oneOf(['LTR', 'RTL']),
      isQapageData: bool,
    })
    .optional(),
  tableData: z
    .object({
      ...common,
      dimensions: z.object({ colsWidthRatio: nums, rowsHeight: nums, colsMinWidth: nums }).optional(),
      header: bool,
      rowHeader: bool,
      columnHeader: bool,
      cellSpacing: num,
      cellPadding: nums,
      altText: str(),
    })
    .optional(),
  tableCellData: z
    .object({
      cellStyle: z.object({ verticalAlignment, backgroundColor: str(100) }).optional(),
      borderColors: z.object({ left: str(100), right: str(100), top: str(100), bottom: str(100) }).optional(),
      colspan: z.number().int().min(0).max(1000).nullish(),
      rowspan: z.number().int().min(0).max(1000).nullish(),
      borderWidths: z.object({ left: num, right: num, top: num, bottom: num }).optional(),
    })
    .optional(),
  externalData: z.record(z.string(), z.unknown()).nullish(),
  audioData: z
    .object({
      ...common,
      audio: media.optional(),
      disableDownload: bool,
      coverImage: media.optional(),
      name: str(),
      authorName: str(),
      html: str(RICH_CONTENT_LIMITS.maxHtmlLength),
    })
    .optional(),
  orderedListData: z.object({ indentation: int, offset: int, start: int, animation: animation.optional() }).optional(),
  bulletedListData: z.object({ indentation: int, offset: int, animation: animation.optional() }).optional(),
  blockquoteData: z.object({ indentation: int, animation: animation.optional() }).optional(),
  captionData: z.object({ textStyle: textStyle.optional() }).optional(),
  layoutData: z
    .object({
      ...common,
      backgroundColor: str(100),
      backgroundImage: backgroundImage.optional(),
      borderColor: str(100),
      borderWidth: num,
      borderRadius: num,
      backdropColor: str(100),
      backdropImage: backgroundImage.optional(),
      backdropPaddingTop: num,
      backdropPaddingBottom: num,
      gap: num,
      cellPadding: nums,
      cellVerticalAlignment: verticalAlignment,
      responsivenessBehaviour: oneOf(['STACK', 'WRAP']),
      responsivenessBreakpoint: num,
      designTarget: oneOf(['LAYOUT', 'CELL']),
      banner: z.object({ origin: oneOf(['IMAGE', 'LAYOUT']), position: oneOf(['TOP', 'BOTTOM']) }).optional(),
      background: background.optional(),
      backdrop: background.optional(),
      topDivider: sectionDivider.optional(),
      bottomDivider: sectionDivider.optional(),
    })
    .optional(),
  layoutCellData: z.object({ colSpan: int }).optional(),
  shapeData: z
    .object({
      ...common,
      shape: media.optional(),
      styles: z
        .object({ color: str(100), colors: z.record(z.string().max(100), z.string().max(100)).optional() })
        .optional(),
      link: link.optional(),
      altText: str(),
    })
    .optional(),
  cardData: z.object({ background: background.optional(), backgroundImage: backgroundImage.optional() }).optional(),
  tocData: z
    .object({
      includedHeadings: nums,
      listStyle: oneOf([
        'PLAIN',
        'NUMBERED',
        'LETTERS',
        'ROMAN',
        'BULLETED',
        'ALPHABETICAL_INDEX',
        'ALPHABETICAL_INDEX_COMPACT',
      ]),
      fontSize: num,
      itemSpacing: num,
      color: str(100),
      indentation: oneOf(['NESTED', 'FLAT']),
      animation: animation.optional(),
    })
    .optional(),
  smartBlockData: z
    .object({
      type: smartBlockType,
      orientation: str(100),
      columnSize: oneOf(['SMALL', 'MEDIUM', 'LARGE', 'EXTRA_LARGE']),
      borderColor: str(100),
      borderWidth: num,
      borderRadius: num,
      animation: animation.optional(),
    })
    .optional(),
  smartBlockCellData: z
    .object({
      label: str(),
      shape: media.optional(),
      borderColor: str(100),
      borderWidth: num,
      borderRadius: num,
      type: smartBlockType,
      accentColor: str(100),
      backgroundColor: str(100),
      shapeColor: str(100),
    })
    .optional(),
  checkboxListData: z.object({ indentation: int, offset: int, animation: animation.optional() }).optional(),
  listItemData: z.object({ checked: bool, animation: animation.optional() }).optional(),
};

const richNodeFields = z.object({
  type: z.enum(RICH_NODE_TYPES),
  id: z.string().max(200).optional(),
  style: nodeStyle.optional(),
  ...nodeData,
});
/** One node of the document; containers hold their children in `nodes`. */
export type RichNode = z.infer<typeof richNodeFields> & { nodes?: RichNode[] | undefined };
export type RichNodeInput = z.input<typeof richNodeFields> & { nodes?: RichNodeInput[] | undefined };
export const richNodeSchema: z.ZodType<RichNode, RichNodeInput> = richNodeFields.extend({
  nodes: z.lazy(() => z.array(richNodeSchema)).optional(),
});

const textNodeStyle = z.object({
  decorations: z.array(richDecorationSchema).max(100).optional(),
  nodeStyle: nodeStyle.optional(),
  lineHeight: str(100),
});

const documentSchema = z.object({
  nodes: z.array(richNodeSchema).default([]),
  metadata: z.object({ version: int, createdTimestamp: str(64), updatedTimestamp: str(64), id: str(200) }).optional(),
  documentStyle: z
    .object({
      headerOne: textNodeStyle.optional(),
      headerTwo: textNodeStyle.optional(),
      headerThree: textNodeStyle.optional(),
      headerFour: textNodeStyle.optional(),
      headerFive: textNodeStyle.optional(),
      headerSix: textNodeStyle.optional(),
      paragraph: textNodeStyle.optional(),
      blockquote: textNodeStyle.optional(),
      codeBlock: textNodeStyle.optional(),
    })
    .optional(),
});

/**
 * Walks the raw input without recursion before the schema does, so a document nested a million levels deep is a
 * validation error naming the node, not a stack overflow.
 */
function checkShape(input: unknown, ctx: z.core.$RefinementCtx<unknown>): void {
  if (typeof input !== 'object' || input === null) return;
  const stack: { nodes: unknown; path: (string | number)[]; depth: number }[] = [
    { nodes: (input as { nodes?: unknown }).nodes, path: ['nodes'], depth: 1 },
  ];
  let count = 0;
  while (stack.length > 0) {
    const { nodes, path, depth } = stack.pop() as (typeof stack)[number];
    if (!Array.isArray(nodes) || nodes.length === 0) continue;
    if (depth > RICH_CONTENT_LIMITS.maxDepth) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `rich content nests deeper than ${RICH_CONTENT_LIMITS.maxDepth} levels`,
      });
      return;
    }
    count += nodes.length;
    if (count > RICH_CONTENT_LIMITS.maxNodes) {
      ctx.addIssue({
        code: 'custom',
        path: ['nodes'],
        message: `rich content holds more than ${RICH_CONTENT_LIMITS.maxNodes} nodes`,
      });
      return;
    }
    nodes.forEach((node, index) => {
      if (typeof node === 'object' && node !== null) {
        stack.push({ nodes: (node as { nodes?: unknown }).nodes, path: [...path, index, 'nodes'], depth: depth + 1 });
      }
    });
  }
}

/** A rich-content document as the v3 catalog sends and stores it (description, info section description). */
export const richContentSchema = z.preprocess((value, ctx) => {
  checkShape(value, ctx);
  return value;
}, documentSchema);
export type RichContent = z.infer<typeof documentSchema>;
