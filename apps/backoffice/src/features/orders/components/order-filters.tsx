import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { type OrderListView, SORTS } from '../api/orders';
import { CHANNELS, FULFILMENT_STATUS, ORDER_STATUS, PAYMENT_STATUS } from '../lib/words';

type Set = (changes: Partial<Record<keyof OrderListView, string | undefined>>) => void;

const options = (words: Record<string, { label: string }>) =>
  Object.entries(words).map(([value, w]) => ({ value, label: w.label }));
const STATUS_OPTIONS = [...options(ORDER_STATUS), { value: 'archived', label: 'Archived' }];

function Select({
  label,
  value,
  any,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  any?: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="order-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {any ? <option value="">{any}</option> : null}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="order-filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** The list's filters: payment, fulfilment, order status, channel, tag, date range, and the sort. */
export function OrderFilters({ view, set, tags }: { view: OrderListView; set: Set; tags: readonly string[] }) {
  return (
    <>
      <Select
        label="Payment"
        any="Any payment"
        value={view.payment}
        choices={options(PAYMENT_STATUS)}
        onChange={(payment) => set({ payment })}
      />
      <Select
        label="Fulfilment"
        any="Any fulfilment"
        value={view.fulfilment}
        choices={options(FULFILMENT_STATUS)}
        onChange={(fulfilment) => set({ fulfilment })}
      />
      <Select
        label="Status"
        any="Any status"
        value={view.status}
        choices={STATUS_OPTIONS}
        onChange={(status) => set({ status })}
      />
      <Select
        label="Channel"
        any="Any channel"
        value={view.channel}
        choices={Object.entries(CHANNELS).map(([value, label]) => ({ value, label }))}
        onChange={(channel) => set({ channel })}
      />
      <Select
        label="Tag"
        any={tags.length ? 'Any tag' : 'No tags yet'}
        value={view.tag}
        choices={[...new Set([...tags, ...(view.tag ? [view.tag] : [])])].map((t) => ({ value: t, label: t }))}
        onChange={(tag) => set({ tag })}
      />
      <DateInput label="From" value={view.from} onChange={(from) => set({ from })} />
      <DateInput label="To" value={view.to} onChange={(to) => set({ to })} />
      <Select
        label="Sort"
        value={view.sort}
        choices={SORTS.map((s) => ({ value: s.value, label: s.label }))}
        onChange={(sort) => set({ sort })}
      />
    </>
  );
}

const day = (value: string) => formatDate(`${value}T12:00:00`);

/** A chip for each filter that is on, each removable. */
export function filterChips(view: OrderListView, set: Set) {
  const chips: Array<{ label: string; onRemove: () => void }> = [];
  const add = (on: string, label: string, key: keyof OrderListView) => {
    if (on) chips.push({ label, onRemove: () => set({ [key]: '' }) });
  };
  add(view.payment, `Payment: ${PAYMENT_STATUS[view.payment]?.label ?? view.payment}`, 'payment');
  add(view.fulfilment, `Fulfilment: ${FULFILMENT_STATUS[view.fulfilment]?.label ?? view.fulfilment}`, 'fulfilment');
  add(view.status, `Status: ${STATUS_OPTIONS.find((s) => s.value === view.status)?.label ?? view.status}`, 'status');
  add(view.channel, `Channel: ${CHANNELS[view.channel] ?? view.channel}`, 'channel');
  add(view.tag, `Tag: ${view.tag}`, 'tag');
  add(view.from, `From ${day(view.from)}`, 'from');
  add(view.to, `To ${day(view.to)}`, 'to');
  return chips;
}
