import { ALL_PRODUCTS_COLLECTION_ID, categoryErrorCodes as codes } from '@merx/contract';
import { AppError, notFound } from '@merx/domain';

/** The refusals of the categories module, each with its stable code and the field it is about. */
export const categoryErrors = {
  missing: (categoryId: string, field?: string) =>
    notFound(codes.categoryNotFound, 'Category not found', { categoryId, ...(field ? { field } : {}) }),
  stale: (categoryId: string, current: number) =>
    new AppError(
      'FAILED_PRECONDITION',
      codes.concurrentModification,
      `The category was changed since that revision was read (it is now ${current}); read it again and retry`,
      { categoryId, currentRevision: String(current), field: 'revision' },
    ),
  duplicateSlug: (slug: string, field: string) =>
    new AppError('ALREADY_EXISTS', codes.duplicateSlug, `Another category already has the slug "${slug}"`, {
      slug,
      field,
    }),
  parentMissing: (parentId: string, field: string) =>
    new AppError('NOT_FOUND', codes.parentNotInTree, `No category "${parentId}" in the store's tree`, {
      parentCategoryId: parentId,
      field,
    }),
  cycle: (categoryId: string, parentId: string, field: string) =>
    new AppError(
      'FAILED_PRECONDITION',
      codes.cycle,
      'A category cannot be placed under itself or under one of its own subcategories',
      { categoryId, parentCategoryId: parentId, field },
    ),
  tooDeep: (depth: number, max: number, field: string) =>
    new AppError(
      'FAILED_PRECONDITION',
      codes.depthExceeded,
      `The tree would be ${depth} levels deep; at most ${max} are allowed`,
      { depth, maxDepth: max, field },
    ),
  parentHidden: (parentId: string, field: string) =>
    new AppError(
      'FAILED_PRECONDITION',
      codes.parentHidden,
      'A category cannot be visible while a category above it is hidden',
      { parentCategoryId: parentId, field },
    ),
  tooMany: (max: number) =>
    new AppError('FAILED_PRECONDITION', codes.limitExceeded, `The store's tree holds at most ${max} categories`, {
      maxCategories: max,
    }),
  allProducts: (field?: string) =>
    new AppError(
      'FAILED_PRECONDITION',
      codes.allProductsReadOnly,
      'The All Products category always holds every product and has no place in the tree to change',
      { categoryId: ALL_PRODUCTS_COLLECTION_ID, ...(field ? { field } : {}) },
    ),
  missingAfter: () =>
    new AppError('FAILED_PRECONDITION', codes.missingAfter, 'position AFTER needs moveAfterCategoryId', {
      field: 'moveAfterCategoryId',
    }),
  afterNotInParent: (afterId: string) =>
    new AppError(
      'FAILED_PRECONDITION',
      codes.afterNotInParent,
      'moveAfterCategoryId must name another subcategory of the target parent',
      { moveAfterCategoryId: afterId, field: 'moveAfterCategoryId' },
    ),
  itemNotInCategory: (catalogItemId: string, field: string) =>
    new AppError('FAILED_PRECONDITION', codes.itemNotInCategory, `Product "${catalogItemId}" is not in the category`, {
      catalogItemId,
      field,
    }),
  itemMissing: (catalogItemId: string) =>
    notFound(codes.itemNotFound, `No product "${catalogItemId}"`, { catalogItemId }),
};
