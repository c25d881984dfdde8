import type { Collection } from '@merx/contract';
import { MerxError } from '@merx/sdk';
import { useEffect, useMemo, useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { CheckboxField, TextArea, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, FormError, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, isConflict, isNotFound } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  ALL_PRODUCTS_COLLECTION_ID,
  collectionQuery,
  useCollection,
  useCreateCollection,
  useDeleteCollections,
  useUpdateCollection,
} from './api/collections';
import { CollectionImage } from './components/collection-image';
import { CollectionProducts, ProductPicker } from './components/collection-products';
import './collections.css';

interface Form {
  name: string;
  slug: string;
  description: string;
  visible: boolean;
  image: string;
}

const formOf = (c: Collection | undefined): Form => ({
  name: c?.name ?? '',
  slug: c?.slug ?? '',
  description: c?.description ?? '',
  visible: c?.visible ?? true,
  image: c?.media.mainMedia?.image?.url ?? '',
});

const SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

function check(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'Required';
  else if (form.name.trim().length > 50) errors.name = 'Use at most 50 characters';
  if (form.slug.trim() && !SLUG.test(form.slug.trim()))
    errors.slug = 'Use lower-case letters and digits joined by single hyphens, like "summer-sale"';
  if (form.description.length > 600) errors.description = 'Use at most 600 characters';
  return errors;
}

function CollectionEditor({ collection }: { collection: Collection | undefined }) {
  const can = useCan();
  const navigate = useNavigate();
  const automatic = collection?.id === ALL_PRODUCTS_COLLECTION_ID;
  const readOnly = !can('catalog:write') || automatic;
  const [baseline, setBaseline] = useState(() => formOf(collection));
  const [form, setForm] = useState(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string>();
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const remove = useDeleteCollections();
  const saving = create.isPending || update.isPending;
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);
  const failure = create.error ?? update.error;

  useEffect(() => {
    if (leaveTo && !dirty) navigate(leaveTo, { replace: true });
  }, [leaveTo, dirty, navigate]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const onSave = () => {
    const local = check(form);
    setErrors(local);
    setConflict(false);
    if (Object.keys(local).length > 0) return;
    const media = { mainMedia: form.image ? { image: { url: form.image } } : undefined };
    const done = (saved: Collection) => {
      queryClient.setQueryData(collectionQuery(saved.id).queryKey, saved);
      const fresh = formOf(saved);
      setBaseline(fresh);
      setForm(fresh);
      toast(collection ? 'Collection saved' : 'Collection created');
      if (!collection) setLeaveTo(`/collections/${saved.id}`);
    };
    const failed = (error: unknown) => {
      if (isConflict(error)) setConflict(true);
      setErrors(
        error instanceof MerxError && error.code === 'SLUG_ALREADY_EXISTS'
          ? { slug: 'Another collection has this address: choose another one' }
          : fieldErrorsOf(error, 'collection.'),
      );
    };
    if (collection) {
      const patch = {
        revision: collection.revision,
        ...(form.name !== baseline.name ? { name: form.name.trim() } : {}),
        ...(form.slug !== baseline.slug && form.slug.trim() ? { slug: form.slug.trim() } : {}),
        ...(form.description !== baseline.description ? { description: form.description || null } : {}),
        ...(form.visible !== baseline.visible ? { visible: form.visible } : {}),
        ...(form.image !== baseline.image ? { media: form.image ? media : {} } : {}),
      };
      update.mutate({ id: collection.id, patch }, { onSuccess: done, onError: failed });
    } else {
      create.mutate(
        {
          name: form.name.trim(),
          ...(form.slug.trim() ? { slug: form.slug.trim() } : {}),
          ...(form.description ? { description: form.description } : {}),
          visible: form.visible,
          ...(form.image ? { media } : {}),
        },
        { onSuccess: done, onError: failed },
      );
    }
  };

  return (
    <Page
      title={collection ? collection.name : 'New collection'}
      crumbs={[{ label: 'Collections', to: '/collections' }]}
      actions={
        collection && !readOnly ? (
          <button
            type="button"
            className="button button--danger"
            disabled={remove.isPending}
            onClick={async () => {
              const ok = await confirmAction({
                title: `Delete “${collection.name}”?`,
                message: 'The collection is deleted; its products stay in the catalog. This cannot be undone.',
                confirmLabel: 'Delete collection',
                tone: 'danger',
              });
              if (!ok) return;
              remove.mutate([collection.id], {
                onSuccess: (o) => {
                  if (o.failed.length) {
                    toast(o.failed[0]?.message ?? 'Not deleted', 'error');
                    return;
                  }
                  toast(`“${collection.name}” deleted`);
                  setForm(baseline);
                  setLeaveTo('/collections');
                },
              });
            }}
          >
            Delete collection
          </button>
        ) : null
      }
    >
      {automatic ? (
        <p className="read-only-note" role="note">
          <strong>All Products</strong> always holds every product in the store. It is made automatically, so it cannot
          be renamed, hidden or deleted, and products cannot be added to or removed from it.
        </p>
      ) : null}
      {conflict ? (
        <section className="form-error" role="alert" style={{ marginBottom: 16 }}>
          <strong>Someone else changed this collection.</strong> Your changes were not saved and nothing was
          overwritten.{' '}
          <button
            type="button"
            className="button--link"
            onClick={async () => {
              const fresh = await queryClient.fetchQuery(collectionQuery(collection?.id ?? ''));
              setBaseline(formOf(fresh));
              setForm(formOf(fresh));
              setConflict(false);
            }}
          >
            Reload the collection
          </button>
        </section>
      ) : failure && Object.keys(errors).length === 0 ? (
        <FormError error={failure} />
      ) : null}
      <div className="columns">
        <div>
          <Card title="Details" id="collection-details">
            <div className="stack">
              <TextField
                label="Name"
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                error={errors.name}
                maxLength={50}
                required
                readOnly={readOnly}
              />
              <TextField
                label="Address in the shop"
                value={form.slug}
                onChange={(e) => set('slug', e.target.value.toLowerCase())}
                error={errors.slug}
                maxLength={100}
                readOnly={readOnly}
                hint={`${location.origin}/collections/${form.slug || 'made-from-the-name'}`}
              />
              <TextArea
                label="Description"
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
                error={errors.description}
                maxLength={600}
                readOnly={readOnly}
                hint={`${form.description.length} of 600 characters`}
              />
            </div>
          </Card>
          {collection ? (
            <CollectionProducts collectionId={collection.id} name={collection.name} editable={!readOnly} />
          ) : null}
          {collection && !readOnly ? <ProductPicker collectionId={collection.id} name={collection.name} /> : null}
        </div>
        <div>
          <Card title="Visibility" id="collection-visibility">
            <CheckboxField
              label="Visible in the shop"
              checked={form.visible}
              disabled={readOnly}
              onChange={(e) => set('visible', e.target.checked)}
            />
          </Card>
          <CollectionImage
            url={form.image}
            readOnly={readOnly}
            error={errors['media.mainMedia.image.url']}
            onChange={(url) => set('image', url)}
          />
        </div>
      </div>
      {readOnly ? null : (
        <SaveBar
          dirty={dirty}
          saving={saving}
          onSave={onSave}
          onDiscard={() => {
            setForm(baseline);
            setErrors({});
          }}
          saveLabel={collection ? 'Save' : 'Create collection'}
        />
      )}
    </Page>
  );
}

/** A collection (or a new one): details, image, visibility, its products and a picker to add more. */
export function Component() {
  const { id } = useParams();
  const can = useCan();
  const collection = useCollection(id);
  const crumbs = [{ label: 'Collections', to: '/collections' }];
  if (!id && !can('catalog:write')) {
    return (
      <Page title="New collection" crumbs={crumbs}>
        <Empty title="You can’t create collections">Creating collections needs the catalog:write permission.</Empty>
      </Page>
    );
  }
  if (id && collection.isPending) {
    return (
      <Page title="Collection" crumbs={crumbs}>
        <Loading label="Loading the collection…" />
      </Page>
    );
  }
  if (id && collection.error) {
    return (
      <Page title="Collection" crumbs={crumbs}>
        {isNotFound(collection.error) ? (
          <Empty
            title="This collection doesn’t exist"
            action={
              <Link to="/collections" className="button">
                Back to collections
              </Link>
            }
          >
            It may have been deleted.
          </Empty>
        ) : (
          <ErrorState error={collection.error} retry={() => void collection.refetch()} />
        )}
      </Page>
    );
  }
  return <CollectionEditor key={id ?? 'new'} collection={collection.data} />;
}

export function warm({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(collectionQuery(params.id));
}
