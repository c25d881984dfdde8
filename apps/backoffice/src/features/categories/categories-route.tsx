/*
 * Categories and collections are one grouping (docs/decisions/0022-categories.md): a category IS a collection, with
 * a parent and a place among its siblings. This page is the tree: where each category sits, its name, whether the
 * shop shows it, and (on a category's page) its products in order. The Collections section stays the place for
 * what a collection has besides (image, description, address), one click away from each row. Both read and write the
 * same records, and their queries share the `collections` cache keys, so a change made in one shows in the other.
 *
 * Not the index shape of STYLE.md 12 (a table): the order and nesting of the rows is what is edited here, so the page
 * is the tree itself, with every action on its row.
 */
import type { Category } from '@merx/sdk';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card, Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  ALL_PRODUCTS_ID,
  categoryTreeQuery,
  useCategoryTree,
  useCategoryVisibility,
  useDeleteCategory,
  useMoveCategory,
} from './api/categories';
import { CreateCategoryDialog, MoveCategoryDialog, RenameCategoryDialog } from './components/category-dialogs';
import { actionsButtonId, CategoryTree } from './components/category-tree';
import type { MenuEntry } from './components/row-menu';
import { refusalOf } from './lib/refusals';
import {
  applyMove,
  descendantsOf,
  type MoveRequest,
  moveBy,
  moveOut,
  parentOf,
  placeInWords,
  type Tree,
  treeOf,
} from './lib/tree';
import './categories.css';

type Dialog =
  | { kind: 'create'; parentId: string | null; from?: string }
  | { kind: 'rename'; category: Category }
  | { kind: 'move'; category: Category };

/**
 * After a dialog or a move, the focus goes to the row's actions (or to the page's title when the row is gone). A
 * little later, so that the tree has drawn the row in its new place (a row that changes parent is drawn anew).
 */
function focusRow(id: string | undefined, tries = 10) {
  setTimeout(() => {
    const row = id ? document.getElementById(actionsButtonId(id)) : null;
    if (!row && tries > 0) return focusRow(id, tries - 1);
    const target = row ?? document.querySelector('h1');
    if (target instanceof HTMLElement) target.focus();
  }, 60);
}

/** The actions of a row, as its menu lists them. */
function useRowActions(tree: Tree, open: (d: Dialog) => void, move: (m: MoveRequest, how: string) => void) {
  const visibility = useCategoryVisibility();
  const remove = useDeleteCategory();
  return useCallback(
    (c: Category): MenuEntry[] => {
      const parent = tree.byId.get(parentOf(c) ?? '');
      const up = moveBy(tree, c.id, -1);
      const down = moveBy(tree, c.id, 1);
      const out = moveOut(tree, c.id);
      const inside = descendantsOf(tree, c.id).size;
      return [
        { label: 'Add subcategory', onSelect: () => open({ kind: 'create', parentId: c.id, from: c.id }) },
        { label: 'Rename', onSelect: () => open({ kind: 'rename', category: c }) },
        {
          label: c.visible ? 'Hide from shop' : 'Show in shop',
          onSelect: () =>
            visibility.mutate(
              { category: c, visible: !c.visible },
              {
                onSuccess: () =>
                  toast(
                    c.visible
                      ? `“${c.name}”${inside ? ' and its subcategories' : ''} hidden from the shop`
                      : `“${c.name}” shown in the shop`,
                  ),
                onError: (e) => toast(refusalOf(e, { category: c.name, parent: parent?.name }), 'error'),
              },
            ),
        },
        { label: 'Move up', disabled: !up, onSelect: () => up && move(up, 'up') },
        { label: 'Move down', disabled: !down, onSelect: () => down && move(down, 'down') },
        {
          label: parent ? `Move out of “${parent.name}”` : 'Move out',
          hidden: !parent,
          onSelect: () => out && move(out, 'out'),
        },
        { label: 'Move to…', onSelect: () => open({ kind: 'move', category: c }) },
        {
          label: 'Image and description',
          render: (close) => (
            <Link className="row-menu__item" to={`/collections/${c.id}`} onClick={close}>
              Image and description
            </Link>
          ),
        },
        {
          label: 'Delete',
          tone: 'danger',
          onSelect: async () => {
            const ok = await confirmAction({
              title: `Delete “${c.name}”?`,
              message: `${inside ? `Its ${inside === 1 ? 'subcategory is' : `${inside} subcategories are`} deleted too. ` : ''}Their products stay in the store. This cannot be undone.`,
              confirmLabel: 'Delete category',
              tone: 'danger',
            });
            if (!ok) return focusRow(c.id);
            remove.mutate(c.id, {
              onSuccess: () => {
                toast(`“${c.name}” deleted`);
                focusRow(parent?.id);
              },
              onError: (e) => toast(refusalOf(e, { category: c.name }), 'error'),
            });
          },
        },
      ];
    },
    [tree, open, move, visibility, remove],
  );
}

function AllProductsRow({ category }: { category: Category | undefined }) {
  if (!category) return null;
  return (
    <div className="all-products">
      <div>
        <Link to={`/categories/${ALL_PRODUCTS_ID}`} className="tree-row__name">
          {category.name}
        </Link>{' '}
        <span className="muted">
          — every product ({formatNumber(category.itemCounter)}), made automatically. Its order is the shop’s order when
          no category is chosen.
        </span>
      </div>
      <Link to={`/categories/${ALL_PRODUCTS_ID}`} className="button button--secondary button--small">
        Arrange
      </Link>
    </div>
  );
}

/** Categories: the store's tree, made, renamed, shown or hidden, deleted and moved (dragged, or from each row). */
export function Component() {
  const can = useCan();
  const editable = can('catalog:write');
  const list = useCategoryTree();
  const all = list.data;
  const tree = useMemo(() => treeOf((all ?? []).filter((c) => c.id !== ALL_PRODUCTS_ID)), [all]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>();
  const [refusal, setRefusal] = useState<string>();
  const [said, setSaid] = useState('');
  const moving = useMoveCategory();
  const treeRef = useRef(tree);
  treeRef.current = tree;

  const toggle = useCallback(
    (id: string) =>
      setCollapsed((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const move = useCallback(
    (m: MoveRequest, how: string) => {
      const now = treeRef.current;
      const name = now.byId.get(m.id)?.name ?? '';
      const target = m.parentId ? now.byId.get(m.parentId)?.name : undefined;
      const after = treeOf(applyMove([...now.byId.values()], m));
      setRefusal(undefined);
      if (m.parentId)
        setCollapsed((s) => (s.has(m.parentId ?? '') ? new Set([...s].filter((x) => x !== m.parentId)) : s));
      moving.mutate(m, {
        onSuccess: () => setSaid(`“${name}” moved: now ${placeInWords(after, m.id)}.`),
        onError: (e) => setRefusal(`${refusalOf(e, { category: name, parent: target })} Nothing was moved.`),
      });
      if (how !== 'drag') focusRow(m.id);
    },
    [moving],
  );

  const open = useCallback((d: Dialog) => setDialog(d), []);
  const entriesFor = useRowActions(tree, open, move);
  const closeDialog = () => setDialog(undefined);
  const rowOf = (d: Dialog | undefined) => (d?.kind === 'create' ? d.from : d?.category.id);

  const header = editable ? (
    <button type="button" className="button" onClick={() => setDialog({ kind: 'create', parentId: null })}>
      Create category
    </button>
  ) : null;
  const content = list.isPending ? (
    <Loading label="Loading the categories…" />
  ) : list.error ? (
    <ErrorState error={list.error} retry={() => void list.refetch()} />
  ) : tree.byId.size === 0 ? (
    <Empty title="No categories yet" action={header}>
      Categories group your products for shoppers, as a menu with subcategories: “Clothing”, then “Coats” inside it.
    </Empty>
  ) : (
    <CategoryTree
      tree={tree}
      editable={editable}
      collapsed={collapsed}
      toggle={toggle}
      entriesFor={entriesFor}
      onMove={(m) => move(m, 'drag')}
    />
  );

  return (
    <Page
      title="Categories"
      subtitle="How the shop groups your products: drag a category by its handle to reorder it, or onto another to put it inside. Each row’s actions do the same from the keyboard."
      actions={header}
    >
      {refusal ? (
        <div className="form-error tree-refusal" role="alert">
          <span>{refusal}</span>
          <button type="button" className="button--link" onClick={() => setRefusal(undefined)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      <Card
        title="Category tree"
        id="category-tree"
        actions={
          tree.byId.size > 0 ? (
            <div className="tree-tools">
              <button type="button" className="button--link" onClick={() => setCollapsed(new Set())}>
                Expand all
              </button>
              <button
                type="button"
                className="button--link"
                onClick={() => setCollapsed(new Set([...tree.children.keys()].filter((k): k is string => k !== null)))}
              >
                Collapse all
              </button>
            </div>
          ) : undefined
        }
      >
        <AllProductsRow category={all?.find((c) => c.id === ALL_PRODUCTS_ID)} />
        {content}
        <p className="muted tree-note">
          Categories are your collections, arranged in a tree: a new category shows in{' '}
          <Link to="/collections">Collections</Link> too, where its image and description are edited.
        </p>
      </Card>
      {dialog?.kind === 'create' ? (
        <CreateCategoryDialog
          tree={tree}
          parentId={dialog.parentId}
          onClose={closeDialog}
          returnFocus={() => focusRow(rowOf(dialog))}
          onCreated={(c) => {
            closeDialog();
            if (dialog.parentId) setCollapsed((s) => new Set([...s].filter((x) => x !== dialog.parentId)));
            focusRow(c.id);
          }}
        />
      ) : dialog?.kind === 'rename' ? (
        <RenameCategoryDialog
          category={dialog.category}
          onClose={closeDialog}
          returnFocus={() => focusRow(rowOf(dialog))}
        />
      ) : dialog?.kind === 'move' ? (
        <MoveCategoryDialog
          tree={tree}
          category={dialog.category}
          onClose={closeDialog}
          returnFocus={() => focusRow(rowOf(dialog))}
          onMove={(m) => move(m, 'dialog')}
        />
      ) : null}
    </Page>
  );
}

/** Starts loading the tree while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(categoryTreeQuery());
}
