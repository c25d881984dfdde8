import {
  activateOwnTotpRequest,
  changeOwnPasswordRequest,
  listStaffInvitationsResponse,
  removeOwnFactorRequest,
  staffFactorTypes,
  staffPermission,
  totpEnrolment,
  updateOwnStaffRequest,
} from '@merx/contract';
import { z } from 'zod';
import { type Caller, elevated, staffAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { IdentityService } from '../identity/identity.service.js';
import { type StaffService, staffRoles } from './staff.service.js';

const tag = 'Staff';
const idParams = z.object({ id: z.string().min(1).max(200) });
const read = elevated('staff:read');
const manage = elevated('staff:manage');
const permissions = z.array(staffPermission).max(50);
const staffShape = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  permissions: z.array(z.string()),
  status: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  factors: z.array(z.object({ type: z.enum(staffFactorTypes), status: z.enum(['ACTIVE', 'INACTIVE']) })),
  lastLoginDate: z.string().nullable(),
  createdDate: z.string(),
});
/** The staff account of a caller the route's rule let in as staff. */
export function staffIdOf(caller: Caller): string {
  if (caller.kind !== 'staff') throw new Error('staff route reached without a staff caller');
  return caller.staffId;
}

/**
 * Back-office accounts: list, invite, change role and permissions, remove. Every change stays within what the
 * caller holds (staff.rules.ts) and is on the audit trail.
 */
export function staffRoutes(s: { staff: StaffService; audit: AuditLog; identity: IdentityService }): AnyRoute[] {
  return [
    ...ownAccountRoutes(s),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/staff',
      summary: 'List staff accounts',
      tag,
      access: read,
      response: z.object({ staff: z.array(staffShape) }),
      handler: async () => ({ staff: await s.staff.list() }),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/staff/me',
      summary: 'The signed-in staff account: who it is, its role and permissions',
      tag,
      access: staffAccess,
      response: z.object({ staff: staffShape }),
      handler: async ({ caller }) => ({ staff: await s.staff.get(staffIdOf(caller)) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/staff/invitations',
      summary: 'Invite a person to the back office, with a role the caller may give (a link is mailed)',
      tag,
      access: manage,
      input: z.object({ email: z.email().max(254), role: z.enum(staffRoles), permissions: permissions.optional() }),
      response: z.object({ invitationId: z.string(), url: z.string() }),
      handler: async ({ caller, input, request }) =>
        s.staff.invite(caller, input, await s.audit.contextOf(caller, request.ip)),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/staff/invitations',
      summary: 'List invitations not yet accepted',
      tag,
      access: read,
      response: listStaffInvitationsResponse,
      handler: async () => ({ invitations: await s.staff.pendingInvitations() }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/staff/invitations/:id',
      summary: 'Withdraw an invitation not yet accepted',
      tag,
      access: manage,
      params: idParams,
      response: z.object({}),
      handler: async ({ caller, params, request }) => {
        await s.staff.revokeInvitation(caller, params.id, await s.audit.contextOf(caller, request.ip));
        return {};
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/staff/:id',
      summary: "Change another staff account's role or permissions (never beyond the caller's own)",
      tag,
      access: manage,
      params: idParams,
      input: z.object({ role: z.enum(staffRoles).optional(), permissions: permissions.optional() }),
      response: z.object({ staff: staffShape }),
      handler: async ({ caller, params, input, request }) => ({
        staff: await s.staff.update(caller, params.id, input, await s.audit.contextOf(caller, request.ip)),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/staff/:id',
      summary: 'Remove a staff account (only owners remove owners; the last owner stays)',
      tag,
      access: manage,
      params: idParams,
      response: z.object({}),
      handler: async ({ caller, params, request }) => {
        await s.staff.remove(caller, params.id, await s.audit.contextOf(caller, request.ip));
        return {};
      },
    }),
  ];
}

/**
 * The signed-in staff member's own account (declared access `staff`: the account itself, whatever its permissions;
 * never an API key): name, password and second factors. Changes of access (a new password, a factor on or off) are
 * on the audit trail.
 */
function ownAccountRoutes(s: { staff: StaffService; audit: AuditLog; identity: IdentityService }): AnyRoute[] {
  const one = z.object({ staff: staffShape });
  const me = async (caller: Caller) => ({ staff: await s.staff.get(staffIdOf(caller)) });
  return [
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/staff/me',
      summary: "Change the signed-in staff member's own name",
      tag,
      access: staffAccess,
      input: updateOwnStaffRequest,
      response: one,
      handler: async ({ caller, input }) => ({ staff: await s.staff.account.updateProfile(caller, input) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/staff/me/password',
      summary: "Change the signed-in staff member's password, given the current one (their other sign-ins end)",
      tag,
      access: staffAccess,
      input: changeOwnPasswordRequest,
      response: z.object({}),
      handler: async ({ caller, input, request }) => {
        await s.staff.account.changePassword(caller, input, await s.audit.contextOf(caller, request.ip));
        return {};
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/staff/me/factors/totp',
      summary: 'Start setting up an authenticator app: a secret, its otpauth URL and a QR code',
      tag,
      access: staffAccess,
      response: totpEnrolment,
      handler: async ({ caller, request }) =>
        s.identity.enrolTotp(staffIdOf(caller), await s.audit.contextOf(caller, request.ip)),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/staff/me/factors/totp/activate',
      summary: 'Turn the authenticator app on with a current code from it',
      tag,
      access: staffAccess,
      input: activateOwnTotpRequest,
      response: one,
      handler: async ({ caller, input, request }) => {
        const context = await s.audit.contextOf(caller, request.ip);
        await s.identity.activateTotp(staffIdOf(caller), input.code, context);
        return me(caller);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/staff/me/factors/email',
      summary: 'Turn emailed sign-in codes on',
      tag,
      access: staffAccess,
      response: one,
      handler: async ({ caller, request }) => {
        await s.identity.setEmailFactor(staffIdOf(caller), true, await s.audit.contextOf(caller, request.ip));
        return me(caller);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/staff/me/factors/:factorType/remove',
      summary: 'Turn a second factor off, given the current password',
      tag,
      access: staffAccess,
      params: z.object({ factorType: z.enum(staffFactorTypes) }),
      input: removeOwnFactorRequest,
      response: one,
      handler: async ({ caller, params, input, request }) => {
        await s.staff.account.confirmPassword(caller, input.currentPassword);
        const context = await s.audit.contextOf(caller, request.ip);
        await s.identity.removeFactor(staffIdOf(caller), params.factorType, context);
        return me(caller);
      },
    }),
  ];
}
