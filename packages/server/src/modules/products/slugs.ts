import { errorCodes } from '@merx/contract';
import type { Executor } from '@merx/db';
import { AppError, firstFreeSlug, slugify } from '@merx/domain';

type SlugKind = 'product' | 'collection';
const tables = { product: 'products', collection: 'collections' } as const;

/**
 * Serialises slug choice per kind for the rest of the transaction (a row lock on PostgreSQL; SQLite writes are
 * serial anyway), so two concurrent creates cannot pick the same slug and fail on the unique index.
 */
export async function lockSlugs(ex: Executor, kind: SlugKind): Promise<void> {
  await ex
    .insertInto('sequences')
    .values({ name: `slug-lock:${kind}`, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('sequences.value', '+', 1) })))
    .execute();
}

/**
 * The slug a product or collection gets: the requested one when free (taken → 409 SLUG_ALREADY_EXISTS), else
 * one made from its name and numbered `-1`, `-2`, … past the taken ones.
 */
export async function chooseSlug(
  ex: Executor,
  kind: SlugKind,
  input: { wanted?: string | null | undefined; name: string; selfId?: string | undefined },
): Promise<string> {
  await lockSlugs(ex, kind);
  const table = tables[kind];
  if (input.wanted) {
    const other = await ex.selectFrom(table).select('id').where('slug', '=', input.wanted).executeTakeFirst();
    if (other && other.id !== input.selfId) {
      throw new AppError(
        'ALREADY_EXISTS',
        errorCodes.slugAlreadyExists,
        `Another ${kind} already has the slug "${input.wanted}"`,
        {
          slug: input.wanted,
        },
      );
    }
    return input.wanted;
  }
  const base = slugify(input.name, kind);
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await ex
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${escaped}-%`)]))
    .execute();
  return firstFreeSlug(
    base,
    rows.map((r) => r.slug),
  );
}
