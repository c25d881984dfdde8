import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLocation, useNavigate, useParams } from 'react-router';
import { Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, FormError, Loading } from '../../components/states';
import { admin } from '../../lib/admin';
import { confirmAction } from '../../lib/confirm';
import { isNotFound, messageOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { collectionChoicesQuery, type EditedProduct, productQuery, useProduct } from './api/products';
import { SaveFailure, saveProduct } from './api/save-product';
import { CustomerChoicesCard } from './components/customer-choices-card';
import { DetailsCard } from './components/details-card';
import { InventoryCard } from './components/inventory-card';
import { MediaCard } from './components/media-card';
import { InfoSectionsCard } from './components/more-info-cards';
import { OptionsCard } from './components/options-card';
import { OrganizationCard, VisibilityCard } from './components/organization-card';
import { PricingCard } from './components/pricing-card';
import { VariantsCard } from './components/variants-card';
import type { ProductForm } from './hooks/product-form';
import { useProductForm } from './hooks/use-product-form';
import './products.css';

const PARTS: Record<SaveFailure['part'], string> = {
  details: 'The product was not saved',
  catalog: 'The product was saved, but not its description, brand, ribbon, info sections, customer choices or tags',
  media: 'The product was saved, but not all of its images',
  variants: 'The product was saved, but not its variants’ values',
  stock: 'The product was saved, but not its stock or preorder setting',
  collections: 'The product was saved, but not its collections',
};

/** Someone else changed the product since it was opened: the edit wrote nothing; reload or keep the edits. */
function ConflictNotice({ onReload }: { onReload: () => void }) {
  return (
    <section className="conflict" role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title">Someone else changed this product</h2>
      <p>
        It was changed after you opened it, so your changes were not saved and nothing was overwritten. Reload the
        product to see the latest version, then make your changes again.
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onReload}>
          Reload the product
        </button>
      </div>
    </section>
  );
}

function useDeleteProduct() {
  return useMutation({
    mutationFn: async (id: string) => (await admin()).products.deleteProduct(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

function ProductEditor({ product, carried }: { product: EditedProduct | undefined; carried: ProductForm | undefined }) {
  const can = useCan();
  const readOnly = !can('catalog:write');
  const navigate = useNavigate();
  const state = useProductForm(product, carried);
  const { form, errors, dirty } = state;
  const [failure, setFailure] = useState<SaveFailure>();
  const [goTo, setGoTo] = useState<{ to: string; form?: ProductForm }>();
  const remove = useDeleteProduct();

  const save = useMutation({
    mutationFn: () => saveProduct(form, product ? state.baseline : undefined, product?.id),
    onSuccess: (saved) => {
      setFailure(undefined);
      queryClient.setQueryData(productQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['products', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['collections'] });
      state.saved(saved);
      toast(product ? 'Product saved' : 'Product created');
      if (!product) setGoTo({ to: `/products/${saved.id}` });
    },
    onError: (error) => {
      const f = error instanceof SaveFailure ? error : new SaveFailure('details', error, {}, undefined);
      setFailure(f);
      if (f.conflict) return;
      state.partlySaved(f.saved, f.fieldErrors, f.attached);
      if (f.saved) {
        queryClient.setQueryData(productQuery(f.saved.id).queryKey, f.saved);
        // A new product exists from its first part on: carry on editing it at its own address.
        if (!product) {
          const media = form.media.map((m) =>
            m.id || !f.attached.has(m.key) ? m : { ...m, id: f.attached.get(m.key) },
          );
          setGoTo({ to: `/products/${f.saved.id}`, form: { ...form, revision: f.saved.revision, media } });
        }
      }
      focusFirstError();
    },
  });

  // Leave only once the page knows nothing is unsaved (the guard would ask otherwise).
  useEffect(() => {
    if (goTo && (!dirty || goTo.form))
      navigate(goTo.to, { replace: true, state: goTo.form ? { draft: goTo.form } : null });
  }, [goTo, dirty, navigate]);

  // While nothing is being edited, the page follows the product (changed in another tab, by an import…).
  useEffect(() => {
    if (product && !dirty && !save.isPending && product.revision !== state.baseline.revision) state.reset(product);
  }, [product, dirty, save.isPending, state]);

  const onSave = () => {
    setFailure(undefined);
    if (!state.check()) {
      focusFirstError();
      return;
    }
    save.mutate();
  };

  // Ctrl+S (or ⌘S) saves, as in a document.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (dirty && !readOnly && !save.isPending) onSave();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const shopUrl =
    product?.visible && product.productPageUrl
      ? `${product.productPageUrl.base.replace(/\/$/, '')}${product.productPageUrl.path}`
      : undefined;
  const shopBase = product?.productPageUrl.base ?? `${location.origin}/`;
  const cardProps = { form, edit: state.edit, errors, readOnly };
  const errorCount = Object.keys(errors).length;

  return (
    <Page
      title={product ? product.name : 'New product'}
      crumbs={[{ label: 'Products', to: '/products' }]}
      subtitle={readOnly ? 'You can look at this product; changing it needs the catalog:write permission.' : undefined}
      actions={
        product && !readOnly ? (
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={async () => {
              const ok = await confirmAction({
                title: `Delete “${product.name}”?`,
                message:
                  'The product leaves the catalog and the shop. Orders already placed keep their lines. This cannot be undone.',
                confirmLabel: 'Delete product',
                tone: 'danger',
              });
              if (!ok) return;
              remove.mutate(product.id, {
                onSuccess: () => {
                  toast(`“${product.name}” deleted`);
                  state.reset();
                  setGoTo({ to: '/products' });
                },
                onError: (e) => toast(messageOf(e), 'error'),
              });
            }}
          >
            Delete product
          </button>
        ) : null
      }
    >
      {failure?.conflict ? (
        <ConflictNotice
          onReload={async () => {
            const fresh = await queryClient.fetchQuery(productQuery(product?.id ?? ''));
            state.reset(fresh);
            setFailure(undefined);
            toast('Showing the latest version of the product', 'info');
          }}
        />
      ) : null}
      {failure && !failure.conflict ? (
        <div className="form-error" role="alert" style={{ marginBottom: 16 }}>
          <strong>{PARTS[failure.part]}.</strong>{' '}
          {Object.keys(failure.fieldErrors).length > 0 ? 'Check the fields marked below.' : messageOf(failure.cause)}
        </div>
      ) : errorCount > 0 && !save.isPending ? (
        <FormError
          error={new Error(`${errorCount} field${errorCount === 1 ? ' needs' : 's need'} attention before saving.`)}
        />
      ) : null}
      <div className="columns editor-grid">
        <div>
          <DetailsCard {...cardProps} shopBase={shopBase} />
          <MediaCard {...cardProps} />
          <PricingCard {...cardProps} />
          <InventoryCard {...cardProps} />
          <OptionsCard {...cardProps} />
          <VariantsCard {...cardProps} />
          <CustomerChoicesCard {...cardProps} />
          <InfoSectionsCard {...cardProps} />
        </div>
        <div>
          <VisibilityCard {...cardProps} shopUrl={shopUrl} />
          <OrganizationCard {...cardProps} />
        </div>
      </div>
      {readOnly ? null : (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          onSave={onSave}
          onDiscard={() => {
            state.reset();
            setFailure(undefined);
          }}
          saveLabel={product ? 'Save' : 'Save product'}
        />
      )}
    </Page>
  );
}

/** Moves the focus to the first field with an error, once it is on screen. */
function focusFirstError() {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('.editor-grid [aria-invalid="true"]')?.focus({ preventScroll: false }),
  );
}

/**
 * A product (or a new one): its sections as cards, saved together from one save bar; a stale edit is refused and
 * said so; leaving with unsaved changes asks first.
 */
export function Component() {
  const { id } = useParams();
  const location = useLocation();
  const can = useCan();
  const product = useProduct(id);
  const navigate = useNavigate();
  const carried = (location.state as { draft?: ProductForm } | null)?.draft;
  // The carried edits are taken once: a reload later starts from the product as saved.
  useEffect(() => {
    if (carried) navigate(location.pathname, { replace: true, state: null });
  }, [carried, location.pathname, navigate]);
  if (!id && !can('catalog:write')) {
    return (
      <Page title="New product" crumbs={[{ label: 'Products', to: '/products' }]}>
        <Empty title="You can’t add products">Adding products needs the catalog:write permission.</Empty>
      </Page>
    );
  }
  if (id && product.isPending) {
    return (
      <Page title="Product" crumbs={[{ label: 'Products', to: '/products' }]}>
        <Loading label="Loading the product…" />
      </Page>
    );
  }
  if (id && product.error) {
    return (
      <Page title="Product" crumbs={[{ label: 'Products', to: '/products' }]}>
        {isNotFound(product.error) ? (
          <Empty
            title="This product doesn’t exist"
            action={
              <Link to="/products" className="button">
                Back to products
              </Link>
            }
          >
            It may have been deleted.
          </Empty>
        ) : (
          <ErrorState error={product.error} retry={() => void product.refetch()} />
        )}
      </Page>
    );
  }
  return <ProductEditor key={id ?? 'new'} product={product.data} carried={carried} />;
}

/** Starts loading the product (and the collections the editor offers) while the page opens. */
export function warm({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(productQuery(params.id));
  void queryClient.prefetchQuery(collectionChoicesQuery());
}
