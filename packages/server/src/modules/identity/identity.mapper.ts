import type { Identity } from '@merx/contract';
import type { IdentityRecord } from './identity.repo.js';

/** The identity on the wire: the primary email also appears as the profile's MAIN email. */
export function identityOf(r: IdentityRecord, opts: { emailVerificationRequired: boolean }): Identity {
  const reasons: string[] = [];
  if (r.status === 'PENDING') reasons.push('PENDING_ADMIN_APPROVAL_REQUIRED');
  if (!r.emailVerified && opts.emailVerificationRequired) reasons.push('PENDING_EMAIL_VERIFICATION_REQUIRED');
  const factors: Identity['factors'] = [{ factorId: `${r.id}-password`, type: 'PASSWORD', status: 'ACTIVE' }];
  if (r.factors.totp)
    factors.push({ factorId: r.factors.totp.id, type: 'TOTP', status: r.factors.totp.enabled ? 'ACTIVE' : 'INACTIVE' });
  if (r.factors.email)
    factors.push({
      factorId: r.factors.email.id,
      type: 'EMAIL',
      status: r.factors.email.enabled ? 'ACTIVE' : 'INACTIVE',
    });
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: r.createdDate,
    updatedDate: r.updatedDate,
    identityProfile: {
      ...r.profile,
      emails: [r.email],
      secondaryEmails: [{ email: r.email, tag: 'MAIN' }, ...(r.profile.secondaryEmails ?? [])],
    },
    email: { address: r.email, isVerified: r.emailVerified },
    status: { name: r.status, reasons },
    factors: r.passwordHash ? factors : factors.slice(1),
    metadata: { tags: r.kind === 'staff' ? ['STAFF'] : [] },
    ...(r.lastLoginDate ? { lastLoginDate: r.lastLoginDate } : {}),
  };
}
