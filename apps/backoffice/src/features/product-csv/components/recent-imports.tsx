import type { ProductImportSummary } from '@merx/sdk';
import { Link, useNavigate } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table';
import { Card } from '../../../components/page';
import { Empty } from '../../../components/states';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useRecentImports } from '../api/imports';
import { fractionDone, ImportStatusBadge } from './import-status';

const columns: ReadonlyArray<Column<ProductImportSummary>> = [
  {
    id: 'file',
    header: 'File',
    cell: (job) => (
      <Link to={`/products/import/${job.id}`} className="csv-file-link">
        {job.fileName ?? 'CSV file'}
      </Link>
    ),
  },
  {
    id: 'when',
    header: 'Started',
    cell: (job) => <time dateTime={job.createdDate}>{formatDateTime(job.createdDate)}</time>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (job) => (
      <span className="csv-status-cell">
        <ImportStatusBadge job={job} />
        {job.status === 'RUNNING' ? <span className="muted">{Math.floor(fractionDone(job) * 100)} %</span> : null}
      </span>
    ),
  },
  {
    id: 'products',
    header: 'Products',
    cell: (job) =>
      `${formatNumber(job.productsCreated)} created · ${formatNumber(job.productsUpdated)} updated · ${formatNumber(job.productsFailed)} failed`,
  },
  {
    id: 'problems',
    header: 'Problems',
    align: 'end',
    secondary: true,
    cell: (job) => formatNumber(job.errorCount),
  },
];

/** The last imports, newest first, each leading to its page; kept current while one is under way. */
export function RecentImports() {
  const navigate = useNavigate();
  const recent = useRecentImports();
  return (
    <Card title="Recent imports" id="recent-imports">
      <DataTable
        label="Recent imports"
        columns={columns}
        rows={recent.data}
        rowId={(job) => job.id}
        loading={recent.isFetching}
        error={recent.error}
        retry={() => void recent.refetch()}
        onOpen={(job) => navigate(`/products/import/${job.id}`)}
        empty={<Empty title="No imports yet">Files you import are listed here, with what each one did.</Empty>}
      />
    </Card>
  );
}
