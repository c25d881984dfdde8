import { useEffect } from 'react';
import { bootNow } from '../lib/boot';

const storeName = bootNow()?.storeName ?? 'Shop';
let focusPending = false;

/** Called on each navigation: the next page to show its heading gets the focus (screen readers hear it). */
export function focusHeadingOnNextPage(): void {
  focusPending = true;
}

/**
 * Sets the document title ("Page · Store") for the page being shown, and after a navigation moves the focus to
 * the page's h1 once it is there (a page that loads its data first shows it later).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${storeName}` : storeName;
    if (!focusPending) return;
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (!h1) return;
    focusPending = false;
    h1.tabIndex = -1;
    h1.focus({ preventScroll: true });
  }, [title]);
}
