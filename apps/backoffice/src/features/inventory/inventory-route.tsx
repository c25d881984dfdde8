import type { StockLevel } from '@merx/contract';
import { useMemo, useState } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useUrlState } from '../../lib/url-state';
import {
  LIST_KEYS,
  LOW_STOCK,
  PAGE_SIZE,
  stockLevelsQuery,
  useStockLevels,
  variantName,
  viewOf,
} from './api/stock-levels';
import { HistoryDrawer } from './components/history-drawer';
import { filterChips, InventoryFilters } from './components/inventory-filters';
import { StateBadge } from './components/state-badge';
import { ENTRY_HINT_ID, StockCell } from './components/stock-cell';
import { TrackingCell } from './components/tracking-cell';
import './inventory.css';

const keyOf = (l: StockLevel) => `${l.productId}:${l.variantId}`;

function columnsFor(editable: boolean, openHistory: (l: StockLevel) => void): ReadonlyArray<Column<StockLevel>> {
  return [
    {
      id: 'product',
      header: 'Product',
      cell: (l) => (
        <div className="inv-product">
          <Link to={`/products/${l.productId}`} className="inv-product__name">
            {l.productName}
          </Link>
          {Object.keys(l.choices).length > 0 ? (
            <span className="inv-product__variant">{Object.values(l.choices).join(' / ')}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'sku',
      header: 'SKU',
      secondary: true,
      cell: (l) => (l.sku ? <span className="inv-sku">{l.sku}</span> : <span className="muted">—</span>),
    },
    { id: 'tracking', header: 'Tracking', cell: (l) => <TrackingCell level={l} editable={editable} /> },
    { id: 'stock', header: 'Quantity', cell: (l) => <StockCell level={l} editable={editable} /> },
    { id: 'state', header: 'State', cell: (l) => <StateBadge level={l} /> },
    {
      id: 'history',
      header: 'History',
      cell: (l) => (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={`History of ${variantName(l)}`}
          onClick={() => openHistory(l)}
        >
          History
        </button>
      ),
    },
  ];
}

/**
 * Inventory: every variant of the catalog with its stock, searched by product name or SKU, filtered by tracking and
 * stock state, sorted and paged by the server; the view lives in the URL. Staff who may change the catalog set
 * quantities in place, add or take away units, switch tracking and mark untracked variants in or out of stock; each
 * variant's history of changes opens at the side. An index page without bulk actions: stock is changed one variant
 * at a time, each change its own entry in the history.
 */
export function Component() {
  const can = useCan();
  const editable = can('catalog:write');
  const { values, cursor, set } = useUrlState(LIST_KEYS);
  const view = viewOf(values, cursor);
  const list = useStockLevels(view);
  const [historyOf, setHistoryOf] = useState<StockLevel>();
  const rows = list.data?.stockLevels;
  const total = list.data?.metadata.total;
  const shown = rows?.length ?? 0;
  const chips = filterChips(view, set);
  const columns = useMemo(() => columnsFor(editable, setHistoryOf), [editable]);
  // The drawer shows the row as the table has it now (edits patch the rows in place).
  const drawerLevel = historyOf ? (rows?.find((l) => keyOf(l) === keyOf(historyOf)) ?? historyOf) : undefined;

  return (
    <Page
      title="Inventory"
      subtitle={
        total === undefined
          ? undefined
          : `${formatNumber(total)} ${total === 1 ? 'variant' : 'variants'}${chips.length > 0 ? ' found' : ''}`
      }
    >
      <Card>
        <ListToolbar
          search={view.q}
          onSearch={(q) => set({ q })}
          placeholder="Search by product name or SKU"
          filters={<InventoryFilters view={view} set={set} />}
          chips={chips}
        />
        <p id={ENTRY_HINT_ID} className="muted inv-hint">
          Low stock means a tracked variant with {LOW_STOCK} or fewer units left.
          {editable
            ? ' To change a quantity, type the new count and press Enter, or type +3 or −2 to add or take away units.'
            : ''}
        </p>
        <DataTable
          label="Stock of each variant"
          columns={columns}
          rows={rows}
          rowId={keyOf}
          loading={list.isFetching}
          error={list.error}
          retry={() => void list.refetch()}
          onOpen={setHistoryOf}
          empty={
            <ListEmpty
              filtered={chips.length > 0}
              noun="variants"
              onClear={() => set({ q: undefined, tracking: undefined, stock: undefined })}
              firstStep={
                editable ? (
                  <Link to="/products/new" className="button">
                    Add your first product
                  </Link>
                ) : undefined
              }
            />
          }
          paging={{
            hasPrev: view.offset > 0,
            hasNext: total !== undefined && view.offset + shown < total,
            onPrev: () => set({ cursor: String(Math.max(0, view.offset - PAGE_SIZE)) }),
            onNext: () => set({ cursor: String(view.offset + PAGE_SIZE) }),
            summary:
              total && shown
                ? `${formatNumber(view.offset + 1)}–${formatNumber(view.offset + shown)} of ${formatNumber(total)}`
                : undefined,
          }}
        />
      </Card>
      {drawerLevel ? <HistoryDrawer level={drawerLevel} onClose={() => setHistoryOf(undefined)} /> : null}
    </Page>
  );
}

/** Starts loading the page of the table the URL asks for while the page opens. */
export function warm({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(LIST_KEYS.map((k) => [k, params.get(k) ?? ''])) as Parameters<typeof viewOf>[0];
  void queryClient.prefetchQuery(stockLevelsQuery(viewOf(values, params.get('cursor') ?? '')));
}
