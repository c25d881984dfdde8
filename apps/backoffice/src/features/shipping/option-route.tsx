import type { ShippingOption } from '@merx/sdk';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { CheckboxField, MoneyField, SelectField, TextArea, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, isNotFound, messageOf } from '../../lib/errors';
import { storeMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  optionQuery,
  regionsQuery,
  useDeleteShippingOption,
  useDeliveryRegions,
  useSaveShippingOption,
  useShippingOption,
} from './api/shipping';
import { taxSettingsQuery, useTaxSettings } from './api/taxes';
import { AddressFields } from './components/address-fields';
import { Allowed } from './components/allowed';
import { RatesEditor } from './components/rates-editor';
import { SaveProblem } from './components/save-problem';
import { SlotsEditor } from './components/slots-editor';
import { useDraft } from './hooks/use-draft';
import { destinationText } from './lib/countries';
import { errorAt, errorsUnder, unshownErrors } from './lib/field-errors';
import { blankOption, type OptionForm, optionFormOf, optionInputOf, optionProblems } from './lib/option-model';
import './shipping.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Shipping and delivery', to: '/settings/shipping' },
];
const SHOWN = [
  'title',
  'estimatedDeliveryTime',
  'instructions',
  'deliveryRegionIds',
  'deliveryRegionId',
  'rates',
  'weightUnit',
  'freeShippingThreshold',
  'pickupDetails',
  'deliveryTimeSlots',
  'active',
];

/** Settings → Shipping and delivery → a shipping option or pickup point (new with `new?kind=pickup`). */
function PageContent() {
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  if (id !== 'new') return <ExistingOption key={id} id={id} />;
  return <NewOption key={params.get('kind') ?? 'delivery'} pickup={params.get('kind') === 'pickup'} />;
}

function NewOption({ pickup }: { pickup: boolean }) {
  // A new pickup point starts at the business address: wait for it.
  const settings = useTaxSettings();
  if (pickup && settings.isPending) {
    return (
      <Page title="New pickup point" crumbs={crumbs}>
        <Loading />
      </Page>
    );
  }
  return <OptionEditor initial={blankOption(pickup ? 'pickup' : 'delivery', settings.data?.businessAddress)} />;
}

function ExistingOption({ id }: { id: string }) {
  const option = useShippingOption(id);
  if (option.data) return <OptionEditor option={option.data} initial={optionFormOf(option.data)} />;
  return (
    <Page title="Shipping option" crumbs={crumbs}>
      {option.error ? (
        <ErrorState
          error={
            isNotFound(option.error)
              ? new Error('This shipping option does not exist; it may have been deleted.')
              : option.error
          }
          retry={isNotFound(option.error) ? undefined : () => void option.refetch()}
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function OptionEditor({ option, initial }: { option?: ShippingOption; initial: OptionForm }) {
  const writer = useCan()('shipping:write');
  const navigate = useNavigate();
  const regions = useDeliveryRegions();
  const { draft, dirty, update, reset, discard } = useDraft(initial);
  const [revision, setRevision] = useState(option?.revision ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [goTo, setGoTo] = useState<string>();
  const save = useSaveShippingOption();
  const remove = useDeleteShippingOption();
  const errors = { ...fieldErrorsOf(save.error, 'shippingOption.'), ...problems };
  const unshown = unshownErrors(errors, SHOWN);
  const form = useRef<HTMLDivElement>(null);
  const pickup = draft.kind === 'pickup';
  const noun = pickup ? 'pickup point' : 'shipping option';

  useEffect(() => {
    if (goTo && !dirty) navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save is refused, by the server or the page
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.error, problems]);

  const set = (patch: Partial<OptionForm>) => {
    update(patch);
    if (Object.keys(problems).length) setProblems({});
  };

  const onSave = () => {
    const found = optionProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const input = optionInputOf(draft);
    const change = option ? { id: option.id, input: { ...input, revision } } : { input };
    save.mutate(change, {
      onSuccess: (saved) => {
        reset(optionFormOf(saved));
        setRevision(saved.revision);
        toast(option ? `${pickup ? 'Pickup point' : 'Shipping option'} saved` : `“${saved.title}” created`);
        if (!option) setGoTo(`/settings/shipping/options/${saved.id}`);
      },
    });
  };

  const onDelete = async () => {
    if (!option) return;
    const ok = await confirmAction({
      title: `Delete “${option.title}”?`,
      message: `Shoppers can no longer choose it at checkout. Orders that used it keep it. This cannot be undone.`,
      confirmLabel: `Delete ${noun}`,
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(option.id, {
      onSuccess: () => {
        toast(`“${option.title}” deleted`);
        navigate('/settings/shipping', { replace: true });
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };

  const toggleRegion = (id: string, on: boolean) =>
    set({ regionIds: on ? [...new Set([...draft.regionIds, id])] : draft.regionIds.filter((r) => r !== id) });

  return (
    <Page
      title={option ? option.title : pickup ? 'New pickup point' : 'New shipping option'}
      crumbs={crumbs}
      subtitle={
        option
          ? undefined
          : pickup
            ? 'A place where shoppers collect their orders.'
            : 'A way to deliver, with its price.'
      }
    >
      <div className="columns" ref={form}>
        <fieldset className="plain-fieldset" disabled={!writer}>
          <legend className="visually-hidden">{noun}</legend>
          <SaveProblem
            error={save.error}
            hasFieldErrors={Object.keys(errors).length > 0}
            what={noun}
            onReload={async () => {
              if (!option) return;
              const fresh = await queryClient.fetchQuery({ ...optionQuery(option.id), staleTime: 0 });
              reset(optionFormOf(fresh));
              setRevision(fresh.revision);
              save.reset();
            }}
          />
          {unshown ? (
            <div className="form-error" role="alert">
              {unshown}
            </div>
          ) : null}
          <Card title="Details" id="option-details">
            <div className="stack">
              <TextField
                label="Name"
                value={draft.title}
                onChange={(e) => set({ title: e.target.value })}
                error={errorAt(errors, 'title')}
                hint={
                  pickup
                    ? 'Shoppers see it at checkout, e.g. “Pickup at the shop”.'
                    : 'Shoppers see it at checkout, e.g. “Standard delivery”.'
                }
              />
              <TextField
                label={pickup ? 'When it is ready (optional)' : 'Estimated delivery (optional)'}
                value={draft.estimatedDeliveryTime}
                onChange={(e) => set({ estimatedDeliveryTime: e.target.value })}
                error={errorAt(errors, 'estimatedDeliveryTime')}
                hint={pickup ? 'e.g. “Ready in 2 hours”.' : 'e.g. “3–5 business days”.'}
              />
              <TextArea
                label={pickup ? 'Pickup instructions (optional)' : 'Instructions (optional)'}
                value={draft.instructions}
                onChange={(e) => set({ instructions: e.target.value })}
                error={errorAt(errors, 'instructions')}
                hint={pickup ? 'Opening hours, where to go, what to bring.' : 'Shown to shoppers with the option.'}
              />
            </div>
          </Card>

          {pickup ? (
            <Card title="Pickup address" id="option-pickup">
              <div className="stack">
                <SelectField
                  label="Kind of place"
                  value={draft.pickupMethod}
                  onChange={(e) => set({ pickupMethod: e.target.value as OptionForm['pickupMethod'] })}
                  options={[
                    { value: 'STORE_PICKUP', label: 'Your own shop' },
                    { value: 'PICKUP_POINT', label: 'A pickup point (a partner, a locker)' },
                  ]}
                />
                <AddressFields
                  value={draft.address}
                  onChange={(address) => set({ address })}
                  errors={errorsUnder(errors, 'pickupDetails.address.')}
                />
              </div>
            </Card>
          ) : null}

          <Card title="Where it is offered" id="option-regions">
            <fieldset className="plain-fieldset">
              <legend className="visually-hidden">Delivery regions</legend>
              {regions.isError ? <ErrorState error={regions.error} retry={() => void regions.refetch()} /> : null}
              {regions.data?.length === 0 ? (
                <p className="muted">
                  No delivery regions yet.{' '}
                  {writer ? <Link to="/settings/shipping/regions/new">Add one first</Link> : null}
                </p>
              ) : null}
              <div className="checks">
                {(regions.data ?? []).map((r) => (
                  <label key={r.id} className="check check--top">
                    <input
                      type="checkbox"
                      checked={draft.regionIds.includes(r.id)}
                      onChange={(e) => toggleRegion(r.id, e.target.checked)}
                    />
                    <span>
                      {r.name}
                      <span className="muted block">{r.destinations.map(destinationText).join('; ')}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errorAt(errors, 'deliveryRegionIds') ? (
                <p className="field__error">{errorAt(errors, 'deliveryRegionIds')}</p>
              ) : null}
              <p className="field__hint">
                {draft.regionIds.length === 0
                  ? pickup
                    ? 'No region chosen: offered for every address.'
                    : 'No region chosen: offered for every address, anywhere in the world.'
                  : 'Offered only for addresses in the regions ticked.'}
              </p>
            </fieldset>
          </Card>

          <Card title="Rates" id="option-rates">
            <div className="stack">
              <RatesEditor
                value={draft.rates}
                onChange={(rates) => set({ rates })}
                weightUnit={draft.weightUnit}
                onWeightUnit={(weightUnit) => set({ weightUnit })}
                errors={errors}
              />
              <CheckboxField
                label="Free when the items’ total reaches an amount"
                checked={draft.hasFreeThreshold}
                onChange={(e) => set({ hasFreeThreshold: e.target.checked })}
              />
              {draft.hasFreeThreshold ? (
                <div className="narrow">
                  <MoneyField
                    label="Free from"
                    currency={storeMoney.currency}
                    value={draft.freeShippingThreshold}
                    onChange={(e) => set({ freeShippingThreshold: e.target.value })}
                    error={errorAt(errors, 'freeShippingThreshold')}
                    hint="The items’ total after discounts."
                  />
                </div>
              ) : null}
            </div>
          </Card>

          <Card title={pickup ? 'Pickup times' : 'Delivery windows'} id="option-slots">
            <SlotsEditor value={draft.slots} onChange={(slots) => set({ slots })} errors={errors} />
          </Card>
        </fieldset>

        <div>
          <Card title="Status" id="option-status">
            <div className="stack">
              {option ? (
                option.active ? (
                  <Badge tone="success">Active</Badge>
                ) : (
                  <Badge>Inactive</Badge>
                )
              ) : (
                <Badge>Not saved</Badge>
              )}
              <CheckboxField
                label="Active"
                checked={draft.active}
                disabled={!writer}
                onChange={(e) => set({ active: e.target.checked })}
                hint={`Shoppers can choose an active ${noun} at checkout.`}
              />
            </div>
          </Card>
          {option && writer ? (
            <button type="button" className="button danger-quiet" onClick={onDelete} disabled={remove.isPending}>
              Delete {noun}
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
          saveLabel={option ? 'Save' : `Save ${noun}`}
        />
      ) : null}
    </Page>
  );
}

/** The page, for staff holding shipping:read. */
export function Component() {
  return (
    <Allowed permission="shipping:read" title="Shipping option">
      <PageContent />
    </Allowed>
  );
}

export function warm({ params }: { params: { id?: string } }) {
  void queryClient.prefetchQuery(regionsQuery());
  if (params.id && params.id !== 'new') void queryClient.prefetchQuery(optionQuery(params.id));
  else void queryClient.prefetchQuery(taxSettingsQuery());
}
