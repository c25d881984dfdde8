import {
  createColumnHelper,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useShortcuts } from '../lib/shortcuts';
import { Empty, ErrorState } from './states';

/** One column of a list: its header and what a row shows in it. */
export interface Column<T extends object> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** `end` for amounts and counts. */
  align?: 'start' | 'end';
  /** Hidden below 1024 px (a tablet keeps the essentials). */
  secondary?: boolean;
}

const features = tableFeatures({ rowSelectionFeature });
const ROW_HEIGHT = 48;
/** Past this many rows only the rows on screen are rendered (the rest stand as spacing). */
const VIRTUAL_FROM = 60;

export interface DataTableProps<T extends object> {
  /** What the table lists, for screen readers ("Products", "Orders"). */
  label: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[] | undefined;
  rowId: (row: T) => string;
  loading: boolean;
  error?: unknown;
  retry?: () => void;
  /** Shown when there are no rows: what to do first. */
  empty: ReactNode;
  /** Actions on the selected rows (shown when some are selected); selection is off without it. */
  bulkActions?: (selectedIds: string[], clear: () => void) => ReactNode;
  /** Opens a row (Enter on a row, `o`); its primary cell should also be a link. */
  onOpen?: (row: T) => void;
  paging?: { hasPrev: boolean; hasNext: boolean; onPrev: () => void; onNext: () => void; summary?: string };
}

/**
 * The list of an index page: server-driven rows (search, filters, sort and paging are the page's, kept in the URL),
 * row selection with bulk actions, loading, empty and error states, virtual rows for long pages, and keyboard use
 * (`j`/`k` move between rows, `x` selects, `o` or Enter opens).
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { columns, rows, rowId, bulkActions, onOpen } = props;
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [active, setActive] = useState(-1);
  const body = useRef<HTMLTableSectionElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const data = useMemo(() => (rows ? [...rows] : []), [rows]);
  const selectable = Boolean(bulkActions);

  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((c) => helper.display({ id: c.id, header: c.header, cell: ({ row }) => c.cell(row.original) })),
    );
  }, [columns]);

  const table = useTable({
    features,
    columns: tableColumns,
    data,
    getRowId: (row) => rowId(row),
    enableRowSelection: selectable,
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
  });
  const tableRows = table.getRowModel().rows;
  const selectedIds = Object.keys(rowSelection);
  const clear = useCallback(() => setRowSelection({}), []);

  const virtual = tableRows.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    enabled: virtual,
  });

  const focusRow = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(tableRows.length - 1, index));
      setActive(next);
      if (virtual) virtualizer.scrollToIndex(next);
      requestAnimationFrame(() => {
        body.current?.querySelector<HTMLElement>(`[data-row-index="${next}"] a, [data-row-index="${next}"]`)?.focus();
      });
    },
    [tableRows.length, virtual, virtualizer],
  );
  const shortcuts = useMemo(
    () => ({
      j: () => focusRow(active + 1),
      k: () => focusRow(active - 1),
      x: () => {
        const row = tableRows[active];
        if (row && selectable) row.toggleSelected();
      },
      o: () => {
        const row = tableRows[active];
        if (row && onOpen) onOpen(row.original);
      },
    }),
    [active, focusRow, tableRows, selectable, onOpen],
  );
  useShortcuts(shortcuts);

  if (props.error && !rows) return <ErrorState error={props.error} retry={props.retry} />;
  if (!props.loading && rows && rows.length === 0) return <>{props.empty}</>;

  const items = virtual ? virtualizer.getVirtualItems() : tableRows.map((_, index) => ({ index, start: 0 }));
  const padTop = virtual ? (items[0]?.start ?? 0) : 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - ((items.at(-1)?.start ?? 0) + ROW_HEIGHT) : 0;
  const span = columns.length + (selectable ? 1 : 0);

  return (
    <div className="data-table">
      {selectable && selectedIds.length > 0 ? (
        <section className="bulk-bar" aria-label="Bulk actions">
          <span>{selectedIds.length} selected</span>
          {bulkActions?.(selectedIds, clear)}
          <button type="button" className="button button--link" onClick={clear}>
            Clear selection
          </button>
        </section>
      ) : null}
      <div
        ref={scroller}
        className={`data-table__scroll${virtual ? ' data-table__scroll--virtual' : ''}`}
        aria-busy={props.loading}
      >
        <table>
          <caption className="visually-hidden">{props.label}</caption>
          <thead>
            <tr>
              {selectable ? (
                <th scope="col" className="data-table__select">
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={table.getIsAllPageRowsSelected()}
                    ref={(el) => {
                      if (el) el.indeterminate = table.getIsSomePageRowsSelected();
                    }}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              ) : null}
              {columns.map((c) => (
                <th
                  key={c.id}
                  scope="col"
                  className={`${c.align === 'end' ? 'num' : ''}${c.secondary ? ' secondary' : ''}`}
                >
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={body}>
            {props.loading && !rows ? (
              <tr>
                <td colSpan={span} className="data-table__loading">
                  <span className="spinner" aria-hidden="true" /> Loading…
                </td>
              </tr>
            ) : null}
            {padTop > 0 ? <Spacer height={padTop} span={span} /> : null}
            {items.map(({ index }) => {
              const row = tableRows[index];
              if (!row) return null;
              return (
                <tr
                  key={row.id}
                  data-row-index={index}
                  className={`${row.getIsSelected() ? 'selected' : ''}${index === active ? ' active' : ''}`}
                  onFocus={() => setActive(index)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && e.target === e.currentTarget && onOpen) onOpen(row.original);
                  }}
                >
                  {selectable ? (
                    <td className="data-table__select">
                      <input
                        type="checkbox"
                        aria-label={`Select row ${index + 1}`}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  ) : null}
                  {columns.map((c) => (
                    <td key={c.id} className={`${c.align === 'end' ? 'num' : ''}${c.secondary ? ' secondary' : ''}`}>
                      {c.cell(row.original)}
                    </td>
                  ))}
                </tr>
              );
            })}
            {padBottom > 0 ? <Spacer height={padBottom} span={span} /> : null}
          </tbody>
        </table>
      </div>
      {props.error && rows ? <ErrorState error={props.error} retry={props.retry} /> : null}
      {props.paging ? <Pager {...props.paging} /> : null}
    </div>
  );
}

/** The height of the rows not rendered, above or below the visible ones; nothing for screen readers to read. */
function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr className="data-table__spacer">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** Previous and next page of a cursor- or offset-paged list. */
export function Pager({
  hasPrev,
  hasNext,
  onPrev,
  onNext,
  summary,
}: {
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  summary?: string | undefined;
}) {
  if (!hasPrev && !hasNext && !summary) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <span className="pager__summary">{summary}</span>
      <button type="button" className="button button--secondary" disabled={!hasPrev} onClick={onPrev}>
        Previous
      </button>
      <button type="button" className="button button--secondary" disabled={!hasNext} onClick={onNext}>
        Next
      </button>
    </nav>
  );
}

/** The empty state of a list with no filters (what to do first) or with filters (clear them). */
export function ListEmpty({
  filtered,
  noun,
  firstStep,
  onClear,
}: {
  filtered: boolean;
  noun: string;
  firstStep?: ReactNode;
  onClear: () => void;
}) {
  return filtered ? (
    <Empty
      title={`No ${noun} match`}
      action={
        <button type="button" className="button button--secondary" onClick={onClear}>
          Clear search and filters
        </button>
      }
    >
      Try another search or fewer filters.
    </Empty>
  ) : (
    <Empty title={`No ${noun} yet`} action={firstStep} />
  );
}
