import { listStaffInvitationsResponse, staffPermission } from '@merx/contract';
import { z } from 'zod';
import { type Caller, elevated, staffAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import type { AuditLog } from '../audit/audit.service.js';
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
export function staffRoutes(s: { staff: StaffService; audit: AuditLog }): AnyRoute[] {
  return [
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
