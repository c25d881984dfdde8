import { admin } from '../../../lib/admin';
import type { EntityChoice } from '../components/entity-combobox';

/** How many entities a picker offers at a time: typing narrows them. */
const SHOWN = 10;

/** Brands whose name contains the words typed (all of them, by name, when nothing is typed). */
export async function searchBrands(term: string): Promise<EntityChoice[]> {
  const brands = (await admin()).brands;
  const query = term ? brands.queryBrands().contains('name', term) : brands.queryBrands();
  const found = await query.ascending('name').limit(SHOWN).find();
  return found.items.map((b) => ({ id: b.id, name: b.name }));
}

/** Ribbons whose name contains the words typed. */
export async function searchRibbons(term: string): Promise<EntityChoice[]> {
  const ribbons = (await admin()).ribbons;
  const query = term ? ribbons.queryRibbons().contains('name', term) : ribbons.queryRibbons();
  const found = await query.ascending('name').limit(SHOWN).find();
  return found.items.map((r) => ({ id: r.id, name: r.name }));
}

/** Info sections whose unique name or title contains the words typed; the title is their second line. */
export async function searchInfoSections(term: string): Promise<EntityChoice[]> {
  const sections = (await admin()).infoSections;
  const query = term
    ? sections.queryInfoSections().contains('uniqueName', term).or(sections.queryInfoSections().contains('title', term))
    : sections.queryInfoSections();
  const found = await query.ascending('uniqueName').limit(SHOWN).find();
  return found.items.map((s) => ({ id: s.id, name: s.uniqueName, detail: s.title }));
}
