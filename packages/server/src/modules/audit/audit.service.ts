import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import type { Caller } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

/** Who did it: a staff account, an API key, or the command line on the store's machine. */
export interface AuditActor {
  kind: 'STAFF' | 'API_KEY' | 'SYSTEM';
  id: string | null;
  /** The staff member's email or the key's name when it happened. */
  name: string;
}

/** What a change was done to. */
export interface AuditTarget {
  kind: 'STAFF' | 'STAFF_INVITATION' | 'API_KEY' | 'MEMBER';
  id: string | null;
  name: string;
}

/** Who is acting, and from which address: handed by a route to the service that records the change. */
export interface AuditContext {
  actor: AuditActor;
  ip: string | null;
}

export interface AuditEntry {
  id: string;
  createdDate: string;
  actor: AuditActor;
  action: string;
  target: AuditTarget;
  details: Record<string, unknown>;
  ip: string | null;
}

/** The command line acting on the store's own machine. */
export const commandLine: AuditContext = { actor: { kind: 'SYSTEM', id: null, name: 'command line' }, ip: null };

/** The audit trail of access changes: written in the transaction of each change, read by owners. */
export function createAuditLog(deps: { db: Kysely<Database>; clock: Clock }) {
  return {
    /** The actor a caller stands for, named as staff and keys are named today. */
    async contextOf(caller: Caller, ip: string | null): Promise<AuditContext> {
      if (caller.kind === 'staff') {
        const row = await deps.db
          .selectFrom('identities')
          .select('email')
          .where('id', '=', caller.staffId)
          .executeTakeFirst();
        return { actor: { kind: 'STAFF', id: caller.staffId, name: row?.email ?? caller.staffId }, ip };
      }
      if (caller.kind === 'apiKey') {
        const row = await deps.db
          .selectFrom('api_keys')
          .select('name')
          .where('id', '=', caller.keyId)
          .executeTakeFirst();
        return { actor: { kind: 'API_KEY', id: caller.keyId, name: row?.name ?? caller.keyId }, ip };
      }
      return { actor: { kind: 'SYSTEM', id: null, name: caller.kind }, ip };
    },

    /** Adds one entry; pass the change's transaction so that the entry commits with it. */
    async record(
      ex: Executor,
      context: AuditContext,
      entry: { action: string; target: AuditTarget; details?: Record<string, unknown> },
    ): Promise<void> {
      await ex
        .insertInto('audit_log')
        .values({
          id: newId(),
          created_date: deps.clock.now().toISOString(),
          actor_kind: context.actor.kind,
          actor_id: context.actor.id,
          actor_name: context.actor.name,
          action: entry.action,
          target_kind: entry.target.kind,
          target_id: entry.target.id,
          target_name: entry.target.name,
          details: JSON.stringify(entry.details ?? {}),
          ip: context.ip,
        })
        .execute();
    },

    /** Entries newest first, optionally of one action, actor or target. */
    async list(query: {
      action?: string | undefined;
      actorId?: string | undefined;
      targetId?: string | undefined;
      limit: number;
      offset: number;
    }): Promise<{ entries: AuditEntry[]; total: number }> {
      let base = deps.db.selectFrom('audit_log');
      if (query.action) base = base.where('action', '=', query.action);
      if (query.actorId) base = base.where('actor_id', '=', query.actorId);
      if (query.targetId) base = base.where('target_id', '=', query.targetId);
      const rows = await base
        .selectAll()
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      const count = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return {
        total: Number(count.n),
        entries: rows.map((r) => ({
          id: r.id,
          createdDate: r.created_date,
          actor: { kind: r.actor_kind as AuditActor['kind'], id: r.actor_id, name: r.actor_name },
          action: r.action,
          target: { kind: r.target_kind as AuditTarget['kind'], id: r.target_id, name: r.target_name },
          details: JSON.parse(r.details) as Record<string, unknown>,
          ip: r.ip,
        })),
      };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
