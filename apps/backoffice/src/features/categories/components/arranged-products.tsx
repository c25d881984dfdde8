import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Product } from '@merx/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { formatMoney } from '../../../lib/format';

/** What the list asks of the page: a new order (with the product moved), or taking a product out. */
export interface ArrangeActions {
  arrange: (next: Product[], moved: Product) => void;
  remove?: (product: Product) => void;
  busy: boolean;
}

function Thumb({ product }: { product: Product }) {
  const url = product.media.mainMedia?.thumbnail?.url ?? product.media.mainMedia?.image?.url;
  return url ? (
    <img className="cat-thumb" src={url} alt="" width={40} height={40} loading="lazy" />
  ) : (
    <span className="cat-thumb cat-thumb--empty" aria-hidden="true" />
  );
}

function Item({
  product,
  index,
  count,
  products,
  actions,
  editable,
}: {
  product: Product;
  index: number;
  count: number;
  products: Product[];
  actions: ArrangeActions;
  editable: boolean;
}) {
  const sortable = useSortable({ id: product.id, disabled: !editable });
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition };
  const step = (by: -1 | 1) => {
    actions.arrange(arrayMove(products, index, index + by), product);
    // At the top (or the bottom) the button pressed turns off: the focus goes to its twin, not to the page.
    const edge = by === -1 ? index + by === 0 : index + by === count - 1;
    if (edge)
      setTimeout(() =>
        document
          .querySelector<HTMLElement>(`[data-product-id="${product.id}"] [data-step="${by === -1 ? 'down' : 'up'}"]`)
          ?.focus(),
      );
  };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`arranged__item${sortable.isDragging ? ' arranged__item--dragging' : ''}`}
      data-product-id={product.id}
    >
      {editable ? (
        <button
          ref={sortable.setActivatorNodeRef}
          type="button"
          className="arranged__handle"
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={`Drag ${product.name} (position ${index + 1} of ${count})`}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      ) : null}
      <span className="arranged__place" aria-hidden="true">
        {index + 1}
      </span>
      <Thumb product={product} />
      <Link to={`/products/${product.id}`} className="arranged__name">
        {product.name}
      </Link>
      {product.visible ? null : <Badge>Hidden</Badge>}
      <span className="arranged__price">{formatMoney(product.priceData.discountedPrice)}</span>
      {editable ? (
        <span className="arranged__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={index === 0}
            data-step="up"
            aria-label={`Move ${product.name} up`}
            onClick={() => step(-1)}
          >
            <span aria-hidden="true">↑</span> Up
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={index === count - 1}
            data-step="down"
            aria-label={`Move ${product.name} down`}
            onClick={() => step(1)}
          >
            <span aria-hidden="true">↓</span> Down
          </button>
          {actions.remove ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={actions.busy}
              aria-label={`Remove ${product.name} from this category`}
              onClick={() => actions.remove?.(product)}
            >
              Remove
            </button>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

/**
 * A category's products in the order the shop shows them. Editors drag a product by its handle (or pick the handle
 * up with Space, move it with the arrow keys and put it down with Space), or use its Up and Down buttons.
 */
export function ArrangedProducts({
  label,
  products,
  editable,
  actions,
}: {
  label: string;
  products: Product[];
  editable: boolean;
  actions: ArrangeActions;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => products.find((p) => p.id === id)?.name ?? 'The product';
  const placeOf = (id: UniqueIdentifier | undefined) => products.findIndex((p) => p.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, at position ${placeOf(active.id)} of ${products.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} would go to position ${placeOf(over.id)} of ${products.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} put at position ${placeOf(over.id)} of ${products.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it is where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = products.findIndex((p) => p.id === active.id);
    const to = products.findIndex((p) => p.id === over.id);
    const moved = products[from];
    if (from < 0 || to < 0 || !moved) return;
    actions.arrange(arrayMove(products, from, to), moved);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a product, press Space to pick it up, the up and down arrow keys to move it, Space again to put it down, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={products.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <ol className="arranged" aria-label={label}>
          {products.map((p, i) => (
            <Item
              key={p.id}
              product={p}
              index={i}
              count={products.length}
              products={products}
              actions={actions}
              editable={editable}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
