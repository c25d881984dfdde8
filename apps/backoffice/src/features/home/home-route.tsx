import { Link } from 'react-router';
import { Card, Page } from '../../components/page';
import { bootNow } from '../../lib/boot';
import { useMe } from '../../lib/me';

/** Home: a greeting and the first steps of running the store. */
export function Component() {
  const { data: me } = useMe();
  const store = bootNow();
  return (
    <Page title="Home" subtitle={me ? `Welcome back, ${me.name}` : undefined}>
      <Card title={`Running ${store.storeName}`}>
        <ul className="steps">
          <li>
            <Link to="/settings/api-keys">Create an API key</Link> for an integration (a warehouse, an accounting tool).
          </li>
          <li>
            <a href="/" target="_blank" rel="noreferrer">
              Open the shop
            </a>{' '}
            to see it as your customers do.
          </li>
        </ul>
      </Card>
    </Page>
  );
}
