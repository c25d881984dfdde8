import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In } from '../module.js';

const BASE = '/_api/merx/v1/members';

export type IdentityStatus = (typeof c.identityStatuses)[number];
type One = { identity: c.Identity };

/** Members (`/_api/merx/v1/members`): a member's own profile, and staff's list, approval and blocking. */
export function members(transport: Transport) {
  const call = caller(transport, 'members');
  const status = (fn: string, id: string, action: 'approve' | 'block' | 'unblock', o?: CallOptions) =>
    call<One>(fn, {
      method: 'POST',
      path: fillPath(`${BASE}/{id}/${action}`, { id }),
      args: [id],
      options: o,
      elevated: true,
    });
  return {
    /** The signed-in member. */
    getCurrentMember: (o?: CallOptions) =>
      call<One>('getCurrentMember', { method: 'GET', path: `${BASE}/me`, args: [], options: o }),
    /** Updates the signed-in member's profile. */
    updateCurrentMember: (identityProfile: In<typeof c.identityProfileSchema>, o?: CallOptions) =>
      call<One>('updateCurrentMember', {
        method: 'PATCH',
        path: `${BASE}/me`,
        body: { identityProfile },
        args: [identityProfile],
        options: o,
      }),
    /** Elevated: members, newest first; `search` is looked for in their email and name ("first last"). */
    listMembers: (
      options: { status?: IdentityStatus; email?: string; search?: string; limit?: number; offset?: number } = {},
      o?: CallOptions,
    ) =>
      call<{ identities: c.Identity[]; metadata: { count: number; offset: number; total: number } }>('listMembers', {
        method: 'GET',
        path: BASE,
        params: options,
        args: [options],
        options: o,
        elevated: true,
      }),
    /** Elevated: one member. */
    getMember: (id: string, o?: CallOptions) =>
      call<One>('getMember', {
        method: 'GET',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** Elevated: deletes a member. */
    deleteMember: (id: string, o?: CallOptions) =>
      call<Empty>('deleteMember', {
        method: 'DELETE',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** Elevated: lets a member who waits for approval sign in. */
    approveMember: (id: string, o?: CallOptions) => status('approveMember', id, 'approve', o),
    /** Elevated: blocks a member who waits or is active (their sign-ins end at once). */
    blockMember: (id: string, o?: CallOptions) => status('blockMember', id, 'block', o),
    /** Elevated: lets a blocked member sign in again (never a member who waits for approval). */
    unblockMember: (id: string, o?: CallOptions) => status('unblockMember', id, 'unblock', o),
  };
}

export type MembersModule = ReturnType<typeof members>;
