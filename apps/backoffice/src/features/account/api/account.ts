import type { StaffFactorType, StaffMember } from '@merx/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** The key `useMe` keeps the signed-in staff member under: every change here updates it. */
const ME = ['staff', 'me'] as const;

function useMeMutation<I>(fn: (input: I) => Promise<{ staff: StaffMember }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ staff }) => {
      client.setQueryData(ME, staff);
      void client.invalidateQueries({ queryKey: ['staff', 'list'] });
    },
  });
}

export const useUpdateProfile = () =>
  useMeMutation(async (patch: { firstName?: string; lastName?: string }) => (await admin()).staff.updateMe(patch));

/** A new password given the current one: the other sign-ins end, this one stays. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      await (await admin()).staff.changeMyPassword(input);
    },
  });

/** Starts setting up an authenticator app: the secret and its QR code. */
export const useEnrolTotp = () => useMutation({ mutationFn: async () => (await admin()).staff.enrolMyTotp() });

export const useActivateTotp = () => useMeMutation(async (code: string) => (await admin()).staff.activateMyTotp(code));

export const useEnableEmailCodes = () =>
  useMeMutation(async (_: undefined) => (await admin()).staff.enableMyEmailCodes());

export const useRemoveFactor = () =>
  useMeMutation(async ({ type, currentPassword }: { type: StaffFactorType; currentPassword: string }) =>
    (await admin()).staff.removeMyFactor(type, currentPassword),
  );
