import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card, Page } from '../../components/page';
import { useUnsavedChangesGuard } from '../../components/save-bar';
import { FormError } from '../../components/states';
import { fieldErrorsOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { toast } from '../../lib/toasts';
import type { WebhookEndpoint } from './api/client';
import { useCreateEndpoint } from './api/endpoints';
import { EndpointFields, type EndpointForm, endpointInput } from './components/endpoint-fields';
import { SecretReveal } from './components/secret-reveal';
import './webhooks.css';

const EMPTY: EndpointForm = { url: '', description: '', eventTypes: [] };
const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Webhooks', to: '/settings/webhooks' },
];

/**
 * Settings → Webhooks → Add endpoint: the URL, a description and the events; once saved, the signing secret is shown
 * the one time the server gives it, then the endpoint's page opens. A detail page (of a record not made yet).
 */
export function Component() {
  const can = useCan();
  const navigate = useNavigate();
  const create = useCreateEndpoint();
  const [form, setForm] = useState<EndpointForm>(EMPTY);
  const [created, setCreated] = useState<{ endpoint: WebhookEndpoint; secret: string }>();
  const errors = fieldErrorsOf(create.error);
  const touched = form.url !== '' || form.description !== '' || form.eventTypes.length > 0;
  useUnsavedChangesGuard(touched && !created && !create.isPending);

  if (!can('webhooks:manage')) {
    return (
      <Page title="Add endpoint" crumbs={crumbs}>
        <p>
          Adding endpoints needs the “webhooks:manage” permission. <Link to="/settings/webhooks">Back to webhooks</Link>
        </p>
      </Page>
    );
  }

  if (created) {
    return (
      <Page title="Endpoint added" crumbs={crumbs}>
        <Card>
          <SecretReveal secret={created.secret} onDone={() => navigate(`/settings/webhooks/${created.endpoint.id}`)}>
            <p className="muted">
              Events go to <code>{created.endpoint.url}</code> from now on. Send a test event from the endpoint’s page
              to check that the app receives them.
            </p>
          </SecretReveal>
        </Card>
      </Page>
    );
  }

  return (
    <Page title="Add endpoint" crumbs={crumbs} subtitle="Where to send your store’s events, and which ones.">
      <Card>
        <form
          className="stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(endpointInput(form), {
              onSuccess: (answer) => {
                setCreated(answer);
                toast('Endpoint added');
              },
            });
          }}
        >
          <EndpointFields
            value={form}
            onChange={(patch) => {
              // A change makes the server's last answer stale: its errors go until the next save.
              if (create.error) create.reset();
              setForm((f) => ({ ...f, ...patch }));
            }}
            errors={errors}
          />
          <FormError error={Object.keys(errors).length ? undefined : create.error} />
          <div className="form-actions">
            <Link to="/settings/webhooks" className="button button--secondary">
              Cancel
            </Link>
            <button
              type="submit"
              className="button"
              disabled={create.isPending || !form.url.trim() || form.eventTypes.length === 0}
              aria-busy={create.isPending}
            >
              {create.isPending ? 'Adding…' : 'Add endpoint'}
            </button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
