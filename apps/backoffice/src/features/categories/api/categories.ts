import type { Product } from '@merx/contract';
import type { Category } from '@merx/sdk';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';
import { applyMove, type MoveRequest } from '../lib/tree';

/**
 * The All Products category (the All Products collection): it holds every product, has no place in the tree to
 * change, and only its order can be set (docs/decisions/0022-categories.md). Written here so that the page does not
 * load the contract's schemas.
 */
export const ALL_PRODUCTS_ID = '00000000-000000-000000-000000000001';
/** The server arranges at most this many products of a category at once (`setArrangedItems`). */
export const MAX_ARRANGED = 100;

/*
 * Every key starts with `collections`: a category IS a collection, so a write in the Collections section (which
 * refreshes `['collections']`) refreshes these too, and every write here refreshes the Collections section.
 */
const TREE_KEY = ['collections', 'category-tree'] as const;
const productsKey = (id: string) => ['collections', 'category-products', id] as const;

/** Every category of the store (hidden ones too), in one flat list; the page makes the tree of it. */
export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: TREE_KEY,
    queryFn: async ({ signal }): Promise<Category[]> => {
      const a = await admin();
      let page = await a.categories.queryCategories({ returnNonVisibleCategories: true }).limit(100).find({ signal });
      const all = [...page.items];
      while (page.hasNext()) {
        page = await page.next();
        all.push(...page.items);
      }
      return all;
    },
  });

export const useCategoryTree = () => useQuery(categoryTreeQuery());

export const categoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['collections', 'category', id],
    queryFn: async ({ signal }) => (await admin()).categories.getCategory(id, { signal, fields: ['BREADCRUMBS_INFO'] }),
    staleTime: 0,
  });

export const useCategory = (id: string) => useQuery(categoryQuery(id));

/** A category's products as the shop shows them: the merchant's order, the first `MAX_ARRANGED` of them. */
export interface OrderedProducts {
  products: Product[];
  /** All products of the category (hidden ones too); more than `products` when past the arrangeable first ones. */
  total: number;
}

export const categoryProductsQuery = (id: string) =>
  queryOptions({
    queryKey: productsKey(id),
    queryFn: async ({ signal }): Promise<OrderedProducts> => {
      const a = await admin();
      const page = await a.categories.listProducts(id, { limit: MAX_ARRANGED, arranged: true }, { signal });
      const ids = page.items.map((i) => i.catalogItemId);
      const total = (await a.categories.getCategory(id, { signal })).itemCounter;
      if (ids.length === 0) return { products: [], total };
      const found = await a.products.queryProductsPage(
        { filter: { id: { $in: ids } }, cursorPaging: { limit: MAX_ARRANGED } },
        { includeHiddenProducts: true },
        { signal },
      );
      const byId = new Map(found.products.map((p) => [p.id, p]));
      const products = ids.map((pid) => byId.get(pid)).filter((p): p is Product => p !== undefined);
      return { products, total: Math.max(total, products.length) };
    },
    staleTime: 0,
  });

export const useCategoryProducts = (id: string) => useQuery(categoryProductsQuery(id));

/** Products whose name or SKU matches, for the picker (the first 20). */
export const productSearchQuery = (term: string) =>
  queryOptions({
    queryKey: ['products', 'list', 'category-picker', term],
    queryFn: async ({ signal }): Promise<Product[]> =>
      (
        await (
          await admin()
        ).products.queryProductsPage(
          {
            filter: term ? { $or: [{ name: { $contains: term } }, { sku: { $startsWith: term } }] } : {},
            sort: [{ fieldName: 'name', order: 'ASC' }],
            cursorPaging: { limit: 20 },
          },
          { includeHiddenProducts: true },
          { signal },
        )
      ).products,
    placeholderData: keepPreviousData,
  });

/** Every category write reads the categories, the collections and the product lists again after. */
function useCategoryMutation<In, Out>(fn: (a: Admin, input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: In) => fn(await admin(), input),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['collections'] });
      void client.invalidateQueries({ queryKey: ['products', 'list'] });
    },
  });
}

/** Makes a category; the tree shows it at once (the server's answer), then reads itself again. */
export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; parentId: string | null; visible: boolean }) =>
      (await admin()).categories.createCategory({
        name: input.name,
        visible: input.visible,
        ...(input.parentId ? { parentCategory: { id: input.parentId } } : {}),
      }),
    onSuccess: (category) => {
      client.setQueryData<Category[]>(TREE_KEY, (list) => (list ? [...list, category] : list));
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['collections'] });
    },
  });
}

export const useRenameCategory = () =>
  useCategoryMutation((a, { category, name }: { category: Category; name: string }) =>
    a.categories.updateCategory(category.id, { name, revision: category.revision }),
  );

export const useCategoryVisibility = () =>
  useCategoryMutation((a, { category, visible }: { category: Category; visible: boolean }) =>
    a.categories.updateCategoryVisibility(category.id, visible, category.revision),
  );

export const useDeleteCategory = () =>
  useCategoryMutation(async (a, id: string): Promise<void> => {
    await a.categories.deleteCategory(id);
  });

/**
 * Moves a category. The tree shows the move at once; a refusal of the server (a cycle, too deep) puts the tree
 * back as it was, and the caller says why.
 */
export function useMoveCategory() {
  const client = useQueryClient();
  return useMutation({
    scope: { id: 'category-move' },
    mutationFn: async (move: MoveRequest) =>
      (await admin()).categories.moveCategory(move.id, {
        parentCategoryId: move.parentId,
        position: move.position,
        ...(move.afterId ? { moveAfterCategoryId: move.afterId } : {}),
      }),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: TREE_KEY });
      const before = client.getQueryData<Category[]>(TREE_KEY);
      if (before) client.setQueryData(TREE_KEY, applyMove(before, move));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) client.setQueryData(TREE_KEY, context.before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['collections'] });
    },
  });
}

/** Adds or removes products of a category; a product the server refused is named in the answer. */
export const useCategoryMembership = () =>
  useCategoryMutation(async (a, { id, productIds, add }: { id: string; productIds: string[]; add: boolean }) => {
    const answer = add
      ? await a.categories.addProducts(id, productIds)
      : await a.categories.removeProducts(id, productIds);
    const failed = answer.results
      .filter((r) => !r.itemMetadata.success)
      .map((r) => ({ id: r.itemMetadata.item.catalogItemId, message: r.itemMetadata.error?.description ?? '' }));
    return { done: productIds.length - failed.length, failed };
  });

/**
 * Sets the order of a category's products (the first `MAX_ARRANGED`). The list shows the new order at once and
 * goes back if the server refuses; one arrangement of a category is sent at a time, in the order made.
 */
export function useArrangeProducts(id: string) {
  const client = useQueryClient();
  return useMutation({
    scope: { id: `arrange-${id}` },
    mutationFn: async (products: Product[]) =>
      (await admin()).categories.arrangeProducts(
        id,
        products.slice(0, MAX_ARRANGED).map((p) => p.id),
      ),
    onMutate: async (products) => {
      await client.cancelQueries({ queryKey: productsKey(id) });
      const before = client.getQueryData<OrderedProducts>(productsKey(id));
      if (before) client.setQueryData(productsKey(id), { ...before, products });
      return { before };
    },
    onError: (_error, _products, context) => {
      if (context?.before) client.setQueryData(productsKey(id), context.before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: productsKey(id) });
      void client.invalidateQueries({ queryKey: ['products', 'list'] });
    },
  });
}
