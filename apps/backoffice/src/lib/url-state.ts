import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list page's view kept in the URL (search, filters, sort, page cursor), so that reload, back and a shared link
 * show the same view. Setting any value but the cursor starts again from the first page.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const set = useCallback(
    (changes: Partial<Record<K | 'cursor', string | undefined>>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes) as Array<[string, string | undefined]>) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          if (!('cursor' in changes)) next.delete('cursor');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { values, cursor: params.get('cursor') ?? '', set };
}
