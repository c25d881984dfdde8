import type { AdditionalFee } from '@merx/sdk';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CheckboxField, MoneyField, SelectField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { fieldErrorsOf, isNotFound, messageOf } from '../../lib/errors';
import { storeMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { feeQuery, useDeleteFee, useFee, useSaveFee } from './api/fees-tips';
import { Allowed } from './components/allowed';
import { SaveProblem } from './components/save-problem';
import { useDraft } from './hooks/use-draft';
import { FEE_TYPES } from './lib/fees';
import { errorAt, unshownErrors } from './lib/field-errors';
import { decimalOf, moneyInputOf } from './lib/values';
import './shipping.css';

const crumbs = [
  { label: 'Settings', to: '/settings' },
  { label: 'Tips and fees', to: '/settings/fees-tips' },
];

interface FeeForm {
  type: AdditionalFee['type'];
  name: string;
  amount: string;
  taxable: boolean;
  active: boolean;
}

const blank: FeeForm = { type: 'HANDLING_FEE', name: '', amount: '', taxable: false, active: true };
const formOf = (f: AdditionalFee): FeeForm => ({
  type: f.type,
  name: f.name,
  amount: moneyInputOf(f.amount),
  taxable: f.taxable,
  active: f.active,
});

/** Settings → Tips and fees → an additional fee: its kind, name, amount, tax and whether it is added. */
function PageContent() {
  const { id = 'new' } = useParams();
  return id === 'new' ? <FeeEditor key="new" initial={blank} /> : <ExistingFee key={id} id={id} />;
}

function ExistingFee({ id }: { id: string }) {
  const fee = useFee(id);
  if (fee.data) return <FeeEditor fee={fee.data} initial={formOf(fee.data)} />;
  return (
    <Page title="Additional fee" crumbs={crumbs}>
      {fee.error ? (
        <ErrorState
          error={isNotFound(fee.error) ? new Error('This fee does not exist; it may have been deleted.') : fee.error}
          retry={isNotFound(fee.error) ? undefined : () => void fee.refetch()}
        />
      ) : (
        <Loading />
      )}
    </Page>
  );
}

function FeeEditor({ fee, initial }: { fee?: AdditionalFee; initial: FeeForm }) {
  const writer = useCan()('shipping:write');
  const navigate = useNavigate();
  const { draft, dirty, update, reset, discard } = useDraft(initial);
  const [revision, setRevision] = useState(fee?.revision ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [goTo, setGoTo] = useState<string>();
  const save = useSaveFee();
  const remove = useDeleteFee();
  const errors = { ...fieldErrorsOf(save.error, 'additionalFee.'), ...problems };
  const unshown = unshownErrors(errors, ['type', 'name', 'amount', 'taxable', 'active']);
  const form = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (goTo && !dirty) navigate(goTo, { replace: true });
  }, [goTo, dirty, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save is refused, by the server or the page
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.error, problems]);

  const set = (patch: Partial<FeeForm>) => {
    update(patch);
    if (Object.keys(problems).length) setProblems({});
  };

  const onSave = () => {
    const found: Record<string, string> = {};
    if (!draft.name.trim()) found['name'] = 'Enter the name shoppers see, e.g. “Handling”';
    if (!draft.amount.trim()) found['amount'] = 'Enter an amount';
    setProblems(found);
    if (Object.keys(found).length) return;
    const input = {
      type: draft.type,
      name: draft.name.trim(),
      amount: decimalOf(draft.amount) ?? '',
      taxable: draft.taxable,
      active: draft.active,
    };
    save.mutate(fee ? { id: fee.id, input: { ...input, revision } } : { input }, {
      onSuccess: (saved) => {
        reset(formOf(saved));
        setRevision(saved.revision);
        toast(fee ? 'Fee saved' : `Fee “${saved.name}” created`);
        if (!fee) setGoTo(`/settings/fees-tips/fees/${saved.id}`);
      },
    });
  };

  const onDelete = async () => {
    if (!fee) return;
    const ok = await confirmAction({
      title: `Delete “${fee.name}”?`,
      message: 'It is no longer added to orders. Orders that paid it keep it. This cannot be undone.',
      confirmLabel: 'Delete fee',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(fee.id, {
      onSuccess: () => {
        toast(`Fee “${fee.name}” deleted`);
        navigate('/settings/fees-tips', { replace: true });
      },
      onError: (e) => toast(messageOf(e), 'error'),
    });
  };

  return (
    <Page title={fee ? fee.name : 'New additional fee'} crumbs={crumbs}>
      <div className="columns" ref={form}>
        <fieldset className="plain-fieldset" disabled={!writer}>
          <legend className="visually-hidden">Additional fee</legend>
          <SaveProblem
            error={save.error}
            hasFieldErrors={Object.keys(errors).length > 0}
            what="fee"
            onReload={async () => {
              if (!fee) return;
              const fresh = await queryClient.fetchQuery({ ...feeQuery(fee.id), staleTime: 0 });
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
          <Card title="Fee" id="fee-details">
            <div className="stack">
              <div className="form-row">
                <SelectField
                  label="Kind"
                  value={draft.type}
                  onChange={(e) => set({ type: e.target.value as FeeForm['type'] })}
                  options={Object.entries(FEE_TYPES).map(([value, label]) => ({ value, label }))}
                  error={errorAt(errors, 'type')}
                />
                <TextField
                  label="Name"
                  value={draft.name}
                  onChange={(e) => set({ name: e.target.value })}
                  error={errorAt(errors, 'name')}
                  hint="Shoppers see it at checkout."
                  maxLength={50}
                />
              </div>
              <div className="narrow">
                <MoneyField
                  label="Amount"
                  currency={storeMoney.currency}
                  value={draft.amount}
                  onChange={(e) => set({ amount: e.target.value })}
                  error={errorAt(errors, 'amount')}
                  hint="Added once to each order."
                />
              </div>
              <CheckboxField
                label="Charge tax on this fee"
                checked={draft.taxable}
                onChange={(e) => set({ taxable: e.target.checked })}
                hint="At the rate of the order’s tax region."
              />
            </div>
          </Card>
        </fieldset>
        <div>
          <Card title="When it applies" id="fee-status">
            <CheckboxField
              label="Add it to every order"
              checked={draft.active}
              disabled={!writer}
              onChange={(e) => set({ active: e.target.checked })}
              hint="Off: kept here, but not charged."
            />
          </Card>
          {fee && writer ? (
            <button type="button" className="button danger-quiet" onClick={onDelete} disabled={remove.isPending}>
              Delete fee
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
          saveLabel={fee ? 'Save' : 'Save fee'}
        />
      ) : null}
    </Page>
  );
}

/** The page, for staff holding shipping:read. */
export function Component() {
  return (
    <Allowed permission="shipping:read" title="Additional fee">
      <PageContent />
    </Allowed>
  );
}

export function warm({ params }: { params: { id?: string } }) {
  if (params.id && params.id !== 'new') void queryClient.prefetchQuery(feeQuery(params.id));
}
