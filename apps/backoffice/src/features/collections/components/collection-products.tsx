import type { Product } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { type Column, DataTable } from '../../../components/data-table';
import { Card } from '../../../components/page';
import { Empty } from '../../../components/states';
import { messageOf } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { collectionProductsQuery, productSearchQuery, useCollectionMembership } from '../api/collections';

const plural = (n: number) => `${n} product${n === 1 ? '' : 's'}`;

function Thumb({ product }: { product: Product }) {
  const url = product.media.mainMedia?.thumbnail?.url ?? product.media.mainMedia?.image?.url;
  return url ? (
    <img className="thumb" src={url} alt="" width={40} height={40} loading="lazy" />
  ) : (
    <span className="thumb thumb--empty" aria-hidden="true" />
  );
}

const columns: ReadonlyArray<Column<Product>> = [
  {
    id: 'name',
    header: 'Product',
    cell: (p) => (
      <div className="collection-cell">
        <Thumb product={p} />
        <Link to={`/products/${p.id}`} className="collection-cell__name">
          {p.name}
        </Link>
      </div>
    ),
  },
  {
    id: 'visible',
    header: 'Status',
    cell: (p) => (p.visible ? <Badge tone="success">Visible</Badge> : <Badge>Hidden</Badge>),
  },
  { id: 'price', header: 'Price', align: 'end', cell: (p) => formatMoney(p.priceData.discountedPrice) },
];

/** The collection's products, a page at a time; selected ones can be taken out of it (they stay in the catalog). */
export function CollectionProducts({
  collectionId,
  name,
  editable,
}: {
  collectionId: string;
  name: string;
  editable: boolean;
}) {
  const [cursor, setCursor] = useState('');
  const page = useQuery(collectionProductsQuery(collectionId, cursor));
  const membership = useCollectionMembership();
  const rows = page.data?.products;
  const cursors = page.data?.metadata.cursors;
  return (
    <Card title="Products in this collection" id="collection-products">
      <DataTable
        label={`Products in ${name}`}
        columns={columns}
        rows={rows}
        rowId={(p) => p.id}
        loading={page.isFetching}
        error={page.error}
        retry={() => void page.refetch()}
        empty={
          <Empty title="No products in this collection yet">
            {editable ? 'Find products below and add them.' : undefined}
          </Empty>
        }
        {...(editable
          ? {
              bulkActions: (ids: string[], clear: () => void) => (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={membership.isPending}
                  onClick={() =>
                    membership.mutate(
                      { id: collectionId, productIds: ids, add: false },
                      {
                        onSuccess: (n) => {
                          toast(`${plural(n)} removed from ${name}`);
                          clear();
                        },
                        onError: (e) => toast(messageOf(e), 'error'),
                      },
                    )
                  }
                >
                  Remove from collection
                </button>
              ),
            }
          : {})}
        paging={{
          hasPrev: Boolean(cursors?.prev),
          hasNext: Boolean(cursors?.next),
          onPrev: () => setCursor(cursors?.prev ?? ''),
          onNext: () => setCursor(cursors?.next ?? ''),
        }}
      />
    </Card>
  );
}

/** Finds products by name or SKU and adds the ticked ones to the collection. */
export function ProductPicker({ collectionId, name }: { collectionId: string; name: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const results = useQuery(productSearchQuery(term));
  const membership = useCollectionMembership();
  return (
    <Card title="Add products" id="add-products">
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (picked.length === 0) return;
          membership.mutate(
            { id: collectionId, productIds: picked, add: true },
            {
              onSuccess: (n) => {
                toast(`${plural(n)} added to ${name}`);
                setPicked([]);
              },
              onError: (err) => toast(messageOf(err), 'error'),
            },
          );
        }}
      >
        <search className="field">
          <label htmlFor={id}>Find products by name or SKU</label>
          <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </search>
        {results.error ? <p className="field__error">{messageOf(results.error)}</p> : null}
        <fieldset className="picker-fieldset" aria-busy={results.isFetching}>
          <legend className="visually-hidden">Products found</legend>
          {results.data && results.data.length === 0 ? (
            <p className="muted">No products match “{term}”.</p>
          ) : (
            <ul className="picker-results">
              {(results.data ?? []).map((p) => {
                const inside = p.collectionIds.includes(collectionId);
                return (
                  <li key={p.id}>
                    <label>
                      <input
                        type="checkbox"
                        disabled={inside}
                        checked={inside || picked.includes(p.id)}
                        onChange={(e) =>
                          setPicked((list) => (e.target.checked ? [...list, p.id] : list.filter((x) => x !== p.id)))
                        }
                      />
                      <Thumb product={p} />
                      <span>{p.name}</span>
                      {inside ? <span className="muted">In this collection</span> : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button" disabled={picked.length === 0 || membership.isPending}>
            {picked.length ? `Add ${plural(picked.length)}` : 'Add products'}
          </button>
        </div>
      </form>
    </Card>
  );
}
