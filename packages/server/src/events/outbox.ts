import type { EventType, MerxEvent } from '@merx/contract';
import type { UnitOfWork } from '@merx/db';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';

export interface NewEvent {
  type: EventType;
  entityId: string;
  payload: Record<string, unknown>;
  /** `payload` already serialised (`JSON.stringify(payload)`), when the caller has it: large payloads are costly. */
  payloadJson?: string;
}

/** Appends events to the outbox inside the caller's transaction and wakes the dispatcher after commit. */
export interface EventOutbox {
  append(uow: UnitOfWork, events: NewEvent | NewEvent[]): Promise<MerxEvent[]>;
}

export function createOutbox(deps: { clock: Clock; onCommitted: () => void }): EventOutbox {
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
        payload: e.payload,
      }));
      await uow.trx
        .insertInto('outbox')
        .values(
          events.map((e, i) => ({
            id: e.id,
            type: e.type,
            entity_id: e.entityId,
            payload: list[i]?.payloadJson ?? JSON.stringify(e.payload),
            created_date: e.eventTime,
          })),
        )
        .execute();
      uow.afterCommit(deps.onCommitted);
      return events;
    },
  };
}
