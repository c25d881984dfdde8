import type { Executor } from '@merx/db';
import { newId } from '../../lib/ids.js';
import { type NamedRecord, type NamedRepo, namedRepo } from './named-entities.repo.js';

const ribbons = namedRepo('ribbons', 'ribbon');
const brands = namedRepo('brands', 'brand');

/** The entity named `name` (any case), created when there is none yet; null for no name. */
async function findOrCreate(ex: Executor, repo: NamedRepo, name: string | null, now: string) {
  const wanted = name?.trim();
  if (!wanted) return null;
  const found = await repo.findByName(ex, wanted);
  if (found) return found;
  const record: NamedRecord = { id: newId(), name: wanted, createdDate: now, updatedDate: now, revision: 1 };
  // A racing writer may have created it meanwhile: then its entity is the one.
  if (await repo.insert(ex, record)) return record;
  return (await repo.findByName(ex, wanted)) ?? null;
}

/**
 * What a v1 product write stores for its `ribbon` and `brand` strings (docs/decisions/0020): the entity each names,
 * found by name whatever its case or created. `product.ribbon` and `product.brand` become the entities' own
 * spelling, so the answer to the write shows what later reads show.
 */
export async function linkProductNames(
  ex: Executor,
  product: { ribbon: string | null; brand: string | null; updatedDate: string },
): Promise<{ ribbon_id: string | null; brand_id: string | null }> {
  const ribbon = await findOrCreate(ex, ribbons, product.ribbon, product.updatedDate);
  const brand = await findOrCreate(ex, brands, product.brand, product.updatedDate);
  product.ribbon = ribbon?.name ?? null;
  product.brand = brand?.name ?? null;
  return { ribbon_id: ribbon?.id ?? null, brand_id: brand?.id ?? null };
}
