import type { MemberSettings } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

const KEY = ['member-settings'] as const;

/** What a save sends: any setting, and the captcha secret (write-only). */
export type MemberSettingsPatch = Partial<Omit<MemberSettings, 'captchaSecretSet' | 'captchaSecretFromEnvironment'>> & {
  captchaSecret?: string | null;
};

/** How members join: the sign-up policy, email verification, captcha (whether its secret is set, never the secret). */
export const memberSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await (await admin()).memberSettings.getMemberSettings()).settings,
  });

export const useMemberSettings = () => useQuery(memberSettingsQuery());

export function useUpdateMemberSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: MemberSettingsPatch) =>
      (await (await admin()).memberSettings.updateMemberSettings(patch)).settings,
    onSuccess: (settings) => client.setQueryData(KEY, settings),
  });
}
