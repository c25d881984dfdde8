/** The audit trail of access changes; rows are only added. `details` is JSON text. */
export interface AuditLogTable {
  id: string;
  created_date: string;
  /** STAFF, API_KEY or SYSTEM (the command line). */
  actor_kind: string;
  actor_id: string | null;
  /** The staff member's email or the key's name, as they were when it happened. */
  actor_name: string;
  /** e.g. `staff.invited`, `staff.updated`, `api-key.created`, `member.signed-on`. */
  action: string;
  target_kind: string;
  target_id: string | null;
  target_name: string;
  details: string;
  ip: string | null;
}
