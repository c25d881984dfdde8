import { urlScheme } from '@merx/contract';
import { parseDocument } from 'htmlparser2';

type DomNode = ReturnType<typeof parseDocument>['children'][number];

const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'frame',
  'base',
  'form',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'background', 'poster']);
const LINK_SCHEMES = new Set(['', 'http', 'https', 'mailto', 'tel']);

/**
 * What a real HTML parse of `html` finds unsafe: forbidden elements, `on…` handler attributes, URLs outside the
 * allow-list (after the parser decoded entities such as `&colon;`), CSS that can load or run anything.
 */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: DomNode[]) => {
    for (const node of nodes) {
      if (node.type === 'script' || node.type === 'style') found.push(`<${(node as { name: string }).name}>`);
      if (!('attribs' in node)) continue;
      const element = node as DomNode & { name: string; attribs: Record<string, string>; children: DomNode[] };
      if (FORBIDDEN_TAGS.has(element.name.toLowerCase())) found.push(`<${element.name}>`);
      for (const [name, value] of Object.entries(element.attribs)) {
        const lower = name.toLowerCase();
        if (lower.startsWith('on')) found.push(`${name}=`);
        if (URL_ATTRIBUTES.has(lower)) {
          const scheme = urlScheme(value);
          if (scheme === undefined || !LINK_SCHEMES.has(scheme)) found.push(`${name}=${value}`);
          if (lower === 'src' && scheme !== '' && scheme !== 'https') found.push(`${name}=${value}`);
        }
        if (lower === 'style' && /url\(|expression|javascript|@import|\\/i.test(value)) found.push(`style=${value}`);
      }
      walk(element.children);
    }
  };
  walk(parseDocument(html).children as DomNode[]);
  return found;
}
