import type { ProductImport } from '@merx/sdk';
import { useEffect, useRef } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { Card, Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isNotFound } from '../../lib/errors';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { holds } from '../../lib/permissions';
import { queryClient } from '../../lib/query-client';
import { claimsNow } from '../../lib/session';
import { importQuery, isUnderway, useAfterImport, useImport } from './api/imports';
import { ImportCounts } from './components/import-counts';
import { fractionDone, ImportStatusBadge, statusWords } from './components/import-status';
import { NoImportAccess } from './components/no-access';
import { ProblemsTable } from './components/problems-table';
import { ProgressMeter } from './components/progress-meter';
import { formatBytes } from './file-size';
import './product-csv.css';

const CRUMBS = [
  { label: 'Products', to: '/products' },
  { label: 'Import products', to: '/products/import' },
];

/** The sentence that says where the import stands. */
function progressWords(job: ProductImport): string {
  const rows = `${formatNumber(job.rowsDone)} of ${formatNumber(job.rowsTotal)} rows`;
  const products = `${formatNumber(job.productsTotal)} products`;
  switch (job.status) {
    case 'QUEUED':
      return `Waiting to start: ${formatNumber(job.rowsTotal)} rows, ${products}.`;
    case 'RUNNING':
      return `${rows} read (${products} in the file).`;
    case 'DONE':
      return `Finished: all ${formatNumber(job.rowsTotal)} rows read${job.finishedDate ? ` at ${formatDateTime(job.finishedDate)}` : ''}.`;
    default:
      return `Stopped after ${rows}.`;
  }
}

/** Said once to screen readers when the import ends (not at every tick of the bar). */
function endWords(job: ProductImport): string {
  if (job.status === 'FAILED') return 'The import stopped.';
  const failed = job.productsFailed > 0 ? `, ${formatNumber(job.productsFailed)} failed` : '';
  return `Import done: ${formatNumber(job.productsCreated)} created, ${formatNumber(job.productsUpdated)} updated${failed}.`;
}

function JobPage({ job }: { job: ProductImport }) {
  const afterImport = useAfterImport();
  const underway = isUnderway(job.status);
  const wasUnderway = useRef(underway);
  useEffect(() => {
    if (wasUnderway.current && !underway) afterImport();
    wasUnderway.current = underway;
  }, [underway, afterImport]);

  return (
    <Page
      title={job.fileName ?? 'Product import'}
      crumbs={CRUMBS}
      subtitle={
        <span className="csv-subtitle">
          <ImportStatusBadge job={job} />
          <span>
            Uploaded {formatDateTime(job.createdDate)} · {formatBytes(job.fileBytes)}
          </span>
        </span>
      }
      actions={
        <>
          <Link to="/products/import" className="button button--secondary">
            Import another file
          </Link>
          <Link to="/products" className="button">
            View products
          </Link>
        </>
      }
    >
      {job.status === 'FAILED' ? (
        <div className="csv-refusal" role="alert">
          <h2>The import stopped</h2>
          <p>{job.failure ?? 'The server could not go on with this file.'}</p>
          <p>
            Products saved before it stopped are kept. Importing the file again finishes the rest: products are found by
            their handle, so none is added twice.
          </p>
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {underway ? '' : endWords(job)}
      </p>
      <Card title="Progress" id="progress">
        <ProgressMeter
          label={statusWords(job).label}
          value={job.status === 'QUEUED' ? undefined : fractionDone(job)}
          detail={progressWords(job)}
        />
        <ImportCounts job={job} />
        {job.columnsNotImported.length > 0 ? (
          <p className="csv-skipped">
            <strong>Columns read past</strong> (Merx has no place for them):{' '}
            {job.columnsNotImported.map((c, i) => (
              <span key={c}>
                {i > 0 ? ', ' : ''}
                <span className="csv-column-name">{c}</span>
              </span>
            ))}
          </p>
        ) : null}
      </Card>
      <ProblemsTable job={job} />
    </Page>
  );
}

/**
 * One product import (a detail page without edits: a running job cannot be changed): its progress, read every
 * second while it runs, what it created, updated and failed, and each problem by line and column.
 */
export function Component() {
  const { id = '' } = useParams();
  const can = useCan();
  const allowed = can('catalog:write');
  const job = useImport(id, allowed);
  if (!allowed) return <NoImportAccess title="Product import" />;
  if (job.isPending)
    return (
      <Page title="Product import" crumbs={CRUMBS}>
        <Loading label="Loading the import…" />
      </Page>
    );
  if (job.error)
    return (
      <Page title={isNotFound(job.error) ? 'Import not found' : 'Product import'} crumbs={CRUMBS}>
        {isNotFound(job.error) ? (
          <Empty
            title="There is no such import"
            action={
              <Link to="/products/import" className="button">
                Back to imports
              </Link>
            }
          >
            The link may be wrong.
          </Empty>
        ) : (
          <ErrorState error={job.error} retry={() => void job.refetch()} />
        )}
      </Page>
    );
  return <JobPage job={job.data} />;
}

/** Starts loading the import while its page opens (for staff who may import). */
export function warm({ params }: LoaderFunctionArgs) {
  if (holds(claimsNow(), 'catalog:write')) void queryClient.prefetchQuery(importQuery(params.id ?? ''));
}
