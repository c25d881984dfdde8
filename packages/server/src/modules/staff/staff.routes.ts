import { z } from 'zod';
import { type Caller, elevated, type StaffRole } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { type StaffService, staffRoles } from './staff.service.js';

const tag = 'Staff';
const idParams = z.object({ id: z.string().min(1).max(200) });
const manage = elevated('staff:manage');
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

/** Who acts: a staff account as itself; an API key with the staff scope acts with an owner's rights. */
function actorOf(caller: Caller): { id: string; role: StaffRole } {
  if (caller.kind === 'staff') return { id: caller.staffId, role: caller.role };
  return { id: caller.kind === 'apiKey' ? caller.keyId : 'unknown', role: 'owner' };
}

/** Back-office accounts: list, invite, change role and permissions, remove. */
export function staffRoutes(s: { staff: StaffService }): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/staff',
      summary: 'List staff accounts',
      tag,
      access: elevated('staff:read'),
      response: z.object({ staff: z.array(staffShape) }),
      handler: async () => ({ staff: await s.staff.list() }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/staff/invitations',
      summary: 'Invite a person to the back office (a link is mailed; only owners invite owners)',
      tag,
      access: manage,
      input: z.object({
        email: z.email().max(254),
        role: z.enum(staffRoles),
        permissions: z
          .array(z.string().regex(/^[a-z-]+:[a-z-*]+$/, 'must look like area:action'))
          .max(50)
          .optional(),
      }),
      response: z.object({ invitationId: z.string(), url: z.string() }),
      handler: ({ caller, input }) => s.staff.invite(actorOf(caller), input),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/staff/:id',
      summary: "Change a staff account's role or permissions",
      tag,
      access: manage,
      params: idParams,
      input: z.object({
        role: z.enum(staffRoles).optional(),
        permissions: z
          .array(z.string().regex(/^[a-z-]+:[a-z-*]+$/, 'must look like area:action'))
          .max(50)
          .optional(),
      }),
      response: z.object({ staff: staffShape }),
      handler: async ({ caller, params, input }) => ({
        staff: await s.staff.update(actorOf(caller), params.id, input),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/staff/:id',
      summary: 'Remove a staff account (the last owner stays)',
      tag,
      access: manage,
      params: idParams,
      response: z.object({}),
      handler: async ({ caller, params }) => {
        await s.staff.remove(actorOf(caller), params.id);
        return {};
      },
    }),
  ];
}
