import type * as c from '@merx/contract';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

export type AuditEntry = c.AuditEntry;

/** The audit trail of access changes (Merx): owners, and keys naming `audit:read`, read it. */
export function auditLog(transport: Transport) {
  const call = caller(transport, 'auditLog');
  return {
    /** Newest first; filter by action, actor or target id. */
    listAuditLog: (options: Partial<In<typeof c.listAuditLogRequest>> = {}, o?: CallOptions) =>
      call<Out<typeof c.listAuditLogResponse>>('listAuditLog', {
        method: 'GET',
        path: '/_api/merx/v1/audit-log',
        params: options,
        args: [options],
        options: o,
        elevated: true,
      }),
  };
}

export type AuditLogModule = ReturnType<typeof auditLog>;
