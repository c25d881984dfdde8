/** Loads something for a page: the value, or the error's message, again whenever `key` changes. */
import { useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (value) => current && setLoaded({ state: 'done', value }),
      (error: unknown) =>
        current && setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return loaded;
}
