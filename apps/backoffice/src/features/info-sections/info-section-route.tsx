import type { RichContent } from '@merx/contract';
import { MerxError } from '@merx/sdk';
import { useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { RichContentField } from '../../components/rich-content-field';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, FormError, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, isConflict, isNotFound, messageOf } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { sameRichContent } from '../../lib/rich-content';
import { toast } from '../../lib/toasts';
import {
  type InfoSection,
  infoSectionQuery,
  LIMITS,
  useCreateInfoSection,
  useDeleteInfoSection,
  useInfoSection,
  useUpdateInfoSection,
} from './api/info-sections';
import './info-sections.css';

interface Form {
  uniqueName: string;
  title: string;
  description: RichContent;
}

const formOf = (s: InfoSection | undefined): Form => ({
  uniqueName: s?.uniqueName ?? '',
  title: s?.title ?? '',
  description: s?.description ?? { nodes: [] },
});

const same = (a: Form, b: Form) =>
  a.uniqueName === b.uniqueName && a.title === b.title && sameRichContent(a.description, b.description);

function check(form: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = form.uniqueName.trim();
  const title = form.title.trim();
  if (!name) errors.uniqueName = 'Required';
  else if (name.length > LIMITS.uniqueName) errors.uniqueName = `Use at most ${LIMITS.uniqueName} characters`;
  if (!title) errors.title = 'Required';
  else if (title.length > LIMITS.title) errors.title = `Use at most ${LIMITS.title} characters`;
  return errors;
}

/** The server's refusal, beside its field: a taken unique name, or a field the server found wrong. */
function fieldProblems(error: unknown): Record<string, string> {
  if (error instanceof MerxError && error.code === 'INFO_SECTION_ALREADY_EXISTS') return { uniqueName: error.message };
  return fieldErrorsOf(error, 'infoSection.');
}

function InfoSectionEditor({ section }: { section: InfoSection | undefined }) {
  const can = useCan();
  const navigate = useNavigate();
  const readOnly = !can('catalog:write');
  const [saved, setSaved] = useState(section);
  const [baseline, setBaseline] = useState(() => formOf(section));
  const [form, setForm] = useState(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [leaveTo, setLeaveTo] = useState<string>();
  const create = useCreateInfoSection();
  const update = useUpdateInfoSection();
  const remove = useDeleteInfoSection();
  const saving = create.isPending || update.isPending;
  const dirty = !same(form, baseline);
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
    const done = (fresh: InfoSection) => {
      queryClient.setQueryData(infoSectionQuery(fresh.id).queryKey, fresh);
      setSaved(fresh);
      const next = formOf(fresh);
      setBaseline(next);
      setForm(next);
      toast(saved ? 'Info section saved' : 'Info section created');
      if (!saved) setLeaveTo(`/info-sections/${fresh.id}`);
    };
    const failed = (error: unknown) => {
      if (isConflict(error)) setConflict(true);
      setErrors(fieldProblems(error));
    };
    if (saved) {
      const patch = {
        revision: saved.revision,
        ...(form.uniqueName !== baseline.uniqueName ? { uniqueName: form.uniqueName.trim() } : {}),
        ...(form.title !== baseline.title ? { title: form.title.trim() } : {}),
        ...(sameRichContent(form.description, baseline.description) ? {} : { description: form.description }),
      };
      update.mutate({ id: saved.id, patch }, { onSuccess: done, onError: failed });
    } else {
      create.mutate(
        { uniqueName: form.uniqueName.trim(), title: form.title.trim(), description: form.description },
        { onSuccess: done, onError: failed },
      );
    }
  };

  const onDelete = async () => {
    if (!saved) return;
    let count = saved.products;
    try {
      count = (await queryClient.fetchQuery(infoSectionQuery(saved.id))).products;
    } catch (error) {
      toast(messageOf(error), 'error');
      return;
    }
    const ok = await confirmAction({
      title: `Delete the info section “${saved.uniqueName}”?`,
      message: `${
        count > 0
          ? `${formatNumber(count)} product${count === 1 ? '' : 's'} will no longer show it.`
          : 'No product uses it.'
      } This cannot be undone.`,
      confirmLabel: 'Delete info section',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(saved.id, {
      onSuccess: () => {
        toast(`The info section “${saved.uniqueName}” was deleted`);
        setForm(baseline);
        setLeaveTo('/info-sections');
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };

  return (
    <Page
      title={saved ? saved.uniqueName : 'New info section'}
      crumbs={[{ label: 'Info sections', to: '/info-sections' }]}
      subtitle={saved ? `Used by ${formatNumber(saved.products)} product${saved.products === 1 ? '' : 's'}` : undefined}
      actions={
        saved && !readOnly ? (
          <button type="button" className="button button--danger" disabled={remove.isPending} onClick={onDelete}>
            Delete info section
          </button>
        ) : null
      }
    >
      {readOnly ? (
        <p className="read-only-note" role="note">
          You can read this info section; changing it needs the catalog:write permission.
        </p>
      ) : null}
      {conflict ? (
        <section className="form-error" role="alert" style={{ marginBottom: 16 }}>
          <strong>This info section was changed elsewhere.</strong> Your changes were not saved and nothing was
          overwritten.{' '}
          <button
            type="button"
            className="button--link"
            onClick={async () => {
              const fresh = await queryClient.fetchQuery(infoSectionQuery(saved?.id ?? ''));
              setSaved(fresh);
              setBaseline(formOf(fresh));
              setForm(formOf(fresh));
              setConflict(false);
            }}
          >
            Reload the info section
          </button>
        </section>
      ) : failure && Object.keys(errors).length === 0 ? (
        <FormError error={failure} />
      ) : null}
      <Card title="Info section" id="info-section-details">
        <div className="stack">
          <TextField
            label="Unique name"
            value={form.uniqueName}
            onChange={(e) => set('uniqueName', e.target.value)}
            error={errors.uniqueName}
            maxLength={LIMITS.uniqueName}
            required
            readOnly={readOnly}
            hint="How you find this section when choosing it for a product; shoppers don't see it. Used once."
          />
          <TextField
            label="Title"
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
            maxLength={LIMITS.title}
            required
            readOnly={readOnly}
            hint="The heading shoppers see, such as “Care” or “Size guide”."
          />
          <RichContentField
            label="Description"
            value={form.description}
            onChange={(doc) => set('description', doc)}
            error={errors.description ?? Object.entries(errors).find(([k]) => k.startsWith('description.'))?.[1]}
            disabled={readOnly}
            hint="What shoppers read under the title."
          />
        </div>
      </Card>
      {readOnly ? null : (
        <SaveBar
          dirty={dirty}
          saving={saving}
          onSave={onSave}
          onDiscard={() => {
            setForm(baseline);
            setErrors({});
          }}
          saveLabel={saved ? 'Save' : 'Create info section'}
        />
      )}
    </Page>
  );
}

/** An info section (or a new one): unique name, title and the description in the rich-content editor. */
export function Component() {
  const { id } = useParams();
  const can = useCan();
  const section = useInfoSection(id);
  const crumbs = [{ label: 'Info sections', to: '/info-sections' }];
  if (!id && !can('catalog:write')) {
    return (
      <Page title="New info section" crumbs={crumbs}>
        <Empty title="You can’t create info sections">Creating info sections needs the catalog:write permission.</Empty>
      </Page>
    );
  }
  if (id && section.isPending) {
    return (
      <Page title="Info section" crumbs={crumbs}>
        <Loading label="Loading the info section…" />
      </Page>
    );
  }
  if (id && section.error) {
    return (
      <Page title="Info section" crumbs={crumbs}>
        {isNotFound(section.error) ? (
          <Empty
            title="This info section doesn’t exist"
            action={
              <Link to="/info-sections" className="button">
                Back to info sections
              </Link>
            }
          >
            It may have been deleted.
          </Empty>
        ) : (
          <ErrorState error={section.error} retry={() => void section.refetch()} />
        )}
      </Page>
    );
  }
  return <InfoSectionEditor key={id ?? 'new'} section={section.data} />;
}

export function warm({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(infoSectionQuery(params.id));
}
