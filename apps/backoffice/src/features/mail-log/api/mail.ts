import type { MailMessage } from '@merx/sdk';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

export const PAGE_SIZE = 50;
export type MailKind = MailMessage['kind'];

/** A page of the mail log, newest first, to one recipient or of one kind when given. */
export const mailListQuery = (q: { to: string; kind: string; offset: number }) =>
  queryOptions({
    queryKey: ['mail', 'list', q],
    queryFn: async () =>
      (await admin()).mailMessages.listMailMessages({
        ...(q.to ? { to: q.to } : {}),
        ...(q.kind ? { kind: q.kind as MailKind } : {}),
        limit: PAGE_SIZE,
        offset: q.offset,
      }),
    placeholderData: keepPreviousData,
  });

export const useMailList = (q: { to: string; kind: string; offset: number }) => useQuery(mailListQuery(q));

export const mailMessageQuery = (id: string) =>
  queryOptions({
    queryKey: ['mail', 'message', id],
    queryFn: async () => (await (await admin()).mailMessages.getMailMessage(id)).message,
  });

export const useMailMessage = (id: string) => useQuery(mailMessageQuery(id));
