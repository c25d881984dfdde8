import { useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney, formatNumber, storeMoney } from '../../../lib/format';
import { formatDay } from '../periods';

/** One day of the chart: the period's day, its figures, and the matching day of the period before. */
export interface ChartDay {
  day: string;
  orders: number;
  sales: number;
  /** Absent past the end of a shorter period before (February against March). */
  previousDay: string | undefined;
  previousSales: number | undefined;
}

const compactMoney = new Intl.NumberFormat(storeMoney.locale, {
  style: 'currency',
  currency: storeMoney.currency,
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Seconds since the epoch of a day's UTC midnight: the x axis counts days, shown as dates without a time zone. */
const xOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const dayOfX = (x: number) => new Date(x * 1000).toISOString().slice(0, 10);

function options(width: number, height: number): uPlot.Options {
  return {
    width,
    height,
    // Dates on the axis are days (UTC midnights): never shifted by the browser's offset.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
    axes: [
      {
        stroke: '#5b6676',
        grid: { show: false },
        ticks: { stroke: '#dde1e7' },
        values: (_u, splits) => splits.map((x) => formatDay(dayOfX(x), true)),
      },
      {
        stroke: '#5b6676',
        grid: { stroke: '#eef0f3' },
        ticks: { show: false },
        size: 64,
        values: (_u, splits) => splits.map((v) => compactMoney.format(v)),
      },
    ],
    series: [
      {},
      { label: 'Sales', stroke: '#1f4fd1', width: 2, fill: 'rgba(31, 79, 209, 0.08)', points: { show: false } },
      { label: 'Previous period', stroke: '#8a94a6', width: 1.5, dash: [6, 4], points: { show: false } },
    ],
  };
}

/** The chart itself: a canvas that follows the width of its box (nothing for screen readers; the table speaks). */
function Plot({ days }: { days: readonly ChartDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<ChartDay | undefined>();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      days.map((d) => xOf(d.day)),
      days.map((d) => d.sales),
      days.map((d) => d.previousSales ?? null),
    ];
    const height = el.clientWidth < 500 ? 180 : 240;
    const chart = new uPlot(
      {
        ...options(el.clientWidth, height),
        hooks: {
          setCursor: [(u) => setHover(u.cursor.idx == null ? undefined : days[u.cursor.idx])],
        },
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  return (
    <div className="sales-chart__plot" aria-hidden="true">
      <p className="sales-chart__hover">
        {hover ? (
          <>
            <strong>{formatDay(hover.day)}</strong>: {formatMoney(hover.sales)} ({formatNumber(hover.orders)}{' '}
            {hover.orders === 1 ? 'order' : 'orders'})
            {hover.previousDay ? ` · ${formatDay(hover.previousDay, true)}: ${formatMoney(hover.previousSales)}` : null}
          </>
        ) : (
          'Point at a day to read its figures.'
        )}
      </p>
      <div ref={box} className="sales-chart__canvas" />
    </div>
  );
}

/**
 * Sales per day of the period (a line) against the period before (dashed), with its table view: a real table that
 * is always in the page for screen readers (visually hidden while the chart shows) and that the "Show as table"
 * button brings into view in place of the chart ("Show as chart" brings the chart back).
 */
export function SalesChart({ days, caption }: { days: readonly ChartDay[]; caption: string }) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <figure className="sales-chart" aria-labelledby={`${id}-caption`}>
      <div className="sales-chart__bar">
        <figcaption id={`${id}-caption`}>{caption}</figcaption>
        {asTable ? null : (
          <ul className="sales-chart__legend" aria-hidden="true">
            <li className="sales-chart__key sales-chart__key--current">This period</li>
            <li className="sales-chart__key sales-chart__key--previous">Period before</li>
          </ul>
        )}
        <button type="button" className="button button--secondary button--small" onClick={() => setAsTable((t) => !t)}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
      {asTable ? null : <Plot days={days} />}
      <div className={asTable ? 'sales-chart__table' : 'visually-hidden'}>
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="num">
                Orders
              </th>
              <th scope="col" className="num">
                Sales
              </th>
              <th scope="col" className="num">
                Sales, period before
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDay(d.day)}</th>
                <td className="num">{formatNumber(d.orders)}</td>
                <td className="num">{formatMoney(d.sales)}</td>
                <td className="num">
                  {d.previousDay ? (
                    <>
                      {formatMoney(d.previousSales)}
                      <span className="visually-hidden"> on {formatDay(d.previousDay)}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
