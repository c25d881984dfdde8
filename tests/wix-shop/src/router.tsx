/** History routing in a few lines: the path in the address bar decides the page, links push a new entry. */
import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from 'react';

const CHANGE = 'corner-shop:navigate';

export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(CHANGE));
}

/** The current location; re-renders on links, back and forward. */
export function useLocation(): URL {
  const [href, setHref] = useState(window.location.href);
  useEffect(() => {
    const update = () => {
      setHref(window.location.href);
      window.scrollTo(0, 0);
    };
    window.addEventListener('popstate', update);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return new URL(href);
}

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
