import { useState } from 'react';
import { Card } from '../../../components/page';
import { ErrorState, Loading } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { messageOf } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toasts';
import { useDeleteFulfilment } from '../api/order-actions';
import { type Fulfillment, useFulfillments } from '../api/orders';
import type { LineView } from '../lib/order-view';
import { TrackingDialog } from './fulfil-dialog';

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
/** A tracking link is shown as a link only when it is a web address. */
const webLink = (v: unknown) => {
  const s = str(v);
  return s && /^https?:\/\//i.test(s) ? s : undefined;
};

function FulfilmentItem({
  orderId,
  index,
  fulfillment,
  lines,
  writer,
}: {
  orderId: string;
  index: number;
  fulfillment: Fulfillment;
  lines: LineView[];
  writer: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteFulfilment(orderId);
  const t = (fulfillment.trackingInfo ?? {}) as Record<string, unknown>;
  const carrier = str(t.shippingProvider);
  const number = str(t.trackingNumber);
  const link = webLink(t.trackingLink);
  const label = `Shipment ${index + 1}`;
  return (
    <li className="order-fulfilment">
      <div className="order-fulfilment__head">
        <h3>
          {label} <span className="muted order-small">{formatDateTime(fulfillment.createdDate)}</span>
        </h3>
        {writer ? (
          <div className="order-fulfilment__actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
              Edit tracking<span className="visually-hidden"> of {label}</span>
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={remove.isPending}
              onClick={async () => {
                const ok = await confirmAction({
                  title: `Delete ${label.toLowerCase()}?`,
                  message:
                    'Its items count as not fulfilled again. The buyer is not told; a shipping email already sent stays sent.',
                  confirmLabel: 'Delete shipment',
                  tone: 'danger',
                });
                if (ok)
                  remove.mutate(fulfillment.id, {
                    onSuccess: () => toast(`${label} deleted`),
                    onError: (e) => toast(messageOf(e), 'error'),
                  });
              }}
            >
              Delete<span className="visually-hidden"> {label}</span>
            </button>
          </div>
        ) : null}
      </div>
      <ul className="order-fulfilment__lines">
        {fulfillment.lineItems.map((item) => (
          <li key={item.id}>
            {item.quantity} × {lines.find((l) => l.id === item.id)?.name ?? 'An item'}
          </li>
        ))}
      </ul>
      <p className="order-small order-fulfilment__tracking">
        {number || carrier ? (
          <>
            {carrier ? `${carrier}: ` : ''}
            {link ? (
              <a href={link} target="_blank" rel="noreferrer">
                {number ?? 'Track the parcel'}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              (number ?? 'no tracking number')
            )}
          </>
        ) : (
          <span className="muted">No tracking</span>
        )}
      </p>
      {editing ? (
        <TrackingDialog orderId={orderId} fulfillment={fulfillment} onClose={() => setEditing(false)} />
      ) : null}
    </li>
  );
}

/** The order's shipments: what each held and its tracking; staff who may change orders edit or delete them. */
export function FulfilmentsCard({
  orderId,
  lines,
  writer,
  actions,
}: {
  orderId: string;
  lines: LineView[];
  writer: boolean;
  actions?: React.ReactNode;
}) {
  const list = useFulfillments(orderId);
  return (
    <Card title="Fulfilment" id="order-fulfilment" actions={actions}>
      {list.isPending ? (
        <Loading label="Loading shipments…" />
      ) : list.error ? (
        <ErrorState error={list.error} retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="muted">Nothing has been fulfilled yet.</p>
      ) : (
        <ul className="order-fulfilments">
          {list.data.map((f, i) => (
            <FulfilmentItem key={f.id} orderId={orderId} index={i} fulfillment={f} lines={lines} writer={writer} />
          ))}
        </ul>
      )}
    </Card>
  );
}
