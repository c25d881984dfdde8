import type { CataloguedEventType, MerxEvent } from '@merx/contract';
import { createClient, type EventsModule, events } from '@merx/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect, useRef, useState } from 'react';
import { useCan } from './me';
import { staffAuth } from './session';

/*
 * The live event stream (`GET /_api/merx/v1/events/stream`, server-sent events) for pages that refresh themselves
 * when the store changes: one connection per page, for the event types it cares about, only for staff holding
 * `events:listen`. The SDK reconnects after a dropped connection with the last event id (the server sends what was
 * missed) and stops on a refusal, quietly here: live refresh is a convenience, never an error on the page.
 */

/** Every order event (the orders list and the dashboard refresh on them). */
export const ORDER_EVENTS = [
  'wix.ecom.v1.order_created',
  'wix.ecom.v1.order_updated',
  'wix.ecom.v1.order_approved',
  'wix.ecom.v1.order_canceled',
  'wix.ecom.v1.order_payment_status_updated',
  'wix.ecom.v1.order_fulfillments_updated',
] as const satisfies readonly CataloguedEventType[];

let eventsClient: Promise<EventsModule> | undefined;

/** The SDK's event stream module as the signed-in staff member (its own client: only live pages load it). */
function eventsApi(): Promise<EventsModule> {
  eventsClient ??= staffAuth().then(
    (auth) => createClient({ baseUrl: location.origin, auth, modules: { events } }).events,
  );
  return eventsClient;
}

/**
 * Calls `onEvent` for each event of `types` while the page is open, when the staff member holds `events:listen`
 * (without it: no stream, no error). `live` is true while the stream is connected.
 */
export function useLiveEvents(types: readonly string[], onEvent: (event: MerxEvent) => void): { live: boolean } {
  const can = useCan();
  const allowed = can('events:listen');
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = types.join(',');
  useEffect(() => {
    if (!allowed || !key) return;
    let stream: { close(): void } | undefined;
    let closed = false;
    void eventsApi().then((api) => {
      if (closed) return;
      stream = api.listen({
        types: key.split(','),
        onEvent: (event) => handler.current(event),
        onOpen: () => setLive(true),
        // A drop reconnects by itself (Live goes off meanwhile); a refusal stops quietly: nothing to show.
        onError: () => setLive(false),
      });
    });
    return () => {
      closed = true;
      stream?.close();
      setLive(false);
    };
  }, [allowed, key]);
  return { live };
}

/**
 * Refreshes the queries under `queryKeys` when an event of `types` arrives; a burst of events (an order placed and
 * paid at once) refreshes once.
 */
export function useLiveRefresh(types: readonly string[], queryKeys: ReadonlyArray<readonly unknown[]>) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useLiveEvents(types, () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      for (const queryKey of keys.current) void client.invalidateQueries({ queryKey });
    }, 250);
  });
}

/** "Live" beside a page's title while its stream is connected (nothing otherwise). */
export function LiveIndicator({ live }: { live: boolean }) {
  if (!live) return null;
  return createElement(
    'span',
    { className: 'badge badge--success', title: 'This page updates by itself as the store changes' },
    'Live',
  );
}
