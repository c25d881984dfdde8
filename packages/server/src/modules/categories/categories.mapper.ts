import { type Category, type CategoryRequestedField, STORES_TREE_NAMESPACE } from '@merx/contract';
import type { Executor } from '@merx/db';
import type { CollectionRow } from '../collections/collections.repo.js';
import { categoriesRepo } from './categories.repo.js';

export type CategoryRow = CollectionRow;
export type Fields = readonly CategoryRequestedField[] | undefined;

interface RichText {
  nodes?: unknown[];
}

/** The plain text of a rich-content document: its text nodes, one paragraph per line. */
export function plainTextOf(doc: RichText): string {
  const lines: string[] = [];
  const walk = (node: unknown, out: string[]) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; textData?: { text?: string }; nodes?: unknown[] };
    if (n.type === 'TEXT' && typeof n.textData?.text === 'string') out.push(n.textData.text);
    for (const child of n.nodes ?? []) walk(child, out);
  };
  for (const block of doc.nodes ?? []) {
    const parts: string[] = [];
    walk(block, parts);
    lines.push(parts.join(''));
  }
  return lines.join('\n').trim();
}

/** A rich-content document holding `text` as paragraphs (for descriptions written as plain text, e.g. via v1). */
export function richOfText(text: string): Record<string, unknown> {
  return {
    nodes: text.split('\n').map((line, i) => ({
      type: 'PARAGRAPH',
      id: `p${i}`,
      nodes: line ? [{ type: 'TEXT', id: `t${i}`, nodes: [], textData: { text: line, decorations: [] } }] : [],
      paragraphData: {},
    })),
  };
}

/**
 * The rich description: the stored document while it still says what the plain description says; once the plain
 * description was changed elsewhere (v1 writes only that), a document made from it.
 */
function richDescriptionOf(row: CategoryRow): Record<string, unknown> | undefined {
  const description = row.description ?? '';
  if (row.rich_description) {
    const doc = JSON.parse(row.rich_description) as Record<string, unknown>;
    if (plainTextOf(doc) === description.trim()) return doc;
  }
  return description ? richOfText(description) : undefined;
}

function imageOf(row: CategoryRow) {
  const first = (JSON.parse(row.media) as Array<{ url?: string; width?: number; height?: number }>)[0];
  return first?.url ? { url: first.url, width: first.width ?? 0, height: first.height ?? 0 } : undefined;
}

/** Category wire forms of `rows`, with their place among siblings and, when asked, breadcrumbs and descriptions. */
export async function categoriesOf(ex: Executor, rows: readonly CategoryRow[], fields: Fields): Promise<Category[]> {
  const want = new Set(fields ?? []);
  const parents = [...new Set(rows.map((r) => r.parent_id ?? null))];
  const index = new Map<string, number>();
  for (const parent of parents) {
    const ids = await categoriesRepo.childIds(ex, parent);
    ids.forEach((id, i) => {
      index.set(id, i);
    });
  }
  const crumbs = want.has('BREADCRUMBS_INFO') ? await categoriesRepo.ancestors(ex, rows) : undefined;
  return rows.map((row) => {
    const image = imageOf(row);
    const rich = want.has('RICH_CONTENT_DESCRIPTION') ? richDescriptionOf(row) : undefined;
    return {
      id: row.id,
      revision: String(row.revision),
      createdDate: row.created_date,
      updatedDate: row.updated_date,
      name: row.name,
      ...(image ? { image } : {}),
      itemCounter: Number(row.number_of_products ?? 0),
      ...(want.has('DESCRIPTION') && row.description ? { description: row.description } : {}),
      visible: row.visible === 1,
      ...(crumbs
        ? {
            breadcrumbsInfo: {
              breadcrumbs: (crumbs.get(row.id) ?? []).map((a) => ({
                categoryId: a.id,
                categoryName: a.name,
                categorySlug: a.slug,
              })),
            },
          }
        : {}),
      parentCategory: { ...(row.parent_id ? { id: row.parent_id } : {}), index: index.get(row.id) ?? 0 },
      slug: row.slug,
      ...(row.seo_data ? { seoData: JSON.parse(row.seo_data) as Record<string, unknown> } : {}),
      ...(rich ? { richContentDescription: rich } : {}),
      treeReference: { appNamespace: STORES_TREE_NAMESPACE },
    };
  });
}
