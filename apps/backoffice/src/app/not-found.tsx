import { Link } from 'react-router';
import { Page } from '../components/page';

/** An /admin/ address the back office does not have. */
export function Component() {
  return (
    <Page title="Page not found">
      <p>This page does not exist in the back office.</p>
      <Link to="/" className="button">
        Go to Home
      </Link>
    </Page>
  );
}
