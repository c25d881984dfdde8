import { useQuery } from '@tanstack/react-query';
import { admin } from './admin';
import { holds } from './permissions';
import { claimsNow } from './session';

/** The signed-in staff member (name, email, role, permissions) from the server. */
export function useMe() {
  return useQuery({
    queryKey: ['staff', 'me'],
    queryFn: async () => (await (await admin()).staff.getMe()).staff,
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether the signed-in staff member holds `permission`, to hide what they may not do (the server still refuses it).
 * Read from the server's answer once it is in, from the access token before.
 */
export function useCan(): (permission: string) => boolean {
  const { data } = useMe();
  const claims = data ? { staffId: data.id, role: data.role, permissions: data.permissions } : claimsNow();
  return (permission: string) => holds(claims, permission);
}
