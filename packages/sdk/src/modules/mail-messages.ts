import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type In, type Out } from '../module.js';

const BASE = '/_api/merx/v1/mail-messages';

export type MailMessage = c.MailMessage;

/** The mail outbox (Merx): what was sent, and what was kept when SMTP is not configured. Elevated only (`mail:read`). */
export function mailMessages(transport: Transport) {
  const call = caller(transport, 'mailMessages');
  return {
    /** Newest first; filter by recipient or kind. */
    listMailMessages: (options: In<typeof c.listMailMessagesRequest> = {}, o?: CallOptions) =>
      call<Out<typeof c.listMailMessagesResponse>>('listMailMessages', {
        method: 'GET',
        path: BASE,
        params: options,
        args: [options],
        options: o,
        elevated: true,
      }),
    getMailMessage: (id: string, o?: CallOptions) =>
      call<Out<typeof c.mailMessageResponse>>('getMailMessage', {
        method: 'GET',
        path: fillPath(`${BASE}/{id}`, { id }),
        args: [id],
        options: o,
        elevated: true,
      }),
  };
}

export type MailMessagesModule = ReturnType<typeof mailMessages>;
