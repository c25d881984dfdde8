import { MerxApplicationError, type TaxRegion } from '@merx/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, isNotFound, messageOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { taxRegionQuery, useDeleteTaxRegion, useSaveTaxRegion, useTaxRegion } from './api/taxes';
import { Allowed } from './components/allowed';
import { SaveProblem } from './components/save-problem';
import { useDraft } from './hooks/use-draft';
import { countryName, countryOptions } from './lib/countries';
import { errorAt, unshownErrors } from './lib/field-errors';
import { totalRate } from './lib/tax';
import { fractionOfPercent, percentOfFraction, percentProblem } from './lib/values';
import './shipping.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Taxes', to: '/settings/taxes' },
];
const KINDS = [
  { value: 'COUNTRY', label: 'Country' },
  { value: 'STATE', label: 'State or province' },
  { value: 'COUNTY', label: 'County' },
  { value: 'CITY', label: 'City' },
  { value: 'SPECIAL', label: 'Special district' },
] as const;
type Kind = (typeof KINDS)[number]['value'];

interface TaxRegionForm {
  country: string;
  subdivision: string;
  collect: boolean;
  jurisdictions: Array<{ name: string; type: Kind; rate: string }>;
  shippingTaxable: boolean;
}

const blank: TaxRegionForm = {
  country: 'US',
  subdivision: '',
  collect: true,
  jurisdictions: [{ name: '', type: 'COUNTRY', rate: '' }],
  shippingTaxable: false,
};

const formOf = (r: TaxRegion): TaxRegionForm => ({
  country: r.country,
  subdivision: r.subdivision ?? '',
  collect: r.rateType === 'MANUAL_RATE',
  jurisdictions: r.jurisdictions.map((j) => ({ name: j.name, type: j.type, rate: percentOfFraction(j.rate) })),
  shippingTaxable: r.shippingTaxable,
});

const inputOf = (f: TaxRegionForm) => ({
  country: f.country,
  subdivision: f.subdivision.trim().toUpperCase() || null,
  rateType: f.collect ? ('MANUAL_RATE' as const) : ('NO_TAX_COLLECTED' as const),
  jurisdictions: f.collect
    ? f.jurisdictions.map((j) => ({ name: j.name.trim(), type: j.type, rate: fractionOfPercent(j.rate) }))
    : [],
  shippingTaxable: f.shippingTaxable,
});

function problemsOf(f: TaxRegionForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.collect) return out;
  if (f.jurisdictions.length === 0) out['jurisdictions'] = 'Add at least one rate, or choose to collect no tax here';
  f.jurisdictions.forEach((j, i) => {
    if (!j.name.trim()) out[`jurisdictions[${i}].name`] = 'Enter a name, e.g. “VAT” or “State tax”';
    const rate = percentProblem(j.rate);
    if (rate) out[`jurisdictions[${i}].rate`] = rate;
  });
  return out;
}

/** The server's refusals by field; a place that already has its region is the country's (or subdivision's). */
function errorsOf(error: unknown, f: TaxRegionForm): Record<string, string> {
  if (error instanceof MerxApplicationError && error.code === 'TAX_REGION_ALREADY_EXISTS') {
    const where = f.subdivision.trim()
      ? `${f.subdivision.trim().toUpperCase()} in ${countryName(f.country)}`
      : countryName(f.country);
    return {
      [f.subdivision.trim() ? 'subdivision' : 'country']:
        `${where} already has a tax region: open it from the list to change it.`,
    };
  }
  return fieldErrorsOf(error, 'taxRegion.');
}

/** Settings → Taxes → a tax region: a country (or one of its states), its rates, and tax on shipping. */
function PageContent() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <RegionEditor key="new" initial={blank} /> : <ExistingRegion key={id} id={id} />;
}

function ExistingRegion({ id }: { id: string }) {
  const region = useTaxRegion(id);
  if (region.data) return <RegionEditor region={region.data} initial={formOf(region.data)} />;
  return (
    <Page title="Tax region" crumbs={crumbs}>
      {region.error ? (
        <ErrorState
          error={
            isNotFound(region.error)
              ? new Error('This tax region does not exist; it may have been deleted.')
              : region.error
          }
          retry={isNotFound(region.error) ? undefined : () => void region.refetch()}
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function RegionEditor({ region, initial }: { region?: TaxRegion; initial: TaxRegionForm }) {
  const writer = useCan()('shipping:write');
  const navigate = useNavigate();
  const name = useId();
  const { draft, dirty, update, reset, discard } = useDraft(initial);
  const [revision, setRevision] = useState(region?.revision ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [goTo, setGoTo] = useState<string>();
  const save = useSaveTaxRegion();
  const remove = useDeleteTaxRegion();
  const errors = { ...errorsOf(save.error, draft), ...problems };
  const unshown = unshownErrors(errors, ['country', 'subdivision', 'rateType', 'jurisdictions', 'shippingTaxable']);
  const form = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (goTo && !dirty) navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save is refused, by the server or the page
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.error, problems]);

  const set = (patch: Partial<TaxRegionForm>) => {
    update(patch);
    if (Object.keys(problems).length) setProblems({});
  };
  const setJurisdiction = (i: number, patch: Partial<TaxRegionForm['jurisdictions'][number]>) =>
    set({ jurisdictions: draft.jurisdictions.map((j, k) => (k === i ? { ...j, ...patch } : j)) });

  const onSave = () => {
    const found = problemsOf(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = inputOf(draft);
    save.mutate(region ? { id: region.id, input: { ...input, revision } } : { input }, {
      onSuccess: (saved) => {
        reset(formOf(saved));
        setRevision(saved.revision);
        toast(region ? 'Tax region saved' : `Tax region for ${countryName(saved.country)} created`);
        if (!region) setGoTo(`/settings/taxes/regions/${saved.id}`);
      },
    });
  };

  const onDelete = async () => {
    if (!region) return;
    const ok = await confirmAction({
      title: 'Delete this tax region?',
      message: `No tax will be charged in ${countryName(region.country)}${region.subdivision ? ` (${region.subdivision})` : ''} unless another region covers it. This cannot be undone.`,
      confirmLabel: 'Delete tax region',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(region.id, {
      onSuccess: () => {
        toast('Tax region deleted');
        navigate('/settings/taxes', { replace: true });
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };

  const title = region
    ? `${countryName(region.country)}${region.subdivision ? ` — ${region.subdivision}` : ''}`
    : 'New tax region';

  return (
    <Page title={title} crumbs={crumbs}>
      <div className="columns" ref={form}>
        <fieldset className="plain-fieldset" disabled={!writer}>
          <legend className="visually-hidden">Tax region</legend>
          <SaveProblem
            error={save.error}
            hasFieldErrors={Object.keys(errors).length > 0}
            what="tax region"
            onReload={async () => {
              if (!region) return;
              const fresh = await queryClient.fetchQuery({ ...taxRegionQuery(region.id), staleTime: 0 });
              reset(formOf(fresh));
              setRevision(fresh.revision);
              save.reset();
            }}
          />
          {unshown ? (
            <div className="form-error" role="alert">
              {unshown}
            </div>
          ) : null}
          <Card title="Place" id="tax-place">
            <div className="form-row">
              <SelectField
                label="Country"
                value={draft.country}
                onChange={(e) => set({ country: e.target.value })}
                options={countryOptions()}
                error={errorAt(errors, 'country')}
              />
              <TextField
                label="State or province (optional)"
                value={draft.subdivision}
                onChange={(e) => set({ subdivision: e.target.value })}
                error={errorAt(errors, 'subdivision')}
                hint="A code such as CA. Empty: the whole country."
              />
            </div>
          </Card>
          <Card title="Rates" id="tax-rates">
            <div className="stack">
              <fieldset className="choice-group plain-fieldset">
                <legend className="visually-hidden">Collect tax here</legend>
                <label className="check">
                  <input type="radio" name={name} checked={draft.collect} onChange={() => set({ collect: true })} />
                  Collect tax at these rates
                </label>
                <label className="check">
                  <input type="radio" name={name} checked={!draft.collect} onChange={() => set({ collect: false })} />
                  Collect no tax here
                </label>
              </fieldset>
              {draft.collect ? (
                <>
                  {draft.jurisdictions.map((j, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rates have no identity but their place
                    <div key={i} className="jurisdiction">
                      <TextField
                        label={`Rate ${i + 1}: name`}
                        value={j.name}
                        onChange={(e) => setJurisdiction(i, { name: e.target.value })}
                        error={errorAt(errors, `jurisdictions[${i}].name`)}
                        placeholder="e.g. State tax"
                      />
                      <SelectField
                        label="Charged by"
                        value={j.type}
                        onChange={(e) => setJurisdiction(i, { type: e.target.value as Kind })}
                        options={KINDS}
                        error={errorAt(errors, `jurisdictions[${i}].type`)}
                      />
                      <div className="field-with-sign">
                        <TextField
                          label="Rate (%)"
                          inputMode="decimal"
                          value={j.rate}
                          onChange={(e) => setJurisdiction(i, { rate: e.target.value })}
                          error={errorAt(errors, `jurisdictions[${i}].rate`)}
                          placeholder="8.25"
                        />
                      </div>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => set({ jurisdictions: draft.jurisdictions.filter((_, k) => k !== i) })}
                      >
                        Remove<span className="visually-hidden"> rate {i + 1}</span>
                      </button>
                    </div>
                  ))}
                  {errors['jurisdictions'] ? <p className="field__error">{errors['jurisdictions']}</p> : null}
                  <div>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={draft.jurisdictions.length >= 10}
                      onClick={() =>
                        set({
                          jurisdictions: [
                            ...draft.jurisdictions,
                            { name: '', type: draft.subdivision.trim() ? 'CITY' : 'STATE', rate: '' },
                          ],
                        })
                      }
                    >
                      Add rate
                    </button>
                  </div>
                  <p className="field__hint">Rates add up: a 6% state tax and a 2.875% city tax charge 8.875%.</p>
                </>
              ) : null}
            </div>
          </Card>
          <Card title="Shipping" id="tax-shipping">
            <CheckboxField
              label="Charge tax on shipping"
              checked={draft.shippingTaxable}
              onChange={(e) => set({ shippingTaxable: e.target.checked })}
              hint="At the same rates as the items."
            />
          </Card>
        </fieldset>
        <div>
          {region ? (
            <Card title="Total rate" id="tax-total">
              <p className="big-figure">{totalRate(region)}</p>
            </Card>
          ) : null}
          {region && writer ? (
            <button type="button" className="button danger-quiet" onClick={onDelete} disabled={remove.isPending}>
              Delete tax region
            </button>
          ) : null}
        </div>
      </div>
      {writer ? (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          onSave={onSave}
          onDiscard={() => {
            discard();
            setProblems({});
            save.reset();
          }}
          saveLabel={region ? 'Save' : 'Save tax region'}
        />
      ) : null}
    </Page>
  );
}

/** The page, for staff holding shipping:read. */
export function Component() {
  return (
    <Allowed permission="shipping:read" title="Tax region">
      <PageContent />
    </Allowed>
  );
}

export function warm({ params }: { params: { id?: string } }) {
  if (params.id && params.id !== 'new') void queryClient.prefetchQuery(taxRegionQuery(params.id));
}
