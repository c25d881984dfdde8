import { Link } from 'react-router';
import { Card } from '../../../components/page';
import { ErrorState, Loading } from '../../../components/states';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useAbandonedSummary } from '../api/abandoned';
import type { Period } from '../periods';

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
const checkouts = (n: number) => `${formatNumber(n)} ${n === 1 ? 'checkout' : 'checkouts'}`;

/** Checkouts left in the period: how many (and how much) can still be won back, and how many were. */
export function AbandonedCard({ period }: { period: Period }) {
  const summary = useAbandonedSummary(period, true);
  const s = summary.data;
  return (
    <Card
      title="Abandoned checkouts"
      id="abandoned"
      actions={
        <Link to="/abandoned-checkouts" className="button button--secondary button--small">
          View all
        </Link>
      }
    >
      {s ? (
        s.recoverable + s.recovered === 0 ? (
          <p className="muted">No checkout was abandoned in this period.</p>
        ) : (
          <dl className="metrics">
            <div className="metric">
              <dt>Not recovered</dt>
              <dd className="metric__value">{checkouts(s.recoverable)}</dd>
              <dd className="muted">worth {formatMoney(s.recoverableValue)}</dd>
            </div>
            <div className="metric">
              <dt>Recovered</dt>
              <dd className="metric__value">{checkouts(s.recovered)}</dd>
              <dd className="muted">worth {formatMoney(s.recoveredValue)}</dd>
            </div>
            <div className="metric">
              <dt>Recovery rate</dt>
              <dd className="metric__value">{percent.format(s.rate)}</dd>
            </div>
          </dl>
        )
      ) : summary.error ? (
        <ErrorState error={summary.error} retry={() => void summary.refetch()} />
      ) : (
        <Loading label="Loading abandoned checkouts…" />
      )}
    </Card>
  );
}
