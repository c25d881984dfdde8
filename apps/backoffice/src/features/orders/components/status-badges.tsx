import { Badge } from '../../../components/badge';
import { FULFILMENT_STATUS, ORDER_STATUS, PAYMENT_STATUS } from '../lib/words';

/** The payment status in words (the word carries the meaning; the colour only repeats it). */
export function PaymentBadge({ status }: { status: string }) {
  const s = PAYMENT_STATUS[status] ?? { label: status, tone: 'neutral' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

export function FulfilmentBadge({ status }: { status: string }) {
  const s = FULFILMENT_STATUS[status] ?? { label: status, tone: 'neutral' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

/** The order's own status, shown only when it says more than "open" (awaiting payment, on hold, canceled…). */
export function OrderStatusBadge({ status, archived }: { status: string; archived?: boolean }) {
  const s = ORDER_STATUS[status];
  return (
    <>
      {s && status !== 'APPROVED' ? <Badge tone={s.tone}>{s.label}</Badge> : null}
      {archived ? <Badge>Archived</Badge> : null}
    </>
  );
}
