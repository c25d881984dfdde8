import { type FieldViolation, ValidationError } from '@merx/domain';
import type { StoredMedia } from './products.types.js';

/**
 * The product's media in the order `mediaIds` gives (the first becomes the main media). The list must name every
 * media item of the product exactly once, so that a reorder made against an older list cannot drop or duplicate one.
 */
export function orderMedia(media: readonly StoredMedia[], mediaIds: readonly string[]): StoredMedia[] {
  const byId = new Map(media.map((m) => [m.id, m]));
  const violations: FieldViolation[] = [];
  const seen = new Set<string>();
  mediaIds.forEach((id, i) => {
    if (!byId.has(id)) {
      violations.push({
        field: `mediaIds[${i}]`,
        description: `no media "${id}" on this product`,
        violatedRule: 'VALIDATION',
      });
    } else if (seen.has(id)) {
      violations.push({ field: `mediaIds[${i}]`, description: `"${id}" is listed twice`, violatedRule: 'VALIDATION' });
    }
    seen.add(id);
  });
  const missing = media.filter((m) => !seen.has(m.id)).map((m) => m.id);
  if (missing.length > 0) {
    violations.push({
      field: 'mediaIds',
      description: `must list every media item of the product; missing ${missing.map((id) => `"${id}"`).join(', ')}`,
      violatedRule: 'VALIDATION',
    });
  }
  if (violations.length > 0) throw new ValidationError(violations);
  return mediaIds.map((id) => byId.get(id) as StoredMedia);
}
