import type { DeliveryRegion, ShippingOption } from '@merx/sdk';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../components/badge';
import { type Column, DataTable } from '../../components/data-table';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { Empty, ErrorState, Loading } from '../../components/states';
import { fieldErrorsOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { optionsQuery, regionsQuery, useDeliveryRegions, useShippingOptions } from './api/shipping';
import { taxSettingsQuery, useTaxSettings, useUpdateTaxSettings } from './api/taxes';
import { AddressFields } from './components/address-fields';
import { Allowed } from './components/allowed';
import { SaveProblem } from './components/save-problem';
import { useDraft } from './hooks/use-draft';
import { addressFormOf, addressInputOf, addressText } from './lib/address';
import { destinationText } from './lib/countries';
import { errorsUnder } from './lib/field-errors';
import { ratesText } from './lib/rates';
import './shipping.css';

const crumbs = [{ label: 'Settings', to: '/settings' }];

const activeBadge = (active: boolean) => (active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>);

function regionColumns(options: readonly ShippingOption[]): ReadonlyArray<Column<DeliveryRegion>> {
  return [
    {
      id: 'name',
      header: 'Region',
      cell: (r) => (
        <Link to={`/settings/shipping/regions/${r.id}`}>
          <strong>{r.name}</strong>
        </Link>
      ),
    },
    { id: 'where', header: 'Countries', cell: (r) => r.destinations.map(destinationText).join('; ') },
    {
      id: 'options',
      header: 'Shipping options',
      secondary: true,
      cell: (r) => {
        const names = options.filter((o) => o.deliveryRegionIds.includes(r.id)).map((o) => o.title);
        return names.length ? names.join(', ') : <span className="muted">None yet</span>;
      },
    },
    { id: 'status', header: 'Status', cell: (r) => activeBadge(r.active) },
  ];
}

function optionColumns(regions: readonly DeliveryRegion[]): ReadonlyArray<Column<ShippingOption>> {
  const regionName = (id: string) => regions.find((r) => r.id === id)?.name ?? 'A deleted region';
  return [
    {
      id: 'name',
      header: 'Shipping option',
      cell: (o) => (
        <div className="cell-stack">
          <Link to={`/settings/shipping/options/${o.id}`}>
            <strong>{o.title}</strong>
          </Link>
          {o.estimatedDeliveryTime ? <span className="muted">{o.estimatedDeliveryTime}</span> : null}
        </div>
      ),
    },
    {
      id: 'regions',
      header: 'Delivers to',
      cell: (o) =>
        o.deliveryRegionIds.length ? (
          o.deliveryRegionIds.map(regionName).join(', ')
        ) : (
          <span className="muted">Everywhere</span>
        ),
    },
    { id: 'rates', header: 'Price', cell: (o) => ratesText(o) },
    {
      id: 'slots',
      header: 'Delivery windows',
      secondary: true,
      cell: (o) =>
        o.deliveryTimeSlots.length ? String(o.deliveryTimeSlots.length) : <span className="muted">None</span>,
    },
    { id: 'status', header: 'Status', cell: (o) => activeBadge(o.active) },
  ];
}

const pickupColumns: ReadonlyArray<Column<ShippingOption>> = [
  {
    id: 'name',
    header: 'Pickup point',
    cell: (o) => (
      <Link to={`/settings/shipping/options/${o.id}`}>
        <strong>{o.title}</strong>
      </Link>
    ),
  },
  { id: 'address', header: 'Address', cell: (o) => addressText(o.pickupDetails?.address) },
  { id: 'rates', header: 'Price', cell: (o) => ratesText(o) },
  { id: 'status', header: 'Status', cell: (o) => activeBadge(o.active) },
];

/**
 * Settings → Shipping and delivery: where the store delivers (regions), how (shipping options with their rates and
 * delivery windows), pickup points, and the business address. A detail page: the address is the one card edited
 * here; each region and option opens its own page.
 */
function PageContent() {
  const writer = useCan()('shipping:write');
  const navigate = useNavigate();
  const regions = useDeliveryRegions();
  const options = useShippingOptions();
  const all = options.data ?? [];
  const delivery = all.filter((o) => !o.pickupDetails);
  const pickup = all.filter((o) => o.pickupDetails);
  const add = (to: string, label: string) =>
    writer ? (
      <Link className="button button--secondary button--small" to={to}>
        {label}
      </Link>
    ) : null;

  return (
    <Page title="Shipping and delivery" crumbs={crumbs}>
      <Card title="Delivery regions" id="regions" actions={add('/settings/shipping/regions/new', 'Add region')}>
        <p className="card__lead">
          The countries, states and provinces you deliver to. Shipping options are offered in them.
        </p>
        <DataTable
          label="Delivery regions"
          columns={regionColumns(all)}
          rows={regions.data}
          rowId={(r) => r.id}
          loading={regions.isPending}
          error={regions.error}
          retry={() => void regions.refetch()}
          onOpen={(r) => navigate(`/settings/shipping/regions/${r.id}`)}
          empty={
            <Empty
              title="No delivery regions yet"
              action={add('/settings/shipping/regions/new', 'Add your first region')}
            >
              Add the countries you deliver to first, then the shipping options for them.
            </Empty>
          }
        />
      </Card>
      <Card
        title="Shipping options"
        id="options"
        actions={add('/settings/shipping/options/new', 'Add shipping option')}
      >
        <p className="card__lead">What shoppers choose from at checkout for an address in a region, with its price.</p>
        <DataTable
          label="Shipping options"
          columns={optionColumns(regions.data ?? [])}
          rows={options.data ? delivery : undefined}
          rowId={(o) => o.id}
          loading={options.isPending}
          error={options.error}
          retry={() => void options.refetch()}
          onOpen={(o) => navigate(`/settings/shipping/options/${o.id}`)}
          empty={
            <Empty
              title="No shipping options yet"
              action={add('/settings/shipping/options/new', 'Add a shipping option')}
            >
              Without one, shoppers cannot have their order delivered.
            </Empty>
          }
        />
      </Card>
      <Card
        title="Pickup points"
        id="pickup"
        actions={add('/settings/shipping/options/new?kind=pickup', 'Add pickup point')}
      >
        <p className="card__lead">Places where shoppers collect their order themselves.</p>
        <DataTable
          label="Pickup points"
          columns={pickupColumns}
          rows={options.data ? pickup : undefined}
          rowId={(o) => o.id}
          loading={options.isPending}
          error={options.error}
          retry={() => void options.refetch()}
          onOpen={(o) => navigate(`/settings/shipping/options/${o.id}`)}
          empty={
            <Empty title="No pickup points">
              Offer pickup at your shop or a partner's to save shoppers the shipping.
            </Empty>
          }
        />
      </Card>
      <BusinessAddress writer={writer} />
    </Page>
  );
}

/** The business address the tax settings keep: the tax falls back to it, and new pickup points start from it. */
function BusinessAddress({ writer }: { writer: boolean }) {
  const settings = useTaxSettings();
  if (!settings.data) {
    return (
      <Card title="Business address" id="business-address">
        {settings.error ? <ErrorState error={settings.error} retry={() => void settings.refetch()} /> : <Loading />}
      </Card>
    );
  }
  return <AddressEditor writer={writer} settings={settings.data} />;
}

function AddressEditor({
  writer,
  settings,
}: {
  writer: boolean;
  settings: NonNullable<ReturnType<typeof useTaxSettings>['data']>;
}) {
  const { draft, dirty, update, reset, discard } = useDraft(addressFormOf(settings.businessAddress));
  // The revision the edits started from: a change made elsewhere meanwhile is a conflict, not overwritten.
  const [revision, setRevision] = useState(settings.revision);
  const save = useUpdateTaxSettings();
  const errors = errorsUnder(fieldErrorsOf(save.error, 'taxSettings.'), 'businessAddress.');
  return (
    <Card title="Business address" id="business-address">
      <p className="card__lead">
        Where your business is. Tax is worked out from it when an order has no address, and new pickup points start from
        it.
      </p>
      <fieldset className="plain-fieldset" disabled={!writer}>
        <legend className="visually-hidden">Business address</legend>
        <SaveProblem
          error={save.error}
          hasFieldErrors={Object.keys(errors).length > 0}
          what="address"
          onReload={async () => {
            const fresh = await queryClient.fetchQuery({ ...taxSettingsQuery(), staleTime: 0 });
            reset(addressFormOf(fresh.businessAddress));
            setRevision(fresh.revision);
            save.reset();
          }}
        />
        <AddressFields value={draft} onChange={(next) => update(next)} errors={errors} />
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
              { businessAddress: addressInputOf(draft), revision },
              {
                onSuccess: (saved) => {
                  reset(addressFormOf(saved.businessAddress));
                  setRevision(saved.revision);
                  toast('Business address saved');
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
    <Allowed permission="shipping:read" title="Shipping and delivery">
      <PageContent />
    </Allowed>
  );
}

export function warm() {
  void queryClient.prefetchQuery(regionsQuery());
  void queryClient.prefetchQuery(optionsQuery());
  void queryClient.prefetchQuery(taxSettingsQuery());
}
