import { z } from 'zod';
import { elevated } from '../../http/auth.js';
import { type AnyRoute, defineRoute } from '../../http/route.js';
import { type MailService, mailStatuses } from './mail.service.js';
import { mailKinds } from './mail.templates.js';

const read = elevated('mail:read');
const tag = 'Mail';

const mailMessage = z.object({
  id: z.string(),
  kind: z.enum(mailKinds),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdDate: z.string(),
  sentDate: z.string().nullable(),
});

const listMailRequest = z.object({
  to: z.string().min(1).max(320).optional(),
  kind: z.enum(mailKinds).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  offset: z.number().int().min(0).optional(),
});

const listMailResponse = z.object({
  messages: z.array(mailMessage),
  metadata: z.object({ count: z.number().int(), offset: z.number().int() }),
});

const idParams = z.object({ id: z.string().min(1).max(200) });

/** Staff reading of the mail outbox: what was sent, and what was kept when SMTP is not configured. */
export function mailRoutes(mail: MailService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/mail-messages',
      summary: 'List mail messages, newest first',
      tag,
      access: read,
      input: listMailRequest,
      response: listMailResponse,
      handler: async ({ input }) => {
        const offset = input.offset ?? 0;
        const messages = await mail.list({ ...input, offset });
        return { messages, metadata: { count: messages.length, offset } };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/_api/merx/v1/mail-messages/:id',
      summary: 'Get a mail message',
      tag,
      access: read,
      params: idParams,
      response: z.object({ message: mailMessage }),
      handler: async ({ params }) => ({ message: await mail.get(params.id) }),
    }),
  ];
}
