import { CheckboxField, SelectField, TextArea, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, FormError, Loading } from '../../components/states';
import { useDraft } from '../../lib/draft';
import { fieldErrorsOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import {
  type OrdersSettings,
  ordersSettingsQuery,
  useOrdersSettings,
  useUpdateOrdersSettings,
} from './api/orders-settings';
import { ChoiceList } from './components/choice-list';
import './settings.css';

type Trigger = OrdersSettings['inventoryUpdateTrigger'];

const triggers = [
  {
    value: 'ON_ORDER_PLACED',
    label: 'When the order is placed',
    help: 'The usual choice: an item a buyer has ordered cannot be sold twice, even while they pay by bank transfer.',
  },
  {
    value: 'ON_ORDER_PAID',
    label: 'When the order is paid',
    help: 'Unpaid orders hold no stock; if two buyers order the last item, the one who pays second may not get it.',
  },
] as const satisfies ReadonlyArray<{ value: Trigger; label: string; help: string }>;

/** Minutes as a merchant reads them: `90` → `1 hour 30 minutes`. */
function duration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n: number, word: string) => (n ? `${n} ${word}${n === 1 ? '' : 's'}` : '');
  return [part(days, 'day'), part(hours, 'hour'), part(mins, 'minute')].filter(Boolean).join(' ');
}

type Unit = 'MINUTES' | 'HOURS' | 'DAYS';
const UNITS: ReadonlyArray<{ value: Unit; label: string }> = [
  { value: 'MINUTES', label: 'Minutes' },
  { value: 'HOURS', label: 'Hours' },
  { value: 'DAYS', label: 'Days' },
];
const UNIT_MINUTES: Record<Unit, number> = { MINUTES: 1, HOURS: 60, DAYS: 1440 };

interface Form {
  inventoryUpdateTrigger: Trigger;
  abandonedAfter: string;
  cancelUnpaid: boolean;
  unpaidDuration: string;
  unpaidUnit: Unit;
  offlinePaymentInstructions: string;
}

/** What is wrong with the unpaid-order timeout as typed (the server says the same). */
function timeoutProblem(value: Form): string | undefined {
  if (!value.cancelUnpaid) return undefined;
  const n = Number(value.unpaidDuration);
  if (value.unpaidDuration.trim() === '' || !Number.isInteger(n) || n < 1) return 'Enter a whole number.';
  const minutes = n * UNIT_MINUTES[value.unpaidUnit];
  if (minutes < 5 || minutes > 43200) return 'Choose between 5 minutes and 30 days.';
  return undefined;
}

/**
 * Settings → Orders: when stock is taken, when a checkout counts as abandoned, how long an unpaid order paid by card
 * is kept, and the instructions for orders paid later. A detail page.
 */
export function Component() {
  const can = useCan();
  const settings = useOrdersSettings();
  const save = useUpdateOrdersSettings();
  const data = settings.data;
  const saved: Form | undefined = data
    ? {
        inventoryUpdateTrigger: data.inventoryUpdateTrigger,
        abandonedAfter: String(data.abandonedCheckoutAfterMinutes),
        cancelUnpaid: data.unpaidOrderTimeout != null,
        unpaidDuration: String(data.unpaidOrderTimeout?.duration ?? 1),
        unpaidUnit: data.unpaidOrderTimeout?.unit ?? 'HOURS',
        offlinePaymentInstructions: data.offlinePaymentInstructions ?? '',
      }
    : undefined;
  const form = useDraft(saved);
  const editable = can('orders:write');
  const errors = fieldErrorsOf(save.error, 'ordersSettings.');
  const crumbs = [{ label: 'Settings', to: '/settings' }];
  const title = 'Order settings';

  if (settings.isPending)
    return (
      <Page title={title} crumbs={crumbs}>
        <Loading />
      </Page>
    );
  if (!data || !form.value)
    return (
      <Page title={title} crumbs={crumbs}>
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      </Page>
    );
  const value = form.value;
  const minutes = Number(value.abandonedAfter);
  const minutesProblem =
    value.abandonedAfter.trim() === '' || !Number.isInteger(minutes) ? 'Enter a whole number of minutes.' : undefined;

  const timeoutError = timeoutProblem(value);
  const onSave = () => {
    if (minutesProblem || timeoutError) return;
    save.mutate(
      {
        inventoryUpdateTrigger: value.inventoryUpdateTrigger,
        abandonedCheckoutAfterMinutes: minutes,
        unpaidOrderTimeout: value.cancelUnpaid
          ? { duration: Number(value.unpaidDuration), unit: value.unpaidUnit }
          : null,
        offlinePaymentInstructions: value.offlinePaymentInstructions,
      },
      {
        onSuccess: () => {
          form.discard();
          toast('Order settings saved');
        },
      },
    );
  };

  return (
    <Page
      title={title}
      crumbs={crumbs}
      subtitle="How orders take stock, when an unfinished checkout is abandoned, and how unpaid orders are handled."
    >
      <div className="settings-form">
        <Card title="Stock" id="stock">
          <ChoiceList
            legend="Take items out of stock"
            choices={triggers}
            value={value.inventoryUpdateTrigger}
            disabled={!editable}
            onChange={(inventoryUpdateTrigger) => form.set({ inventoryUpdateTrigger })}
            error={errors.inventoryUpdateTrigger}
          />
        </Card>
        <Card title="Abandoned checkouts" id="abandoned">
          <TextField
            label="A checkout is abandoned after (minutes)"
            type="number"
            inputMode="numeric"
            min={5}
            max={43200}
            step={1}
            value={value.abandonedAfter}
            disabled={!editable}
            onChange={(e) => form.set({ abandonedAfter: e.target.value })}
            error={errors.abandonedCheckoutAfterMinutes ?? (form.dirty ? minutesProblem : undefined)}
            hint={`${duration(minutes) ? `That is ${duration(minutes)}. ` : ''}A checkout with items and a way to reach the buyer, left unchanged this long without an order, is listed under abandoned checkouts with a link that brings the buyer back (the store looks every hour). From 5 minutes to 30 days.`}
          />
        </Card>
        <Card title="Unpaid orders" id="unpaid">
          <CheckboxField
            label="Cancel orders paid by card that are not paid in time"
            checked={value.cancelUnpaid}
            disabled={!editable}
            onChange={(e) => form.set({ cancelUnpaid: e.target.checked })}
            hint="The buyer gets one reminder with a link to pay; once the time is up the order is canceled and its items go back in stock. The store looks every minute."
          />
          {value.cancelUnpaid ? (
            <div className="settings-row">
              <TextField
                label="Keep an unpaid order for"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={value.unpaidDuration}
                disabled={!editable}
                onChange={(e) => form.set({ unpaidDuration: e.target.value })}
                error={
                  errors['unpaidOrderTimeout.duration'] ??
                  errors.unpaidOrderTimeout ??
                  (form.dirty ? timeoutError : undefined)
                }
                hint="From 5 minutes to 30 days."
              />
              <SelectField
                label="Unit"
                options={UNITS}
                value={value.unpaidUnit}
                disabled={!editable}
                onChange={(e) => form.set({ unpaidUnit: e.target.value as Unit })}
                error={errors['unpaidOrderTimeout.unit']}
              />
            </div>
          ) : null}
        </Card>
        <Card title="Pay later" id="offline">
          <TextArea
            label="How buyers who choose “Pay later” pay you"
            rows={5}
            maxLength={2000}
            value={value.offlinePaymentInstructions}
            disabled={!editable}
            onChange={(e) => form.set({ offlinePaymentInstructions: e.target.value })}
            error={errors.offlinePaymentInstructions}
            hint="Bank details, cash on delivery… Shown on the order confirmation page and in the confirmation email of orders paid later."
          />
        </Card>
        {editable ? null : (
          <p className="muted">You can see these settings; changing them needs the “orders:write” permission.</p>
        )}
        <FormError error={Object.keys(errors).length ? undefined : save.error} />
      </div>
      <SaveBar
        dirty={form.dirty}
        saving={save.isPending}
        onSave={onSave}
        onDiscard={() => {
          save.reset();
          form.discard();
        }}
      />
    </Page>
  );
}

/** Starts loading the orders settings while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(ordersSettingsQuery());
}
