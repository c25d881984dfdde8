import { eventCatalogue, webhookTestEventType } from '@merx/contract/events';

/** One event a merchant can pick: its type, what it means in words, and the permission that reads it. */
export interface EventChoice {
  type: string;
  description: string;
  scope: string;
}

/** The areas of the event picker, in the order shown; an event goes to the first area whose test matches its type. */
const AREAS: ReadonlyArray<{ label: string; test: RegExp }> = [
  { label: 'Orders', test: /\.order_|abandoned_checkout/ },
  { label: 'Checkouts', test: /\.checkout_/ },
  { label: 'Carts', test: /\.cart_/ },
  { label: 'Products and catalog', test: /^wix\.stores\.catalog\.|^wix\.categories\./ },
  { label: 'Inventory', test: /inventory/ },
  { label: 'Discounts', test: /discount|coupon/ },
  { label: 'Shipping and delivery', test: /shipping|delivery_region/ },
  { label: 'Taxes, tips and fees', test: /\.tax|tips|additional_fee/ },
  { label: 'Store settings', test: /settings/ },
];

export interface EventArea {
  label: string;
  events: EventChoice[];
}

/** Every event an endpoint can subscribe to (the test event goes only where it is sent), grouped by area. */
export const eventAreas: readonly EventArea[] = (() => {
  const areas = new Map<string, EventChoice[]>(AREAS.map((a) => [a.label, []]));
  for (const [type, { scope, description }] of Object.entries(eventCatalogue)) {
    if (type === webhookTestEventType) continue;
    const label = AREAS.find((a) => a.test.test(type))?.label ?? 'Other';
    const list = areas.get(label) ?? [];
    list.push({ type, description, scope });
    areas.set(label, list);
  }
  return [...areas].filter(([, events]) => events.length > 0).map(([label, events]) => ({ label, events }));
})();

const byType = new Map(eventAreas.flatMap((a) => a.events.map((e) => [e.type, e] as const)));

/** The words for an event type (the type itself when the catalogue does not know it). */
export function describeEvent(type: string): string {
  if (type === webhookTestEventType) return 'Test event';
  return byType.get(type)?.description ?? type;
}

/** Every event type of the picker, for the delivery log's filter. */
export const allEventTypes: readonly string[] = [...byType.keys(), webhookTestEventType];

/** `['*']`: every event the endpoint's maker may read. */
export const ALL_EVENTS = '*';

/** "All events", "3 events", "1 event". */
export function eventCountLabel(types: readonly string[]): string {
  if (types.includes(ALL_EVENTS)) return 'All events';
  return `${types.length} event${types.length === 1 ? '' : 's'}`;
}
