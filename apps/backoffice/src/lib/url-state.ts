import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

type Changes = Record<string, string | undefined>;

/**
 * A list page's view kept in the URL (search, filters, sort, page cursor), so that reload, back and a shared link
 * show the same view. Setting any value but the cursor starts again from the first page.
 *
 * Changes made before the URL has caught up with the previous ones (the search box's pause ending just as a filter
 * is picked) are merged, never lost: React Router hands each update the URL of the last render, so each one carries
 * the changes still on their way.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const pending = useRef<Changes>({});
  // Once the URL has changed, what was on its way is in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL's query changes
  useEffect(() => {
    pending.current = {};
  }, [params]);
  const set = useCallback(
    (changes: Partial<Record<K | 'cursor', string | undefined>>) => {
      const all: Changes = { ...pending.current, ...changes };
      if (!('cursor' in changes)) all.cursor = undefined;
      pending.current = all;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(all)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { values, cursor: params.get('cursor') ?? '', set };
}
