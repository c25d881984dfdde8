import type { Product } from '@merx/contract';
import type { Category } from '@merx/sdk';
import { useState } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Card, Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isNotFound } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  ALL_PRODUCTS_ID,
  categoryProductsQuery,
  categoryQuery,
  MAX_ARRANGED,
  useArrangeProducts,
  useCategory,
  useCategoryMembership,
  useCategoryProducts,
} from './api/categories';
import { ArrangedProducts } from './components/arranged-products';
import { ProductPicker } from './components/product-picker';
import { refusalOf } from './lib/refusals';
import './categories.css';

const plural = (n: number) => `${formatNumber(n)} product${n === 1 ? '' : 's'}`;

/** The category's products in the shop's order, moved by drag or by buttons, taken out one by one. */
function ProductsCard({ category, editable }: { category: Category; editable: boolean }) {
  const list = useCategoryProducts(category.id);
  const arrange = useArrangeProducts(category.id);
  const membership = useCategoryMembership();
  const [said, setSaid] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const automatic = category.id === ALL_PRODUCTS_ID;
  const onArrange = (next: Product[], moved: Product) => {
    setRefusal(undefined);
    setSaid('Saving the order…');
    const place = next.findIndex((p) => p.id === moved.id) + 1;
    arrange.mutate(next, {
      onSuccess: () => setSaid(`Order saved: ${moved.name} is at position ${place} of ${next.length}.`),
      onError: (e) => {
        setSaid('');
        setRefusal(`The order was not saved: ${refusalOf(e, { category: category.name })}`);
      },
    });
  };
  const remove = (p: Product) =>
    membership.mutate(
      { id: category.id, productIds: [p.id], add: false },
      {
        onSuccess: () => toast(`${p.name} taken out of ${category.name}; it stays in the store`),
        onError: (e) => toast(refusalOf(e, { category: category.name }), 'error'),
      },
    );
  const data = list.data;
  return (
    <Card title="Products, in the shop’s order" id="category-products">
      {refusal ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <p className="arranged__status" role="status" aria-live="polite">
        {said}
      </p>
      {list.isPending ? (
        <Loading label="Loading the products…" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : !data || data.products.length === 0 ? (
        <Empty title="No products in this category yet">
          {editable && !automatic ? 'Find products below and add them.' : undefined}
        </Empty>
      ) : (
        <>
          {editable ? (
            <p className="muted">
              Drag a product by its handle, or use Up and Down: the shop shows them in this order. Each change is saved
              at once.
            </p>
          ) : null}
          <ArrangedProducts
            label={`Products in ${category.name}, in order`}
            products={data.products}
            editable={editable}
            actions={{ arrange: onArrange, busy: membership.isPending, ...(automatic ? {} : { remove }) }}
          />
          {data.total > data.products.length ? (
            <p className="muted arranged__more">
              These are the first {formatNumber(MAX_ARRANGED)} of {plural(data.total)}: the order of these places can be
              set here. The others follow them in the order they were added.
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** A category: its place in the tree, its products in order (arranged, added, taken out). */
export function Component() {
  const { id = '' } = useParams();
  const can = useCan();
  const editable = can('catalog:write');
  const category = useCategory(id);
  const crumbs = [{ label: 'Categories', to: '/categories' }];
  if (category.isPending)
    return (
      <Page title="Category" crumbs={crumbs}>
        <Loading label="Loading the category…" />
      </Page>
    );
  if (category.error || !category.data)
    return (
      <Page title="Category" crumbs={crumbs}>
        {isNotFound(category.error) ? (
          <Empty
            title="This category doesn’t exist"
            action={
              <Link to="/categories" className="button">
                Back to categories
              </Link>
            }
          >
            It may have been deleted.
          </Empty>
        ) : (
          <ErrorState error={category.error} retry={() => void category.refetch()} />
        )}
      </Page>
    );
  const c = category.data;
  const automatic = c.id === ALL_PRODUCTS_ID;
  const ancestors = (c.breadcrumbsInfo?.breadcrumbs ?? []).filter((b) => b.categoryId !== c.id);
  return (
    <Page
      title={c.name}
      crumbs={[...crumbs, ...ancestors.map((b) => ({ label: b.categoryName, to: `/categories/${b.categoryId}` }))]}
      subtitle={
        <span className="category-facts">
          {c.visible ? <Badge tone="success">Visible</Badge> : <Badge>Hidden</Badge>}
          <span>{plural(c.itemCounter)}</span>
        </span>
      }
      actions={
        automatic ? null : (
          <Link to={`/collections/${c.id}`} className="button button--secondary">
            Image and description
          </Link>
        )
      }
    >
      {automatic ? (
        <p className="category-note" role="note">
          <strong>All Products</strong> always holds every product, so products can’t be added to it or taken out. Its
          order is the one the shop shows when no category is chosen.
        </p>
      ) : null}
      <ProductsCard category={c} editable={editable} />
      {editable && !automatic ? <ProductPicker categoryId={c.id} name={c.name} /> : null}
    </Page>
  );
}

/** Starts loading the category and its products while the page opens. */
export function warm({ params }: LoaderFunctionArgs) {
  if (!params.id) return;
  void queryClient.prefetchQuery(categoryQuery(params.id));
  void queryClient.prefetchQuery(categoryProductsQuery(params.id));
}
