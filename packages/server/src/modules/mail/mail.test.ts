import { randomUUID } from 'node:crypto';
import { type MerxDb, withTransaction } from '@merx/db';
import { createTestDb } from '@merx/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallerResolver } from '../../http/auth.js';
import { registerErrorHandler } from '../../http/error-handler.js';
import { registerJsonBody } from '../../http/json-body.js';
import { registerRequestId } from '../../http/request-id.js';
import { registerRoutes } from '../../http/route.js';
import type { Clock } from '../../lib/clock.js';
import { createLogger } from '../../lib/logger.js';
import { closedPort, type FakeSmtp, startFakeSmtp } from './fake-smtp.js';
import { mailRoutes } from './mail.routes.js';
import { createMailService, type MailLogger, type NewMail } from './mail.service.js';
import {
  activationLinkMail,
  factorCodeMail,
  recoveryLinkMail,
  staffInvitationMail,
  verificationCodeMail,
} from './mail.templates.js';

let merx: MerxDb;
beforeAll(async () => {
  merx = await createTestDb();
});
afterAll(async () => {
  await merx?.destroy();
});
// deliverPending takes every pending message: each test starts from an empty outbox.
beforeEach(async () => {
  await merx.db.deleteFrom('mail_messages').execute();
});

/** A clock that moves one second forward on every reading, so creation order is unambiguous. */
function steppingClock(start = Date.parse('2030-01-01T00:00:00Z')): Clock {
  let t = start;
  return {
    now: () => {
      t += 1000;
      return new Date(t);
    },
  };
}

function recordingLogger() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string | undefined }> = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  const logger: MailLogger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

const address = () => `m-${randomUUID().slice(0, 8)}@example.com`;

function codeMail(to = address(), code = '123456'): NewMail {
  return { kind: 'verification-code', to, ...verificationCodeMail({ storeName: 'Shop', code, minutes: 10 }) };
}

async function statusOf(id: string) {
  return merx.db
    .selectFrom('mail_messages')
    .select(['status', 'attempts', 'last_error', 'sent_date'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('mail templates', () => {
  it('escapes every interpolated value in the HTML and keeps a plain-text version', () => {
    const evil = '<script>alert("x")</script>';
    const mails = [
      verificationCodeMail({ storeName: evil, code: '<b>1</b>', minutes: 10 }),
      recoveryLinkMail({ storeName: evil, url: 'https://shop.test/r?a=1&b="2"', minutes: 30 }),
      activationLinkMail({ storeName: evil, url: 'https://shop.test/a' }),
      staffInvitationMail({ storeName: evil, inviterName: evil, role: '<i>admin</i>', url: 'https://shop.test/i' }),
      factorCodeMail({ storeName: evil, code: '654321' }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>1</b>');
      expect(mail.html).not.toContain('<i>admin</i>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(mail.text).toContain(evil);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    expect(mails[1]?.html).toContain('href="https://shop.test/r?a=1&amp;b=%222%22"');
  });

  it('puts the code, the link and how long they are valid in both bodies', () => {
    const code = verificationCodeMail({ storeName: 'Shop', code: '482913', minutes: 15 });
    expect(code.subject).toContain('482913');
    for (const body of [code.text, code.html]) expect(body).toMatch(/482913[\s\S]*15 minutes/);
    const invite = staffInvitationMail({
      storeName: 'Shop',
      inviterName: 'Ada',
      role: 'admin',
      url: 'https://s.test/x',
    });
    expect(invite.subject).toBe('Ada invited you to Shop');
    for (const body of [invite.text, invite.html]) expect(body).toMatch(/Ada[\s\S]*admin[\s\S]*https:\/\/s\.test\/x/);
  });

  it('keeps a store name with line breaks on one subject line', () => {
    expect(factorCodeMail({ storeName: 'Shop\r\nBcc: x@evil.test', code: '1' }).subject).toBe(
      'Your Shop Bcc: x@evil.test sign-in code: 1',
    );
  });

  it('refuses links that are not web links', () => {
    expect(() => activationLinkMail({ storeName: 'Shop', url: 'javascript:alert(1)' })).toThrow();
  });
});

describe('mail outbox without SMTP', () => {
  it('keeps the message and logs recipient, subject and text for the developer', async () => {
    const { logger, lines } = recordingLogger();
    const mail = createMailService({ db: merx.db, clock: steppingClock(), logger });
    const message = codeMail(address(), '777111');
    const id = await mail.queue(merx.db, message);
    expect(await statusOf(id)).toMatchObject({ status: 'kept', attempts: 0, sent_date: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', obj: { to: message.to, subject: message.subject } });
    expect(lines[0]?.obj.text).toContain('777111');
    expect(await mail.deliverPending()).toEqual({ sent: 0, failed: 0 });
    expect((await statusOf(id)).status).toBe('kept');
  });

  it('writes in the caller transaction, so a rollback leaves no message', async () => {
    const mail = createMailService({ db: merx.db, clock: steppingClock(), logger: createLogger('silent') });
    const to = address();
    await expect(
      withTransaction(merx.db, async ({ trx }) => {
        await mail.queue(trx, codeMail(to));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await mail.list({ to })).toEqual([]);
  });

  it('lists newest first with filters and paging, and gets one message', async () => {
    const mail = createMailService({ db: merx.db, clock: steppingClock() });
    const to = address();
    const first = await mail.queue(merx.db, codeMail(to, '111111'));
    const second = await mail.queue(merx.db, {
      kind: 'factor-code',
      to,
      ...factorCodeMail({ storeName: 'Shop', code: '222222' }),
    });
    await mail.queue(merx.db, codeMail());
    expect((await mail.list({ to })).map((m) => m.id)).toEqual([second, first]);
    expect((await mail.list({ to, kind: 'verification-code' })).map((m) => m.id)).toEqual([first]);
    expect((await mail.list({ to, limit: 1, offset: 1 })).map((m) => m.id)).toEqual([first]);
    expect(await mail.get(first)).toMatchObject({
      id: first,
      kind: 'verification-code',
      to,
      status: 'kept',
      attempts: 0,
      lastError: null,
      sentDate: null,
    });
    await expect(mail.get(randomUUID())).rejects.toMatchObject({ code: 'MAIL_MESSAGE_NOT_FOUND' });
  });
});

describe('mail outbox with SMTP', () => {
  let smtp: FakeSmtp;
  beforeEach(async () => {
    smtp = await startFakeSmtp();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('sends a pending message through SMTP and marks it sent', async () => {
    const mail = createMailService({ db: merx.db, clock: steppingClock(), smtpUrl: smtp.url, from: 'shop@shop.test' });
    const message = codeMail();
    const id = await mail.queue(merx.db, message);
    expect((await statusOf(id)).status).toBe('pending');
    expect(await mail.deliverPending()).toEqual({ sent: 1, failed: 0 });
    await mail.stop();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([`<${message.to}>`]);
    expect(smtp.received[0]?.data).toContain(`Subject: ${message.subject}`);
    const sent = await mail.get(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 0, lastError: null });
    expect(sent.sentDate).toMatch(/^2030-/);
  });

  it('records the error of a refused connection and gives up after 5 attempts', async () => {
    const { logger, lines } = recordingLogger();
    const smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const mail = createMailService({ db: merx.db, clock: steppingClock(), smtpUrl, logger });
    const id = await mail.queue(merx.db, codeMail());
    expect(await mail.deliverPending()).toEqual({ sent: 0, failed: 1 });
    const first = await statusOf(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, sent_date: null });
    expect(first.last_error).toMatch(/ECONNREFUSED/);
    for (let i = 2; i <= 5; i++) await mail.deliverPending();
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 5 });
    expect(await mail.deliverPending()).toEqual({ sent: 0, failed: 0 });
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(5);
    await mail.stop();
  });

  it('never sends a message twice when two deliveries run at once', async () => {
    const a = createMailService({ db: merx.db, clock: steppingClock(), smtpUrl: smtp.url });
    const b = createMailService({ db: merx.db, clock: steppingClock(), smtpUrl: smtp.url });
    const messages = Array.from({ length: 6 }, (_, i) => codeMail(address(), `90000${i}`));
    for (const m of messages) await a.queue(merx.db, m);
    const [ra, rb] = await Promise.all([a.deliverPending(), b.deliverPending()]);
    await Promise.all([a.stop(), b.stop()]);
    expect((ra?.sent ?? 0) + (rb?.sent ?? 0)).toBe(6);
    expect(smtp.received.map((r) => r.to[0]).sort()).toEqual(messages.map((m) => `<${m.to}>`).sort());
    const statuses = await merx.db.selectFrom('mail_messages').select('status').execute();
    expect(statuses.every((s) => s.status === 'sent')).toBe(true);
  });

  it('retries a message left in sending by a process that stopped mid-send', async () => {
    const clock = steppingClock();
    const mail = createMailService({ db: merx.db, clock, smtpUrl: smtp.url });
    const stuck = await mail.queue(merx.db, codeMail());
    const fresh = await mail.queue(merx.db, codeMail());
    const longAgo = new Date(clock.now().getTime() - 11 * 60 * 1000).toISOString();
    await merx.db
      .updateTable('mail_messages')
      .set({ status: 'sending', sent_date: longAgo })
      .where('id', '=', stuck)
      .execute();
    await merx.db
      .updateTable('mail_messages')
      .set({ status: 'sending', sent_date: clock.now().toISOString() })
      .where('id', '=', fresh)
      .execute();
    expect(await mail.deliverPending()).toEqual({ sent: 1, failed: 0 });
    await mail.stop();
    expect((await statusOf(stuck)).status).toBe('sent');
    expect((await statusOf(fresh)).status).toBe('sending');
  });

  it('delivers soon after a kick, and stop waits for the running delivery', async () => {
    const mail = createMailService({ db: merx.db, clock: steppingClock(), smtpUrl: smtp.url });
    mail.start();
    const id = await withTransaction(merx.db, async (uow) => {
      const queued = await mail.queue(uow.trx, codeMail());
      uow.afterCommit(() => mail.kick());
      return queued;
    });
    await mail.stop();
    expect((await statusOf(id)).status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
  });
});

describe('mail routes', () => {
  let app: FastifyInstance;
  let ids: string[];
  const to = address();
  const url = '/_api/merx/v1/mail-messages';
  const staff = { authorization: 'staff' };

  beforeEach(async () => {
    const mail = createMailService({ db: merx.db, clock: steppingClock() });
    ids = [await mail.queue(merx.db, codeMail(to, '111111')), await mail.queue(merx.db, codeMail(to, '222222'))];
    const resolver: CallerResolver = {
      resolve: async (auth) => (auth === 'staff' ? { kind: 'apiKey', keyId: 'k', scopes: ['*'] } : { kind: 'none' }),
    };
    app = Fastify({ logger: false });
    registerRequestId(app);
    registerErrorHandler(app);
    registerJsonBody(app);
    registerRoutes(app, mailRoutes(mail), resolver);
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  it('refuses callers without credentials with 401', async () => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `${url}/${ids[0]}` })).statusCode).toBe(401);
  });

  it('lists messages for staff, newest first, with paging metadata', async () => {
    const res = await app.inject({ method: 'GET', url, query: { to, limit: '1', offset: '1' }, headers: staff });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.metadata).toEqual({ count: 1, offset: 1 });
    expect(body.messages[0]).toMatchObject({ id: ids[0], to, kind: 'verification-code', status: 'kept' });
    expect(body.messages[0].text).toContain('111111');
    const all = (await app.inject({ method: 'GET', url, query: { kind: 'verification-code' }, headers: staff })).json();
    expect(all.messages.map((m: { id: string }) => m.id)).toEqual([ids[1], ids[0]]);
  });

  it('gets one message, and answers 404 MAIL_MESSAGE_NOT_FOUND for an unknown id', async () => {
    const res = await app.inject({ method: 'GET', url: `${url}/${ids[1]}`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ id: ids[1], to, subject: expect.stringContaining('222222') });
    const missing = await app.inject({ method: 'GET', url: `${url}/${randomUUID()}`, headers: staff });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().details.applicationError.code).toBe('MAIL_MESSAGE_NOT_FOUND');
  });

  it('refuses a limit above 100 and an unknown kind with 400', async () => {
    const big = await app.inject({ method: 'GET', url, query: { limit: '1000' }, headers: staff });
    expect(big.statusCode).toBe(400);
    expect(big.json().details.validationError.fieldViolations[0].field).toBe('limit');
    expect((await app.inject({ method: 'GET', url, query: { kind: 'spam' }, headers: staff })).statusCode).toBe(400);
  });
});
