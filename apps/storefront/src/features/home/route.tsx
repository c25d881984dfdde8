import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title';
import { ProductCard } from '../../components/product-card';
import { ErrorState, GridSkeleton } from '../../components/states';
import { bootNow } from '../../lib/boot';
import { queryClient } from '../../lib/query-client';
import { featuredCollectionsQuery, newArrivalsQuery, onSaleQuery } from './api/home';
import './components/home.css';

export function warm() {
  void queryClient.prefetchQuery(newArrivalsQuery());
  void queryClient.prefetchQuery(featuredCollectionsQuery());
  void queryClient.prefetchQuery(onSaleQuery());
}

function ProductRow({ title, query, id }: { title: string; query: typeof newArrivalsQuery; id: string }) {
  const { data, isPending, error, refetch } = useQuery(query());
  if (!isPending && !error && data.length === 0) return null;
  return (
    <section className="home__section" aria-labelledby={id}>
      <div className="home__section-head">
        <h2 id={id}>{title}</h2>
        <Link to="/shop">View all</Link>
      </div>
      {isPending ? (
        <GridSkeleton count={4} />
      ) : error ? (
        <ErrorState error={error} retry={() => void refetch()} />
      ) : (
        <ul className="grid">
          {data.map((p, i) => (
            <ProductCard key={p.id} product={p} eager={i < 2 && id === 'new'} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The home page: a hero, featured collections, new arrivals and products on sale. */
export function Component() {
  usePageTitle(undefined);
  const collections = useQuery(featuredCollectionsQuery());
  const name = bootNow()?.storeName ?? 'our shop';
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__inner">
          <p className="eyebrow">New season, made to last</p>
          <h1>Well-made things for everyday life</h1>
          <p className="hero__lead">
            Everything at {name} is chosen to be used for years: clothing, home goods and gear from makers we trust.
          </p>
          <p className="actions">
            <Link className="button button--primary" to="/shop">
              Shop all products
            </Link>
            <Link className="button button--ghost" to="/shop?sort=newest">
              See what is new
            </Link>
          </p>
        </div>
      </section>
      <div className="container">
        <section className="home__section" aria-labelledby="collections">
          <div className="home__section-head">
            <h2 id="collections">Shop by collection</h2>
          </div>
          {collections.error ? (
            <ErrorState error={collections.error} retry={() => void collections.refetch()} />
          ) : (
            <ul className="collections">
              {(collections.data ?? [null, null, null]).map((c, i) =>
                c ? (
                  <li key={c.id}>
                    <Link to={`/collections/${c.slug}`} className="collection-card">
                      {c.media?.mainMedia?.image?.url ? (
                        <img src={c.media.mainMedia.image.url} alt="" width={600} height={300} loading="lazy" />
                      ) : null}
                      <span className="visually-hidden">{c.name}</span>
                      <span className="collection-card__count">{c.numberOfProducts ?? 0} products</span>
                    </Link>
                  </li>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
                  <li key={i} className="collection-card collection-card--skeleton" aria-hidden="true" />
                ),
              )}
            </ul>
          )}
        </section>
        <ProductRow id="new" title="New arrivals" query={newArrivalsQuery} />
        <ProductRow id="sale" title="On sale" query={onSaleQuery} />
      </div>
    </div>
  );
}
