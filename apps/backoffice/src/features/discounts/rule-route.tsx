import type { DiscountRule } from '@merx/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { CheckboxField, MoneyField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, isNotFound, messageOf } from '../../lib/errors';
import { formatNumber, storeMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { ruleQuery, useCreateRule, useDeleteRules, useRule, useUpdateRule } from './api/discount-rules';
import { Allowed } from './components/allowed';
import { ItemsPicker } from './components/items-picker';
import { RuleSummary } from './components/rule-summary';
import { SaveProblem } from './components/save-problem';
import { ScheduleFields } from './components/schedule-fields';
import { ValueFields } from './components/value-fields';
import { useDraft } from './hooks/use-draft';
import { conditionText, statusOf } from './lib/describe';
import {
  blankRule,
  type RuleForm,
  type RuleType,
  ruleFormOf,
  ruleInputOf,
  ruleProblems,
  ruleValueField,
} from './lib/rule-model';
import './discounts.css';

const TYPES: readonly RuleType[] = ['PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE'];
const crumbs = [
  { label: 'Discounts', to: '/discounts' },
  { label: 'Automatic discounts', to: '/discounts/automatic' },
];
const SHOWN = ['name', 'discounts', 'trigger', 'activeTimeInfo', 'active'];

/** Discounts → an automatic discount: what it gives, on what, when it applies, its dates; or a new one. */
function PageContent() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <RuleEditor key="new" /> : <ExistingRule key={id} id={id} />;
}

function ExistingRule({ id }: { id: string }) {
  const rule = useRule(id);
  if (rule.data) return <RuleEditor rule={rule.data} />;
  return (
    <Page title="Automatic discount" crumbs={crumbs}>
      {rule.error ? (
        <ErrorState
          error={
            isNotFound(rule.error)
              ? new Error('This automatic discount does not exist; it may have been deleted.')
              : rule.error
          }
          retry={isNotFound(rule.error) ? undefined : () => void rule.refetch()}
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function RuleEditor({ rule }: { rule?: DiscountRule }) {
  const writer = useCan()('discounts:write');
  const navigate = useNavigate();
  const { draft, dirty, update, reset, discard } = useDraft<RuleForm>(rule ? ruleFormOf(rule) : blankRule);
  const [revision, setRevision] = useState(rule?.revision ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [goTo, setGoTo] = useState<string>();
  const create = useCreateRule();
  const change = useUpdateRule();
  const remove = useDeleteRules();
  const saveError = rule ? change.error : create.error;
  const errors = { ...fieldErrorsOf(saveError, 'discountRule.'), ...problems };
  const errorAt = (prefix: string) =>
    Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];
  const unshown = Object.entries(errors).filter(([k]) => !SHOWN.some((s) => k === s || k.startsWith(`${s}.`)));
  const form = useRef<HTMLDivElement>(null);
  const conditionName = useId();

  useEffect(() => {
    if (goTo && !dirty) navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save is refused, by the server or the page
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [saveError, problems]);

  const set = (patch: Partial<RuleForm>) => {
    update(patch);
    if (Object.keys(problems).length) setProblems({});
  };

  const save = () => {
    const found = ruleProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = ruleInputOf(draft);
    if (!rule) {
      create.mutate(input, {
        onSuccess: (saved) => {
          reset(ruleFormOf(saved));
          toast(`Automatic discount “${saved.name}” created`);
          setGoTo(`/discounts/automatic/${saved.id}`);
        },
      });
      return;
    }
    change.mutate(
      { id: rule.id, patch: { ...input, revision } },
      {
        onSuccess: (saved) => {
          reset(ruleFormOf(saved));
          setRevision(saved.revision);
          toast('Automatic discount saved');
        },
      },
    );
  };

  const reload = async () => {
    if (!rule) return;
    const fresh = await queryClient.fetchQuery({ ...ruleQuery(rule.id), staleTime: 0 });
    reset(ruleFormOf(fresh));
    setRevision(fresh.revision);
    change.reset();
  };

  const onDelete = async () => {
    if (!rule) return;
    const ok = await confirmAction({
      title: `Delete “${rule.name}”?`,
      message: 'It stops applying at once. Orders placed with it keep their discount. This cannot be undone.',
      confirmLabel: 'Delete automatic discount',
      tone: 'danger',
    });
    if (!ok) return;
    const outcome = await remove.mutateAsync([rule.id]);
    if (outcome.failed) toast(messageOf(outcome.error), 'error');
    else {
      toast(`Automatic discount “${rule.name}” deleted`);
      navigate('/discounts/automatic', { replace: true });
    }
  };

  const status = rule ? statusOf(rule) : undefined;
  const conditionChoice = (value: RuleForm['condition'], label: string) => (
    <label className="check">
      <input
        type="radio"
        name={conditionName}
        checked={draft.condition === value}
        onChange={() => set({ condition: value })}
      />
      {label}
    </label>
  );

  return (
    <Page
      title={rule ? rule.name : 'New automatic discount'}
      crumbs={crumbs}
      subtitle={rule ? undefined : 'Applies in the cart by itself when its conditions hold; shoppers enter no code.'}
    >
      <div className="columns" ref={form}>
        <fieldset className="plain-fieldset" disabled={!writer}>
          <legend className="visually-hidden">Automatic discount</legend>
          <SaveProblem
            error={saveError}
            hasFieldErrors={Object.keys(errors).length > 0}
            what="discount"
            onReload={reload}
          />
          {unshown.length > 0 ? (
            <div className="form-error" role="alert">
              {unshown.map(([k, v]) => `${k}: ${v}`).join('. ')}
            </div>
          ) : null}
          <Card>
            <TextField
              label="Name"
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              error={errorAt('name')}
              hint="Shoppers see it beside the discount in the cart and on the order, e.g. “Summer sale”."
              maxLength={50}
            />
          </Card>
          <Card title="Value" id="rule-value">
            <div className="stack">
              <ValueFields
                types={TYPES}
                type={draft.type}
                value={draft.value}
                onChange={(c) =>
                  set({ ...(c.type ? { type: c.type } : {}), ...(c.value !== undefined ? { value: c.value } : {}) })
                }
                error={errorAt(ruleValueField(draft.type))}
              />
              <ItemsPicker
                value={draft.items}
                onChange={(items) => set({ items })}
                error={errorAt('discounts.values[0].specificItemsInfo')}
              />
            </div>
          </Card>
          <Card title="Applies when" id="rule-condition">
            <fieldset className="choice-group plain-fieldset">
              <legend className="visually-hidden">Applies when</legend>
              {conditionChoice('none', 'Always')}
              {conditionChoice('subtotal', 'The subtotal of the products it covers reaches an amount')}
              {draft.condition === 'subtotal' ? (
                <div className="narrow indented">
                  <MoneyField
                    label="Minimum subtotal"
                    currency={storeMoney.currency}
                    value={draft.minimumSubtotal}
                    onChange={(e) => set({ minimumSubtotal: e.target.value })}
                    error={errorAt('trigger.subtotalRange') ?? errorAt('trigger')}
                  />
                </div>
              ) : null}
              {conditionChoice('quantity', 'The cart holds a number of the products it covers')}
              {draft.condition === 'quantity' ? (
                <div className="narrow indented">
                  <TextField
                    label="Minimum quantity"
                    inputMode="numeric"
                    value={draft.minimumQuantity}
                    onChange={(e) => set({ minimumQuantity: e.target.value })}
                    error={errorAt('trigger.itemQuantityRange') ?? errorAt('trigger')}
                  />
                </div>
              ) : null}
              {rule && ruleFormOf(rule).condition === 'custom'
                ? conditionChoice(
                    'custom',
                    `As set through the API (${conditionText(rule).toLowerCase()}), kept as it is`,
                  )
                : null}
            </fieldset>
          </Card>
          <Card title="Active dates" id="rule-dates">
            <ScheduleFields
              start={draft.start}
              end={draft.end}
              onChange={(c) => set(c)}
              startError={errorAt('activeTimeInfo.start')}
              endError={errorAt('activeTimeInfo.end')}
            />
          </Card>
        </fieldset>
        <div>
          <RuleSummary form={draft} />
          <Card title="Status" id="rule-status">
            <div className="stack">
              {status ? <Badge tone={status.tone}>{status.label}</Badge> : <Badge>Not saved</Badge>}
              <CheckboxField
                label="Active"
                checked={draft.active}
                disabled={!writer}
                onChange={(e) => set({ active: e.target.checked })}
                hint="An active discount applies between its dates. Turn it off to pause it."
              />
            </div>
          </Card>
          {rule ? (
            <Card title="Usage" id="rule-usage">
              <dl className="usage">
                <div>
                  <dt>Orders</dt>
                  <dd>{formatNumber(rule.usageCount)}</dd>
                </div>
              </dl>
              <p className="muted small">Orders placed with this discount applied.</p>
            </Card>
          ) : null}
          {rule && writer ? (
            <button type="button" className="button danger-quiet" onClick={onDelete} disabled={remove.isPending}>
              Delete automatic discount
            </button>
          ) : null}
        </div>
      </div>
      {writer ? (
        <SaveBar
          dirty={dirty}
          saving={create.isPending || change.isPending}
          onSave={save}
          onDiscard={() => {
            discard();
            setProblems({});
            create.reset();
            change.reset();
          }}
          saveLabel={rule ? 'Save' : 'Save automatic discount'}
        />
      ) : null}
    </Page>
  );
}

/** The page, for staff holding discounts:read. */
export function Component() {
  return (
    <Allowed permission="discounts:read" title="Automatic discount">
      <PageContent />
    </Allowed>
  );
}

export function warm({ params }: { params: { id?: string } }) {
  if (params.id && params.id !== 'new') void queryClient.prefetchQuery(ruleQuery(params.id));
}
