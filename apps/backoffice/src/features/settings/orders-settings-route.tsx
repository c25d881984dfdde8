import { TextField } from '../../components/field';
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

interface Form {
  inventoryUpdateTrigger: Trigger;
  abandonedAfter: string;
}

/** Settings → Orders: when stock is taken and when a checkout counts as abandoned. A detail page. */
export function Component() {
  const can = useCan();
  const settings = useOrdersSettings();
  const save = useUpdateOrdersSettings();
  const data = settings.data;
  const saved: Form | undefined = data
    ? {
        inventoryUpdateTrigger: data.inventoryUpdateTrigger,
        abandonedAfter: String(data.abandonedCheckoutAfterMinutes),
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

  const onSave = () => {
    if (minutesProblem) return;
    save.mutate(
      { inventoryUpdateTrigger: value.inventoryUpdateTrigger, abandonedCheckoutAfterMinutes: minutes },
      {
        onSuccess: () => {
          form.discard();
          toast('Order settings saved');
        },
      },
    );
  };

  return (
    <Page title={title} crumbs={crumbs} subtitle="How orders take stock, and when an unfinished checkout is abandoned.">
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
