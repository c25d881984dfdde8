import { useState } from 'react';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Card, Page } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { mailMessageQuery, useMailMessage } from './api/mail';
import { kindWords, statusWords } from './words';
import './mail-log.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Mail log', to: '/settings/mail' },
];

/**
 * One mail message: to whom, what, when and how it went, and its body as text or as HTML. The HTML is shown in a
 * sandboxed frame with every permission off, so nothing in a message can run or reach the back office.
 */
export function Component() {
  const { id = '' } = useParams();
  const message = useMailMessage(id);
  const [view, setView] = useState<'html' | 'text'>('html');
  if (message.isPending)
    return (
      <Page title="Mail" crumbs={crumbs}>
        <Loading />
      </Page>
    );
  const m = message.data;
  if (!m) {
    return (
      <Page title="Mail" crumbs={crumbs}>
        <ErrorState error={message.error} retry={() => void message.refetch()} />
      </Page>
    );
  }
  const status = statusWords[m.status];
  return (
    <Page
      title={m.subject}
      crumbs={crumbs}
      subtitle={<Badge tone={status?.tone ?? 'neutral'}>{status?.label ?? m.status}</Badge>}
    >
      <Card title="Message" id="headers">
        <dl className="mail-headers">
          <dt>To</dt>
          <dd>{m.to}</dd>
          <dt>Kind</dt>
          <dd>{kindWords[m.kind] ?? m.kind}</dd>
          <dt>Written</dt>
          <dd>{formatDateTime(m.createdDate)}</dd>
          <dt>Sent</dt>
          <dd>
            {m.sentDate
              ? formatDateTime(m.sentDate)
              : m.status === 'kept'
                ? 'Not sent: no mail server is set up'
                : 'Not yet'}
          </dd>
          {m.attempts > 1 || m.lastError ? (
            <>
              <dt>Attempts</dt>
              <dd>{m.attempts}</dd>
            </>
          ) : null}
          {m.lastError ? (
            <>
              <dt>Last error</dt>
              <dd className="mail-error">{m.lastError}</dd>
            </>
          ) : null}
        </dl>
      </Card>
      <Card
        title="Body"
        id="body"
        actions={
          <fieldset className="segmented">
            <legend className="visually-hidden">Show the body as</legend>
            <button type="button" aria-pressed={view === 'html'} onClick={() => setView('html')}>
              HTML
            </button>
            <button type="button" aria-pressed={view === 'text'} onClick={() => setView('text')}>
              Text
            </button>
          </fieldset>
        }
      >
        {view === 'html' ? (
          <iframe className="mail-html" title={`${m.subject} (HTML)`} sandbox="" srcDoc={m.html} />
        ) : (
          <pre className="mail-text">{m.text}</pre>
        )}
      </Card>
    </Page>
  );
}

/** Starts loading the message while the page opens. */
export function warm({ params }: LoaderFunctionArgs) {
  if (params.id) void queryClient.prefetchQuery(mailMessageQuery(params.id));
}
