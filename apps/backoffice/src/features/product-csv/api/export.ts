import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** Products read per request of the export (the server takes up to 500). */
export const EXPORT_PAGE = 100;

/** How many products the store has, hidden ones included: what the export will hold. */
export const catalogSizeQuery = () =>
  queryOptions({
    queryKey: ['products', 'count', 'all'],
    queryFn: async ({ signal }): Promise<number | undefined> => {
      const page = await (await admin()).products.queryProductsPage(
        { paging: { limit: 1, offset: 0 } },
        { includeHiddenProducts: true },
        { signal },
      );
      return page.metadata.total;
    },
  });

export const useCatalogSize = () => useQuery(catalogSizeQuery());

/**
 * The whole catalog as Shopify product CSV text, read a page of products at a time; `onPage` is told how many
 * products have been read so far.
 */
export async function exportCatalog(onPage: (products: number) => void, signal: AbortSignal): Promise<string> {
  const chunks: string[] = [];
  let pages = 0;
  for await (const chunk of (await admin()).productCsv.exportProductsStream({ pageSize: EXPORT_PAGE }, { signal })) {
    chunks.push(chunk);
    pages++;
    onPage(pages * EXPORT_PAGE);
  }
  return chunks.join('');
}
