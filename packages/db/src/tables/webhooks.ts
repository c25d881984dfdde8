import type { Generated } from 'kysely';

/** A receiver of events (`webhook_endpoints`). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  /** ACTIVE, PAUSED or DISABLED. */
  status: string;
  /** Sealed (lib/secrets.ts). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_date: string | null;
  failing_since: string | null;
  disabled_reason: string | null;
  disabled_date: string | null;
  /** JSON of the maker's event identity. */
  created_by: string;
  created_date: string;
  updated_date: string;
}

/** The event types an endpoint receives (`*` for all). */
export interface WebhookEndpointTypesTable {
  type: string;
  endpoint_id: string;
}

/** One event for one endpoint: pending, succeeded or failed, with its next attempt and lease. */
export interface WebhookDeliveriesTable {
  endpoint_id: string;
  event_seq: number;
  event_id: string;
  event_type: string;
  entity_id: string;
  /** PENDING, SUCCEEDED or FAILED. */
  status: string;
  attempts: number;
  /** Failed attempts since it was last scheduled (a replay starts the retry schedule over). */
  run_attempts: Generated<number>;
  next_attempt_date: string | null;
  /** A process sending it holds it until then (a killed process's deliveries are taken up after it). */
  lease_until: string | null;
  last_attempt_date: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** The latest attempt's duration and answer (with its time, status code and error above); null before it. */
  last_duration_ms: number | null;
  last_response_excerpt: string | null;
  created_date: string;
}

/**
 * The attempts of deliveries: every failed one, and a succeeded one once its delivery is sent again (a replay). A
 * delivery's latest attempt is also on its row, so a first attempt that succeeds writes no row here.
 */
export interface WebhookAttemptsTable {
  endpoint_id: string;
  event_seq: number;
  attempt: number;
  attempted_date: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string;
}
