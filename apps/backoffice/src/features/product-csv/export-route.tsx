import { Card, Page } from '../../components/page';
import { FormError } from '../../components/states';
import { formatNumber } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { catalogSizeQuery, useCatalogSize } from './api/export';
import { ProgressMeter } from './components/progress-meter';
import { formatBytes } from './file-size';
import { useExport } from './hooks/use-export';
import './product-csv.css';

/** What Shopify's layout has no place for, so the merchant is not surprised by what is missing. */
const NOT_CARRIED = [
  'collections and ribbons',
  'additional info sections and custom text fields',
  'colour swatches (options come out as plain choices)',
  'products with more than three options',
];

const products = (n: number) => `${formatNumber(n)} ${n === 1 ? 'product' : 'products'}`;

/**
 * Products → Export: one action (the whole catalog as a Shopify product CSV download), with its progress. Neither
 * an index nor a detail page: there is nothing to list or edit, only a file to make.
 */
export function Component() {
  const size = useCatalogSize();
  const total = size.data;
  const exp = useExport();
  const read = exp.read === undefined || total === undefined ? undefined : Math.min(exp.read, total);

  return (
    <Page
      title="Export products"
      crumbs={[{ label: 'Products', to: '/products' }]}
      subtitle="The whole catalog as a CSV file in Shopify's product layout, for a spreadsheet, a backup or another store."
    >
      <div className="columns">
        <Card title="Catalog" id="catalog">
          <div className="stack">
            <p>
              {total === undefined
                ? size.isPending
                  ? 'Counting your products…'
                  : 'All your products'
                : `${products(total)}, hidden ones included`}
              , one row per variant and per further image. Open it in a spreadsheet, or import it into Merx or Shopify.
            </p>
            {exp.running ? (
              <ProgressMeter
                label="Exporting"
                value={total ? (read ?? 0) / total : undefined}
                detail={
                  total === undefined ? 'Reading products…' : `${formatNumber(read ?? 0)} of ${products(total)} read`
                }
              />
            ) : null}
            {exp.file ? (
              <div className="csv-ready" role="status">
                <p>
                  <strong>{exp.file.name}</strong> is ready ({formatBytes(exp.file.bytes)}). Your browser saves it to
                  its downloads.
                </p>
                <a className="button button--secondary" href={exp.file.url} download={exp.file.name}>
                  Download again
                </a>
              </div>
            ) : null}
            <FormError error={exp.error} />
            <div className="form-actions">
              {exp.running ? (
                <button type="button" className="button button--secondary" onClick={exp.cancel}>
                  Cancel
                </button>
              ) : null}
              <button type="button" className="button" disabled={exp.running || total === 0} onClick={exp.start}>
                {exp.running ? 'Exporting…' : total ? `Export ${products(total)}` : 'Export products'}
              </button>
            </div>
          </div>
        </Card>
        <Card title="What the file leaves out" id="left-out">
          <p className="muted">Shopify's layout has no place for:</p>
          <ul className="csv-rules">
            {NOT_CARRIED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="muted">Product ids and dates are not written either: an import finds products by handle.</p>
        </Card>
      </div>
    </Page>
  );
}

/** Counts the products while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(catalogSizeQuery());
}
