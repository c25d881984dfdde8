import { useMemo, useState } from 'react';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { Card, Page } from '../../components/page';
import { SaveBar } from '../../components/save-bar';
import { ErrorState, FormError, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { useDraft } from '../../lib/draft';
import { fieldErrorsOf } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { paymentsSettingsQuery, type StripeSettings, usePaymentsSettings, useUpdatePaymentsSettings } from './api';
import './payments-settings.css';

const captureModes = [
  { value: 'AUTOMATIC', label: 'Charge the card when the order is placed' },
  { value: 'MANUAL', label: 'Authorize when the order is placed, capture later from the order' },
] as const satisfies ReadonlyArray<{ value: StripeSettings['captureMode']; label: string }>;

/** What the chosen capture mode means for the merchant. */
const captureHints: Record<StripeSettings['captureMode'], string> = {
  AUTOMATIC: 'The card is charged as the order is placed; refunds are made from the order.',
  MANUAL: 'Authorizing holds the amount on the card for up to 7 days; capture it from the order when you ship.',
};

/** The events Merx listens to: the ones to tick when adding the endpoint in Stripe's dashboard. */
const WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
];

interface Form {
  enabled: boolean;
  publishableKey: string;
  captureMode: StripeSettings['captureMode'];
}

/** What a write-only secret's field says about the stored one. */
function secretHint(set: boolean, hint: string | null, fromEnvironment: boolean): string {
  if (fromEnvironment)
    return set
      ? `Set in the server’s environment${hint ? `, ends in …${hint}` : ''}.`
      : 'Not set in the server’s environment.';
  if (!set) return 'Not set. Write-only: it is never shown again.';
  return `Set${hint ? `, ends in …${hint}` : ''} (stored encrypted). Type a new one to replace it; it is never shown again.`;
}

function WebhookCard({ url }: { url: string }) {
  const copy = () =>
    void navigator.clipboard.writeText(url).then(
      () => toast('Webhook URL copied'),
      () => toast('Select the address and copy it'),
    );
  return (
    <Card title="Webhook" id="webhook">
      <p>
        In Stripe’s dashboard (Developers → Webhooks), add an endpoint with this URL, then paste its signing secret
        above. Stripe tells Merx about payments made, authorized, failed, canceled and refunded there.
      </p>
      <p>
        <code>{url}</code>{' '}
        <button type="button" className="button button--secondary button--small" onClick={copy}>
          Copy URL
        </button>
      </p>
      <p className="muted">Events to send: {WEBHOOK_EVENTS.join(', ')}.</p>
    </Card>
  );
}

/** Settings → Payments: card payments through Stripe (keys, capture, webhook). A detail page. */
export function Component() {
  const can = useCan();
  const editable = can('settings:write');
  const settings = usePaymentsSettings();
  const save = useUpdatePaymentsSettings();
  const saved = settings.data;
  const base = useMemo<Form | undefined>(
    () =>
      saved && { enabled: saved.enabled, publishableKey: saved.publishableKey ?? '', captureMode: saved.captureMode },
    [saved],
  );
  const form = useDraft(base);
  // The secrets are write-only: typed here, sent once, never read back.
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const errors = fieldErrorsOf(save.error, 'stripe.');
  const crumbs = [{ label: 'Settings', to: '/settings' }];
  const title = 'Payments';

  if (settings.isPending)
    return (
      <Page title={title} crumbs={crumbs}>
        <Loading />
      </Page>
    );
  const value = form.value;
  if (!saved || !value)
    return (
      <Page title={title} crumbs={crumbs}>
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      </Page>
    );

  const fromEnvironment = saved.source === 'ENVIRONMENT';
  const keysEditable = editable && !fromEnvironment;
  const dirty = form.dirty || secretKey !== '' || webhookSecret !== '';
  const discardAll = () => {
    form.discard();
    setSecretKey('');
    setWebhookSecret('');
  };
  const onSave = async () => {
    if (value.enabled && !saved.enabled) {
      const ok = await confirmAction({
        title: 'Take card payments with Stripe?',
        message:
          'The checkout then shows Stripe’s card form instead of the test gateway, and cards are charged in your Stripe account. Check that the keys belong to the account (test or live) you mean.',
        confirmLabel: 'Turn Stripe on',
      });
      if (!ok) return;
    }
    const keyChanged = value.publishableKey.trim() !== (saved.publishableKey ?? '');
    save.mutate(
      {
        enabled: value.enabled,
        captureMode: value.captureMode,
        ...(keysEditable && keyChanged ? { publishableKey: value.publishableKey.trim() } : {}),
        ...(keysEditable && secretKey ? { secretKey: secretKey.trim() } : {}),
        ...(keysEditable && webhookSecret ? { webhookSecret: webhookSecret.trim() } : {}),
      },
      {
        onSuccess: () => {
          discardAll();
          toast('Payment settings saved');
        },
      },
    );
  };

  return (
    <Page title={title} crumbs={crumbs} subtitle="How shoppers pay by card: Stripe, with the card kept by Stripe.">
      <div className="payments-settings">
        <Card title="Stripe" id="stripe">
          <div className="stack">
            <CheckboxField
              label="Take card payments with Stripe"
              checked={value.enabled}
              disabled={!editable}
              onChange={(e) => form.set({ enabled: e.target.checked })}
              hint="Shoppers type their card into Stripe’s own form at checkout; the card never reaches your store. Off: the built-in test gateway takes the cards (for trying the store out)."
            />
            <SelectField
              label="When cards are charged"
              value={value.captureMode}
              disabled={!editable}
              options={captureModes}
              onChange={(e) => form.set({ captureMode: e.target.value as StripeSettings['captureMode'] })}
              error={errors.captureMode}
              hint={captureHints[value.captureMode]}
            />
          </div>
        </Card>
        <Card title="API keys" id="keys">
          {fromEnvironment ? (
            <p className="payments-settings__note" role="note">
              These keys come from the server’s environment (MERX_STRIPE_PUBLISHABLE_KEY, MERX_STRIPE_SECRET_KEY,
              MERX_STRIPE_WEBHOOK_SECRET): change them there and restart the store.
            </p>
          ) : (
            <p className="muted">
              From Stripe’s dashboard, Developers → API keys. Test keys (pk_test_…, sk_test_…) take test cards only.
            </p>
          )}
          <div className="stack">
            <TextField
              label="Publishable key"
              value={value.publishableKey}
              disabled={!keysEditable}
              readOnly={fromEnvironment}
              autoComplete="off"
              spellCheck={false}
              maxLength={300}
              placeholder="pk_live_… or pk_test_…"
              onChange={(e) => form.set({ publishableKey: e.target.value })}
              error={errors.publishableKey}
              hint="Public: the checkout page loads Stripe’s card form with it."
            />
            <TextField
              label="Secret key"
              type="password"
              value={secretKey}
              disabled={!keysEditable}
              autoComplete="new-password"
              spellCheck={false}
              maxLength={300}
              placeholder={
                fromEnvironment
                  ? ''
                  : saved.secretKeySet
                    ? 'Type a new key to replace the stored one'
                    : 'sk_live_… or sk_test_…'
              }
              onChange={(e) => setSecretKey(e.target.value)}
              error={errors.secretKey}
              hint={secretHint(saved.secretKeySet, saved.secretKeyHint, fromEnvironment)}
            />
            <TextField
              label="Webhook signing secret"
              type="password"
              value={webhookSecret}
              disabled={!keysEditable}
              autoComplete="new-password"
              spellCheck={false}
              maxLength={300}
              placeholder={
                fromEnvironment
                  ? ''
                  : saved.webhookSecretSet
                    ? 'Type a new secret to replace the stored one'
                    : 'whsec_…'
              }
              onChange={(e) => setWebhookSecret(e.target.value)}
              error={errors.webhookSecret}
              hint={secretHint(saved.webhookSecretSet, null, fromEnvironment)}
            />
          </div>
        </Card>
        <WebhookCard url={saved.webhookUrl} />
        {editable ? null : (
          <p className="muted">You can see these settings; changing them needs the “settings:write” permission.</p>
        )}
        <FormError error={Object.keys(errors).length ? undefined : save.error} />
      </div>
      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onSave={() => void onSave()}
        onDiscard={() => {
          save.reset();
          discardAll();
        }}
      />
    </Page>
  );
}

/** Starts loading the payment settings while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(paymentsSettingsQuery());
}
