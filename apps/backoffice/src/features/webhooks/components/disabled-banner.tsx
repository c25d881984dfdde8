import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import type { WebhookEndpoint } from '../api/client';

/**
 * Why Merx stopped, in a merchant's words: "it failed for a day" for a day of failures, the server's own reason (a
 * 410 answer…) beside it as the detail.
 */
export function disabledWhy(endpoint: WebhookEndpoint): { short: string; detail: string | undefined } {
  const reason = endpoint.disabledReason?.trim() || undefined;
  if (!reason || /failed for more than a day/i.test(reason)) return { short: 'it failed for a day', detail: reason };
  return { short: 'the receiving app asked Merx to stop', detail: reason };
}

/**
 * The banner over the webhook pages when Merx has stopped sending to an endpoint (a day of failures, or the app
 * answered that it is gone): what stopped, when and why, and the way back (re-enable, then replay the gap).
 */
export function DisabledBanner({ endpoints, link = true }: { endpoints: readonly WebhookEndpoint[]; link?: boolean }) {
  const disabled = endpoints.filter((e) => e.status === 'DISABLED');
  if (disabled.length === 0) return null;
  return (
    <section className="webhook-banner" aria-labelledby="webhook-banner-title">
      <h2 id="webhook-banner-title">
        {disabled.length === 1 ? 'An endpoint no longer receives events' : 'Some endpoints no longer receive events'}
      </h2>
      <ul>
        {disabled.map((e) => (
          <li key={e.id}>
            Merx stopped sending to{' '}
            {link ? <Link to={`/settings/webhooks/${e.id}`}>{e.url}</Link> : <strong>{e.url}</strong>} because{' '}
            {disabledWhy(e).short}
            {e.disabledDate ? ` (${formatDateTime(e.disabledDate)})` : ''}.
            {disabledWhy(e).detail ? <span className="webhook-banner__detail">{disabledWhy(e).detail}</span> : null}
          </li>
        ))}
      </ul>
      <p>
        Once the receiving app works again, re-enable the endpoint, then replay the events it missed since it stopped.
      </p>
    </section>
  );
}
