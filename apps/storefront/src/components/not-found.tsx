import { Link } from 'react-router';
import { usePageTitle } from './page-title';

/** What any unknown address shows (and a product or order that is not there). */
export function NotFound() {
  usePageTitle('Page not found');
  return (
    <section className="container not-found">
      <p className="eyebrow">404</p>
      <h1>We could not find that page</h1>
      <p>The link may be old, or the product may have been taken down.</p>
      <p className="actions">
        <Link className="button button--primary" to="/shop">
          Browse the shop
        </Link>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
