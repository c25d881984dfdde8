import type { TaxRegion, TaxSettings } from '@merx/sdk';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable } from '../../components/data-table';
import { CheckboxField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, Loading } from '../../components/states';
import { fieldErrorsOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { taxRegionsQuery, taxSettingsQuery, useTaxRegions, useTaxSettings, useUpdateTaxSettings } from './api/taxes';
import { Allowed } from './components/allowed';
import { SaveProblem } from './components/save-problem';
import { useDraft } from './hooks/use-draft';
import { addressText } from './lib/address';
import { countryName } from './lib/countries';
import { totalRate } from './lib/tax';
import { percentOfFraction } from './lib/values';
import './shipping.css';

const crumbs = [{ label: 'Settings', to: '/settings' }];

const columns: ReadonlyArray<Column<TaxRegion>> = [
  {
    id: 'where',
    header: 'Region',
    cell: (r) => (
      <Link to={`/settings/taxes/regions/${r.id}`}>
        <strong>{countryName(r.country)}</strong>
        {r.subdivision ? ` — ${r.subdivision}` : ''}
      </Link>
    ),
  },
  { id: 'rate', header: 'Rate', align: 'end', cell: (r) => totalRate(r) },
  {
    id: 'parts',
    header: 'Made of',
    secondary: true,
    cell: (r) =>
      r.rateType === 'NO_TAX_COLLECTED'
        ? 'No tax collected here'
        : r.jurisdictions.map((j) => `${j.name} ${percentOfFraction(j.rate)}%`).join(', ') || '—',
  },
  {
    id: 'shipping',
    header: 'Tax on shipping',
    cell: (r) => (r.shippingTaxable ? <Badge tone="info">Taxed</Badge> : <Badge>Not taxed</Badge>),
  },
];

/** Settings → Taxes: how tax is worked out (prices with or without tax, which address counts) and the rates by place. */
function PageContent() {
  const writer = useCan()('shipping:write');
  const navigate = useNavigate();
  const settings = useTaxSettings();
  const regions = useTaxRegions();
  const add = writer ? (
    <Link className="button button--secondary button--small" to="/settings/taxes/regions/new">
      Add tax region
    </Link>
  ) : null;
  return (
    <Page title="Taxes" crumbs={crumbs}>
      {settings.data ? (
        <SettingsCard settings={settings.data} writer={writer} />
      ) : (
        <Card title="How tax is charged" id="tax-settings">
          {settings.error ? <ErrorState error={settings.error} retry={() => void settings.refetch()} /> : <Loading />}
        </Card>
      )}
      <Card title="Tax regions" id="tax-regions" actions={add}>
        <p className="card__lead">
          The rates charged where your customers are. A state or province has its own region when its rate differs from
          the rest of its country. No region for a place: no tax is charged there.
        </p>
        <DataTable
          label="Tax regions"
          columns={columns}
          rows={regions.data}
          rowId={(r) => r.id}
          loading={regions.isPending}
          error={regions.error}
          retry={() => void regions.refetch()}
          onOpen={(r) => navigate(`/settings/taxes/regions/${r.id}`)}
          empty={
            <Empty title="No tax regions yet" action={add}>
              Add a region for each country or state where you collect tax.
            </Empty>
          }
        />
      </Card>
    </Page>
  );
}

const ADDRESSES: ReadonlyArray<{ value: TaxSettings['taxableAddress']; label: string; hint: string }> = [
  { value: 'SHIPPING', label: 'Shipping address', hint: 'Where the order goes (the usual choice).' },
  { value: 'BILLING', label: 'Billing address', hint: 'Where the buyer pays from.' },
  { value: 'BUSINESS', label: 'Business address', hint: 'Where your business is, whoever buys.' },
];

/** Prices with or without tax, and which address decides the rate: the card the save bar saves. */
function SettingsCard({ settings, writer }: { settings: TaxSettings; writer: boolean }) {
  const name = useId();
  const initial = { taxIncluded: settings.taxIncludedInItemPrices, taxableAddress: settings.taxableAddress };
  const { draft, dirty, update, reset, discard } = useDraft(initial);
  const [revision, setRevision] = useState(settings.revision);
  const save = useUpdateTaxSettings();
  const errors = fieldErrorsOf(save.error, 'taxSettings.');
  return (
    <Card title="How tax is charged" id="tax-settings">
      <fieldset className="plain-fieldset stack" disabled={!writer}>
        <legend className="visually-hidden">How tax is charged</legend>
        <SaveProblem
          error={save.error}
          hasFieldErrors={false}
          what="tax settings"
          onReload={async () => {
            const fresh = await queryClient.fetchQuery({ ...taxSettingsQuery(), staleTime: 0 });
            reset({ taxIncluded: fresh.taxIncludedInItemPrices, taxableAddress: fresh.taxableAddress });
            setRevision(fresh.revision);
            save.reset();
          }}
        />
        <CheckboxField
          label="Prices include tax"
          checked={draft.taxIncluded}
          onChange={(e) => update({ taxIncluded: e.target.checked })}
          hint="On: the prices you enter already hold the tax (as in most of Europe). Off: tax is added at checkout."
        />
        <fieldset className="choice-group plain-fieldset">
          <legend>Charge the rate of the buyer’s</legend>
          {ADDRESSES.map((a) => (
            <label key={a.value} className="check check--top">
              <input
                type="radio"
                name={name}
                checked={draft.taxableAddress === a.value}
                onChange={() => update({ taxableAddress: a.value })}
              />
              <span>
                {a.label}
                <span className="muted block">{a.hint}</span>
              </span>
            </label>
          ))}
          {errors['taxableAddress'] ? <p className="field__error">{errors['taxableAddress']}</p> : null}
        </fieldset>
        <p className="field__hint">
          Without that address on an order, the billing, then the business address counts.{' '}
          {settings.businessAddress ? (
            <>
              Business address: {addressText(settings.businessAddress)} (
              <Link to="/settings/shipping#business-address">change</Link>).
            </>
          ) : (
            <>
              No business address yet: <Link to="/settings/shipping#business-address">add it</Link>.
            </>
          )}
        </p>
      </fieldset>
      {writer ? (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          onDiscard={() => {
            discard();
            save.reset();
          }}
          onSave={() =>
            save.mutate(
              { taxIncludedInItemPrices: draft.taxIncluded, taxableAddress: draft.taxableAddress, revision },
              {
                onSuccess: (saved) => {
                  reset({ taxIncluded: saved.taxIncludedInItemPrices, taxableAddress: saved.taxableAddress });
                  setRevision(saved.revision);
                  toast('Tax settings saved');
                },
              },
            )
          }
        />
      ) : null}
    </Card>
  );
}

/** The page, for staff holding shipping:read. */
export function Component() {
  return (
    <Allowed permission="shipping:read" title="Taxes">
      <PageContent />
    </Allowed>
  );
}

export function warm() {
  void queryClient.prefetchQuery(taxSettingsQuery());
  void queryClient.prefetchQuery(taxRegionsQuery());
}
