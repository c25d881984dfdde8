import type { AdditionalFee, TipSettings } from '@merx/sdk';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable } from '../../components/data-table';
import { CheckboxField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, Loading } from '../../components/states';
import { fieldErrorsOf } from '../../lib/errors';
import { formatMoney, storeMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { feesQuery, tipSettingsQuery, useFees, useSaveTipSettings, useTipSettings } from './api/fees-tips';
import { Allowed } from './components/allowed';
import { SaveProblem } from './components/save-problem';
import { useDraft } from './hooks/use-draft';
import { FEE_TYPES } from './lib/fees';
import { errorAt } from './lib/field-errors';
import { decimalOf } from './lib/values';
import './shipping.css';

const crumbs = [{ label: 'Settings', to: '/settings' }];

const feeColumns: ReadonlyArray<Column<AdditionalFee>> = [
  {
    id: 'name',
    header: 'Fee',
    cell: (f) => (
      <Link to={`/settings/fees-tips/fees/${f.id}`}>
        <strong>{f.name}</strong>
      </Link>
    ),
  },
  { id: 'type', header: 'Kind', cell: (f) => FEE_TYPES[f.type] },
  { id: 'amount', header: 'Amount', align: 'end', cell: (f) => formatMoney(f.amount) },
  { id: 'taxable', header: 'Tax', cell: (f) => (f.taxable ? 'Taxed' : 'Not taxed'), secondary: true },
  {
    id: 'status',
    header: 'Status',
    cell: (f) => (f.active ? <Badge tone="success">Added to every order</Badge> : <Badge>Off</Badge>),
  },
];

/** Settings → Tips and fees: the tips shoppers may add at checkout, and fees the store adds to orders. */
function PageContent() {
  const writer = useCan()('shipping:write');
  const navigate = useNavigate();
  const tips = useTipSettings();
  const fees = useFees();
  const add = writer ? (
    <Link className="button button--secondary button--small" to="/settings/fees-tips/fees/new">
      Add fee
    </Link>
  ) : null;
  return (
    <Page title="Tips and fees" crumbs={crumbs}>
      {tips.isSuccess ? (
        <TipsCard settings={tips.data} writer={writer} />
      ) : (
        <Card title="Tips" id="tips">
          {tips.error ? <ErrorState error={tips.error} retry={() => void tips.refetch()} /> : <Loading />}
        </Card>
      )}
      <Card title="Additional fees" id="fees" actions={add}>
        <p className="card__lead">
          Amounts added to every order while they are on, such as handling or shipping insurance. Shoppers see each fee
          by name at checkout.
        </p>
        <DataTable
          label="Additional fees"
          columns={feeColumns}
          rows={fees.data}
          rowId={(f) => f.id}
          loading={fees.isPending}
          error={fees.error}
          retry={() => void fees.refetch()}
          onOpen={(f) => navigate(`/settings/fees-tips/fees/${f.id}`)}
          empty={<Empty title="No additional fees">Orders cost their items, shipping and tax, nothing more.</Empty>}
        />
      </Card>
    </Page>
  );
}

interface TipsForm {
  enabled: boolean;
  type: TipSettings['tipType'];
  /** Three suggestions as typed; empty ones are not offered. */
  presets: [string, string, string];
  defaultIndex: number;
  allowCustom: boolean;
}

function tipsFormOf(s: TipSettings | null): TipsForm {
  if (!s)
    return { enabled: false, type: 'PERCENTAGE', presets: ['10', '15', '20'], defaultIndex: 1, allowCustom: true };
  const values = s.presets.map((p) => String(p.value));
  return {
    enabled: s.allowCustomerTip,
    type: s.tipType,
    presets: [values[0] ?? '', values[1] ?? '', values[2] ?? ''],
    defaultIndex: Math.max(
      0,
      s.presets.findIndex((p) => p.default),
    ),
    allowCustom: s.allowCustomAmount,
  };
}

/** The suggestions offered (empty ones left out) and where each came from, to put refusals back beside them. */
function presetsOf(f: TipsForm) {
  const kept = f.presets.map((v, i) => ({ v: decimalOf(v), i })).filter((p) => p.v !== null);
  return {
    presets: kept.map((p) => ({ value: Number(p.v), default: p.i === f.defaultIndex })),
    origin: kept.map((p) => p.i),
  };
}

/** Whether shoppers can tip, what they are offered (up to three suggestions, one chosen first) and custom amounts. */
function TipsCard({ settings, writer }: { settings: TipSettings | null; writer: boolean }) {
  const name = useId();
  const { draft, dirty, update, reset, discard } = useDraft(tipsFormOf(settings));
  const [saved, setSaved] = useState(settings);
  const [problem, setProblem] = useState<string>();
  const save = useSaveTipSettings();
  const server = fieldErrorsOf(save.error, 'tipSettings.');
  const { origin } = presetsOf(draft);
  // A refusal of presets[k] belongs beside the suggestion it came from.
  const presetError = (i: number) => {
    const k = origin.indexOf(i);
    return k < 0 ? undefined : errorAt(server, `presets[${k}]`);
  };
  const percent = draft.type === 'PERCENTAGE';
  const setPreset = (i: number, v: string) => {
    const presets = [...draft.presets] as TipsForm['presets'];
    presets[i] = v;
    update({ presets });
  };

  const onSave = () => {
    const { presets } = presetsOf(draft);
    if (presets.length === 0) {
      setProblem('Enter at least one suggestion');
      return;
    }
    setProblem(undefined);
    const input = {
      tipType: draft.type,
      presets,
      allowCustomerTip: draft.enabled,
      allowCustomAmount: draft.allowCustom,
    };
    save.mutate(saved ? { id: saved.id, input: { ...input, id: saved.id, revision: saved.revision } } : { input }, {
      onSuccess: (next) => {
        setSaved(next);
        reset(tipsFormOf(next));
        toast('Tip settings saved');
      },
    });
  };

  return (
    <Card title="Tips" id="tips">
      <fieldset className="plain-fieldset stack" disabled={!writer}>
        <legend className="visually-hidden">Tips</legend>
        <SaveProblem
          error={save.error}
          hasFieldErrors={Object.keys(server).length > 0}
          what="tip settings"
          onReload={async () => {
            const fresh = await queryClient.fetchQuery({ ...tipSettingsQuery(), staleTime: 0 });
            setSaved(fresh);
            reset(tipsFormOf(fresh));
            save.reset();
          }}
        />
        <CheckboxField
          label="Let shoppers add a tip at checkout"
          checked={draft.enabled}
          onChange={(e) => update({ enabled: e.target.checked })}
        />
        <fieldset className="choice-group plain-fieldset">
          <legend>Suggest tips as</legend>
          <label className="check">
            <input type="radio" name={name} checked={percent} onChange={() => update({ type: 'PERCENTAGE' })} />A
            percentage of the order
          </label>
          <label className="check">
            <input type="radio" name={name} checked={!percent} onChange={() => update({ type: 'AMOUNT' })} />
            Fixed amounts ({storeMoney.currency})
          </label>
        </fieldset>
        <fieldset className="plain-fieldset">
          <legend>Suggestions</legend>
          <p className="field__hint">Up to three. The one marked first is chosen when the shopper arrives.</p>
          <div className="presets">
            {draft.presets.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the three suggestions are fixed places
              <div key={i} className={`preset${presetError(i) ? ' field--invalid' : ''}`}>
                <label htmlFor={`${name}-p${i}`}>Suggestion {i + 1}</label>
                <div className="money-input">
                  <input
                    id={`${name}-p${i}`}
                    inputMode="decimal"
                    value={v}
                    onChange={(e) => setPreset(i, e.target.value)}
                    aria-invalid={presetError(i) ? true : undefined}
                    aria-describedby={presetError(i) ? `${name}-p${i}-error` : undefined}
                  />
                  <span aria-hidden="true">{percent ? '%' : storeMoney.currency}</span>
                </div>
                <label className="check">
                  <input
                    type="radio"
                    name={`${name}-default`}
                    checked={draft.defaultIndex === i}
                    onChange={() => update({ defaultIndex: i })}
                  />
                  First choice
                </label>
                {presetError(i) ? (
                  <p id={`${name}-p${i}-error`} className="field__error">
                    {presetError(i)}
                  </p>
                ) : null}
              </div>
            ))}
          </div>
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
        </fieldset>
        <CheckboxField
          label="Let shoppers enter their own amount"
          checked={draft.allowCustom}
          onChange={(e) => update({ allowCustom: e.target.checked })}
        />
      </fieldset>
      {writer ? (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          onSave={onSave}
          onDiscard={() => {
            discard();
            setProblem(undefined);
            save.reset();
          }}
        />
      ) : null}
    </Card>
  );
}

/** The page, for staff holding shipping:read. */
export function Component() {
  return (
    <Allowed permission="shipping:read" title="Tips and fees">
      <PageContent />
    </Allowed>
  );
}

export function warm() {
  void queryClient.prefetchQuery(tipSettingsQuery());
  void queryClient.prefetchQuery(feesQuery());
}
