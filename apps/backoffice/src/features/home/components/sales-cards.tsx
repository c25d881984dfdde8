import { Card } from '../../../components/page';
import { ErrorState, Loading } from '../../../components/states';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { SalesFigures } from '../api/sales';
import { useSales, useToday } from '../api/sales';
import { type Change, changeOf, eachDay, formatRange, type Period } from '../periods';
import { Metric } from './metric';
import { type ChartDay, SalesChart } from './sales-chart';

/** The average order value's change; without orders on either side there is nothing to average. */
function averageChange(current: SalesFigures, previous: SalesFigures, words: Words): Change | undefined {
  if (current.orders === 0) return undefined;
  if (previous.orders === 0) return { direction: 'same', text: `No orders ${words.inPrevious} to compare with` };
  return changeOf(current.sales / current.orders, previous.sales / previous.orders, words.previous, 'orders');
}

/** How the figures name the time they are compared with. */
interface Words {
  /** "the previous 30 days" */
  previous: string;
  /** "in the previous 30 days" */
  inPrevious: string;
}

/** Sales, orders and average order value, each against the same figure before. */
function Figures({ current, previous, words }: { current: SalesFigures; previous: SalesFigures; words: Words }) {
  return (
    <dl className="metrics">
      <Metric
        label="Sales"
        value={formatMoney(current.sales)}
        change={changeOf(current.sales, previous.sales, words.previous, 'sales', words.inPrevious)}
      />
      <Metric
        label="Orders"
        value={formatNumber(current.orders)}
        change={changeOf(current.orders, previous.orders, words.previous, 'orders', words.inPrevious)}
      />
      <Metric
        label="Average order value"
        value={current.orders ? formatMoney(current.sales / current.orders) : '—'}
        change={averageChange(current, previous, words)}
      />
    </dl>
  );
}

/** Today so far against yesterday until the same time. */
export function TodayCard() {
  const today = useToday();
  return (
    <Card title="Today so far" id="today">
      {today.data ? (
        <Figures
          current={today.data.current}
          previous={today.data.previous}
          words={{ previous: 'yesterday by this time', inPrevious: 'yesterday by this time' }}
        />
      ) : today.error ? (
        <ErrorState error={today.error} retry={() => void today.refetch()} />
      ) : (
        <Loading label="Loading today's sales…" />
      )}
    </Card>
  );
}

/** The chosen period: its figures against the period before, and sales per day. */
export function PeriodCard({ period }: { period: Period }) {
  const current = useSales(period);
  const previous = useSales(period.previous);
  const error = current.error ?? previous.error;
  let body: React.ReactNode;
  if (current.data && previous.data) {
    const previousDays = eachDay(period.previous);
    const days: ChartDay[] = eachDay(period).map((day, i) => {
      const previousDay = previousDays[i];
      return {
        day,
        orders: current.data.byDay.get(day)?.orders ?? 0,
        sales: current.data.byDay.get(day)?.sales ?? 0,
        previousDay,
        previousSales: previousDay ? (previous.data.byDay.get(previousDay)?.sales ?? 0) : undefined,
      };
    });
    body = (
      <>
        <Figures
          current={current.data}
          previous={previous.data}
          words={{ previous: period.previousLabel, inPrevious: `in ${period.previousLabel}` }}
        />
        {current.data.refunds > 0 ? (
          <p className="muted">Refunded on these orders so far: {formatMoney(current.data.refunds)}</p>
        ) : null}
        <SalesChart
          days={days}
          caption={`Sales per day, ${formatRange(period)}, against ${period.previousLabel} (${formatRange(period.previous)})`}
        />
      </>
    );
  } else if (error) {
    body = (
      <ErrorState
        error={error}
        retry={() => {
          void current.refetch();
          void previous.refetch();
        }}
      />
    );
  } else {
    body = <Loading label="Loading sales…" />;
  }
  return (
    <Card title={period.label} id="period">
      {body}
    </Card>
  );
}
