import { listAuditLogRequest, listAuditLogResponse } from '@merx/contract';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { AuditLog } from './audit.service.js';

/** Owners read who changed access to the store: staff, API keys, member sign-ons. */
export function auditRoutes(s: { audit: AuditLog }): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/audit-log',
      summary: 'List the audit trail of access changes, newest first (owners, or keys naming audit:read)',
      tag: 'Staff',
      access: elevated('audit:read'),
      input: listAuditLogRequest,
      response: listAuditLogResponse,
      handler: async ({ input }) => {
        const { entries, total } = await s.audit.list(input);
        return { entries, metadata: { count: entries.length, offset: input.offset, total } };
      },
    }),
  ];
}
