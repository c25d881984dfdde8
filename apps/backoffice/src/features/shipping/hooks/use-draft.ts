import { useCallback, useMemo, useState } from 'react';

/**
 * The form of a detail page: the values as last saved (`base`) and as being edited (`draft`); dirty while they
 * differ. `reset` takes a newly saved record as the base.
 */
export function useDraft<T>(initial: T) {
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const dirty = useMemo(() => JSON.stringify(base) !== JSON.stringify(draft), [base, draft]);
  const update = useCallback((patch: Partial<T>) => setDraft((d) => ({ ...d, ...patch })), []);
  const reset = useCallback((next: T) => {
    setBase(next);
    setDraft(next);
  }, []);
  const discard = useCallback(() => setDraft(base), [base]);
  return { draft, dirty, update, reset, discard };
}
