import { useCallback, useState } from 'react';

/** Plain data compared by value (form values: strings, numbers, booleans, arrays and objects of them). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A detail page's form over the saved record: the values shown (the saved ones until something is edited),
 * whether they differ from the saved ones (for the save bar and the leave guard), and discard. After a save, the
 * page puts the server's answer in the cache and calls `discard`, so the form shows what was saved.
 */
export function useDraft<T extends object>(saved: T | undefined) {
  const [draft, setDraft] = useState<T>();
  const value = draft ?? saved;
  const dirty = draft !== undefined && saved !== undefined && !same(draft, saved);
  const set = useCallback(
    (patch: Partial<T>) =>
      setDraft((d) => {
        const base = d ?? saved;
        return base ? { ...base, ...patch } : d;
      }),
    [saved],
  );
  const discard = useCallback(() => setDraft(undefined), []);
  return { value, dirty, set, discard };
}
