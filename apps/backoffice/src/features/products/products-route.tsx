import type { Product } from '@merx/contract';
import { useMemo } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate } from 'react-router';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatDate, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useShortcuts } from '../../lib/shortcuts';
import { useUrlState } from '../../lib/url-state';
import {
  collectionChoicesQuery,
  LIST_KEYS,
  type ProductListView,
  productListQuery,
  useCollectionChoices,
  useProductList,
} from './api/products';
import { ProductBulkActions } from './components/bulk-actions';
import { NameCell, PriceCell, StockCell, VisibilityBadge } from './components/product-cells';
import { filterChips, ProductFilters } from './components/product-filters';
import './products.css';

const columns: ReadonlyArray<Column<Product>> = [
  { id: 'name', header: 'Product', cell: (p) => <NameCell product={p} /> },
  { id: 'visible', header: 'Status', cell: (p) => <VisibilityBadge visible={p.visible} /> },
  { id: 'stock', header: 'Stock', cell: (p) => <StockCell product={p} /> },
  { id: 'price', header: 'Price', align: 'end', cell: (p) => <PriceCell product={p} /> },
  {
    id: 'type',
    header: 'Type',
    secondary: true,
    cell: (p) => (p.productType === 'digital' ? 'Digital' : 'Physical'),
  },
  {
    id: 'updated',
    header: 'Updated',
    secondary: true,
    cell: (p) => <span className="nowrap">{formatDate(p.lastUpdated)}</span>,
  },
];

const viewOf = (params: URLSearchParams): ProductListView => ({
  ...(Object.fromEntries(LIST_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof LIST_KEYS)[number], string>),
  cursor: params.get('cursor') ?? '',
});

/**
 * Products: the whole catalog (hidden products too) searched by name or SKU, filtered by collection, visibility,
 * stock and price, sorted, paged by cursor; the view lives in the URL. Selected products can be edited, shown or
 * hidden, put in or taken out of a collection, tagged, given or relieved of an info section, ribbon or brand, or
 * deleted at once.
 */
export function Component() {
  const can = useCan();
  const writer = can('catalog:write');
  const navigate = useNavigate();
  const { values, cursor, set } = useUrlState(LIST_KEYS);
  const view: ProductListView = { ...values, cursor };
  const list = useProductList(view);
  const collections = useCollectionChoices();
  const rows = list.data?.products;
  const names = useMemo(() => new Map((rows ?? []).map((p) => [p.id, p.name])), [rows]);
  const collectionName = (id: string) => collections.data?.find((c) => c.id === id)?.name ?? 'a collection';
  const chips = filterChips(view, set, collectionName);
  const cursors = list.data?.metadata.cursors;
  const offset = list.data?.metadata.offset ?? 0;
  const count = rows?.length ?? 0;

  useShortcuts(
    useMemo(
      (): Record<string, () => void> => (writer ? { n: () => void navigate('/products/new') } : {}),
      [writer, navigate],
    ),
  );

  return (
    <Page
      title="Products"
      actions={
        <>
          <Link to="/products/export" className="button button--secondary">
            Export
          </Link>
          {writer ? (
            <>
              <Link to="/products/import" className="button button--secondary">
                Import
              </Link>
              <Link to="/products/new" className="button">
                Add product
              </Link>
            </>
          ) : null}
        </>
      }
    >
      <Card>
        <ListToolbar
          search={view.q}
          onSearch={(q) => set({ q })}
          placeholder="Search by name or SKU"
          filters={<ProductFilters view={view} set={set} />}
          chips={chips}
        />
        <DataTable
          label="Products"
          columns={columns}
          rows={rows}
          rowId={(p) => p.id}
          loading={list.isFetching}
          error={list.error}
          retry={() => (view.cursor ? set({ cursor: undefined }) : void list.refetch())}
          onOpen={(p) => navigate(`/products/${p.id}`)}
          {...(writer
            ? {
                bulkActions: (ids: string[], clear: () => void) => (
                  <ProductBulkActions ids={ids} clear={clear} names={names} />
                ),
              }
            : {})}
          empty={
            <ListEmpty
              filtered={chips.length > 0}
              noun="products"
              onClear={() => set({ q: '', collection: '', visibility: '', stock: '', min: '', max: '' })}
              firstStep={
                writer ? (
                  <Link to="/products/new" className="button">
                    Add your first product
                  </Link>
                ) : undefined
              }
            />
          }
          paging={{
            hasPrev: Boolean(cursors?.prev),
            hasNext: Boolean(cursors?.next),
            onPrev: () => set({ cursor: cursors?.prev ?? undefined }),
            onNext: () => set({ cursor: cursors?.next ?? undefined }),
            summary: count ? `Showing ${formatNumber(offset + 1)}–${formatNumber(offset + count)}` : undefined,
          }}
        />
      </Card>
    </Page>
  );
}

/** Starts loading the list in the URL (and the collections its filter offers) while the page opens. */
export function warm({ request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(productListQuery(viewOf(new URL(request.url).searchParams)));
  void queryClient.prefetchQuery(collectionChoicesQuery());
}
