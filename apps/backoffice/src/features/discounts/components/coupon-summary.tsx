import type { Coupon } from '@merx/sdk';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/page';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { type CouponForm, targetFor } from '../lib/coupon-model';
import { statusOf, valueText } from '../lib/describe';
import { selectionText } from '../lib/items';
import { decimalOf, isoOfLocalInput } from '../lib/values';

/** What the coupon gives, in words, as the form stands. */
function gives(f: CouponForm): string {
  if (f.type === 'FREE_SHIPPING') return 'Free shipping';
  const amount = decimalOf(f.value);
  if (!amount) return 'No value yet';
  const target = targetFor(f.type, f.target);
  const items = target === 'SPECIFIC_ITEMS' ? selectionText(f.items).toLowerCase() : '';
  if (f.type === 'FIXED_PRICE') {
    if (target === 'SHIPPING') return `Shipping at ${formatMoney(amount)}`;
    return `${formatMoney(amount)} each for ${items || 'every item'}`;
  }
  const off =
    f.type === 'PERCENTAGE'
      ? valueText({ discountType: f.type, percentage: Number(amount) })
      : `${formatMoney(amount)} off`;
  return `${off} ${target === 'GLOBAL' ? 'the entire order' : target === 'SHIPPING' ? 'shipping' : items}`;
}

/** The coupon in sentences, as the form stands (what the shopper gets, the limits, the dates). */
function lines(f: CouponForm): string[] {
  const out = [gives(f)];
  out.push(
    f.hasMinimum && f.minimumSubtotal
      ? `Subtotal of ${formatMoney(decimalOf(f.minimumSubtotal))} or more`
      : 'No minimum subtotal',
  );
  if (f.limitTotal && f.usageLimit) out.push(`Usable ${formatNumber(Number(f.usageLimit))} times in all`);
  if (f.limitPerCustomer && f.usageLimitPerCustomer)
    out.push(f.usageLimitPerCustomer === '1' ? 'Once per customer' : `${f.usageLimitPerCustomer} times per customer`);
  const start = isoOfLocalInput(f.start);
  const end = isoOfLocalInput(f.end);
  out.push(start ? `From ${formatDateTime(start)}` : 'Usable from now on');
  if (end) out.push(`Until ${formatDateTime(end)}`);
  return out;
}

/** The side card: the code, its state and what it gives, read back in words. */
export function CouponSummary({ form, coupon }: { form: CouponForm; coupon?: Coupon | undefined }) {
  const status = coupon ? statusOf(coupon) : undefined;
  return (
    <Card title="Summary" id="coupon-summary">
      <p className="summary-code">{form.code.trim() || <span className="muted">No code yet</span>}</p>
      {status ? <Badge tone={status.tone}>{status.label}</Badge> : <Badge>Not saved</Badge>}
      <ul className="summary-lines">
        {lines(form).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </Card>
  );
}

/** How often the code was used and what it took off those orders. */
export function CouponUsage({ coupon }: { coupon: Coupon }) {
  return (
    <Card title="Usage" id="coupon-usage">
      <dl className="usage">
        <div>
          <dt>Times used</dt>
          <dd>
            {formatNumber(coupon.usageCount)}
            {coupon.limits.usageLimit !== undefined ? (
              <span className="muted"> of {formatNumber(coupon.limits.usageLimit)}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Discount given</dt>
          <dd>{formatMoney(coupon.totalDiscount)}</dd>
        </div>
      </dl>
      <p className="muted small">Counted when an order is placed with the code.</p>
    </Card>
  );
}
