import type { ProductImport } from '@merx/sdk';
import { formatNumber } from '../../../lib/format';

/** Columns whose problems are images that could not be added. */
const IMAGE_COLUMNS = new Set(['Image Src', 'Variant Image']);

/** Problems about images among those listed (the first 1,000 of the file). */
export const imageProblemsOf = (job: ProductImport) =>
  job.errors.filter((e) => e.severity === 'WARNING' && IMAGE_COLUMNS.has(e.column)).length;

/** What the import has done so far, in figures: products of the file, created, updated, failed, images not added. */
export function ImportCounts({ job }: { job: ProductImport }) {
  const images = imageProblemsOf(job);
  // Past the listed problems, more images may have failed than the list shows.
  const imagesMore = job.errorCount > job.errors.length && images > 0;
  const when = (n: number, tone: 'good' | 'bad') => (n > 0 ? tone : undefined);
  const figures: Array<{ label: string; value: string; tone?: 'good' | 'bad' | undefined }> = [
    { label: 'Products in the file', value: formatNumber(job.productsTotal) },
    { label: 'Created', value: formatNumber(job.productsCreated), tone: when(job.productsCreated, 'good') },
    { label: 'Updated', value: formatNumber(job.productsUpdated), tone: when(job.productsUpdated, 'good') },
    { label: 'Failed', value: formatNumber(job.productsFailed), tone: when(job.productsFailed, 'bad') },
    { label: 'Images not added', value: `${formatNumber(images)}${imagesMore ? '+' : ''}` },
  ];
  return (
    <dl className="csv-counts">
      {figures.map((f) => (
        <div key={f.label} className={`csv-count${f.tone ? ` csv-count--${f.tone}` : ''}`}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
