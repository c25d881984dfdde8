import type { ProductImport, ProductImportError } from '@merx/sdk';
import { useMemo, useState } from 'react';
import { Badge } from '../../../components/badge';
import { type Column, DataTable } from '../../../components/data-table';
import { Card } from '../../../components/page';
import { Empty } from '../../../components/states';
import { formatNumber } from '../../../lib/format';
import { isUnderway } from '../api/imports';

interface Problem extends ProductImportError {
  key: string;
}

const columns: ReadonlyArray<Column<Problem>> = [
  {
    id: 'line',
    header: 'Line',
    align: 'end',
    cell: (p) => (
      <span className="csv-nowrap">
        {formatNumber(p.line)}
        {p.row !== p.line ? <span className="muted"> (row {formatNumber(p.row)})</span> : null}
      </span>
    ),
  },
  { id: 'column', header: 'Column', cell: (p) => <span className="csv-column-name">{p.column}</span> },
  { id: 'handle', header: 'Handle', cell: (p) => <code className="csv-handle">{p.handle}</code> },
  {
    id: 'severity',
    header: 'Outcome',
    cell: (p) =>
      p.severity === 'ERROR' ? (
        <Badge tone="critical">Not imported</Badge>
      ) : (
        <Badge tone="warning">Imported without it</Badge>
      ),
  },
  {
    id: 'message',
    header: 'Problem',
    cell: (p) => <span className="csv-message">{`${p.message.charAt(0).toUpperCase()}${p.message.slice(1)}`}</span>,
  },
];

const FILTERS = [
  { value: '', label: 'All problems' },
  { value: 'ERROR', label: 'Products not imported' },
  { value: 'WARNING', label: 'Imported without a value' },
] as const;

/**
 * The problems of the file by line and column: an error failed its whole product (nothing of it changed), a
 * warning left one value out (an image that could not be fetched, a negative stock). The first 1,000 are listed.
 */
export function ProblemsTable({ job }: { job: ProductImport }) {
  const [severity, setSeverity] = useState('');
  const problems = useMemo(
    () => job.errors.map((e, i) => ({ ...e, key: `${i}` })).filter((e) => severity === '' || e.severity === severity),
    [job.errors, severity],
  );
  const running = isUnderway(job.status);
  return (
    <Card
      title={`Problems (${formatNumber(job.errorCount)})`}
      id="problems"
      actions={
        job.errors.length > 0 ? (
          <select
            className="csv-filter"
            aria-label="Show"
            value={severity}
            onChange={(e) => setSeverity(e.target.value)}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        ) : null
      }
    >
      {job.errorCount > job.errors.length ? (
        <p className="muted">
          The first {formatNumber(job.errors.length)} of {formatNumber(job.errorCount)} problems, in the file's order.
        </p>
      ) : null}
      <DataTable
        label="Problems by line and column"
        columns={columns}
        rows={problems}
        rowId={(p) => p.key}
        loading={false}
        empty={
          severity ? (
            <Empty title="None of this kind" />
          ) : (
            <Empty title={running ? 'No problems so far' : 'No problems'}>
              {running ? 'Problems are listed here as the rows are read.' : 'Every row of the file was imported.'}
            </Empty>
          )
        }
      />
    </Card>
  );
}
