import { CheckboxField } from '../../../components/field';
import { Card } from '../../../components/page';
import { ErrorState, FormError, Loading } from '../../../components/states';
import { confirmAction } from '../../../lib/confirm';
import { useCan } from '../../../lib/me';
import { toast } from '../../../lib/toasts';
import { useUpdateWebhookSettings, useWebhookSettings } from '../api/settings';

/**
 * The store's one webhook setting: whether deliveries may go to private network addresses. Off by default, since an
 * endpoint URL could otherwise make the store's server call machines only it can reach; turning it on asks first.
 */
export function PrivateNetworksCard() {
  const can = useCan();
  const settings = useWebhookSettings();
  const save = useUpdateWebhookSettings();
  const editable = can('webhooks:manage');
  const allow = settings.data?.allowPrivateNetworks ?? false;
  const change = async (next: boolean) => {
    if (next) {
      const ok = await confirmAction({
        title: 'Allow deliveries to private network addresses?',
        message:
          'Anyone who can add an endpoint could then make your store’s server send requests to machines on its own network (a database, a router, a cloud provider’s internal address). Turn this on only when the app that receives your webhooks runs on that network.',
        confirmLabel: 'Allow private addresses',
        tone: 'danger',
      });
      if (!ok) return;
    }
    save.mutate(
      { allowPrivateNetworks: next },
      {
        onSuccess: () =>
          toast(next ? 'Deliveries to private addresses allowed' : 'Deliveries to private addresses stopped'),
      },
    );
  };
  return (
    <Card title="Store setting" id="webhook-settings">
      {settings.isPending ? (
        <Loading />
      ) : settings.error ? (
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <div className="stack">
          <CheckboxField
            label="Allow deliveries to private network addresses"
            checked={allow}
            disabled={!editable || save.isPending}
            onChange={(e) => void change(e.target.checked)}
            hint="Off, Merx sends only to addresses on the public internet. On, it also sends to addresses inside your own network (10.x, 192.168.x, localhost…). That is a risk: an endpoint URL could then reach machines that should never be reached from outside, so leave it off unless the receiving app runs inside your network."
          />
          <FormError error={save.error} />
        </div>
      )}
    </Card>
  );
}
