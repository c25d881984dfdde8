import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';

const BASE = '/_api/merx/v1/staff';

export type StaffMember = c.StaffMember;
export type StaffRole = c.StaffRole;
export type StaffInvitation = c.StaffInvitation;
export type StaffFactor = c.StaffFactor;
export type StaffFactorType = (typeof c.staffFactorTypes)[number];

/**
 * Back-office accounts (Merx): list (`staff:read`), invite, change and remove (`staff:manage`). Elevated only.
 * Nobody gives a role or permission they do not hold or changes their own; only owners make, change or remove
 * owners, and the last owner stays. Every change is on the audit trail.
 */
export function staff(transport: Transport) {
  const call = caller(transport, 'staff');
  const at = (id: string) => fillPath(`${BASE}/{id}`, { id });
  return {
    listStaff: (o?: CallOptions) =>
      call<Out<typeof c.listStaffResponse>>('listStaff', {
        method: 'GET',
        path: BASE,
        args: [],
        options: o,
        elevated: true,
      }),
    /** The signed-in staff account (a back office's own sign-in): who it is, its role and permissions. */
    getMe: (o?: CallOptions) =>
      call<Out<typeof c.staffMemberResponse>>('getMe', {
        method: 'GET',
        path: `${BASE}/me`,
        args: [],
        options: o,
        elevated: true,
      }),
    /** Changes the signed-in staff member's own first or last name (a staff sign-in only). */
    updateMe: (patch: In<typeof c.updateOwnStaffRequest>, o?: CallOptions) =>
      call<Out<typeof c.staffMemberResponse>>('updateMe', {
        method: 'PATCH',
        path: `${BASE}/me`,
        body: patch,
        args: [patch],
        options: o,
        elevated: true,
      }),
    /**
     * Changes the signed-in staff member's password, given the current one: their other sign-ins end, this one
     * stays. A wrong current password is a validation error on `currentPassword`.
     */
    changeMyPassword: (input: In<typeof c.changeOwnPasswordRequest>, o?: CallOptions) =>
      call<Empty>('changeMyPassword', {
        method: 'POST',
        path: `${BASE}/me/password`,
        body: input,
        // Passwords stay out of the request an error reports.
        args: [],
        options: o,
        elevated: true,
      }),
    /** Starts setting up an authenticator app: the secret and a QR code; `activateMyTotp` turns it on. */
    enrolMyTotp: (o?: CallOptions) =>
      call<c.TotpEnrolment>('enrolMyTotp', {
        method: 'POST',
        path: `${BASE}/me/factors/totp`,
        body: {},
        args: [],
        options: o,
        elevated: true,
      }),
    /** Turns the authenticator app on with a code from it. */
    activateMyTotp: (code: string, o?: CallOptions) =>
      call<Out<typeof c.staffMemberResponse>>('activateMyTotp', {
        method: 'POST',
        path: `${BASE}/me/factors/totp/activate`,
        body: { code },
        args: [code],
        options: o,
        elevated: true,
      }),
    /** Turns emailed sign-in codes on. */
    enableMyEmailCodes: (o?: CallOptions) =>
      call<Out<typeof c.staffMemberResponse>>('enableMyEmailCodes', {
        method: 'POST',
        path: `${BASE}/me/factors/email`,
        body: {},
        args: [],
        options: o,
        elevated: true,
      }),
    /** Turns a second factor off; the current password is asked for. */
    removeMyFactor: (factorType: StaffFactorType, currentPassword: string, o?: CallOptions) =>
      call<Out<typeof c.staffMemberResponse>>('removeMyFactor', {
        method: 'POST',
        path: fillPath(`${BASE}/me/factors/{factorType}/remove`, { factorType }),
        body: { currentPassword },
        args: [factorType],
        options: o,
        elevated: true,
      }),
    /** Mails the person a link to set their password; the link is answered too. */
    inviteStaff: (invitation: In<typeof c.inviteStaffRequest>, o?: CallOptions) =>
      call<Out<typeof c.inviteStaffResponse>>('inviteStaff', {
        method: 'POST',
        path: `${BASE}/invitations`,
        body: invitation,
        args: [invitation],
        options: o,
        elevated: true,
      }),
    /** Invitations not yet accepted, withdrawn or expired. */
    listInvitations: (o?: CallOptions) =>
      call<Out<typeof c.listStaffInvitationsResponse>>('listInvitations', {
        method: 'GET',
        path: `${BASE}/invitations`,
        args: [],
        options: o,
        elevated: true,
      }),
    revokeInvitation: (id: string, o?: CallOptions) =>
      call<Empty>('revokeInvitation', {
        method: 'DELETE',
        path: fillPath(`${BASE}/invitations/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
    /** Role and permissions (permissions count for the `staff` role only); the account's sign-ins end. */
    updateStaff: (id: string, patch: In<typeof c.updateStaffRequest>, o?: CallOptions) =>
      call<Out<typeof c.staffMemberResponse>>('updateStaff', {
        method: 'PATCH',
        path: at(id),
        body: patch,
        args: [id, patch],
        options: o,
        elevated: true,
      }),
    removeStaff: (id: string, o?: CallOptions) =>
      call<Empty>('removeStaff', { method: 'DELETE', path: at(id), args: [id], options: o, elevated: true }),
  };
}

export type StaffModule = ReturnType<typeof staff>;
