import type { LoaderFunctionArgs } from 'react-router';
import { Link } from 'react-router';
import { sections } from '../../app/sections';
import { Card, Page } from '../../components/page';
import { LiveIndicator, ORDER_EVENTS, useLiveRefresh } from '../../lib/live-events';
import { useCan, useMe } from '../../lib/me';
import { holds } from '../../lib/permissions';
import { queryClient } from '../../lib/query-client';
import { claimsNow } from '../../lib/session';
import { useUrlState } from '../../lib/url-state';
import { abandonedSummaryQuery } from './api/abandoned';
import { orderCountQuery, salesQuery, todayQuery, useOrderCount, waitingQuery } from './api/sales';
import { stockQuery } from './api/stock';
import { AbandonedCard } from './components/abandoned-card';
import { AttentionCard } from './components/attention-card';
import { GettingStarted } from './components/getting-started';
import { PeriodPicker } from './components/period-picker';
import { PeriodCard, TodayCard } from './components/sales-cards';
import { StockCard } from './components/stock-card';
import { type PeriodKey, periodChoices, periodOf } from './periods';
import './home.css';

const KEYS = ['period', 'from', 'to'] as const;

const keyOf = (text: string | null | undefined): PeriodKey =>
  periodChoices.find((p) => p.value === text)?.value ?? '30d';

/**
 * Home: how the store is doing today and over a chosen period (each figure against the period before, sales per day
 * with its table), what waits for the merchant, what to restock, abandoned checkouts, and for a new store its first
 * steps. Each part shows only to staff who may read it: sales and orders with `orders:read`, stock with
 * `catalog:read`. A dashboard rather than an index or detail page: it only reads, and links to the pages that act.
 */
export function Component() {
  const can = useCan();
  const { data: me } = useMe();
  const { values, set } = useUrlState(KEYS);
  const key = keyOf(values.period);
  const period = periodOf(key, { start: values.from, end: values.to });
  const sales = can('orders:read');
  const stock = can('catalog:read');
  const count = useOrderCount(sales);
  // The figures follow new and changed orders as they happen.
  const { live } = useLiveRefresh(sales ? ORDER_EVENTS : [], [['home']]);
  return (
    <Page
      title="Home"
      subtitle={me ? `Welcome back, ${me.name}` : undefined}
      actions={
        sales ? (
          <>
            <LiveIndicator live={live} />
            <PeriodPicker
              value={key}
              custom={{ start: values.from, end: values.to }}
              onChange={(next, range) =>
                set({ period: next === '30d' ? undefined : next, from: range?.start, to: range?.end })
              }
            />
          </>
        ) : null
      }
    >
      {sales && count.data === 0 ? <GettingStarted /> : null}
      {sales ? <TodayCard /> : null}
      {sales ? <PeriodCard period={period} /> : null}
      {sales || stock ? (
        <div className="home-columns">
          {sales ? <AttentionCard /> : null}
          {stock ? <StockCard /> : null}
        </div>
      ) : null}
      {sales ? <AbandonedCard period={period} /> : null}
      {!sales && !stock ? (
        <Card title="Your work">
          <p>Your role does not include the store's sales or stock. Go to the parts of the store you look after:</p>
          <ul className="steps">
            {sections
              .filter((s) => s.id !== 'home' && (!s.permission || can(s.permission)))
              .map((s) => (
                <li key={s.id}>
                  <Link to={s.to}>{s.label}</Link>
                </li>
              ))}
          </ul>
        </Card>
      ) : null}
    </Page>
  );
}

/** Starts the figures the staff member may read while the page opens. */
export function warm({ request }: LoaderFunctionArgs) {
  const claims = claimsNow();
  const params = new URL(request.url).searchParams;
  const period = periodOf(keyOf(params.get('period')), {
    start: params.get('from') ?? undefined,
    end: params.get('to') ?? undefined,
  });
  if (holds(claims, 'orders:read')) {
    void queryClient.prefetchQuery(orderCountQuery());
    void queryClient.prefetchQuery(todayQuery());
    void queryClient.prefetchQuery(salesQuery(period));
    void queryClient.prefetchQuery(salesQuery(period.previous));
    void queryClient.prefetchQuery(waitingQuery());
    void queryClient.prefetchQuery(abandonedSummaryQuery(period));
  }
  if (holds(claims, 'catalog:read')) void queryClient.prefetchQuery(stockQuery());
}
