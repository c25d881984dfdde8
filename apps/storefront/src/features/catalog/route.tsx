import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { usePageTitle } from '../../components/page-title';
import { ProductCard } from '../../components/product-card';
import { Empty, ErrorState, GridSkeleton } from '../../components/states';
import { queryClient } from '../../lib/query-client';
import { collectionBySlugQuery, collectionsQuery } from './api/collections';
import { listingQuery, type ServerFilters, SORTS, type SortKey } from './api/products';
import { FilterPanel } from './components/filter-panel';
import { applyLocal, facetsOf, type ListingState, PAGE_SIZE, readState, writeState } from './filters';
import './components/catalog.css';

/** Starts loading the collection and, for the whole shop, the listing before the page renders. */
export function warm({ params, request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(collectionsQuery());
  if (params.slug) {
    void queryClient.prefetchQuery(collectionBySlugQuery(params.slug));
    return;
  }
  const s = readState(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(listingQuery({ inStock: s.inStock, min: s.min, max: s.max, sort: s.sort }));
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
  const collection = useQuery({ ...collectionBySlugQuery(slug ?? ''), enabled: Boolean(slug) });
  const collections = useQuery(collectionsQuery());
  const server: ServerFilters = {
    collectionId: collection.data?.id,
    inStock: state.inStock,
    min: state.min,
    max: state.max,
    sort: state.sort,
  };
  const listing = useQuery({ ...listingQuery(server), enabled: !slug || Boolean(collection.data) });

  const title = slug ? (collection.data?.name ?? 'Collection') : state.q ? `Search: ${state.q}` : 'Shop all';
  usePageTitle(title);

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
  const products = listing.data ?? [];
  const matching = applyLocal(products, state);
  const facets = facetsOf(products, state);
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const page = Math.min(state.page, pages);
  const shown = matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const active = state.q || state.inStock || state.min !== undefined || state.max !== undefined || state.brands.length;
  const hasOptions = Object.values(state.options).some((v) => v.length > 0);
  const pageLink = (n: number) => {
    const qs = writeState({ ...state, page: n }).toString();
    return qs ? `?${qs}` : '?';
  };

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
            {Object.entries(SORTS).map(([key, s]) => (
              <option key={key} value={key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="catalog__layout">
        <details className="catalog__filters" open>
          <summary>Filters</summary>
          <FilterPanel
            state={state}
            facets={facets}
            collections={collections.data ?? []}
            currentSlug={slug}
            onChange={change}
            onCollection={onCollection}
          />
          {active || hasOptions ? (
            <button type="button" className="link-button" onClick={() => setParams(new URLSearchParams())}>
              Clear all filters
            </button>
          ) : null}
        </details>
        <div className="catalog__results">
          {error ? (
            <ErrorState error={error} retry={() => void listing.refetch()} />
          ) : listing.isPending ? (
            <GridSkeleton />
          ) : matching.length === 0 ? (
            <Empty title="No products match">
              <p>Try fewer filters or another search.</p>
              <Link to="/shop">See all products</Link>
            </Empty>
          ) : (
            <>
              <p className="muted" role="status" aria-live="polite">
                {matching.length} {matching.length === 1 ? 'product' : 'products'}
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
