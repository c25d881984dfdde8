import type { EventIdentity, EventType, MerxEvent } from '@merx/contract';
import type { UnitOfWork } from '@merx/db';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { preparedStatements } from '../lib/prepared.js';
import { unknownIdentity } from './identity.js';
import { eventBody, type RecentEvents } from './recent-events.js';

export interface NewEvent {
  type: EventType;
  entityId: string;
  payload: Record<string, unknown>;
  /** `payload` already serialised (`JSON.stringify(payload)`), when the caller has it: large payloads are costly. */
  payloadJson?: string;
  /** Who made the change (a request's caller: `identityOf(caller)`); the store's own work when absent. */
  identity?: EventIdentity;
}

/** Appends events to the outbox inside the caller's transaction and wakes the dispatcher after commit. */
export interface EventOutbox {
  append(uow: UnitOfWork, events: NewEvent | NewEvent[]): Promise<MerxEvent[]>;
}

export function createOutbox(deps: {
  clock: Clock;
  onCommitted: () => void;
  /** Where committed events' bodies wait for the webhook worker (while it is sending). */
  recent?: RecentEvents;
}): EventOutbox {
  const run = preparedStatements();
  return {
    async append(uow, input) {
      const list = Array.isArray(input) ? input : [input];
      if (list.length === 0) return [];
      const eventTime = deps.clock.now().toISOString();
      const events: MerxEvent[] = list.map((e) => ({
        id: newId(),
        type: e.type,
        entityId: e.entityId,
        eventTime,
        identity: e.identity ?? unknownIdentity,
        payload: e.payload,
      }));
      const values: Record<string, unknown> = { time: eventTime };
      events.forEach((e, i) => {
        values[`id${i}`] = e.id;
        values[`type${i}`] = e.type;
        values[`entity${i}`] = e.entityId;
        values[`payload${i}`] = list[i]?.payloadJson ?? JSON.stringify(e.payload);
        values[`actor${i}`] = e.identity.identityType === 'UNKNOWN' ? null : JSON.stringify(e.identity);
      });
      // One statement per number of events, built once.
      await run(
        uow.trx,
        `append:${events.length}`,
        (slot) =>
          uow.trx.insertInto('outbox').values(
            events.map((_, i) => ({
              id: slot(`id${i}`),
              type: slot(`type${i}`),
              entity_id: slot(`entity${i}`),
              payload: slot(`payload${i}`),
              created_date: slot('time'),
              actor: slot(`actor${i}`),
            })),
          ),
        values,
      );
      const recent = deps.recent;
      if (recent?.wanted) {
        uow.afterCommit(() => {
          events.forEach((e, i) => {
            recent.put(
              e.id,
              eventBody({
                id: e.id,
                type: e.type,
                entityId: e.entityId,
                eventTime,
                actor: values[`actor${i}`] as string | null,
                payloadJson: values[`payload${i}`] as string,
              }),
            );
          });
        });
      }
      uow.afterCommit(deps.onCommitted);
      return events;
    },
  };
}
