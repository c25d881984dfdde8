/*
 * SEO Title and SEO Description live in a product's `seoData` in the shape of catalog v1 (`tags`: a `title` tag and
 * a `meta` tag named `description`); other tags a product has are kept.
 */

interface SeoTag {
  type: string;
  children?: string;
  props?: Record<string, unknown>;
  custom?: boolean;
  disabled?: boolean;
}

function tagsOf(seoData: Record<string, unknown> | null): SeoTag[] {
  const tags = seoData?.tags;
  return Array.isArray(tags) ? (tags.filter((t) => t && typeof t === 'object') as SeoTag[]) : [];
}

const isTitle = (t: SeoTag) => t.type === 'title';
const isDescription = (t: SeoTag) => t.type === 'meta' && t.props?.name === 'description';

/** The SEO title and description a product's seoData holds (empty when none). */
export function seoOf(seoData: Record<string, unknown> | null): { title: string; description: string } {
  const tags = tagsOf(seoData);
  const title = tags.find(isTitle)?.children;
  const description = tags.find(isDescription)?.props?.content;
  return {
    title: typeof title === 'string' ? title : '',
    description: typeof description === 'string' ? description : '',
  };
}

/**
 * seoData with the title and description set (a string), removed (null) or kept (undefined). A product left with
 * no tags and nothing else has no seoData.
 */
export function seoDataWith(
  previous: Record<string, unknown> | null,
  title: string | null | undefined,
  description: string | null | undefined,
): Record<string, unknown> | null {
  if (title === undefined && description === undefined) return previous;
  let tags = tagsOf(previous);
  if (title !== undefined) {
    tags = tags.filter((t) => !isTitle(t));
    if (title) tags.unshift({ type: 'title', children: title, custom: false, disabled: false });
  }
  if (description !== undefined) {
    tags = tags.filter((t) => !isDescription(t));
    if (description) {
      tags.push({ type: 'meta', props: { name: 'description', content: description }, custom: false, disabled: false });
    }
  }
  const rest = { ...(previous ?? {}) };
  delete rest.tags;
  if (tags.length === 0) return Object.keys(rest).length === 0 ? null : rest;
  return { ...rest, tags };
}
