import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { admin } from '../lib/admin';
import { useCan } from '../lib/me';
import { useShortcuts } from '../lib/shortcuts';

interface Hit {
  kind: 'Product' | 'Order' | 'Customer';
  label: string;
  detail: string;
  to: string;
}

/** Products by name, orders by number, buyer email or name, customers by email or name: what the signed-in staff member may read. */
async function search(term: string, can: (p: string) => boolean): Promise<Hit[]> {
  const a = await admin();
  const jobs: Array<Promise<Hit[]>> = [];
  if (can('catalog:read')) {
    jobs.push(
      a.products
        .queryProducts({ includeHiddenProducts: true })
        .startsWith('name', term)
        .limit(5)
        .find()
        .then((r) =>
          r.items.map((p) => ({
            kind: 'Product' as const,
            label: p.name,
            detail: p.sku ?? '',
            to: `/products/${p.id}`,
          })),
        ),
    );
  }
  if (can('orders:read')) {
    jobs.push(
      a.orders.searchOrders({ search: { expression: term }, cursorPaging: { limit: 5 } }).then((r) =>
        r.orders.map((o) => ({
          kind: 'Order' as const,
          label: `#${o.number}`,
          detail: String((o.buyerInfo as { email?: string } | undefined)?.email ?? ''),
          to: `/orders/${o.id}`,
        })),
      ),
    );
  }
  if (can('members:read') && term.length >= 2) {
    jobs.push(
      a.members.listMembers({ search: term, limit: 5 }).then((r) =>
        r.identities.map((m) => ({
          kind: 'Customer' as const,
          label: m.email?.address ?? m.id,
          detail: [m.identityProfile?.firstName, m.identityProfile?.lastName].filter(Boolean).join(' '),
          to: `/customers/${m.id}`,
        })),
      ),
    );
  }
  const results = await Promise.allSettled(jobs);
  return results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
}

/** The search of the top bar (`Ctrl+K` or `g` then `s`… kept simple: `s` focuses it), a combobox of results. */
export function GlobalSearch() {
  const can = useCan();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const { data: hits = [], isFetching } = useQuery({
    queryKey: ['global-search', term],
    queryFn: () => search(term, can),
    enabled: term.length > 0,
    staleTime: 30_000,
  });
  useShortcuts(useMemo(() => ({ s: () => input.current?.focus() }), []));
  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setText('');
    navigate(hit.to);
  };
  const listId = `${id}-results`;
  return (
    <div className="global-search">
      <label htmlFor={id} className="visually-hidden">
        Search products, orders and customers
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        role="combobox"
        aria-expanded={open && term.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && hits[active] ? `${listId}-${active}` : undefined}
        placeholder="Search (press s)"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, hits.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter') go(hits[active]);
          else if (e.key === 'Escape') setOpen(false);
          else return;
          e.preventDefault();
        }}
      />
      {open && term.length > 0 ? (
        <div id={listId} role="listbox" className="global-search__results" aria-label="Search results">
          {hits.map((hit, i) => (
            <div
              key={`${hit.kind}-${hit.to}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                go(hit);
              }}
            >
              <span className="global-search__kind">{hit.kind}</span>
              <span className="global-search__label">{hit.label}</span>
              <span className="global-search__detail">{hit.detail}</span>
            </div>
          ))}
          {hits.length === 0 ? (
            <div role="option" tabIndex={-1} aria-selected={false} aria-disabled="true" className="global-search__none">
              {isFetching ? 'Searching…' : `Nothing found for “${term}”`}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
