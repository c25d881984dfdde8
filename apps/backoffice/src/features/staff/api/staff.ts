import type { StaffRole } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

const KEY = ['staff'] as const;

/** Every staff account of the store. */
export const staffListQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'list'],
    queryFn: async () => (await (await admin()).staff.listStaff()).staff,
  });

/** Invitations sent and not yet accepted, withdrawn or expired. */
export const invitationsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'invitations'],
    queryFn: async () => (await (await admin()).staff.listInvitations()).invitations,
  });

export const useStaffList = () => useQuery(staffListQuery());
export const useInvitations = (enabled = true) => useQuery({ ...invitationsQuery(), enabled });

/** What an invitation or a change of access gives: a role, and for the staff role its permissions. */
export interface Grant {
  role: StaffRole;
  permissions: string[];
}

function useStaffMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

/** Invites a person by email: the answer holds the link that was mailed to them. */
export const useInvite = () =>
  useStaffMutation(async (input: Grant & { email: string }) =>
    (await admin()).staff.inviteStaff({
      email: input.email,
      role: input.role,
      ...(input.role === 'staff' ? { permissions: input.permissions } : {}),
    }),
  );

export const useRevokeInvitation = () =>
  useStaffMutation(async (id: string) => {
    await (await admin()).staff.revokeInvitation(id);
  });

/** Changes another account's role and permissions; their sign-ins end. */
export const useUpdateStaff = () =>
  useStaffMutation(
    async ({ id, grant }: { id: string; grant: Grant }) =>
      (
        await (
          await admin()
        ).staff.updateStaff(id, {
          role: grant.role,
          ...(grant.role === 'staff' ? { permissions: grant.permissions } : {}),
        })
      ).staff,
  );

export const useRemoveStaff = () =>
  useStaffMutation(async (id: string) => {
    await (await admin()).staff.removeStaff(id);
  });
