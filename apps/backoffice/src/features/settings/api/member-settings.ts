import type { MemberSettings } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

const KEY = ['member-settings'] as const;

/** How members join: the sign-up policy, email verification, captcha. */
export const memberSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await (await admin()).memberSettings.getMemberSettings()).settings,
  });

export const useMemberSettings = () => useQuery(memberSettingsQuery());

export function useUpdateMemberSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: Partial<MemberSettings>) =>
      (await (await admin()).memberSettings.updateMemberSettings(patch)).settings,
    onSuccess: (settings) => client.setQueryData(KEY, settings),
  });
}
