/*
 * A product's public tags (catalog v3's `tags.publicTags.tagIds`): words the merchant types, stored as given, which
 * apps and the shop may read. Its private tags are kept as they were read and sent back unchanged.
 */

export const TAG_LIMITS = { tags: 100, tagLength: 100 } as const;

/** The public and private tag ids of a v3 product (either list may be missing). */
export function tagsOf(v3Tags: unknown): { public: string[]; private: string[] } {
  const t = v3Tags as { publicTags?: { tagIds?: unknown }; privateTags?: { tagIds?: unknown } } | undefined;
  const ids = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
  return { public: ids(t?.publicTags?.tagIds), private: ids(t?.privateTags?.tagIds) };
}

/**
 * Adds a typed tag to the list: trimmed, inner spaces collapsed, not twice (whatever the letter case). Answers the
 * new list, or why the tag cannot be added.
 */
export function addTag(list: readonly string[], typed: string): { tags: string[] } | { error: string } {
  const tag = typed.trim().replace(/\s+/g, ' ');
  if (!tag) return { error: 'Type a tag first' };
  if (tag.length > TAG_LIMITS.tagLength) return { error: `Use at most ${TAG_LIMITS.tagLength} characters` };
  if (list.some((t) => t.toLowerCase() === tag.toLowerCase())) return { error: `“${tag}” is already a tag` };
  if (list.length >= TAG_LIMITS.tags) return { error: `At most ${TAG_LIMITS.tags} tags` };
  return { tags: [...list, tag] };
}

/** Same tags in the same order. */
export const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);
