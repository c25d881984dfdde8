import { formatDateTime } from '../../../lib/format';
import { useDelivery } from '../api/deliveries';

/**
 * What became of a test delivery, followed until it succeeds or fails: announced politely, so that a screen reader
 * hears the outcome when it arrives.
 */
export function TestOutcome({ deliveryId, onOpen }: { deliveryId: string; onOpen: () => void }) {
  const detail = useDelivery(deliveryId, true);
  const data = detail.data;
  const last = data?.attempts.at(-1);
  let text = 'Test event sent: waiting for the endpoint’s answer…';
  let tone = 'info';
  if (data?.delivery.status === 'SUCCEEDED') {
    text = `Test event delivered: the endpoint answered HTTP ${data.delivery.lastStatusCode ?? ''}${last ? ` in ${last.durationMs} ms` : ''}.`;
    tone = 'success';
  } else if (data && (data.delivery.status === 'FAILED' || data.delivery.attempts > 0)) {
    const why =
      data.delivery.lastStatusCode !== null
        ? `it answered HTTP ${data.delivery.lastStatusCode}`
        : (data.delivery.lastError ?? 'no answer');
    text = `Test event not delivered: ${why}.${
      data.delivery.status === 'PENDING' && data.delivery.nextAttemptDate
        ? ` Merx tries again at ${formatDateTime(data.delivery.nextAttemptDate)}.`
        : ''
    }`;
    tone = 'critical';
  }
  return (
    <div className={`webhook-test webhook-test--${tone}`} role="status" aria-live="polite">
      <span>{text}</span>
      {data ? (
        <button type="button" className="button--link" onClick={onOpen}>
          See the delivery
        </button>
      ) : null}
    </div>
  );
}
