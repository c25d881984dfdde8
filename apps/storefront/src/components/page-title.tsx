import { useEffect } from 'react';
import { bootNow } from '../lib/boot';

const storeName = bootNow()?.storeName ?? 'Shop';

/** Sets the document title ("Page · Store") for the page being shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${storeName}` : storeName;
  }, [title]);
}
