import { useId, useMemo } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate } from 'react-router';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { formatDate, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useShortcuts } from '../../lib/shortcuts';
import { useUrlState } from '../../lib/url-state';
import { type InfoSection, type ListView, listQuery, PAGE_SIZE, SORTS, useInfoSectionList } from './api/info-sections';
import './info-sections.css';

const URL_KEYS = ['q', 'sort', 'page'] as const;

const columns: ReadonlyArray<Column<InfoSection>> = [
  {
    id: 'name',
    header: 'Unique name',
    cell: (s) => (
      <Link to={`/info-sections/${s.id}`} className="info-section-cell__name">
        {s.uniqueName}
      </Link>
    ),
  },
  { id: 'title', header: 'Title', cell: (s) => s.title },
  { id: 'products', header: 'Products', align: 'end', cell: (s) => formatNumber(s.products) },
  { id: 'updated', header: 'Updated', secondary: true, cell: (s) => formatDate(s.updatedDate) },
];

function SortFilter({ value, onChange }: { value: string; onChange: (sort: string) => void }) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Info sections: shared blocks of product information (care, sizing, shipping), searched, sorted and paged. */
export function Component() {
  const can = useCan();
  const writer = can('catalog:write');
  const navigate = useNavigate();
  const { values, set } = useUrlState(URL_KEYS);
  const view: ListView = { q: values.q, sort: values.sort };
  const page = Math.max(1, Number.parseInt(values.page, 10) || 1);
  const list = useInfoSectionList(view, page);
  const rows = list.data?.items;
  const chips = view.q ? [{ label: `Search: ${view.q}`, onRemove: () => set({ q: '', page: '' }) }] : [];
  const offset = (page - 1) * PAGE_SIZE;
  useShortcuts(
    useMemo(
      (): Record<string, () => void> => (writer ? { n: () => void navigate('/info-sections/new') } : {}),
      [writer, navigate],
    ),
  );
  return (
    <Page
      title="Info sections"
      subtitle="Blocks of product information, such as care or sizing, written once and shown on the products that use them."
      actions={
        writer ? (
          <Link to="/info-sections/new" className="button">
            Create info section
          </Link>
        ) : null
      }
    >
      <Card>
        <ListToolbar
          search={view.q}
          onSearch={(q) => set({ q, page: '' })}
          placeholder="Search info sections by unique name or title"
          filters={<SortFilter value={view.sort} onChange={(sort) => set({ sort, page: '' })} />}
          chips={chips}
        />
        <DataTable
          label="Info sections"
          columns={columns}
          rows={rows}
          rowId={(s) => s.id}
          loading={list.isFetching}
          error={list.error}
          retry={() => (page > 1 ? set({ page: '' }) : void list.refetch())}
          onOpen={(s) => navigate(`/info-sections/${s.id}`)}
          empty={
            <ListEmpty
              filtered={chips.length > 0}
              noun="info sections"
              onClear={() => set({ q: '', page: '' })}
              firstStep={
                writer ? (
                  <Link to="/info-sections/new" className="button">
                    Create your first info section
                  </Link>
                ) : undefined
              }
            />
          }
          paging={{
            hasPrev: page > 1,
            hasNext: Boolean(list.data?.hasNext),
            onPrev: () => set({ page: page > 2 ? String(page - 1) : '' }),
            onNext: () => set({ page: String(page + 1) }),
            summary: rows?.length
              ? `Showing ${formatNumber(offset + 1)}–${formatNumber(offset + rows.length)}`
              : undefined,
          }}
        />
      </Card>
    </Page>
  );
}

export function warm({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get('page') && params.get('page') !== '1') return;
  void queryClient.prefetchQuery(listQuery({ q: params.get('q') ?? '', sort: params.get('sort') ?? '' }, 1));
}
