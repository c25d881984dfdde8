import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** A page of the audit trail, newest first, of one action, actor or target when given. */
export interface AuditQuery {
  action?: string;
  actorId?: string;
  targetId?: string;
  offset: number;
}

export const PAGE_SIZE = 50;

export const auditLogQuery = (q: AuditQuery) =>
  queryOptions({
    queryKey: ['audit-log', q],
    queryFn: async () =>
      (await admin()).auditLog.listAuditLog({
        ...(q.action ? { action: q.action } : {}),
        ...(q.actorId ? { actorId: q.actorId } : {}),
        ...(q.targetId ? { targetId: q.targetId } : {}),
        limit: PAGE_SIZE,
        offset: q.offset,
      }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (q: AuditQuery) => useQuery(auditLogQuery(q));
