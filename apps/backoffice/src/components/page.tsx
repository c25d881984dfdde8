import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { bootNow } from '../lib/boot';

export interface Crumb {
  label: string;
  to: string;
}

/**
 * Every page's frame: breadcrumbs, the title (focused after a navigation, so screen readers hear where they are),
 * the page's actions, and its content. The document title follows.
 */
export function Page({
  title,
  crumbs = [],
  actions,
  children,
  subtitle,
}: {
  title: string;
  crumbs?: readonly Crumb[];
  actions?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${bootNow().storeName} back office`;
  }, [title]);
  useEffect(() => {
    // The first page keeps the focus where the browser put it; later pages take it on their heading.
    if (document.body.dataset.navigated) heading.current?.focus();
    document.body.dataset.navigated = '1';
  }, []);
  return (
    <div className="page">
      {crumbs.length > 0 ? (
        <nav aria-label="Breadcrumb" className="crumbs">
          <ol>
            {crumbs.map((c) => (
              <li key={c.to}>
                <Link to={c.to}>{c.label}</Link>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      ) : null}
      <header className="page__header">
        <div>
          <h1 ref={heading} tabIndex={-1}>
            {title}
          </h1>
          {subtitle ? <div className="page__subtitle">{subtitle}</div> : null}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A section of a detail page, as a card with its title and actions. */
export function Card({
  title,
  actions,
  children,
  id,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section className="card" aria-labelledby={title && id ? `${id}-title` : undefined}>
      {title || actions ? (
        <div className="card__header">
          {title ? <h2 id={id ? `${id}-title` : undefined}>{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
