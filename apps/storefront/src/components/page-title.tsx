import { useEffect } from 'react';
import { bootNow } from '../lib/boot';

const storeName = bootNow()?.storeName ?? 'Shop';
let focusPending = false;
/** The address the server wrote the head for (canonical, description, Open Graph, JSON-LD: `data-merx-seo`). */
const landingPath = location.pathname;

/**
 * Removes the server's head tags once the shop has moved to another page: they describe the page it first loaded,
 * and a stale canonical or description is worse than none. (Crawlers load each address from the server, which
 * writes that page's own tags.)
 */
function dropStaleHead(): void {
  if (location.pathname === landingPath) return;
  for (const tag of document.head.querySelectorAll('[data-merx-seo]')) tag.remove();
}

/** Called on each navigation: the next page to show its heading gets the focus (screen readers hear it). */
export function focusHeadingOnNextPage(): void {
  focusPending = true;
}

/**
 * Sets the document title ("Page · Store", as the server writes it into the page it serves) for the page being
 * shown, drops the server's head tags once they describe another page, and after a navigation moves the focus to
 * the page's h1 once it is there (a page that loads its data first shows it later).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${storeName}` : storeName;
    dropStaleHead();
    if (!focusPending) return;
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (!h1) return;
    focusPending = false;
    h1.tabIndex = -1;
    h1.focus({ preventScroll: true });
  }, [title]);
}
