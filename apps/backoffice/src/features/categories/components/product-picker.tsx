import type { Product } from '@merx/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Card } from '../../../components/page';
import { messageOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { productSearchQuery, useCategoryMembership } from '../api/categories';
import { refusalOf } from '../lib/refusals';

/** Finds products by name or SKU; each one found is added to the end of the category with its own button. */
export function ProductPicker({ categoryId, name }: { categoryId: string; name: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const results = useQuery(productSearchQuery(term));
  const membership = useCategoryMembership();
  const add = (p: Product) =>
    membership.mutate(
      { id: categoryId, productIds: [p.id], add: true },
      {
        onSuccess: (o) =>
          o.failed.length
            ? toast(`${p.name} was not added: ${o.failed[0]?.message ?? ''}`, 'error')
            : toast(`${p.name} added to the end of ${name}`),
        onError: (e) => toast(refusalOf(e, { category: name }), 'error'),
      },
    );
  const found = results.data ?? [];
  return (
    <Card title="Add products" id="add-products">
      <div className="stack">
        <search className="field">
          <label htmlFor={id}>Find products by name or SKU</label>
          <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </search>
        {results.error ? <p className="field__error">{messageOf(results.error)}</p> : null}
        {results.data && found.length === 0 ? (
          <p className="muted">No products match “{term}”.</p>
        ) : (
          <ul className="picker-list" aria-label="Products found" aria-busy={results.isFetching}>
            {found.map((p) => {
              const inside = p.collectionIds.includes(categoryId);
              const url = p.media.mainMedia?.thumbnail?.url ?? p.media.mainMedia?.image?.url;
              return (
                <li key={p.id}>
                  {url ? (
                    <img className="cat-thumb" src={url} alt="" width={40} height={40} loading="lazy" />
                  ) : (
                    <span className="cat-thumb cat-thumb--empty" aria-hidden="true" />
                  )}
                  <span className="picker-list__name">{p.name}</span>
                  {inside ? (
                    <span className="muted">In this category</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={membership.isPending}
                      aria-label={`Add ${p.name}`}
                      onClick={() => add(p)}
                    >
                      Add
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
