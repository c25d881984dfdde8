import type { Category } from '@merx/sdk';

/** A category's parent: null at the top level. */
export const parentOf = (c: Category): string | null => c.parentCategory.id ?? null;

/** Where a category goes (the server's `moveCategory`): under a parent, first, last or after a sibling. */
export interface MoveRequest {
  id: string;
  parentId: string | null;
  position: 'FIRST' | 'LAST' | 'AFTER';
  afterId?: string;
}

/** Where a dragged category was dropped, relative to the row it was dropped on. */
export type DropPlace = 'before' | 'after' | 'inside';

/** The tree as the page reads it: each parent's children in their order, and each category by id. */
export interface Tree {
  byId: Map<string, Category>;
  /** Children of each parent (`null`: the top level), in the merchant's order. */
  children: Map<string | null, Category[]>;
}

const byPlace = (a: Category, b: Category) =>
  a.parentCategory.index - b.parentCategory.index || a.createdDate.localeCompare(b.createdDate);

/** Makes the tree of a flat list of categories (a category whose parent is not in the list sits at the top). */
export function treeOf(categories: readonly Category[]): Tree {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<string | null, Category[]>();
  for (const c of categories) {
    const parent = parentOf(c);
    const key = parent && byId.has(parent) ? parent : null;
    children.set(key, [...(children.get(key) ?? []), c]);
  }
  for (const list of children.values()) list.sort(byPlace);
  return { byId, children };
}

export const childrenOf = (tree: Tree, id: string | null): Category[] => tree.children.get(id) ?? [];

/** The category's parent within the tree (null at the top level). */
function parentIn(tree: Tree, c: Category): string | null {
  const parent = parentOf(c);
  return parent && tree.byId.has(parent) ? parent : null;
}

/** The category's subcategories at every depth. */
export function descendantsOf(tree: Tree, id: string): Set<string> {
  const out = new Set<string>();
  const walk = (at: string) => {
    for (const c of childrenOf(tree, at)) {
      out.add(c.id);
      walk(c.id);
    }
  };
  walk(id);
  return out;
}

/** Every category in the order a reader meets them (parents before their children), with its depth from 0. */
export function flatten(tree: Tree): Array<{ category: Category; depth: number }> {
  const out: Array<{ category: Category; depth: number }> = [];
  const walk = (parent: string | null, depth: number) => {
    for (const c of childrenOf(tree, parent)) {
      out.push({ category: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Whether the move leaves the category where it is. */
function changesNothing(tree: Tree, move: MoveRequest): boolean {
  const moving = tree.byId.get(move.id);
  if (!moving) return true;
  const from = parentIn(tree, moving);
  if (from !== move.parentId) return false;
  const siblings = childrenOf(tree, from);
  const now = siblings.findIndex((c) => c.id === move.id);
  const rest = siblings.filter((c) => c.id !== move.id);
  const next =
    move.position === 'FIRST'
      ? 0
      : move.position === 'LAST'
        ? rest.length
        : rest.findIndex((c) => c.id === move.afterId) + 1;
  return now === next;
}

const unlessIdle = (tree: Tree, move: MoveRequest): MoveRequest | null => (changesNothing(tree, move) ? null : move);

/** The move that puts `id` at index `at` among the children of `parentId` (its own place not counted). */
function moveToIndex(tree: Tree, id: string, parentId: string | null, at: number): MoveRequest | null {
  const rest = childrenOf(tree, parentId).filter((c) => c.id !== id);
  const after = rest[at - 1];
  return unlessIdle(
    tree,
    at <= 0 || !after ? { id, parentId, position: 'FIRST' } : { id, parentId, position: 'AFTER', afterId: after.id },
  );
}

/**
 * The move a drop makes: before or after the row dropped on (among its siblings), or inside it (last of its
 * children). Dropped after a category whose children are shown, it goes first among them, where the line was drawn.
 * Null when nothing would change. A drop the server refuses (under its own subcategory, too deep) is still asked:
 * the server is the judge, and the page says why it refused.
 */
export function moveForDrop(
  tree: Tree,
  id: string,
  overId: string,
  place: DropPlace,
  expanded: (id: string) => boolean,
): MoveRequest | null {
  const over = tree.byId.get(overId);
  if (!over || overId === id) return null;
  if (place === 'inside') return unlessIdle(tree, { id, parentId: overId, position: 'LAST' });
  const parent = parentIn(tree, over);
  if (place === 'after') {
    const shown = childrenOf(tree, overId).filter((c) => c.id !== id);
    if (expanded(overId) && shown.length > 0) return moveToIndex(tree, id, overId, 0);
    return unlessIdle(tree, { id, parentId: parent, position: 'AFTER', afterId: overId });
  }
  const rest = childrenOf(tree, parent).filter((c) => c.id !== id);
  return moveToIndex(
    tree,
    id,
    parent,
    rest.findIndex((c) => c.id === overId),
  );
}

/** One place up (or down) among its siblings; null at the edge. */
export function moveBy(tree: Tree, id: string, step: -1 | 1): MoveRequest | null {
  const moving = tree.byId.get(id);
  if (!moving) return null;
  const parent = parentIn(tree, moving);
  const siblings = childrenOf(tree, parent);
  const now = siblings.findIndex((c) => c.id === id);
  const next = now + step;
  if (next < 0 || next >= siblings.length) return null;
  return moveToIndex(tree, id, parent, next);
}

/** Out of its parent, just after it; null at the top level. */
export function moveOut(tree: Tree, id: string): MoveRequest | null {
  const moving = tree.byId.get(id);
  const parent = moving ? tree.byId.get(parentOf(moving) ?? '') : undefined;
  if (!parent) return null;
  const grand = parentIn(tree, parent);
  return { id, parentId: grand, position: 'AFTER', afterId: parent.id };
}

/**
 * The list of categories after the move, as the server will answer it (for showing the move at once): the moved
 * category under its new parent, and both parents' children numbered again.
 */
export function applyMove(categories: readonly Category[], move: MoveRequest): Category[] {
  const moving = categories.find((c) => c.id === move.id);
  if (!moving) return [...categories];
  const from = parentOf(moving);
  const siblings = categories
    .filter((c) => parentOf(c) === move.parentId && c.id !== move.id)
    .sort(byPlace)
    .map((c) => c.id);
  const at =
    move.position === 'FIRST'
      ? 0
      : move.position === 'LAST'
        ? siblings.length
        : siblings.indexOf(move.afterId ?? '') + 1;
  siblings.splice(at, 0, move.id);
  const left = categories
    .filter((c) => parentOf(c) === from && c.id !== move.id)
    .sort(byPlace)
    .map((c) => c.id);
  const index = new Map<string, number>([...left.entries()].map(([i, id]) => [id, i]));
  for (const [i, id] of siblings.entries()) index.set(id, i);
  return categories.map((c) => {
    const i = index.get(c.id);
    if (i === undefined) return c;
    const parentId = c.id === move.id ? move.parentId : parentOf(c);
    return { ...c, parentCategory: { ...(parentId ? { id: parentId } : {}), index: i } };
  });
}

/** Where a category sits, in words: "2 of 3 in Footwear", "1 of 8 at the top level". */
export function placeInWords(tree: Tree, id: string): string {
  const c = tree.byId.get(id);
  if (!c) return '';
  const parent = tree.byId.get(parentOf(c) ?? '');
  const siblings = childrenOf(tree, parent?.id ?? null);
  const where = parent ? `in “${parent.name}”` : 'at the top level';
  return `${siblings.findIndex((s) => s.id === id) + 1} of ${siblings.length} ${where}`;
}
