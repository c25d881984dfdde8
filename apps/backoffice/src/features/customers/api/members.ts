import type { Identity } from '@merx/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

/** The statuses a merchant filters members by. */
export const memberStatuses = ['ACTIVE', 'PENDING', 'BLOCKED'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Members on one page of the list. */
export const PAGE_SIZE = 25;

export interface MembersView {
  search: string;
  status: MemberStatus | '';
  offset: number;
}

const KEY = ['members'] as const;

/** One page of members, newest first, by search (email and name) and status. */
export const membersQuery = (view: MembersView) =>
  queryOptions({
    queryKey: [...KEY, 'list', view],
    queryFn: async () =>
      (await admin()).members.listMembers({
        ...(view.search ? { search: view.search } : {}),
        ...(view.status ? { status: view.status } : {}),
        limit: PAGE_SIZE,
        offset: view.offset,
      }),
    placeholderData: keepPreviousData,
  });

export const useMembers = (view: MembersView) => useQuery(membersQuery(view));

/** One member, as staff read them. */
export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: async () => (await (await admin()).members.getMember(id)).identity,
  });

export const useMember = (id: string) => useQuery(memberQuery(id));

export type MemberAction = 'approve' | 'block' | 'unblock' | 'delete';

/** Approves, blocks, unblocks or deletes a member (the server refuses a change their status does not allow). */
export function useMemberAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: MemberAction }): Promise<Identity | undefined> => {
      const { members } = await admin();
      if (action === 'delete') {
        await members.deleteMember(id);
        return undefined;
      }
      const call = { approve: members.approveMember, block: members.blockMember, unblock: members.unblockMember }[
        action
      ];
      return (await call(id)).identity;
    },
    onSuccess: (identity, { id }) => {
      if (identity) client.setQueryData(memberQuery(id).queryKey, identity);
      else client.removeQueries({ queryKey: memberQuery(id).queryKey });
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}
