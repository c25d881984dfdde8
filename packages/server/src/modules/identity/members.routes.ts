import * as c from '@merx/contract';
import { z } from 'zod';
import { elevated, memberAccess } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { memberIdOf } from './identity.routes.js';
import type { IdentityService } from './identity.service.js';
import { memberSettingsPatchSchema, memberSettingsViewSchema } from './member-settings.js';

const tag = 'Members';
const idParams = z.object({ id: z.string().min(1).max(200) });
const read = elevated('members:read');
const manage = elevated('members:manage');
const one = z.object({ identity: c.identitySchema });

/** Staff manage members; a signed-in member manages their own profile and second factors. */
export function memberRoutes(s: { identity: IdentityService }): AnyRoute[] {
  const { identity } = s;
  const statusAction = (action: 'approve' | 'block' | 'unblock', summary: string) =>
    defineRoute({
      method: 'POST',
      url: `/_api/merx/v1/members/:id/${action}`,
      summary,
      tag,
      access: manage,
      params: idParams,
      response: one,
      handler: async ({ params }) => ({ identity: await identity.setStatus(params.id, action) }),
    });
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/members',
      summary: 'List members, newest first (by status; `search` in their email and name)',
      tag,
      access: read,
      input: z.object({
        status: z.enum(c.identityStatuses).optional(),
        email: z.string().max(254).optional(),
        /** Text looked for (case-insensitive, anywhere) in the email and in the name ("first last"). */
        search: z.string().trim().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(50),
        offset: z.coerce.number().int().min(0).default(0),
      }),
      response: z.object({
        identities: z.array(c.identitySchema),
        metadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
      }),
      handler: async ({ input }) => {
        const { identities, total } = await identity.list({
          ...(input.status ? { status: input.status } : {}),
          ...(input.email ? { email: input.email } : {}),
          ...(input.search ? { search: input.search } : {}),
          limit: input.limit,
          offset: input.offset,
        });
        return { identities, metadata: { count: identities.length, offset: input.offset, total } };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/members/me',
      summary: 'The signed-in member',
      tag,
      access: memberAccess,
      response: one,
      handler: async ({ caller }) => ({ identity: await identity.wire(await identity.get(memberIdOf(caller))) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/members/me',
      summary: "Update the signed-in member's profile",
      tag,
      access: memberAccess,
      input: z.object({ identityProfile: c.identityProfileSchema }),
      response: one,
      handler: async ({ caller, input }) => ({
        identity: await identity.updateProfile(memberIdOf(caller), input.identityProfile),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/members/me/factors/totp',
      summary: 'Start TOTP enrolment: a secret, its otpauth URL and a QR code',
      tag,
      access: memberAccess,
      response: z.object({ factorId: z.string(), secret: z.string(), otpauthUrl: z.string(), qrCodeSvg: z.string() }),
      handler: ({ caller }) => identity.enrolTotp(memberIdOf(caller)),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/members/me/factors/totp/activate',
      summary: 'Turn TOTP on with a current code from the app',
      tag,
      access: memberAccess,
      input: z.object({ code: z.string().max(20) }),
      response: one,
      handler: async ({ caller, input }) => ({ identity: await identity.activateTotp(memberIdOf(caller), input.code) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/_api/merx/v1/members/me/factors/email',
      summary: 'Turn emailed sign-in codes on or off',
      tag,
      access: memberAccess,
      input: z.object({ enabled: z.boolean() }),
      response: one,
      handler: async ({ caller, input }) => ({
        identity: await identity.setEmailFactor(memberIdOf(caller), input.enabled),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/members/me/factors/:factorType',
      summary: 'Remove a second factor',
      tag,
      access: memberAccess,
      params: z.object({ factorType: z.enum(['TOTP', 'EMAIL']) }),
      response: one,
      handler: async ({ caller, params }) => ({
        identity: await identity.removeFactor(memberIdOf(caller), params.factorType),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/members/:id',
      summary: 'Get a member',
      tag,
      access: read,
      params: idParams,
      response: one,
      handler: async ({ params }) => ({ identity: await identity.wire(await identity.get(params.id)) }),
    }),
    statusAction('approve', 'Approve a member who waits for approval'),
    statusAction('block', 'Block a member (their sign-ins end at once)'),
    statusAction('unblock', 'Unblock a blocked member'),
    defineRoute({
      method: 'DELETE',
      url: '/_api/merx/v1/members/:id',
      summary: 'Delete a member (their sign-ins end at once)',
      tag,
      access: manage,
      params: idParams,
      response: z.object({}),
      handler: async ({ params }) => {
        await identity.setStatus(params.id, 'delete');
        return {};
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/member-settings',
      summary: 'How members join: sign-up policy, email verification, captcha (whether a secret is set, never it)',
      tag,
      access: read,
      response: z.object({ settings: memberSettingsViewSchema }),
      handler: async () => ({ settings: await identity.captcha.view() }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/_api/merx/v1/member-settings',
      summary: 'Change how members join (the captcha secret is write-only and stored sealed)',
      tag,
      access: manage,
      input: z.object({ settings: memberSettingsPatchSchema }),
      response: z.object({ settings: memberSettingsViewSchema }),
      handler: async ({ input }) => ({ settings: await identity.captcha.update(input.settings) }),
    }),
  ];
}
