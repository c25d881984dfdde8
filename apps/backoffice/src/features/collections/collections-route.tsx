import type { Collection } from '@merx/contract';
import { useId, useMemo } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
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
  ALL_PRODUCTS_COLLECTION_ID,
  type CollectionListView,
  collectionListQuery,
  LIST_KEYS,
  SORTS,
  useCollectionList,
  useDeleteCollections,
  useSetCollectionsVisible,
} from './api/collections';
import './collections.css';

function NameCell({ collection }: { collection: Collection }) {
  const url = collection.media.mainMedia?.image?.url;
  return (
    <div className="collection-cell">
      {url ? (
        <img className="thumb" src={url} alt="" width={40} height={40} loading="lazy" />
      ) : (
        <span className="thumb thumb--empty" aria-hidden="true" />
      )}
      <Link to={`/collections/${collection.id}`} className="collection-cell__name">
        {collection.name}
      </Link>
      {collection.id === ALL_PRODUCTS_COLLECTION_ID ? <Badge tone="info">Automatic</Badge> : null}
    </div>
  );
}

const columns: ReadonlyArray<Column<Collection>> = [
  { id: 'name', header: 'Collection', cell: (c) => <NameCell collection={c} /> },
  {
    id: 'visible',
    header: 'Status',
    cell: (c) => (c.visible ? <Badge tone="success">Visible</Badge> : <Badge>Hidden</Badge>),
  },
  { id: 'products', header: 'Products', align: 'end', cell: (c) => formatNumber(c.numberOfProducts) },
  { id: 'updated', header: 'Updated', secondary: true, cell: (c) => formatDate(c.lastUpdated) },
];

const plural = (n: number) => `${n} collection${n === 1 ? '' : 's'}`;

function BulkActions({ ids, clear, names }: { ids: string[]; clear: () => void; names: Map<string, string> }) {
  const remove = useDeleteCollections();
  const visibility = useSetCollectionsVisible();
  const busy = remove.isPending || visibility.isPending;
  const report = (outcome: { done: number; failed: Array<{ id: string; message: string }> }, what: string) => {
    if (outcome.failed.length === 0) {
      toast(`${what} ${plural(outcome.done)}`);
      clear();
      return;
    }
    const reasons = outcome.failed.map((f) => `${names.get(f.id) ?? 'A collection'}: ${f.message}`).join('; ');
    toast(`${outcome.done ? `${what} ${plural(outcome.done)}. ` : ''}Not changed: ${reasons}`, 'error');
  };
  const small = 'button button--secondary button--small';
  return (
    <>
      <button
        type="button"
        className={small}
        disabled={busy}
        onClick={() =>
          visibility.mutate(
            { ids, visible: true },
            { onSuccess: (o) => report(o, 'Shown:'), onError: (e) => toast(messageOf(e), 'error') },
          )
        }
      >
        Show in shop
      </button>
      <button
        type="button"
        className={small}
        disabled={busy}
        onClick={() =>
          visibility.mutate(
            { ids, visible: false },
            { onSuccess: (o) => report(o, 'Hidden:'), onError: (e) => toast(messageOf(e), 'error') },
          )
        }
      >
        Hide from shop
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={busy}
        onClick={async () => {
          const ok = await confirmAction({
            title: `Delete ${plural(ids.length)}?`,
            message: `${plural(ids.length)} will be deleted. Their products stay in the catalog. This cannot be undone.`,
            confirmLabel: `Delete ${plural(ids.length)}`,
            tone: 'danger',
          });
          if (ok)
            remove.mutate(ids, {
              onSuccess: (o) => report(o, 'Deleted'),
              onError: (e) => toast(messageOf(e), 'error'),
            });
        }}
      >
        Delete
      </button>
    </>
  );
}

function Filters({
  view,
  set,
}: {
  view: CollectionListView;
  set: (c: Partial<Record<keyof CollectionListView, string>>) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="filter">
        <label htmlFor={`${id}-v`}>Visibility</label>
        <select id={`${id}-v`} value={view.visibility} onChange={(e) => set({ visibility: e.target.value })}>
          <option value="">Visible and hidden</option>
          <option value="visible">Visible</option>
          <option value="hidden">Hidden</option>
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-s`}>Sort by</label>
        <select id={`${id}-s`} value={view.sort} onChange={(e) => set({ sort: e.target.value })}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Collections: the groups of products the shop shows, searched, filtered, paged; several deleted or hidden at once. */
export function Component() {
  const can = useCan();
  const writer = can('catalog:write');
  const navigate = useNavigate();
  const { values, cursor, set } = useUrlState(LIST_KEYS);
  const view: CollectionListView = { ...values, cursor };
  const list = useCollectionList(view);
  const rows = list.data?.collections;
  const names = useMemo(() => new Map((rows ?? []).map((c) => [c.id, c.name])), [rows]);
  const cursors = list.data?.metadata.cursors;
  const offset = list.data?.metadata.offset ?? 0;
  const chips = [
    ...(view.q ? [{ label: `Search: ${view.q}`, onRemove: () => set({ q: '' }) }] : []),
    ...(view.visibility
      ? [{ label: view.visibility === 'visible' ? 'Visible' : 'Hidden', onRemove: () => set({ visibility: '' }) }]
      : []),
  ];
  useShortcuts(
    useMemo(
      (): Record<string, () => void> => (writer ? { n: () => void navigate('/collections/new') } : {}),
      [writer, navigate],
    ),
  );
  return (
    <Page
      title="Collections"
      actions={
        writer ? (
          <Link to="/collections/new" className="button">
            Create collection
          </Link>
        ) : null
      }
    >
      <Card>
        <ListToolbar
          search={view.q}
          onSearch={(q) => set({ q })}
          placeholder="Search collections by name"
          filters={<Filters view={view} set={set} />}
          chips={chips}
        />
        <DataTable
          label="Collections"
          columns={columns}
          rows={rows}
          rowId={(c) => c.id}
          loading={list.isFetching}
          error={list.error}
          retry={() => (view.cursor ? set({ cursor: undefined }) : void list.refetch())}
          onOpen={(c) => navigate(`/collections/${c.id}`)}
          {...(writer
            ? {
                bulkActions: (ids: string[], clear: () => void) => (
                  <BulkActions ids={ids} clear={clear} names={names} />
                ),
              }
            : {})}
          empty={
            <ListEmpty
              filtered={chips.length > 0}
              noun="collections"
              onClear={() => set({ q: '', visibility: '' })}
              firstStep={
                writer ? (
                  <Link to="/collections/new" className="button">
                    Create your first collection
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
  const view = {
    ...(Object.fromEntries(LIST_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<
      (typeof LIST_KEYS)[number],
      string
    >),
    cursor: params.get('cursor') ?? '',
  };
  void queryClient.prefetchQuery(collectionListQuery(view));
}
