import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { NotFound } from '../../components/not-found';
import { usePageTitle } from '../../components/page-title';
import { ProductCard } from '../../components/product-card';
import { Empty, ErrorState, GridSkeleton } from '../../components/states';
import { isNotFound } from '../../lib/errors';
import { queryClient } from '../../lib/query-client';
import { collectionBySlugQuery, collectionsQuery } from './api/collections';
import {
  listingPageQuery,
  listingSampleQuery,
  MAX_OPTION_POOL,
  type ServerFilters,
  SORTS,
  type SortKey,
} from './api/products';
import { CollapsibleFilters, FilterPanel } from './components/filter-panel';
import { applyLocal, facetsOf, hasOptionFilters, type ListingState, PAGE_SIZE, readState, writeState } from './filters';
import './components/catalog.css';

/** Starts loading the collection and, for the whole shop, the listing before the page renders. */
export function warm({ params, request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(collectionsQuery());
  if (params.slug) {
    void queryClient.prefetchQuery(collectionBySlugQuery(params.slug));
    return;
  }
  const s = readState(new URL(request.url).searchParams);
  if (hasOptionFilters(s)) return;
  void queryClient.prefetchQuery(listingPageQuery(serverFilters(s, undefined), (s.page - 1) * PAGE_SIZE, PAGE_SIZE));
}

/** The part of the listing's state the server answers (all but option choices). */
function serverFilters(s: ListingState, collectionId: string | undefined): ServerFilters {
  return { q: s.q, collectionId, inStock: s.inStock, min: s.min, max: s.max, brands: s.brands, sort: s.sort };
}

/** A collection page (`/collections/:slug`) or the whole shop with search (`/shop?q=`). */
export function Component() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  // The URL is the state; a change shows at once, before the router has finished navigating to it.
  const [pending, setPending] = useState<string>();
  const current = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the navigation landed
  useEffect(() => setPending(undefined), [current]);
  const state = readState(new URLSearchParams(pending ?? current));
  // retryOnMount: the loader's lookup already ran; an unknown collection says so at once (components/not-found).
  const collection = useQuery({ ...collectionBySlugQuery(slug ?? ''), enabled: Boolean(slug), retryOnMount: false });
  const collections = useQuery(collectionsQuery());
  const server = serverFilters(state, collection.data?.id);
  const ready = !slug || Boolean(collection.data);
  // Option choices are no query fields yet: with one picked, the list is the server's first matches narrowed here.
  const byOptions = hasOptionFilters(state);
  const listing = useQuery({
    ...listingPageQuery(server, (state.page - 1) * PAGE_SIZE, PAGE_SIZE),
    enabled: ready && !byOptions,
  });
  // The facet counts come from the first matches (brands counted as if none were picked).
  const sample = useQuery({
    ...listingSampleQuery({ ...server, brands: [] }, byOptions ? MAX_OPTION_POOL : 100),
    enabled: ready,
  });

  const title = slug ? (collection.data?.name ?? 'Collection') : state.q ? `Search: ${state.q}` : 'Shop all';
  const missing = Boolean(slug) && isNotFound(collection.error);
  usePageTitle(missing ? 'Page not found' : title);

  const change = (next: Partial<ListingState>) => {
    const target = writeState({ ...state, page: 1, ...next });
    setPending(target.toString());
    setParams(target, { preventScrollReset: true });
  };
  const onCollection = (target: string | undefined) => {
    const qs = writeState({ ...state, page: 1, brands: [], options: {} }).toString();
    navigate(`${target ? `/collections/${target}` : '/shop'}${qs ? `?${qs}` : ''}`);
  };

  const error = collection.error ?? (byOptions ? sample.error : listing.error);
  const pool = sample.data ?? [];
  const local = byOptions ? applyLocal(pool, state) : [];
  const total = byOptions ? local.length : (listing.data?.total ?? 0);
  const facets = facetsOf(pool, state);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(state.page, pages);
  const shown = byOptions ? local.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : (listing.data?.products ?? []);
  const loading = byOptions ? sample.isPending : listing.isPending;
  const fetching = byOptions ? sample.isFetching : listing.isFetching;
  const active =
    (state.inStock ? 1 : 0) +
    (state.min !== undefined || state.max !== undefined ? 1 : 0) +
    state.brands.length +
    Object.values(state.options).reduce((n, v) => n + v.length, 0);
  const sorts = Object.entries(SORTS).filter(([key]) => key !== 'relevance' || state.q);
  const pageLink = (n: number) => {
    const qs = writeState({ ...state, page: n }).toString();
    return qs ? `?${qs}` : '?';
  };

  if (missing) return <NotFound what="collection" />;
  return (
    <section className="container catalog">
      <Breadcrumbs
        trail={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, ...(slug ? [{ label: title }] : [])]}
      />
      <header className="catalog__header">
        <div>
          <h1>{title}</h1>
          {collection.data?.description ? <p className="muted">{collection.data.description}</p> : null}
        </div>
        <div className="catalog__tools">
          <label htmlFor="sort">Sort by</label>
          <select id="sort" value={state.sort} onChange={(e) => change({ sort: e.target.value as SortKey })}>
            {sorts.map(([key, s]) => (
              <option key={key} value={key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="catalog__layout">
        <CollapsibleFilters active={active}>
          <FilterPanel
            state={state}
            facets={facets}
            collections={collections.data ?? []}
            currentSlug={slug}
            onChange={change}
            onCollection={onCollection}
          />
          {active > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => setParams(state.q ? new URLSearchParams({ q: state.q }) : new URLSearchParams())}
            >
              Clear all filters
            </button>
          ) : null}
        </CollapsibleFilters>
        <div className="catalog__results">
          {error ? (
            <ErrorState error={error} retry={() => void (byOptions ? sample.refetch() : listing.refetch())} />
          ) : !ready || loading ? (
            <GridSkeleton />
          ) : total === 0 ? (
            <Empty title="No products match">
              <p>Try fewer filters or another search.</p>
              <Link to="/shop">See all products</Link>
            </Empty>
          ) : (
            <>
              <p className="muted" role="status" aria-live="polite">
                {total.toLocaleString()} {total === 1 ? 'product' : 'products'}
                {byOptions && pool.length >= MAX_OPTION_POOL ? ` among the first ${MAX_OPTION_POOL}` : ''}
              </p>
              <ul className="grid" aria-busy={fetching}>
                {shown.map((p, i) => (
                  <ProductCard key={p.id} product={p} eager={i < 4} />
                ))}
              </ul>
              {pages > 1 ? (
                <nav className="pager" aria-label="Pages">
                  {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : <span />}
                  <span>
                    Page {page} of {pages}
                  </span>
                  {page < pages ? <Link to={pageLink(page + 1)}>Next</Link> : <span />}
                </nav>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
