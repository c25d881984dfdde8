import { useEffect, useRef } from 'react';
import { ErrorState, Loading } from '../../../components/states';
import { messageOf } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/me';
import { toast } from '../../../lib/toasts';
import { useDelivery, useReplayDelivery } from '../api/deliveries';
import { describeEvent } from '../lib/event-groups';
import { DeliveryStatusBadge } from './status-badges';

/**
 * One delivery in a side panel (a modal dialog: Escape or Close shuts it, the focus goes back to the log): every
 * attempt with its answer, the event exactly as delivered, and Replay to send it again.
 */
export function DeliveryDrawer({
  endpointId,
  deliveryId,
  onClose,
}: {
  endpointId: string;
  deliveryId: string;
  onClose: () => void;
}) {
  const can = useCan();
  const ref = useRef<HTMLDialogElement>(null);
  const detail = useDelivery(deliveryId, true);
  const replay = useReplayDelivery(endpointId);
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (before?.isConnected) before.focus();
    };
  }, []);
  const data = detail.data;
  return (
    <dialog
      ref={ref}
      className="dialog drawer"
      aria-labelledby="delivery-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="drawer__header">
        <h2 id="delivery-title">{data ? describeEvent(data.delivery.eventType) : 'Delivery'}</h2>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          Close
        </button>
      </div>
      {detail.isPending ? <Loading /> : null}
      {detail.error ? <ErrorState error={detail.error} retry={() => void detail.refetch()} /> : null}
      {data ? (
        <div className="stack">
          <dl className="webhook-facts">
            <dt>Status</dt>
            <dd>
              <DeliveryStatusBadge status={data.delivery.status} />
              {data.delivery.status === 'PENDING' && data.delivery.nextAttemptDate
                ? ` next attempt ${formatDateTime(data.delivery.nextAttemptDate)}`
                : null}
            </dd>
            <dt>Event</dt>
            <dd>
              <code>{data.delivery.eventType}</code>
            </dd>
            <dt>Entity</dt>
            <dd>
              <code>{data.delivery.entityId}</code>
            </dd>
            <dt>Happened</dt>
            <dd>{formatDateTime(data.delivery.eventTime)}</dd>
            <dt>Webhook id</dt>
            <dd>
              <code>{data.delivery.eventId}</code>
            </dd>
          </dl>
          {can('webhooks:manage') ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={replay.isPending}
              onClick={() =>
                replay.mutate(deliveryId, {
                  onSuccess: () => toast('Delivery sent again'),
                  onError: (e) => toast(messageOf(e), 'error'),
                })
              }
            >
              {replay.isPending ? 'Replaying…' : 'Replay delivery'}
            </button>
          ) : null}
          <h3>Attempts</h3>
          {data.attempts.length === 0 ? (
            <p className="muted">No attempt yet: the first one goes out in a moment.</p>
          ) : (
            <ol className="webhook-attempts">
              {data.attempts.map((a) => (
                <li key={a.attemptedDate} className="webhook-attempt">
                  <p>
                    <strong>{a.statusCode === null ? 'No answer' : `HTTP ${a.statusCode}`}</strong>{' '}
                    <span className="muted">
                      {formatDateTime(a.attemptedDate)} · {a.durationMs} ms
                    </span>
                  </p>
                  {a.error ? <p className="webhook-attempt__error">{a.error}</p> : null}
                  {a.responseExcerpt ? <pre className="webhook-code">{a.responseExcerpt}</pre> : null}
                </li>
              ))}
            </ol>
          )}
          <h3>Event as delivered</h3>
          {data.event ? (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block is reached by the keyboard to scroll it
            <pre className="webhook-code" tabIndex={0}>
              {JSON.stringify(data.event, null, 2)}
            </pre>
          ) : (
            <p className="muted">The event is older than the store keeps events, so its content is gone.</p>
          )}
        </div>
      ) : null}
    </dialog>
  );
}
