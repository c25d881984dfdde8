import type { CatalogVersion } from '@merx/contract';
import { Card } from '../../../components/page';
import { type Choice, ChoiceList } from './choice-list';

const CHOICES: ReadonlyArray<Choice<CatalogVersion>> = [
  {
    value: 'V1_CATALOG',
    label: 'Catalog V1 (collections)',
    help: 'Storefronts built for the first catalog read products with their options and collections.',
  },
  {
    value: 'V3_CATALOG',
    label: 'Catalog V3 (categories)',
    help: 'Storefronts built for the newer catalog read products with variants, brands, ribbons, and categories in a tree.',
  },
];

/**
 * Which catalog the store says it runs. Nothing in the store changes with it: both catalogs stay readable, over
 * the same products. It tells storefront code built on the public packages which catalog to read.
 */
export function CatalogVersionCard({
  value,
  disabled,
  error,
  onChange,
}: {
  value: CatalogVersion;
  disabled: boolean;
  error?: string | undefined;
  onChange: (value: CatalogVersion) => void;
}) {
  return (
    <Card title="Catalog version" id="catalog-version">
      <div className="stack">
        <p className="muted">
          Your products, collections and categories are the same whichever you choose, and shops can read them through
          both catalogs. This setting tells a storefront built on the public store packages which of the two catalogs
          your store runs, so that it reads the one it was built for. Change it when you move to a storefront made for
          the other one.
        </p>
        <ChoiceList
          legend="The store runs"
          choices={CHOICES}
          value={value}
          disabled={disabled}
          error={error}
          onChange={onChange}
        />
      </div>
    </Card>
  );
}
