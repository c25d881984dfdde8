import { Link } from 'react-router';
import { usePageTitle } from './page-title';

/** What the page says under its heading, by what was looked for. */
const SAYS = {
  page: 'The link may be old, or the address mistyped.',
  product: 'This product is not in the shop: it may have been taken down or renamed. Have a look at what we have now.',
  collection:
    'This collection is not in the shop: it may have been taken down or renamed. Every product is still here.',
} as const;

/**
 * What an unknown address shows (and a product, collection or order that is not there). The server answers such
 * an address with a 404, so search engines drop it; the shopper gets a way back into the shop.
 */
export function NotFound({ what = 'page' }: { what?: keyof typeof SAYS } = {}) {
  usePageTitle('Page not found');
  return (
    <section className="container not-found" aria-labelledby="not-found-heading">
      <p className="eyebrow">404</p>
      <h1 id="not-found-heading">We could not find that page</h1>
      <p>{SAYS[what]}</p>
      <p className="actions">
        <Link className="button button--primary" to="/shop">
          Browse the shop
        </Link>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
