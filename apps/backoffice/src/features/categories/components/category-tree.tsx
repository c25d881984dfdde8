import {
  type Announcements,
  DndContext,
  type DragMoveEvent,
  DragOverlay,
  PointerSensor,
  type UniqueIdentifier,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Category } from '@merx/sdk';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { formatNumber } from '../../../lib/format';
import { childrenOf, type DropPlace, type MoveRequest, moveForDrop, type Tree } from '../lib/tree';
import { type MenuEntry, RowMenu } from './row-menu';

/** The id of a row's actions button, so that the page can give it the focus back after a move. */
export const actionsButtonId = (id: string) => `category-actions-${id}`;

interface Drop {
  overId: string;
  place: DropPlace;
}

interface TreeView {
  tree: Tree;
  editable: boolean;
  collapsed: ReadonlySet<string>;
  toggle: (id: string) => void;
  entriesFor: (category: Category) => MenuEntry[];
  drop: Drop | undefined;
  activeId: string | undefined;
}

const View = createContext<TreeView | undefined>(undefined);
const useView = (): TreeView => {
  const view = useContext(View);
  if (!view) throw new Error('A category row is drawn outside its tree');
  return view;
};

const products = (n: number) => `${formatNumber(n)} product${n === 1 ? '' : 's'}`;

/**
 * The row under the pointer (read from the page as it is now, so scrolling while dragging is no matter; the dragged
 * copy under the pointer is looked through), and which part of it: the top quarter (before), the bottom quarter
 * (after), else the middle (inside).
 */
function dropAt(x: number, y: number): Drop | undefined {
  for (const element of document.elementsFromPoint(x, y)) {
    const row = element.closest<HTMLElement>('[data-category-row]');
    const overId = row?.dataset.categoryRow;
    if (!row || !overId) continue;
    const box = row.getBoundingClientRect();
    const at = (y - box.top) / Math.max(1, box.height);
    return { overId, place: at < 0.25 ? 'before' : at > 0.75 ? 'after' : 'inside' };
  }
  return undefined;
}

function Row({ category }: { category: Category }) {
  const view = useView();
  const kids = childrenOf(view.tree, category.id);
  const open = !view.collapsed.has(category.id);
  const drag = useDraggable({ id: category.id, disabled: !view.editable });
  const dropHere = view.drop?.overId === category.id && view.activeId !== category.id ? view.drop.place : undefined;
  const classes = [
    'tree-row',
    dropHere ? `tree-row--drop-${dropHere}` : '',
    view.activeId === category.id ? 'tree-row--dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div ref={drag.setNodeRef} className={classes} data-category-row={category.id}>
      {kids.length > 0 ? (
        <button
          type="button"
          className="tree-row__toggle"
          aria-expanded={open}
          aria-label={`Subcategories of ${category.name}`}
          onClick={() => view.toggle(category.id)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      ) : (
        <span className="tree-row__toggle" aria-hidden="true" />
      )}
      {view.editable ? (
        // Pointer only: keyboard users move categories from the row's actions (Move up, Move down, Move to…).
        <span
          ref={drag.setActivatorNodeRef}
          className="tree-row__handle"
          aria-hidden="true"
          title="Drag to move"
          {...drag.listeners}
        >
          ⠿
        </span>
      ) : null}
      <Link to={`/categories/${category.id}`} className="tree-row__name">
        {category.name}
      </Link>
      {category.visible ? null : <Badge>Hidden</Badge>}
      {kids.length > 0 ? <span className="tree-row__meta">{`${kids.length} inside`}</span> : null}
      <span className="tree-row__count">{products(category.itemCounter)}</span>
      {view.editable ? (
        <RowMenu
          label={`Actions for ${category.name}`}
          buttonId={actionsButtonId(category.id)}
          entries={view.entriesFor(category)}
        />
      ) : null}
    </div>
  );
}

function Branch({ parentId, label }: { parentId: string | null; label?: string }) {
  const view = useView();
  return (
    <ul className="tree" aria-label={label}>
      {childrenOf(view.tree, parentId).map((c) => (
        <li key={c.id}>
          <Row category={c} />
          {view.collapsed.has(c.id) || childrenOf(view.tree, c.id).length === 0 ? null : <Branch parentId={c.id} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The categories as nested lists: each row opens its category, shows its products count and whether the shop shows
 * it, and (for editors) can be dragged by its handle — dropped on the top or bottom edge of another row it goes
 * before or after it, dropped on the middle it goes inside. `onMove` asks the server; the page says the outcome.
 */
export function CategoryTree({
  tree,
  editable,
  collapsed,
  toggle,
  entriesFor,
  onMove,
}: {
  tree: Tree;
  editable: boolean;
  collapsed: ReadonlySet<string>;
  toggle: (id: string) => void;
  entriesFor: (category: Category) => MenuEntry[];
  onMove: (move: MoveRequest) => void;
}) {
  const [activeId, setActiveId] = useState<string>();
  const [drop, setDropState] = useState<Drop>();
  const dropRef = useRef<Drop | undefined>(undefined);
  const setDrop = (next: Drop | undefined) => {
    if (next?.overId === dropRef.current?.overId && next?.place === dropRef.current?.place) return;
    dropRef.current = next;
    setDropState(next);
  };
  const pointer = useRef({ x: 0, y: 0 });
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  useEffect(() => {
    if (!activeId) return;
    const track = (e: PointerEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
    };
    // In the capture phase, so that the place is known before the drag library (listening on the document) moves.
    window.addEventListener('pointermove', track, { capture: true, passive: true });
    return () => window.removeEventListener('pointermove', track, { capture: true });
  }, [activeId]);
  const nameOf = (id: UniqueIdentifier | undefined) => tree.byId.get(String(id))?.name ?? 'the category';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${nameOf(active.id)}”.`,
    onDragOver: () => undefined,
    onDragEnd: ({ active }) => {
      const target = dropRef.current;
      return target
        ? `“${nameOf(active.id)}” dropped on “${nameOf(target.overId)}”.`
        : `“${nameOf(active.id)}” put back.`;
    },
    onDragCancel: ({ active }) => `Moving “${nameOf(active.id)}” was cancelled; it is where it was.`,
  };
  const onDragMove = (e: DragMoveEvent) => {
    const target = dropAt(pointer.current.x, pointer.current.y);
    setDrop(target && target.overId !== String(e.active.id) ? target : undefined);
  };
  const end = () => {
    setActiveId(undefined);
    setDrop(undefined);
  };
  const view = useMemo(
    () => ({ tree, editable, collapsed, toggle, entriesFor, drop, activeId }),
    [tree, editable, collapsed, toggle, entriesFor, drop, activeId],
  );
  return (
    <View.Provider value={view}>
      <DndContext
        sensors={sensors}
        // Scrolls only when the pointer is close to the window's top or bottom edge (the default starts far earlier).
        autoScroll={{ threshold: { x: 0, y: 0.08 } }}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'Categories are moved with the keyboard from each row’s actions.' },
        }}
        onDragStart={(e) => {
          const start = e.activatorEvent;
          if (start instanceof PointerEvent) pointer.current = { x: start.clientX, y: start.clientY };
          setActiveId(String(e.active.id));
        }}
        onDragMove={onDragMove}
        onDragCancel={end}
        onDragEnd={(e) => {
          const id = String(e.active.id);
          const target = dropRef.current;
          end();
          if (!target) return;
          const move = moveForDrop(tree, id, target.overId, target.place, (at) => !collapsed.has(at));
          if (move) onMove(move);
        }}
      >
        <Branch parentId={null} label="Categories" />
        <DragOverlay dropAnimation={null}>
          {activeId ? <div className="tree-drag">{nameOf(activeId)}</div> : null}
        </DragOverlay>
      </DndContext>
    </View.Provider>
  );
}
