import type { RichContent } from '@merx/contract';
import { infoSectionErrorCodes } from '@merx/contract';
import { bumpDataVersion, type Executor } from '@merx/db';
import { notFound } from '@merx/domain';

/*
 * Products referencing info-section entities (docs/decisions/0030-product-info-sections.md). A product's sections
 * are stored inline in its data (v1 `additionalInfoSections`, what every read shows); a product that references
 * entities also has rows in `product_info_sections`, and its inline copies follow the entities: every write to a
 * section rewrites the copies of the products using it, with a new product revision.
 */

/** Data version every catalog write bumps (the products repo's CATALOG_VERSION: cached lists depend on it). */
const CATALOG_VERSION = 'catalog';

/** An info section as a product read shows it. */
export interface LinkedSection {
  id: string;
  uniqueName: string;
  title: string;
  description: RichContent;
  descriptionHtml: string;
}

/** A section a product write names: by id, or by unique name (any case). */
export interface SectionRef {
  id?: string | null | undefined;
  uniqueName?: string | null | undefined;
}

/** The sections `refs` name, in order, each once; an unknown one is 404 naming its field (`at[i]`). */
export async function resolveSections(ex: Executor, refs: readonly SectionRef[], at: string): Promise<LinkedSection[]> {
  const out: LinkedSection[] = [];
  for (const [i, ref] of refs.entries()) {
    let q = ex.selectFrom('info_sections').select(['id', 'name', 'title', 'description', 'description_html']);
    if (ref.id) q = q.where('id', '=', ref.id);
    else if (ref.uniqueName) q = q.where('name_key', '=', ref.uniqueName.trim().toLowerCase());
    else
      throw notFound(infoSectionErrorCodes.notFound, `${at}[${i}]: name the info section by id or uniqueName`, {
        field: `${at}[${i}]`,
      });
    const row = await q.executeTakeFirst();
    if (!row)
      throw notFound(infoSectionErrorCodes.notFound, `${at}[${i}]: info section not found`, {
        field: `${at}[${i}]`,
        ...(ref.id ? { infoSectionId: ref.id } : { uniqueName: ref.uniqueName }),
      });
    if (!out.some((s) => s.id === row.id)) out.push(sectionOf(row));
  }
  return out;
}

function sectionOf(row: { id: string; name: string; title: string; description: string; description_html: string }) {
  return {
    id: row.id,
    uniqueName: row.name,
    title: row.title,
    description: JSON.parse(row.description) as RichContent,
    descriptionHtml: row.description_html,
  };
}

/** The inline copies of `sections`, as the product stores them. */
export const inlineCopiesOf = (sections: readonly LinkedSection[]) =>
  sections.map((s) => ({ title: s.title, description: s.descriptionHtml }));

/** Makes `sectionIds` (in order) the product's references; an empty list: the product keeps its own sections. */
export async function setProductSections(ex: Executor, productId: string, sectionIds: readonly string[]) {
  await ex.deleteFrom('product_info_sections').where('product_id', '=', productId).execute();
  if (sectionIds.length === 0) return;
  await ex
    .insertInto('product_info_sections')
    .values(sectionIds.map((info_section_id, position) => ({ product_id: productId, info_section_id, position })))
    .execute();
}

/** The sections each of `productIds` references, in order (products referencing none are absent). */
export async function sectionsOfProducts(
  ex: Executor,
  productIds: readonly string[],
): Promise<Map<string, LinkedSection[]>> {
  const out = new Map<string, LinkedSection[]>();
  if (productIds.length === 0) return out;
  const rows = await ex
    .selectFrom('product_info_sections as l')
    .innerJoin('info_sections as s', 's.id', 'l.info_section_id')
    .select(['l.product_id', 's.id', 's.name', 's.title', 's.description', 's.description_html'])
    .where('l.product_id', 'in', productIds)
    .orderBy('l.product_id')
    .orderBy('l.position')
    .execute();
  for (const row of rows) {
    const list = out.get(row.product_id) ?? [];
    list.push(sectionOf(row));
    out.set(row.product_id, list);
  }
  return out;
}

/** How many products reference each of `ids` (0 for none), in one statement. */
export async function sectionProductCounts(ex: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await ex
    .selectFrom('product_info_sections')
    .select('info_section_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('info_section_id', 'in', ids)
    .groupBy('info_section_id')
    .execute();
  for (const row of rows) counts.set(row.info_section_id, Number(row.n));
  return counts;
}

/**
 * The products referencing section `id` take its new title and description (or, `deleted`, let go of it): their
 * inline copies are rewritten from their references, each with a new revision.
 */
export async function productsFollowSection(ex: Executor, id: string, now: string, deleted = false): Promise<void> {
  const users = await ex
    .selectFrom('product_info_sections')
    .select('product_id')
    .where('info_section_id', '=', id)
    .execute();
  if (users.length === 0) return;
  const productIds = users.map((u) => u.product_id);
  if (deleted) await ex.deleteFrom('product_info_sections').where('info_section_id', '=', id).execute();
  const sections = await sectionsOfProducts(ex, productIds);
  const products = await ex.selectFrom('products').select(['id', 'data']).where('id', 'in', productIds).execute();
  for (const p of products) {
    const data = JSON.parse(p.data) as { additionalInfoSections?: unknown };
    data.additionalInfoSections = inlineCopiesOf(sections.get(p.id) ?? []);
    await ex
      .updateTable('products')
      .set((eb) => ({ data: JSON.stringify(data), updated_date: now, revision: eb('revision', '+', 1) }))
      .where('id', '=', p.id)
      .execute();
  }
  await bumpDataVersion(ex, CATALOG_VERSION);
}
