import type { ProductImportSummary } from '@merx/sdk';
import { Badge } from '../../../components/badge';

type Job = Pick<ProductImportSummary, 'status' | 'productsFailed'>;

/** The import's state in a word: queued, importing, done (with or without failed products) or stopped. */
export function statusWords(job: Job): { label: string; tone: 'info' | 'success' | 'warning' | 'critical' } {
  switch (job.status) {
    case 'QUEUED':
      return { label: 'Waiting to start', tone: 'info' };
    case 'RUNNING':
      return { label: 'Importing', tone: 'info' };
    case 'DONE':
      return job.productsFailed > 0
        ? { label: 'Done, with failures', tone: 'warning' }
        : { label: 'Done', tone: 'success' };
    default:
      return { label: 'Stopped', tone: 'critical' };
  }
}

export function ImportStatusBadge({ job }: { job: Job }) {
  const { label, tone } = statusWords(job);
  return <Badge tone={tone}>{label}</Badge>;
}

/** How far through its rows the import is, 0 to 1 (a finished import is at 1 whatever it counted). */
export function fractionDone(job: Pick<ProductImportSummary, 'status' | 'rowsDone' | 'rowsTotal'>): number {
  if (job.status === 'DONE') return 1;
  return job.rowsTotal > 0 ? Math.min(1, job.rowsDone / job.rowsTotal) : 0;
}
