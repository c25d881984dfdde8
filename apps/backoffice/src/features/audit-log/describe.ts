import type { AuditEntry } from '@merx/sdk';

/** The audit trail's actions in words (an action not listed shows as it is named). */
export const actionWords: Record<string, string> = {
  'staff.invited': 'Invited a staff member',
  'staff.invitation-revoked': 'Withdrew an invitation',
  'staff.joined': 'Joined the staff',
  'staff.updated': 'Changed a role or permissions',
  'staff.removed': 'Removed a staff member',
  'staff.password-changed': 'Changed their password',
  'staff.password-set': 'Set a password from the command line',
  'staff.factor-added': 'Turned on a second factor',
  'staff.factor-removed': 'Turned off a second factor',
  'api-key.created': 'Created an API key',
  'api-key.revoked': 'Revoked an API key',
  'member.signed-on': 'Signed a member in with a key',
};

const roleWords: Record<string, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };

interface GrantDetails {
  role?: string;
  permissions?: string[];
}

function grant(g: GrantDetails | undefined): string {
  if (!g?.role) return '';
  const role = roleWords[g.role] ?? g.role;
  if (g.role !== 'staff') return role;
  return g.permissions?.length ? `${role}: ${g.permissions.join(', ')}` : `${role} with no permissions`;
}

/** The details of an entry in a sentence: the before and after of a change of access, the factor, the scopes. */
export function detailsOf(entry: AuditEntry): string {
  const d = entry.details as Record<string, unknown>;
  switch (entry.action) {
    case 'staff.updated':
      return `${grant(d.before as GrantDetails)} → ${grant(d.after as GrantDetails)}`;
    case 'staff.removed':
      return `Had ${grant(d.before as GrantDetails)}`;
    case 'staff.invited':
    case 'staff.invitation-revoked':
    case 'staff.joined':
      return grant(d as GrantDetails);
    case 'staff.factor-added':
    case 'staff.factor-removed':
      return d.factorType === 'TOTP' ? 'Authenticator app' : d.factorType === 'EMAIL' ? 'Emailed codes' : '';
    case 'staff.password-changed':
      return 'Their other sign-ins ended';
    case 'api-key.created':
      return Array.isArray(d.scopes) ? `Scopes: ${(d.scopes as string[]).join(', ')}` : '';
    default: {
      const text = JSON.stringify(d);
      return text === '{}' ? '' : text;
    }
  }
}

/** Who acted, in words: a staff member by email, an API key by name, or the command line. */
export function actorOf(entry: AuditEntry): string {
  if (entry.actor.kind === 'API_KEY') return `API key “${entry.actor.name}”`;
  if (entry.actor.kind === 'SYSTEM') return 'Command line';
  return entry.actor.name;
}
