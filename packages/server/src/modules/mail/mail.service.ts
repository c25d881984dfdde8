import type { Database, Executor, MailMessagesTable } from '@merx/db';
import { notFound } from '@merx/domain';
import type { Kysely, Selectable } from 'kysely';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { MailKind } from './mail.templates.js';

/** `sending` marks a message claimed by one process; the others leave it alone. */
export const mailStatuses = ['pending', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** After this many failed attempts a message is `failed` and no longer retried. */
export const MAX_ATTEMPTS = 5;
/** A message claimed longer ago than this belongs to a process that died mid-send: it is retried. */
const STUCK_AFTER_MS = 10 * 60 * 1000;
const POLL_MS = 2000;
const MAX_ERROR_LENGTH = 1000;

/** The logger methods the mail service uses (a pino Logger fits). */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface NewMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A message as staff read it. */
export interface MailMessage {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdDate: string;
  sentDate: string | null;
}

export interface MailListOptions {
  to?: string;
  kind?: MailKind;
  limit?: number;
  offset?: number;
}

export interface DeliveryReport {
  sent: number;
  /** Attempts that failed this round (the message is retried unless it reached `failed`). */
  failed: number;
}

type MailRow = Selectable<MailMessagesTable>;

function toMessage(row: MailRow): MailMessage {
  return {
    id: row.id,
    kind: row.kind as MailKind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    status: row.status as MailStatus,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdDate: row.created_date,
    // While `sending`, sent_date holds the claim time (see deliverOne); it is a send date only once sent.
    sentDate: row.status === 'sent' ? row.sent_date : null,
  };
}

/* nodemailer (~2.7 MB of heap) serves only stores that send by SMTP: it is loaded when the first transport is made. */
let loaded: typeof Nodemailer | undefined;

async function nodemailerPackage(): Promise<typeof Nodemailer> {
  loaded ??= await import('nodemailer');
  return loaded;
}

const noLogger: MailLogger = { info() {}, warn() {}, error() {} };

/**
 * The mail outbox: messages are written in the caller's transaction and sent by SMTP after commit when
 * `smtpUrl` is set; without SMTP they are kept (and logged) for staff and developers to read.
 */
export function createMailService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  smtpUrl?: string;
  from?: string;
  logger?: MailLogger;
}) {
  const { db, clock } = deps;
  const logger = deps.logger ?? noLogger;
  const from = deps.from ?? 'Merx <no-reply@localhost>';
  let transport: Transporter | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function transporter(smtpUrl: string): Promise<Transporter> {
    const nodemailer = await nodemailerPackage();
    // Bounded timeouts: a hung server must not hold a claimed message for nodemailer's 10-minute default.
    transport ??= nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return transport;
  }

  async function releaseStuck(): Promise<void> {
    const before = new Date(clock.now().getTime() - STUCK_AFTER_MS).toISOString();
    await db
      .updateTable('mail_messages')
      .set({ status: 'pending', sent_date: null, last_error: 'Delivery was interrupted; retrying' })
      .where('status', '=', 'sending')
      .where('sent_date', '<', before)
      .execute();
  }

  /** Claims, sends and records one message; `skipped` when another caller claimed it first. */
  async function deliverOne(row: MailRow, smtpUrl: string): Promise<'sent' | 'failed' | 'skipped'> {
    // The claim is the UPDATE that moves the row out of `pending`: exactly one caller can change it.
    const claim = await db
      .updateTable('mail_messages')
      .set({ status: 'sending', sent_date: clock.now().toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return 'skipped';
    try {
      const mailer = await transporter(smtpUrl);
      await mailer.sendMail({
        from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // Counted in SQL, not from the row read earlier: another process may have failed it in between.
      const after = await db
        .updateTable('mail_messages')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          status: eb
            .case()
            .when('attempts', '>=', MAX_ATTEMPTS - 1)
            .then('failed')
            .else('pending')
            .end(),
          last_error: message.slice(0, MAX_ERROR_LENGTH),
          sent_date: null,
        }))
        .where('id', '=', row.id)
        .returning(['attempts', 'status'])
        .executeTakeFirst();
      logger.warn({ mailId: row.id, ...after, err: message }, 'mail delivery failed');
      return 'failed';
    }
    await db
      .updateTable('mail_messages')
      .set({ status: 'sent', sent_date: clock.now().toISOString(), last_error: null })
      .where('id', '=', row.id)
      .execute();
    return 'sent';
  }

  async function deliverPending(limit = 20): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    const smtpUrl = deps.smtpUrl;
    if (!smtpUrl) return report;
    await releaseStuck();
    const rows = await db
      .selectFrom('mail_messages')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('created_date')
      .orderBy('id')
      .limit(limit)
      .execute();
    for (const row of rows) {
      const outcome = await deliverOne(row, smtpUrl);
      if (outcome !== 'skipped') report[outcome]++;
    }
    return report;
  }

  /** One delivery round at a time in this process; a kick during a round asks for one more. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliverPending();
        } catch (err) {
          logger.error({ err }, 'mail delivery round failed');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    /** Writes a message in the caller's transaction; call `kick()` after commit to send it soon. */
    async queue(ex: Executor, message: NewMail): Promise<string> {
      const id = newId();
      const status: MailStatus = deps.smtpUrl ? 'pending' : 'kept';
      await ex
        .insertInto('mail_messages')
        .values({
          id,
          kind: message.kind,
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          status,
          attempts: 0,
          last_error: null,
          created_date: clock.now().toISOString(),
          sent_date: null,
        })
        .execute();
      if (status === 'kept') {
        // Without SMTP the console is where a developer finds codes and links; an order's mail (an address, what
        // was bought) is not repeated there: staff read it in the mail log.
        const text = message.kind.startsWith('order-') ? {} : { text: message.text };
        logger.info(
          { mailId: id, kind: message.kind, to: message.to, subject: message.subject, ...text },
          'mail kept (SMTP is not configured)',
        );
      }
      return id;
    },

    /** Sends up to `limit` pending messages now (no-op without SMTP). Safe to run from several processes. */
    deliverPending,

    /** Polls for pending messages every 2 s while SMTP is configured. */
    start(): void {
      if (!deps.smtpUrl || timer) return;
      timer = setInterval(() => void run(), POLL_MS);
      timer.unref();
    },

    /** Stops polling, waits for a running round and closes the SMTP transport. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running;
      transport?.close();
      transport = null;
    },

    /** Starts a delivery round now (after a commit that queued mail). */
    kick(): void {
      if (deps.smtpUrl) void run();
    },

    /** Messages, newest first, optionally for one address or of one kind. */
    async list(options: MailListOptions = {}): Promise<MailMessage[]> {
      const limit = Math.min(Math.max(options.limit ?? 50, 1), 100);
      let query = db.selectFrom('mail_messages').selectAll();
      if (options.to !== undefined) query = query.where('to_address', '=', options.to);
      if (options.kind !== undefined) query = query.where('kind', '=', options.kind);
      const rows = await query
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(Math.max(options.offset ?? 0, 0))
        .execute();
      return rows.map(toMessage);
    },

    async get(id: string): Promise<MailMessage> {
      const row = await db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('MAIL_MESSAGE_NOT_FOUND', 'No mail message with this id', { id });
      return toMessage(row);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
