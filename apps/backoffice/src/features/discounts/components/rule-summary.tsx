import { Card } from '../../../components/page';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { valueText } from '../lib/describe';
import { selectionText } from '../lib/items';
import type { RuleForm } from '../lib/rule-model';
import { decimalOf, isoOfLocalInput } from '../lib/values';

/** The automatic discount in sentences, as the form stands. */
function lines(f: RuleForm): string[] {
  const amount = decimalOf(f.value);
  const on = selectionText(f.items).toLowerCase();
  const gives = !amount
    ? 'No value yet'
    : f.type === 'PERCENTAGE'
      ? `${valueText({ discountType: f.type, percentage: Number(amount) })} ${on}`
      : f.type === 'FIXED_AMOUNT'
        ? `${formatMoney(amount)} off ${on}`
        : `${formatMoney(amount)} each for ${on}`;
  const counted = f.items.all ? 'the items in the cart' : 'the products it covers';
  const when =
    f.condition === 'subtotal' && f.minimumSubtotal.trim()
      ? `When ${counted} come to ${formatMoney(decimalOf(f.minimumSubtotal))} or more`
      : f.condition === 'quantity' && f.minimumQuantity.trim()
        ? `When the cart holds ${formatNumber(Number(f.minimumQuantity))} or more of ${counted.replace('the items in the cart', 'its items')}`
        : f.condition === 'custom'
          ? 'When the conditions set through the API hold'
          : 'On every cart';
  const start = isoOfLocalInput(f.start);
  const end = isoOfLocalInput(f.end);
  return [
    gives,
    when,
    start ? `From ${formatDateTime(start)}` : 'From now on',
    ...(end ? [`Until ${formatDateTime(end)}`] : []),
  ];
}

/** The side card of an automatic discount: what it gives, when, and its dates, read back in words. */
export function RuleSummary({ form }: { form: RuleForm }) {
  return (
    <Card title="Summary" id="rule-summary">
      <p className="summary-name">{form.name.trim() || <span className="muted">No name yet</span>}</p>
      <ul className="summary-lines">
        {lines(form).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </Card>
  );
}
