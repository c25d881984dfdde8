import { useId, useMemo, useState } from 'react';
import { type LoaderFunctionArgs, NavLink, useLocation } from 'react-router';
import { type Column, DataTable, ListEmpty } from '../../components/data-table';
import { ListToolbar } from '../../components/list-toolbar';
import { Card, Page } from '../../components/page';
import { confirmAction } from '../../lib/confirm';
import { messageOf } from '../../lib/errors';
import { formatDate, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { useShortcuts } from '../../lib/shortcuts';
import { toast } from '../../lib/toasts';
import { useUrlState } from '../../lib/url-state';
import {
  fetchOne,
  KINDS,
  type Kind,
  type ListView,
  listQuery,
  type NamedEntity,
  PAGE_SIZE,
  SORTS,
  useDelete,
  useList,
} from './api/named-entities';
import { NameDialog } from './components/name-dialog';
import './ribbons-brands.css';

const URL_KEYS = ['q', 'sort', 'page'] as const;
const kindOf = (pathname: string): Kind => (/\/brands\/?$/.test(pathname) ? 'brands' : 'ribbons');
const products = (n: number) => `${formatNumber(n)} product${n === 1 ? '' : 's'}`;

function Tabs() {
  return (
    <nav className="tabs" aria-label="Ribbons or brands">
      <NavLink to="/ribbons-brands" end>
        Ribbons
      </NavLink>
      <NavLink to="/ribbons-brands/brands" end>
        Brands
      </NavLink>
    </nav>
  );
}

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

/** Asks with the product count as stored now (the list's may be older), then deletes. */
function useDeleteFlow(kind: Kind) {
  const remove = useDelete(kind);
  const { one } = KINDS[kind];
  const run = async (entity: NamedEntity) => {
    let count = entity.products;
    try {
      count = (await fetchOne(kind, entity.id)).products;
    } catch (error) {
      toast(messageOf(error), 'error');
      return;
    }
    const ok = await confirmAction({
      title: `Delete the ${one} “${entity.name}”?`,
      message: `${
        count > 0
          ? `${products(count)} will lose this ${one}; the products themselves stay in the catalog.`
          : `No product has this ${one}.`
      } This cannot be undone.`,
      confirmLabel: `Delete ${one}`,
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(entity.id, {
      onSuccess: () => toast(`The ${one} “${entity.name}” was deleted`),
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };
  return { run, busy: remove.isPending };
}

/** Ribbons and brands (two tabs): searched, sorted and paged, with product counts; created, renamed and deleted. */
export function Component() {
  const kind = kindOf(useLocation().pathname);
  const { one, title, about } = KINDS[kind];
  const can = useCan();
  const writer = can('catalog:write');
  const { values, set } = useUrlState(URL_KEYS);
  const view: ListView = { q: values.q, sort: values.sort };
  const page = Math.max(1, Number.parseInt(values.page, 10) || 1);
  const list = useList(kind, view, page);
  const rows = list.data?.items;
  const [dialog, setDialog] = useState<{ entity?: NamedEntity } | undefined>();
  const remove = useDeleteFlow(kind);

  useShortcuts(useMemo((): Record<string, () => void> => (writer ? { n: () => setDialog({}) } : {}), [writer]));

  const columns = useMemo((): ReadonlyArray<Column<NamedEntity>> => {
    const base: Array<Column<NamedEntity>> = [
      { id: 'name', header: 'Name', cell: (e) => <span className="entity-name">{e.name}</span> },
      { id: 'products', header: 'Products', align: 'end', cell: (e) => formatNumber(e.products) },
      { id: 'updated', header: 'Updated', secondary: true, cell: (e) => formatDate(e.updatedDate) },
    ];
    if (!writer) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: 'Actions',
        align: 'end',
        cell: (e) => (
          <span className="row-actions">
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Rename ${e.name}`}
              onClick={() => setDialog({ entity: e })}
            >
              Rename
            </button>
            <button
              type="button"
              className="button button--danger button--small"
              aria-label={`Delete ${e.name}`}
              disabled={remove.busy}
              onClick={() => void remove.run(e)}
            >
              Delete
            </button>
          </span>
        ),
      },
    ];
  }, [writer, remove]);

  const chips = view.q ? [{ label: `Search: ${view.q}`, onRemove: () => set({ q: '', page: '' }) }] : [];
  const offset = (page - 1) * PAGE_SIZE;
  return (
    <Page
      title="Ribbons & brands"
      subtitle={about}
      actions={
        writer ? (
          <button type="button" className="button" onClick={() => setDialog({})}>
            Create {one}
          </button>
        ) : null
      }
    >
      <Tabs />
      {writer ? null : (
        <p className="read-only-note" role="note">
          You can see the {title.toLowerCase()}; creating, renaming or deleting them needs the catalog:write permission.
        </p>
      )}
      <Card>
        <ListToolbar
          search={view.q}
          onSearch={(q) => set({ q, page: '' })}
          placeholder={`Search ${title.toLowerCase()} by name`}
          filters={<SortFilter value={view.sort} onChange={(sort) => set({ sort, page: '' })} />}
          chips={chips}
        />
        <DataTable
          label={title}
          columns={columns}
          rows={rows}
          rowId={(e) => e.id}
          loading={list.isFetching}
          error={list.error}
          retry={() => (page > 1 ? set({ page: '' }) : void list.refetch())}
          onOpen={writer ? (e) => setDialog({ entity: e }) : undefined}
          empty={
            <ListEmpty
              filtered={chips.length > 0}
              noun={title.toLowerCase()}
              onClear={() => set({ q: '', page: '' })}
              firstStep={
                writer ? (
                  <button type="button" className="button" onClick={() => setDialog({})}>
                    Create your first {one}
                  </button>
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
      {dialog ? (
        <NameDialog
          key={`${kind}-${dialog.entity?.id ?? 'new'}`}
          kind={kind}
          entity={dialog.entity}
          onClose={() => setDialog(undefined)}
          onSaved={(saved) => {
            setDialog(undefined);
            toast(dialog.entity ? `Renamed to “${saved.name}”` : `The ${one} “${saved.name}” was created`);
          }}
        />
      ) : null}
    </Page>
  );
}

export function warm({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  if (page > 1) return;
  void queryClient.prefetchQuery(
    listQuery(kindOf(url.pathname), { q: params.get('q') ?? '', sort: params.get('sort') ?? '' }, page),
  );
}
