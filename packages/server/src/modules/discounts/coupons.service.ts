import {
  type Coupon,
  type CouponInput,
  type CouponPatch,
  type CouponProblem,
  couponCode,
  couponEventTypes,
  discountErrorCodes,
} from '@merx/contract';
import { type Executor, runQuery, withTransaction } from '@merx/db';
import { AppError, type FieldViolation, invalid, notFound, parseQuery, ValidationError } from '@merx/domain';
import type { Caller } from '../../http/auth.js';
import { newId } from '../../lib/ids.js';
import { type CouponRow, couponOf, isUniqueViolation, couponsRepo as repo } from './coupons.repo.js';
import { couponProblem } from './discount-logic.js';
import {
  concurrentModification,
  type DiscountDeps,
  discountEvent,
  isoOf,
  pagingMetadataOf,
  patched,
} from './discounts.common.js';
import { couponDiscountOf, couponWire, parseAmount } from './discounts.mapper.js';
import { couponQuerySpec, resolveDerivedFields } from './discounts.query.js';
import type { CouponCheck, CouponRecord } from './discounts.types.js';

const PATH = 'coupon';
const WINDOW = { start: 'startDate', end: 'expirationDate' };

/** The outcome of taking one use of a coupon for an order. */
export type CouponUse = { ok: true } | { ok: false; problem: CouponProblem };

const codeTaken = (code: string) =>
  new AppError(
    'ALREADY_EXISTS',
    discountErrorCodes.couponCodeAlreadyExists,
    `A coupon with the code "${code}" exists`,
    {
      code,
    },
  );

/** The refusal a cart or checkout sends for a coupon that cannot apply: `COUPON_<problem>`. */
export function couponRefusal(code: string, problem: CouponProblem): AppError {
  const description = {
    NOT_FOUND: 'No coupon has this code',
    EXPIRED: 'The coupon has expired',
    NOT_STARTED: 'The coupon is not valid yet',
    INACTIVE: 'The coupon is not active',
    USED_UP: 'The coupon has been used as often as it may be',
    CUSTOMER_USED_UP: 'You have used this coupon as often as you may',
    MINIMUM_SUBTOTAL_NOT_MET: 'The order subtotal is below what the coupon needs',
  }[problem];
  return new AppError('FAILED_PRECONDITION', `COUPON_${problem}`, description, { couponCode: code });
}

/** Coupons (`/_api/merx/v1/coupons`), and the lookup and use that carts, checkouts and orders make of them. */
export function createCouponService(deps: DiscountDeps) {
  const currency = () => deps.store().currency;
  const wire = (coupon: CouponRecord) => couponWire(coupon, currency(), deps.clock.now());

  async function load(ex: Executor, id: string): Promise<CouponRecord> {
    const coupon = await repo.find(ex, id);
    if (!coupon) throw notFound(discountErrorCodes.couponNotFound, 'Coupon not found', { couponId: id });
    return coupon;
  }

  /** Discount and minimum subtotal in minor units; amounts the store currency cannot hold are violations. */
  function convert(input: Pick<CouponPatch, 'discount' | 'limits'>) {
    const violations: FieldViolation[] = [];
    const cur = currency();
    const discount = input.discount && couponDiscountOf(input.discount, cur, `${PATH}.discount`, violations);
    const minimum = input.limits?.minimumSubtotal;
    const minimumSubtotal =
      minimum == null ? minimum : parseAmount(minimum, cur, `${PATH}.limits.minimumSubtotal`, violations);
    if (violations.length > 0) throw new ValidationError(violations);
    return { discount, minimumSubtotal };
  }

  /** Runs a write; a unique-code failure (a racing write took the code) becomes 409. */
  async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken(code);
      throw error;
    }
  }

  return {
    async create(input: CouponInput, who?: Caller): Promise<Coupon> {
      const { discount, minimumSubtotal } = convert(input);
      const now = deps.clock.now().toISOString();
      const coupon: CouponRecord = {
        id: newId(),
        code: input.code,
        name: input.name,
        active: input.active ?? true,
        discount: discount!,
        minimumSubtotal: minimumSubtotal ?? null,
        usageLimit: input.limits?.usageLimit ?? null,
        usageLimitPerCustomer: input.limits?.usageLimitPerCustomer ?? null,
        usageCount: 0,
        discountTotal: 0,
        startDate: isoOf(input.startDate),
        expirationDate: isoOf(input.expirationDate),
        createdDate: now,
        updatedDate: now,
        revision: 1,
      };
      return guardCode(input.code, () =>
        withTransaction(deps.db, async (uow) => {
          if (!(await repo.insert(uow.trx, coupon))) throw codeTaken(input.code);
          const entity = wire(coupon);
          await deps.outbox.append(uow, discountEvent(couponEventTypes.created, coupon.id, { entity }, who));
          return entity;
        }),
      );
    },

    async get(id: string): Promise<Coupon> {
      return wire(await load(deps.db, id));
    },

    /** Compare-and-set on `patch.revision`: a stale revision changes nothing. */
    async update(id: string, patch: CouponPatch, who?: Caller): Promise<Coupon> {
      const { discount, minimumSubtotal } = convert(patch);
      const limits = patch.limits;
      return guardCode(patch.code ?? '', () =>
        withTransaction(deps.db, async (uow) => {
          const before = await load(uow.trx, id);
          const stale = () => concurrentModification('coupon', { couponId: id, revision: String(before.revision) });
          if (Number(patch.revision) !== before.revision) throw stale();
          const after: CouponRecord = {
            ...before,
            code: patch.code ?? before.code,
            name: patch.name ?? before.name,
            active: patch.active ?? before.active,
            discount: discount ?? before.discount,
            minimumSubtotal: limits === null ? null : patched(minimumSubtotal, before.minimumSubtotal),
            usageLimit: limits === null ? null : patched(limits?.usageLimit, before.usageLimit),
            usageLimitPerCustomer:
              limits === null ? null : patched(limits?.usageLimitPerCustomer, before.usageLimitPerCustomer),
            startDate: patched(patch.startDate, before.startDate, (s) => isoOf(s)!),
            expirationDate: patched(patch.expirationDate, before.expirationDate, (e) => isoOf(e)!),
            updatedDate: deps.clock.now().toISOString(),
            revision: before.revision + 1,
          };
          if (after.startDate && after.expirationDate && after.expirationDate <= after.startDate)
            throw invalid(`${PATH}.expirationDate`, 'must be after the start');
          const holder = patch.code ? await repo.findByCode(uow.trx, patch.code) : undefined;
          if (holder && holder.id !== id) throw codeTaken(patch.code!);
          if (!(await repo.replace(uow.trx, after, before.revision))) throw stale();
          const entity = wire(after);
          const modifiedFields = Object.keys(patch).filter((k) => k !== 'id' && k !== 'revision');
          await deps.outbox.append(uow, discountEvent(couponEventTypes.updated, id, { entity, modifiedFields }, who));
          return entity;
        }),
      );
    },

    async delete(id: string, who?: Caller): Promise<void> {
      await withTransaction(deps.db, async (uow) => {
        if (!(await repo.delete(uow.trx, id)))
          throw notFound(discountErrorCodes.couponNotFound, 'Coupon not found', { couponId: id });
        await deps.outbox.append(uow, discountEvent(couponEventTypes.deleted, id, { couponId: id }, who));
      });
    },

    async query(rawQuery: unknown) {
      const parsed = parseQuery(rawQuery ?? {}, couponQuerySpec);
      const query = resolveDerivedFields(parsed, WINDOW, deps.clock.now(), ['code']);
      const page = await runQuery<CouponRow>({
        base: repo.select(deps.db),
        spec: couponQuerySpec,
        query,
        cursorSecret: deps.cursorSecret,
      });
      return {
        coupons: page.rows.map((row) => wire(couponOf(row))),
        pagingMetadata: pagingMetadataOf(page, query.paging.kind === 'cursor'),
      };
    },

    /**
     * The coupon with `code` (any case) if it can apply at `now`, or why not. With `customerKey` the customer's
     * own limit is checked too, with `subtotal` (minor units) the minimum subtotal.
     */
    async findApplicableCoupon(
      code: string,
      now: Date = deps.clock.now(),
      context: { customerKey?: string; subtotal?: number } = {},
    ): Promise<CouponCheck> {
      if (!couponCode.safeParse(code).success) return { ok: false, problem: 'NOT_FOUND' };
      const coupon = await repo.findByCode(deps.db, code.trim());
      if (!coupon) return { ok: false, problem: 'NOT_FOUND' };
      const customerUses =
        context.customerKey && coupon.usageLimitPerCustomer !== null
          ? await repo.customerUses(deps.db, coupon.id, context.customerKey)
          : undefined;
      const problem = couponProblem(coupon, now, { customerUses, subtotal: context.subtotal });
      return problem ? { ok: false, problem } : { ok: true, coupon };
    },

    /**
     * Takes one use of the coupon for `customerKey` inside the order's transaction `ex`, counting `discount` (minor
     * units the coupon took off the order) in what it gave. Atomic on both engines: concurrent orders never exceed
     * the total or the per-customer limit. On refusal nothing stays written.
     */
    async recordCouponUse(ex: Executor, couponId: string, customerKey: string, discount = 0): Promise<CouponUse> {
      const now = deps.clock.now();
      const taken = await repo.takeUse(ex, couponId, now.toISOString(), discount);
      if (!taken) {
        const coupon = await repo.find(ex, couponId);
        return { ok: false, problem: coupon ? (couponProblem(coupon, now) ?? 'USED_UP') : 'NOT_FOUND' };
      }
      if (await repo.addCustomerUse(ex, couponId, customerKey, taken.perCustomer, now.toISOString()))
        return { ok: true };
      await repo.giveBackUse(ex, couponId, discount);
      return { ok: false, problem: 'CUSTOMER_USED_UP' };
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
