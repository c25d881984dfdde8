import type { DeliveryRegion } from '@merx/sdk';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  optionsQuery,
  regionsQuery,
  useDeleteDeliveryRegion,
  useDeliveryRegions,
  useSaveDeliveryRegion,
  useShippingOptions,
} from './api/shipping';
import { Allowed } from './components/allowed';
import { SaveProblem } from './components/save-problem';
import { useDraft } from './hooks/use-draft';
import { countryOptions, subdivisionsOf } from './lib/countries';
import { errorAt, unshownErrors } from './lib/field-errors';
import './shipping.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Shipping and delivery', to: '/settings/shipping' },
];

interface RegionForm {
  name: string;
  active: boolean;
  destinations: Array<{ country: string; subdivisions: string }>;
}

const blankRegion: RegionForm = { name: '', active: true, destinations: [{ country: 'US', subdivisions: '' }] };

const regionFormOf = (r: DeliveryRegion): RegionForm => ({
  name: r.name,
  active: r.active,
  destinations: r.destinations.map((d) => ({ country: d.countryCode, subdivisions: d.subdivisions.join(', ') })),
});

const regionInputOf = (f: RegionForm) => ({
  name: f.name.trim(),
  active: f.active,
  destinations: f.destinations.map((d) => ({ countryCode: d.country, subdivisions: subdivisionsOf(d.subdivisions) })),
});

/** Settings → Shipping and delivery → a delivery region: its countries, and states or provinces in them. */
function PageContent() {
  const { id = 'new' } = useParams();
  const regions = useDeliveryRegions();
  if (id === 'new') return <RegionEditor key="new" initial={blankRegion} />;
  const region = regions.data?.find((r) => r.id === id);
  if (region) return <RegionEditor key={id} region={region} initial={regionFormOf(region)} />;
  return (
    <Page title="Delivery region" crumbs={crumbs}>
      {regions.error ? (
        <ErrorState error={regions.error} retry={() => void regions.refetch()} />
      ) : regions.data ? (
        <ErrorState error={new Error('This delivery region does not exist; it may have been deleted.')} />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function RegionEditor({ region, initial }: { region?: DeliveryRegion; initial: RegionForm }) {
  const writer = useCan()('shipping:write');
  const navigate = useNavigate();
  const options = useShippingOptions();
  const { draft, dirty, update, reset, discard } = useDraft(initial);
  const [revision, setRevision] = useState(region?.revision ?? '');
  const [goTo, setGoTo] = useState<string>();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useSaveDeliveryRegion();
  const remove = useDeleteDeliveryRegion();
  const errors = { ...fieldErrorsOf(save.error, 'deliveryRegion.'), ...problems };
  const unshown = unshownErrors(errors, ['name', 'destinations', 'active']);
  const usedBy = region ? (options.data ?? []).filter((o) => o.deliveryRegionIds.includes(region.id)) : [];
  const form = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (goTo && !dirty) navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save is refused, by the server or the page
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.error, problems]);

  const set = (patch: Partial<RegionForm>) => {
    update(patch);
    if (Object.keys(problems).length) setProblems({});
  };
  const setDestination = (i: number, patch: Partial<RegionForm['destinations'][number]>) =>
    set({ destinations: draft.destinations.map((d, j) => (j === i ? { ...d, ...patch } : d)) });

  const onSave = () => {
    if (!draft.name.trim()) {
      setProblems({ name: 'Enter a name, e.g. “Europe” or “West coast”' });
      return;
    }
    const input = regionInputOf(draft);
    save.mutate(region ? { id: region.id, input: { ...input, revision } } : { input }, {
      onSuccess: (saved) => {
        reset(regionFormOf(saved));
        setRevision(saved.revision);
        toast(region ? 'Delivery region saved' : `Delivery region “${saved.name}” created`);
        if (!region) setGoTo(`/settings/shipping/regions/${saved.id}`);
      },
    });
  };

  const onDelete = async () => {
    if (!region) return;
    const ok = await confirmAction({
      title: `Delete “${region.name}”?`,
      message: 'The region is removed. This cannot be undone.',
      confirmLabel: 'Delete region',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(region.id, {
      onSuccess: () => {
        toast(`Delivery region “${region.name}” deleted`);
        navigate('/settings/shipping', { replace: true });
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };

  return (
    <Page title={region ? region.name : 'New delivery region'} crumbs={crumbs}>
      <div className="columns" ref={form}>
        <fieldset className="plain-fieldset" disabled={!writer}>
          <legend className="visually-hidden">Delivery region</legend>
          <SaveProblem
            error={save.error}
            hasFieldErrors={Object.keys(errors).length > 0}
            what="region"
            onReload={async () => {
              const fresh = (await queryClient.fetchQuery({ ...regionsQuery(), staleTime: 0 })).find(
                (r) => r.id === region?.id,
              );
              if (fresh) {
                reset(regionFormOf(fresh));
                setRevision(fresh.revision);
              }
              save.reset();
            }}
          />
          {unshown ? (
            <div className="form-error" role="alert">
              {unshown}
            </div>
          ) : null}
          <Card title="Region" id="region-name">
            <TextField
              label="Name"
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              error={errorAt(errors, 'name')}
              hint="For you: shoppers never see it."
              maxLength={100}
            />
          </Card>
          <Card title="Countries" id="region-destinations">
            <div className="stack">
              {draft.destinations.map((d, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: destinations have no identity but their place
                <div key={i} className="destination">
                  <SelectField
                    label={`Country ${i + 1}`}
                    value={d.country}
                    onChange={(e) => setDestination(i, { country: e.target.value })}
                    options={countryOptions()}
                    error={errorAt(errors, `destinations[${i}].countryCode`)}
                  />
                  <TextField
                    label="States or provinces (optional)"
                    value={d.subdivisions}
                    onChange={(e) => setDestination(i, { subdivisions: e.target.value })}
                    error={errorAt(errors, `destinations[${i}].subdivisions`)}
                    hint="Codes such as CA, NY. Empty: the whole country."
                  />
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={draft.destinations.length === 1}
                    onClick={() => set({ destinations: draft.destinations.filter((_, j) => j !== i) })}
                  >
                    Remove<span className="visually-hidden"> country {i + 1}</span>
                  </button>
                </div>
              ))}
              {errors['destinations'] ? <p className="field__error">{errors['destinations']}</p> : null}
              <div>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => set({ destinations: [...draft.destinations, { country: 'US', subdivisions: '' }] })}
                >
                  Add country
                </button>
              </div>
            </div>
          </Card>
        </fieldset>
        <div>
          <Card title="Status" id="region-status">
            <CheckboxField
              label="Active"
              checked={draft.active}
              disabled={!writer}
              onChange={(e) => set({ active: e.target.checked })}
              hint="Shipping options are offered in an active region only."
            />
          </Card>
          {region ? (
            <Card title="Shipping options here" id="region-options">
              {usedBy.length ? (
                <ul className="plain-list">
                  {usedBy.map((o) => (
                    <li key={o.id}>
                      <Link to={`/settings/shipping/options/${o.id}`}>{o.title}</Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">No shipping option delivers here yet.</p>
              )}
            </Card>
          ) : null}
          {region && writer ? (
            <div className="stack">
              <button
                type="button"
                className="button danger-quiet"
                onClick={onDelete}
                disabled={remove.isPending || usedBy.length > 0}
                aria-describedby={usedBy.length ? 'region-in-use' : undefined}
              >
                Delete region
              </button>
              {usedBy.length ? (
                <p id="region-in-use" className="field__hint">
                  Remove it from its shipping options first.
                </p>
              ) : null}
            </div>
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
          saveLabel={region ? 'Save' : 'Save region'}
        />
      ) : null}
    </Page>
  );
}

/** The page, for staff holding shipping:read. */
export function Component() {
  return (
    <Allowed permission="shipping:read" title="Delivery region">
      <PageContent />
    </Allowed>
  );
}

export function warm() {
  void queryClient.prefetchQuery(regionsQuery());
  void queryClient.prefetchQuery(optionsQuery());
}
