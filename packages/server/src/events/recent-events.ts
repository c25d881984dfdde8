/*
 * The bodies of events this process committed a moment ago, kept for the webhook worker so that it need not read
 * them back (a payload of several kilobytes is several pages on SQLite). Kept only while webhooks are being sent
 * here, and bounded by size: the oldest go first. A miss costs one read of the outbox, as for another process's events.
 * They are kept as UTF-8 bytes, outside the JavaScript heap: kept as strings, every body survived the young
 * generation and was copied by each of its collections on the request thread (docs/decisions/0035-webhooks.md).
 */

/** The envelope of an event as delivered, its payload as stored (never parsed again). */
export function eventBody(e: {
  id: string;
  type: string;
  entityId: string;
  eventTime: string;
  /** The identity as JSON, or null for UNKNOWN. */
  actor: string | null;
  payloadJson: string;
}): string {
  return (
    `{"id":${JSON.stringify(e.id)},"type":${JSON.stringify(e.type)},"entityId":${JSON.stringify(e.entityId)},` +
    `"eventTime":${JSON.stringify(e.eventTime)},"identity":${e.actor ?? '{"identityType":"UNKNOWN"}'},` +
    `"payload":${e.payloadJson}}`
  );
}

/** The envelope of a stored event (an outbox row), its payload as stored. */
export function storedEventBody(row: {
  id: string;
  type: string;
  entity_id: string;
  created_date: string;
  actor: string | null;
  payload: string;
}): string {
  return eventBody({
    id: row.id,
    type: row.type,
    entityId: row.entity_id,
    eventTime: row.created_date,
    actor: row.actor,
    payloadJson: row.payload,
  });
}

/** Webhooks sent within this long keep the cache filling. */
const ACTIVE_MS = 60_000;

export function createRecentEvents(maxBytes = 16 * 1024 * 1024) {
  const bodies = new Map<string, Buffer>();
  let bytes = 0;
  let activeUntil = 0;
  return {
    /** Whether committed events are worth keeping now (webhooks went out lately). */
    get wanted(): boolean {
      return Date.now() < activeUntil;
    },
    /** The webhook worker sent something: keep filling for a while. */
    touch(): void {
      activeUntil = Date.now() + ACTIVE_MS;
    },
    put(id: string, body: string): void {
      if (bodies.has(id)) return;
      const bytesOf = Buffer.from(body);
      bodies.set(id, bytesOf);
      bytes += bytesOf.byteLength;
      while (bytes > maxBytes) {
        const oldest = bodies.keys().next();
        if (oldest.done) break;
        bytes -= (bodies.get(oldest.value) as Buffer).byteLength;
        bodies.delete(oldest.value);
      }
    },
    /** The body as UTF-8 bytes. */
    get(id: string): Buffer | undefined {
      return bodies.get(id);
    },
    get size(): number {
      return bodies.size;
    },
  };
}

export type RecentEvents = ReturnType<typeof createRecentEvents>;
