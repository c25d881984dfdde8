import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { Empty } from '../../../components/states';

/**
 * Shown instead of an import page to staff who may read the catalog but not change it (the server would refuse
 * them too): what is missing, and the way back.
 */
export function NoImportAccess({ title }: { title: string }) {
  return (
    <Page title={title} crumbs={[{ label: 'Products', to: '/products' }]}>
      <Empty
        title="You don't have access to imports"
        action={
          <Link to="/products" className="button button--secondary">
            Back to products
          </Link>
        }
      >
        Importing products needs the “catalog:write” permission. Ask the store's owner if you should have it.
      </Empty>
    </Page>
  );
}
