import { MerxApplicationError, MerxError } from '@merx/sdk';
import { messageOf } from '../../../lib/errors';

/** The names a refusal may speak of: the category acted on, and the one it was to go under. */
export interface RefusalNames {
  category: string;
  parent?: string | undefined;
}

const dataOf = (error: unknown): Record<string, unknown> => (error instanceof MerxApplicationError ? error.data : {});

/**
 * A sentence for a refusal of the categories API (docs/decisions/0022-categories.md), naming the categories the
 * merchant sees; any other error reads as everywhere else in the back office.
 */
export function refusalOf(error: unknown, names: RefusalNames): string {
  if (!(error instanceof MerxError)) return messageOf(error);
  const data = dataOf(error);
  const parent = names.parent ? `“${names.parent}”` : 'that category';
  switch (error.code) {
    case 'TREE_CYCLE_DETECTED':
      return `“${names.category}” can’t go inside ${parent}: ${parent} is one of its own subcategories.`;
    case 'CATEGORY_DEPTH_LIMIT_EXCEEDED':
      return `“${names.category}” can’t go there: the tree would be ${String(data.depth ?? 'too many')} levels deep, and categories can be nested ${String(data.maxDepth ?? 5)} levels at most.`;
    case 'PARENT_CATEGORY_HIDDEN':
      return `${parent} is hidden from the shop, so a category inside it can’t be shown. Show ${parent} first.`;
    case 'ALL_PRODUCTS_CATEGORY_READ_ONLY':
      return 'All Products always holds every product: it can’t be renamed, moved, hidden or deleted, and products can’t be added to it or taken out.';
    case 'CONCURRENT_MODIFICATION':
      return `Someone else changed “${names.category}” since this page loaded, so nothing was changed. The page now shows their change: try again.`;
    case 'DUPLICATE_SLUG':
      return `Another category or collection already has the address “${String(data.slug ?? '')}”, which is made from the name. Choose another name.`;
    case 'CATEGORIES_LIMIT_PER_TREE_EXCEEDED':
      return `The store already has ${String(data.maxCategories ?? 10000)} categories, the most it can hold. Delete one before making another.`;
    case 'CATEGORY_NOT_FOUND':
    case 'PARENT_CATEGORY_NOT_IN_TREE':
      return 'That category no longer exists: someone may have deleted it. The page now shows the categories as they are.';
    default:
      return messageOf(error);
  }
}
