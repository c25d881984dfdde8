import type { StaffRole } from '../../http/auth.js';
import type { IdentityRecord } from '../identity/identity.repo.js';

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  permissions: string[];
  status: string;
  name: string;
  firstName: string;
  lastName: string;
  /** The second factors the person has set up (an authenticator app, emailed codes) and whether each is on. */
  factors: Array<{ type: 'TOTP' | 'EMAIL'; status: 'ACTIVE' | 'INACTIVE' }>;
  lastLoginDate: string | null;
  createdDate: string;
}

/** A staff account as the API shows it: never its password hash or the seeds of its factors. */
export function toStaff(r: IdentityRecord): StaffMember {
  const factors: StaffMember['factors'] = [];
  if (r.factors.totp) factors.push({ type: 'TOTP', status: r.factors.totp.enabled ? 'ACTIVE' : 'INACTIVE' });
  if (r.factors.email) factors.push({ type: 'EMAIL', status: r.factors.email.enabled ? 'ACTIVE' : 'INACTIVE' });
  return {
    id: r.id,
    email: r.email,
    role: (r.role ?? 'staff') as StaffRole,
    permissions: r.permissions,
    status: r.status,
    name: [r.profile.firstName, r.profile.lastName].filter(Boolean).join(' ') || r.email,
    firstName: r.profile.firstName ?? '',
    lastName: r.profile.lastName ?? '',
    factors,
    lastLoginDate: r.lastLoginDate,
    createdDate: r.createdDate,
  };
}
