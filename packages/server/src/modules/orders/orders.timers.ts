import { createHash, randomBytes } from 'node:crypto';
import { type OrderTimer, timerMinutes } from '@merx/contract';
import { AppError } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import type { MailService } from '../mail/mail.service.js';
import { orderPaymentReminderMail } from '../mail/mail.templates.js';
import type { ModuleDeps } from '../module.js';
import type { OrdersServices } from './index.js';
import { createOrderChanges } from './orders.changes.js';
import { orderMailView } from './orders.mail.js';
import type { OrderState } from './orders.types.js';

/*
 * Order timers (docs/decisions/0013-unpaid-orders.md), run by the housekeeping's frequent sweep in every process:
 * - an order paid online that is still unpaid some minutes after it was placed gets ONE reminder mail with a pay link;
 * - once the store's `unpaidOrderTimeout` has passed it is canceled, its stock given back (logged ORDER_CANCELED by
 *   the system), with a note on its timeline and the order-canceled event.
 * Both are claimed on the order row itself, so two processes sharing a database never do either twice: the reminder
 * by a conditional UPDATE of `payment_reminder_date`, the cancel by `OrdersService.change`, whose taking UPDATE locks
 * the order and whose guard sees it as it is once the lock is held (a payment or another process that came first
 * leaves nothing to do).
 */

/** Payment statuses of an order that has no money coming: DECLINED and voided payments included. */
const UNPAID = ['NOT_PAID', 'DECLINED', 'CANCELED'] as const;

/** The reminder goes out this long after placing (or halfway to the timeout, when that is sooner). */
export const REMINDER_AFTER_MINUTES = 15;

/** Orders looked at per sweep and kind; the next sweep (a minute later) takes the rest. */
const BATCH = 100;

const MINUTE = 60_000;
/** The timers are the store's own work: their changes and events name no one (UNKNOWN). */
const SYSTEM: Caller = { kind: 'none' };

/** A timer in words: "1 hour", "30 minutes", "2 days". */
export function timerWords(t: OrderTimer): string {
  const unit = t.unit === 'MINUTES' ? 'minute' : t.unit === 'HOURS' ? 'hour' : 'day';
  return `${t.duration} ${unit}${t.duration === 1 ? '' : 's'}`;
}

/** SHA-256 (hex) of a pay link's token: what the order row keeps. */
export const payTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Providers that take the money online: their unpaid orders get the reminder (with a pay link) and the timeout. */
const ONLINE = ['test', 'stripe'] as const;

const isUnpaidOnline = (state: OrderState) =>
  state.order.status === 'INITIALIZED' &&
  (ONLINE as readonly (string | null)[]).includes(state.order.paymentMethod) &&
  state.order.totalMinor > 0 &&
  (UNPAID as readonly string[]).includes(state.order.paymentStatus);

export interface OrderTimersDeps {
  deps: ModuleDeps;
  orders: OrdersServices;
  mail: MailService;
}

/** The unpaid-order reminder and timeout; `sweep` does both once (the housekeeping runs it every minute). */
export function createOrderTimers({ deps, orders, mail }: OrderTimersDeps) {
  const changes = createOrderChanges({ deps, orders: orders.orders, stock: orders.stock });
  const base = deps.publicUrl.replace(/\/+$/, '');

  /** Ids of unpaid orders paid online placed before `cutoff`, oldest first; `unreminded`: no reminder yet. */
  async function unpaidBefore(cutoff: string, unreminded: boolean): Promise<string[]> {
    let query = deps.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'INITIALIZED')
      .where('created_date', '<', cutoff)
      .where('payment_method', 'in', [...ONLINE])
      .where('total_minor', '>', 0)
      .where('payment_status', 'in', [...UNPAID]);
    if (unreminded) query = query.where('payment_reminder_date', 'is', null);
    return (await query.orderBy('created_date').limit(BATCH).execute()).map((r) => r.id);
  }

  /** Cancels the order unless, once locked, it is paid, canceled or younger than `cutoff`; true when it did. */
  async function cancelUnpaid(id: string, cutoff: string, timer: OrderTimer): Promise<boolean> {
    const words = timerWords(timer);
    try {
      await changes.cancel(
        SYSTEM,
        id,
        {
          restockAllItems: true,
          sendOrderCanceledEmail: true,
          customMessage: `It was not paid within ${words} of ordering, so we released the items. You are welcome to order again.`,
          note: `Canceled: not paid within ${words}`,
        },
        (state) => isUnpaidOnline(state) && state.order.createdDate < cutoff,
      );
      return true;
    } catch (error) {
      // Not found: the guard said no (paid meanwhile, or another process canceled it first).
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** Writes the one reminder of the order (claimed by the conditional UPDATE); true when this call wrote it. */
  async function remind(id: string): Promise<boolean> {
    const state = await orders.orders.load(id);
    if (!state.order.email || !isUnpaidOnline(state)) return false;
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock.now().toISOString();
    const settings = await orders.settings.get();
    return deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('orders')
        .set({ payment_reminder_date: now, pay_token_hash: payTokenHash(token) })
        .where('id', '=', id)
        .where('payment_reminder_date', 'is', null)
        // Paid since it was read: the UPDATE (re-checked once it holds the row) matches nothing, no mail.
        .where('status', '=', 'INITIALIZED')
        .where('payment_status', 'in', [...UNPAID])
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const entity = orders.orders.wire(state);
      const url = `${base}/thank-you/${encodeURIComponent(id)}?pay=${token}`;
      const declined = state.transactions.findLast((t) => t.kind === 'PAYMENT')?.status === 'DECLINED';
      await mail.queue(trx, {
        kind: 'order-payment-reminder',
        to: state.order.email as string,
        ...orderPaymentReminderMail(orderMailView(entity, deps.store().name, undefined), {
          url,
          declined,
          ...(settings.unpaidOrderTimeout ? { keptFor: timerWords(settings.unpaidOrderTimeout) } : {}),
        }),
      });
      return true;
    });
  }

  return {
    /** One round: cancels the orders past the timeout, then reminds the ones past the reminder's time. */
    async sweep(): Promise<{ canceled: number; reminded: number }> {
      const settings = await orders.settings.get();
      const now = deps.clock.now().getTime();
      const timer = settings.unpaidOrderTimeout;
      let canceled = 0;
      if (timer) {
        const cutoff = new Date(now - timerMinutes(timer) * MINUTE).toISOString();
        for (const id of await unpaidBefore(cutoff, false)) if (await cancelUnpaid(id, cutoff, timer)) canceled++;
      }
      const remindAfter = timer ? Math.min(REMINDER_AFTER_MINUTES, timerMinutes(timer) / 2) : REMINDER_AFTER_MINUTES;
      let reminded = 0;
      for (const id of await unpaidBefore(new Date(now - remindAfter * MINUTE).toISOString(), true))
        if (await remind(id)) reminded++;
      return { canceled, reminded };
    },
  };
}

export type OrderTimers = ReturnType<typeof createOrderTimers>;
