import { useState } from 'react';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, FormError, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { useDraft } from '../../lib/draft';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { useUrlState } from '../../lib/url-state';
import type { WebhookEndpoint } from './api/client';
import { useSendTest } from './api/deliveries';
import { endpointQuery, useDeleteEndpoint, useEndpoint, useUpdateEndpoint } from './api/endpoints';
import { DeliveryLog } from './components/delivery-log';
import { DisabledBanner } from './components/disabled-banner';
import { EndpointFields, type EndpointForm } from './components/endpoint-fields';
import { ReplayDialog } from './components/replay-dialog';
import { RotateSecretDialog } from './components/rotate-secret-dialog';
import { SecretReveal } from './components/secret-reveal';
import { EndpointStatusBadge } from './components/status-badges';
import { TestOutcome } from './components/test-outcome';
import './webhooks.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Webhooks', to: '/settings/webhooks' },
];

type Dialog = { kind: 'rotate' } | { kind: 'replay'; from?: string | null | undefined };

/** The endpoint's status in words: who paused it, why Merx stopped, since when it fails, the old secret's end. */
function StatusCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Card title="Status" id="status">
      <dl className="webhook-facts">
        <dt>Status</dt>
        <dd>
          <EndpointStatusBadge status={endpoint.status} />{' '}
          {endpoint.status === 'PAUSED'
            ? 'Paused: events wait and go out when you resume.'
            : endpoint.status === 'DISABLED'
              ? 'Merx stopped sending: nothing is queued until you re-enable it.'
              : 'Events are sent as they happen.'}
        </dd>
        {endpoint.failingSince ? (
          <>
            <dt>Failing since</dt>
            <dd className="webhook-failing">{formatDateTime(endpoint.failingSince)}</dd>
          </>
        ) : null}
        {endpoint.previousSecretExpiresDate ? (
          <>
            <dt>Old secret</dt>
            <dd>Still signs beside the new one until {formatDateTime(endpoint.previousSecretExpiresDate)}</dd>
          </>
        ) : null}
        <dt>Added</dt>
        <dd>{formatDateTime(endpoint.createdDate)}</dd>
      </dl>
    </Card>
  );
}

/**
 * Settings → Webhooks → an endpoint (a detail page): its URL, description and events (one save bar), its status with
 * pause, resume and re-enable, the signing secret's rotation, a test event followed to its outcome, replay since a
 * date, delete, and its delivery log.
 */
export function Component() {
  const { id = '' } = useParams();
  const can = useCan();
  const navigate = useNavigate();
  const endpoint = useEndpoint(id);
  const update = useUpdateEndpoint(id);
  const remove = useDeleteEndpoint(id);
  const test = useSendTest(id);
  const { set: setUrl } = useUrlState(['delivery'] as const);
  const [dialog, setDialog] = useState<Dialog>();
  const [secret, setSecret] = useState<string>();
  const [testId, setTestId] = useState<string>();
  const data = endpoint.data;
  const saved: EndpointForm | undefined = data
    ? { url: data.url, description: data.description, eventTypes: data.eventTypes }
    : undefined;
  const form = useDraft(saved);
  const manage = can('webhooks:manage');
  const errors = fieldErrorsOf(update.error);
  const title = data?.description || data?.url || 'Endpoint';

  if (endpoint.isPending)
    return (
      <Page title="Endpoint" crumbs={crumbs}>
        <Loading />
      </Page>
    );
  if (!data || !form.value)
    return (
      <Page title="Endpoint" crumbs={crumbs}>
        <ErrorState error={endpoint.error} retry={() => void endpoint.refetch()} />
      </Page>
    );

  const setStatus = (status: 'ACTIVE' | 'PAUSED', done: string) => {
    const stoppedAt = data.disabledDate;
    update.mutate(
      { status },
      {
        onSuccess: () => {
          toast(done);
          if (data.status === 'DISABLED') setDialog({ kind: 'replay', from: stoppedAt });
        },
        onError: (e) => toast(messageOf(e), 'error'),
      },
    );
  };
  const onDelete = async () => {
    const ok = await confirmAction({
      title: 'Delete this endpoint?',
      message: `Merx stops sending to ${data.url} at once, and its delivery log is deleted. This cannot be undone.`,
      confirmLabel: 'Delete endpoint',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast('Endpoint deleted');
        void navigate('/settings/webhooks');
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };
  const onSave = () => {
    const value = form.value;
    if (!value) return;
    update.mutate(
      { url: value.url.trim(), description: value.description.trim(), eventTypes: value.eventTypes },
      {
        onSuccess: () => {
          form.discard();
          toast('Endpoint saved');
        },
      },
    );
  };

  const actions = manage ? (
    <>
      <button
        type="button"
        className="button"
        disabled={test.isPending || data.status !== 'ACTIVE'}
        title={data.status === 'ACTIVE' ? undefined : 'Resume or re-enable the endpoint first'}
        onClick={() =>
          test.mutate(undefined, {
            onSuccess: (delivery) => setTestId(delivery.id),
            onError: (e) => toast(messageOf(e), 'error'),
          })
        }
      >
        {test.isPending ? 'Sending…' : 'Send test event'}
      </button>
      {data.status === 'ACTIVE' ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={update.isPending}
          onClick={() => setStatus('PAUSED', 'Endpoint paused')}
        >
          Pause
        </button>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={update.isPending}
          onClick={() => setStatus('ACTIVE', data.status === 'PAUSED' ? 'Endpoint resumed' : 'Endpoint re-enabled')}
        >
          {data.status === 'PAUSED' ? 'Resume' : 'Re-enable'}
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={() => setDialog({ kind: 'rotate' })}>
        Rotate secret
      </button>
      <button type="button" className="button button--secondary" onClick={() => setDialog({ kind: 'replay' })}>
        Replay events
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={remove.isPending}
        onClick={() => void onDelete()}
      >
        Delete
      </button>
    </>
  ) : null;

  return (
    <Page
      title={title}
      crumbs={crumbs}
      subtitle={
        <span className="webhook-subtitle">
          <EndpointStatusBadge status={data.status} /> <code>{data.url}</code>
        </span>
      }
      actions={actions}
    >
      <DisabledBanner endpoints={[data]} link={false} />
      {secret ? (
        <Card>
          <SecretReveal secret={secret} title="Copy the new signing secret now" onDone={() => setSecret(undefined)} />
        </Card>
      ) : null}
      {testId ? <TestOutcome deliveryId={testId} onOpen={() => setUrl({ delivery: testId })} /> : null}
      <div className="columns">
        <Card title="Endpoint" id="endpoint">
          <EndpointFields
            value={form.value}
            onChange={(patch) => {
              if (update.error) update.reset();
              form.set(patch);
            }}
            errors={errors}
            disabled={!manage}
          />
          <FormError error={Object.keys(errors).length ? undefined : update.error} />
          {manage ? null : (
            <p className="muted">You can see this endpoint; changing it needs the “webhooks:manage” permission.</p>
          )}
        </Card>
        <StatusCard endpoint={data} />
      </div>
      <DeliveryLog endpoint={data} />
      {dialog?.kind === 'rotate' ? (
        <RotateSecretDialog
          endpointId={id}
          onClose={() => setDialog(undefined)}
          onRotated={(next) => {
            setDialog(undefined);
            setSecret(next);
            toast('Signing secret rotated');
          }}
        />
      ) : null}
      {dialog?.kind === 'replay' ? (
        <ReplayDialog endpointId={id} from={dialog.from} onClose={() => setDialog(undefined)} />
      ) : null}
      <SaveBar
        dirty={form.dirty}
        saving={update.isPending && !update.variables?.status}
        onSave={onSave}
        onDiscard={() => {
          update.reset();
          form.discard();
        }}
      />
    </Page>
  );
}

/** Starts loading the endpoint while the page opens. */
export function warm({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(endpointQuery(params.id));
}
