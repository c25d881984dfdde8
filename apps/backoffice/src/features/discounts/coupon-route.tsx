import { type Coupon, MerxApplicationError } from '@merx/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CheckboxField, MoneyField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, isNotFound, messageOf } from '../../lib/errors';
import { storeMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { couponQuery, useCoupon, useCreateCoupon, useDeleteCoupons, useUpdateCoupon } from './api/coupons';
import { Allowed } from './components/allowed';
import { CouponSummary, CouponUsage } from './components/coupon-summary';
import { SpecificItems } from './components/items-picker';
import { SaveProblem } from './components/save-problem';
import { ScheduleFields } from './components/schedule-fields';
import { ValueFields } from './components/value-fields';
import { useDraft } from './hooks/use-draft';
import {
  blankCoupon,
  type CouponForm,
  type CouponType,
  couponFormOf,
  couponInputOf,
  couponProblems,
  valueField,
} from './lib/coupon-model';
import { randomCouponCode } from './lib/values';
import './discounts.css';

const TYPES: readonly CouponType[] = ['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE', 'FREE_SHIPPING'];
const crumbs = [{ label: 'Discounts', to: '/discounts' }];
/** Fields the page shows errors beside (as the server names them, below `coupon.`). */
const SHOWN = ['code', 'name', 'discount', 'limits', 'startDate', 'expirationDate', 'active'];

/** The server's refusals by field, a taken code included. */
function errorsOf(error: unknown): Record<string, string> {
  if (error instanceof MerxApplicationError && error.code === 'COUPON_CODE_ALREADY_EXISTS')
    return { code: 'Another discount code already uses this code (codes are the same whatever their case).' };
  return fieldErrorsOf(error, 'coupon.');
}

/** Discounts → a discount code: its value, what it covers, limits and dates, usage; or a new one. */
function PageContent() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <CouponEditor key="new" /> : <ExistingCoupon key={id} id={id} />;
}

function ExistingCoupon({ id }: { id: string }) {
  const coupon = useCoupon(id);
  if (coupon.data) return <CouponEditor coupon={coupon.data} />;
  return (
    <Page title="Discount code" crumbs={crumbs}>
      {coupon.error ? (
        <ErrorState
          error={
            isNotFound(coupon.error)
              ? new Error('This discount code does not exist; it may have been deleted.')
              : coupon.error
          }
          retry={isNotFound(coupon.error) ? undefined : () => void coupon.refetch()}
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function CouponEditor({ coupon }: { coupon?: Coupon }) {
  const writer = useCan()('discounts:write');
  const navigate = useNavigate();
  const { draft, dirty, update, reset, discard } = useDraft<CouponForm>(coupon ? couponFormOf(coupon) : blankCoupon);
  const [revision, setRevision] = useState(coupon?.revision ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [goTo, setGoTo] = useState<string>();
  const create = useCreateCoupon();
  const change = useUpdateCoupon();
  const remove = useDeleteCoupons();
  const saving = create.isPending || change.isPending;
  const saveError = coupon ? change.error : create.error;
  const errors = { ...errorsOf(saveError), ...problems };
  const errorAt = (prefix: string) =>
    Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
  const unshown = Object.entries(errors).filter(([k]) => !SHOWN.some((s) => k === s || k.startsWith(`${s}.`)));
  const form = useRef<HTMLDivElement>(null);
  const targetName = useId();

  // Leaves a new coupon's page for its own once it is saved (and no longer unsaved).
  useEffect(() => {
    if (goTo && !dirty) navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);
  // After a refused save, the first field in error takes the focus (once per refusal, not on every keystroke).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save is refused, by the server or the page
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [saveError, problems]);

  const save = () => {
    const found = couponProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = couponInputOf(draft);
    if (!coupon) {
      create.mutate(input, {
        onSuccess: (saved) => {
          reset(couponFormOf(saved));
          toast(`Discount code ${saved.code} created`);
          setGoTo(`/discounts/coupons/${saved.id}`);
        },
      });
      return;
    }
    change.mutate(
      { id: coupon.id, patch: { ...input, revision } },
      {
        onSuccess: (saved) => {
          reset(couponFormOf(saved));
          setRevision(saved.revision);
          toast('Discount code saved');
        },
      },
    );
  };

  const reload = async () => {
    if (!coupon) return;
    const fresh = await queryClient.fetchQuery({ ...couponQuery(coupon.id), staleTime: 0 });
    reset(couponFormOf(fresh));
    setRevision(fresh.revision);
    change.reset();
  };

  const onDelete = async () => {
    if (!coupon) return;
    const ok = await confirmAction({
      title: `Delete ${coupon.code}?`,
      message: 'Shoppers can no longer use this code. Orders that used it keep their discount. This cannot be undone.',
      confirmLabel: 'Delete discount code',
      tone: 'danger',
    });
    if (!ok) return;
    const outcome = await remove.mutateAsync([coupon.id]);
    if (outcome.failed) toast(messageOf(outcome.error), 'error');
    else {
      toast(`Discount code ${coupon.code} deleted`);
      navigate('/discounts', { replace: true });
    }
  };

  const set = (patch: Partial<CouponForm>) => {
    update(patch);
    if (Object.keys(problems).length) setProblems({});
  };

  return (
    <Page
      title={coupon ? coupon.code : 'New discount code'}
      crumbs={crumbs}
      subtitle={coupon ? undefined : 'Shoppers enter the code in the cart or at checkout.'}
    >
      <div className="columns" ref={form}>
        <fieldset className="plain-fieldset" disabled={!writer}>
          <legend className="visually-hidden">Discount code</legend>
          <SaveProblem
            error={saveError}
            hasFieldErrors={Object.keys(errors).length > 0}
            what="discount code"
            onReload={reload}
          />
          {unshown.length > 0 ? (
            <div className="form-error" role="alert">
              {unshown.map(([k, v]) => `${k}: ${v}`).join('. ')}
            </div>
          ) : null}
          <Card title="Code" id="coupon-code">
            <div className="stack">
              <div className="code-row">
                <TextField
                  label="Discount code"
                  value={draft.code}
                  onChange={(e) => set({ code: e.target.value })}
                  error={errorAt('code')}
                  hint="3 to 50 letters, digits, - or _. Shoppers may type it in any case."
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={60}
                />
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => set({ code: randomCouponCode() })}
                >
                  Generate code
                </button>
              </div>
              <TextField
                label="Title (optional)"
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
                error={errorAt('name')}
                hint="For you, in lists and reports. Empty: the code."
                maxLength={100}
              />
            </div>
          </Card>

          <Card title="Value" id="coupon-value">
            <div className="stack">
              <ValueFields
                types={TYPES}
                type={draft.type}
                value={draft.value}
                onChange={(c) =>
                  set({ ...(c.type ? { type: c.type } : {}), ...(c.value !== undefined ? { value: c.value } : {}) })
                }
                error={errorAt(valueField(draft.type))}
              />
              {draft.type === 'FREE_SHIPPING' ? (
                <p className="muted">The order ships for free (any shipping option).</p>
              ) : (
                <fieldset className="choice-group plain-fieldset">
                  <legend>Applies to</legend>
                  <label className="check">
                    <input
                      type="radio"
                      name={targetName}
                      checked={draft.target === 'GLOBAL'}
                      onChange={() => set({ target: 'GLOBAL' })}
                    />
                    {draft.type === 'FIXED_PRICE' ? 'Every item' : 'The entire order'}
                  </label>
                  <label className="check">
                    <input
                      type="radio"
                      name={targetName}
                      checked={draft.target === 'SPECIFIC_ITEMS'}
                      onChange={() => set({ target: 'SPECIFIC_ITEMS' })}
                    />
                    Specific products or collections
                  </label>
                  <label className="check">
                    <input
                      type="radio"
                      name={targetName}
                      checked={draft.target === 'SHIPPING'}
                      onChange={() => set({ target: 'SHIPPING' })}
                    />
                    The shipping
                  </label>
                  {draft.target === 'SPECIFIC_ITEMS' ? (
                    <SpecificItems
                      value={draft.items}
                      onChange={(items) => set({ items })}
                      error={errorAt('discount.specificItemsInfo') ?? errorAt('discount.targetType')}
                    />
                  ) : errorAt('discount.targetType') ? (
                    <p className="field__error">{errorAt('discount.targetType')}</p>
                  ) : null}
                </fieldset>
              )}
            </div>
          </Card>

          <Card title="Requirements and limits" id="coupon-limits">
            <div className="stack">
              <CheckboxField
                label="Require a minimum order subtotal"
                checked={draft.hasMinimum}
                onChange={(e) => set({ hasMinimum: e.target.checked })}
              />
              {draft.hasMinimum ? (
                <div className="narrow">
                  <MoneyField
                    label="Minimum subtotal"
                    currency={storeMoney.currency}
                    value={draft.minimumSubtotal}
                    onChange={(e) => set({ minimumSubtotal: e.target.value })}
                    error={errorAt('limits.minimumSubtotal')}
                    hint="The items' total before discounts, shipping and tax."
                  />
                </div>
              ) : null}
              <CheckboxField
                label="Limit the total number of uses"
                checked={draft.limitTotal}
                onChange={(e) => set({ limitTotal: e.target.checked })}
              />
              {draft.limitTotal ? (
                <div className="narrow">
                  <TextField
                    label="Total uses"
                    inputMode="numeric"
                    value={draft.usageLimit}
                    onChange={(e) => set({ usageLimit: e.target.value })}
                    error={errorAt('limits.usageLimit')}
                  />
                </div>
              ) : null}
              <CheckboxField
                label="Limit uses per customer"
                checked={draft.limitPerCustomer}
                onChange={(e) => set({ limitPerCustomer: e.target.checked })}
                hint="A customer is a signed-in member, or a visitor's browser."
              />
              {draft.limitPerCustomer ? (
                <div className="narrow">
                  <TextField
                    label="Uses per customer"
                    inputMode="numeric"
                    value={draft.usageLimitPerCustomer}
                    onChange={(e) => set({ usageLimitPerCustomer: e.target.value })}
                    error={errorAt('limits.usageLimitPerCustomer')}
                    hint="1: once per customer."
                  />
                </div>
              ) : null}
            </div>
          </Card>

          <Card title="Active dates" id="coupon-dates">
            <ScheduleFields
              start={draft.start}
              end={draft.end}
              onChange={(c) => set(c)}
              startError={errorAt('startDate')}
              endError={errorAt('expirationDate')}
            />
          </Card>
        </fieldset>

        <div>
          <CouponSummary form={draft} coupon={coupon} />
          <Card title="Status" id="coupon-status">
            <CheckboxField
              label="Active"
              checked={draft.active}
              disabled={!writer}
              onChange={(e) => set({ active: e.target.checked })}
              hint="Shoppers can use an active code between its dates. Turn it off to pause it."
            />
          </Card>
          {coupon ? <CouponUsage coupon={coupon} /> : null}
          {coupon && writer ? (
            <button type="button" className="button danger-quiet" onClick={onDelete} disabled={remove.isPending}>
              Delete discount code
            </button>
          ) : null}
        </div>
      </div>
      {writer ? (
        <SaveBar
          dirty={dirty}
          saving={saving}
          onSave={save}
          onDiscard={() => {
            discard();
            setProblems({});
            create.reset();
            change.reset();
          }}
          saveLabel={coupon ? 'Save' : 'Save discount code'}
        />
      ) : null}
    </Page>
  );
}

/** The page, for staff holding discounts:read. */
export function Component() {
  return (
    <Allowed permission="discounts:read" title="Discount code">
      <PageContent />
    </Allowed>
  );
}

/** Starts loading the coupon while the page opens. */
export function warm({ params }: { params: { id?: string } }) {
  if (params.id && params.id !== 'new') void queryClient.prefetchQuery(couponQuery(params.id));
}
