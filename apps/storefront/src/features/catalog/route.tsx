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
import { facetsQuery, optionLooksQuery } from './api/facets';
import { listingPageQuery } from './api/products';
import { CollapsibleFilters, FilterPanel } from './components/filter-panel';
import { withLooks } from './facets';
import { type ListingState, PAGE_SIZE, readState, SORTS, type SortKey, selectionOf, writeState } from './filters';
import './components/catalog.css';

/** Starts loading the collection and, for the whole shop, the listing and its facets before the page renders. */
export function warm({ params, request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(collectionsQuery());
  if (params.slug) {
    void queryClient.prefetchQuery(collectionBySlugQuery(params.slug));
    return;
  }
  const s = readState(new URL(request.url).searchParams);
  const selection = selectionOf(s, undefined);
  void queryClient.prefetchQuery(listingPageQuery(selection, s.sort, (s.page - 1) * PAGE_SIZE, PAGE_SIZE));
  void queryClient.prefetchQuery(facetsQuery(selection));
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
  const selection = selectionOf(state, collection.data?.id);
  const ready = !slug || Boolean(collection.data);
  // Everything is filtered and counted by the server, for the whole catalog: the page of products (v1 query) and
  // the facet counts (v3 search aggregations).
  const listing = useQuery({
    ...listingPageQuery(selection, state.sort, (state.page - 1) * PAGE_SIZE, PAGE_SIZE),
    enabled: ready,
  });
  const facets = useQuery({ ...facetsQuery(selection), enabled: ready });
  const hasOptions = Boolean(facets.data?.groups.some((g) => g.kind !== 'brand'));
  const looks = useQuery({ ...optionLooksQuery(), enabled: hasOptions });

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

  const error = collection.error ?? listing.error;
  const total = listing.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(state.page, pages);
  const shown = listing.data?.products ?? [];
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
            facets={facets.data ? { ...facets.data, groups: withLooks(facets.data.groups, looks.data) } : undefined}
            facetsBusy={facets.isFetching}
            facetsError={facets.isError && !facets.data ? () => void facets.refetch() : undefined}
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
            <ErrorState error={error} retry={() => void listing.refetch()} />
          ) : !ready || listing.isPending ? (
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
              </p>
              <ul className="grid" aria-busy={listing.isFetching}>
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
