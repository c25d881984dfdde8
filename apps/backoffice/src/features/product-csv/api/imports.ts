import type { ProductImport, ProductImportSummary, UploadProgress } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { admin } from '../../../lib/admin';

/**
 * The server's limits on one file (the contract's `productCsvLimits`), written here so that the page does not load
 * the contract's schemas.
 */
export const IMPORT_LIMITS = { maxBytes: 32 * 1024 * 1024, maxRows: 100_000, shownProblems: 1_000 } as const;

/** How often a running import is read again. */
const POLL_MS = 1_000;
const KEY = ['product-imports'] as const;

export type ImportStatus = ProductImport['status'];

/** True while the server still has work to do on the import. */
export const isUnderway = (status: ImportStatus | undefined) => status === 'QUEUED' || status === 'RUNNING';

/** The newest imports (without their problems), read again while one of them is under way. */
export const recentImportsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'recent'],
    queryFn: async ({ signal }): Promise<ProductImportSummary[]> =>
      (await admin()).productCsv.listImports({ limit: 10 }, { signal }),
    refetchInterval: (query) => (query.state.data?.some((job) => isUnderway(job.status)) ? POLL_MS * 3 : false),
  });

export const useRecentImports = () => useQuery(recentImportsQuery());

/** One import with its progress and problems: read every second until it is done or has failed. */
export const importQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: async ({ signal }): Promise<ProductImport> => (await admin()).productCsv.getImport(id, { signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status !== 'error' && (!query.state.data || isUnderway(query.state.data.status)) ? POLL_MS : false,
    // The progress keeps moving while the page is in a background tab: the merchant comes back to a current figure.
    refetchIntervalInBackground: true,
  });

/** The import, unless `enabled` is false (staff who may not import: the server would refuse them). */
export const useImport = (id: string, enabled: boolean) => useQuery({ ...importQuery(id), enabled });

export interface StartImport {
  file: File;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/**
 * Sends the file in parts (telling its progress) and starts its import. The server checks the whole file before it
 * takes it: a file that is not a usable product CSV is refused here, with nothing written.
 */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress, signal }: StartImport) =>
      (await admin()).productCsv.importProducts(file, { fileName: file.name, onProgress }, { signal }),
    onSuccess: (job) => {
      client.setQueryData(importQuery(job.id).queryKey, job);
      void client.invalidateQueries({ queryKey: [...KEY, 'recent'] });
    },
  });
}

/** After an import has finished: the lists of products and imports show what it did. */
export function useAfterImport() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: ['products'] });
    void client.invalidateQueries({ queryKey: [...KEY, 'recent'] });
  }, [client]);
}
