import type { MemberSettings } from '@merx/sdk';
import { useState } from 'react';
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
import { memberSettingsQuery, useMemberSettings, useUpdateMemberSettings } from './api/member-settings';
import { ChoiceList } from './components/choice-list';
import './settings.css';

const policies = [
  {
    value: 'OPEN',
    label: 'Anyone can sign up',
    help: 'New members can sign in, see their orders and keep addresses as soon as they sign up.',
  },
  {
    value: 'OWNER_APPROVAL',
    label: 'Staff approve each new member',
    help: 'New members wait until someone approves them under Customers; until then they cannot sign in.',
  },
] as const satisfies ReadonlyArray<{ value: MemberSettings['signUpPolicy']; label: string; help: string }>;

const providers = [
  { value: 'recaptcha', label: 'Google reCAPTCHA' },
  { value: 'hcaptcha', label: 'hCaptcha' },
  { value: 'turnstile', label: 'Cloudflare Turnstile' },
] as const satisfies ReadonlyArray<{ value: MemberSettings['captchaProvider']; label: string }>;

/** Only what staff may send back (the read-only facts about the secret stay out). */
function patchOf(value: MemberSettings, secret: string, removeSecret: boolean) {
  const { captchaSecretSet: _set, captchaSecretFromEnvironment: _env, ...settings } = value;
  return { ...settings, ...(secret ? { captchaSecret: secret } : removeSecret ? { captchaSecret: null } : {}) };
}

/** Settings → Member sign-up: who may become a member and what they prove first. A detail page. */
export function Component() {
  const can = useCan();
  const settings = useMemberSettings();
  const save = useUpdateMemberSettings();
  const form = useDraft(settings.data);
  // The secret is write-only: typed here, sent once, never read back.
  const [secret, setSecret] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);
  const editable = can('members:manage');
  const errors = fieldErrorsOf(save.error, 'settings.');
  const crumbs = [{ label: 'Settings', to: '/settings' }];
  const title = 'Member sign-up';

  if (settings.isPending)
    return (
      <Page title={title} crumbs={crumbs}>
        <Loading />
      </Page>
    );
  const saved = settings.data;
  const value = form.value;
  if (!saved || !value)
    return (
      <Page title={title} crumbs={crumbs}>
        <ErrorState error={settings.error} retry={() => void settings.refetch()} />
      </Page>
    );

  const dirty = form.dirty || secret !== '' || removeSecret;
  const discardAll = () => {
    form.discard();
    setSecret('');
    setRemoveSecret(false);
  };
  const onSave = async () => {
    if (value.captchaEnabled && !saved.captchaEnabled) {
      const ok = await confirmAction({
        title: 'Ask members for a captcha?',
        message:
          'Every sign-up and sign-in then needs a passed check: the hosted sign-in pages show it, and a storefront of your own must show it too (its site keys are in the public config). Check that the keys and the secret belong to one site of the provider.',
        confirmLabel: 'Turn captcha on',
        tone: 'danger',
      });
      if (!ok) return;
    }
    save.mutate(patchOf(value, secret, removeSecret), {
      onSuccess: () => {
        discardAll();
        toast('Member sign-up settings saved');
      },
    });
  };
  const secretState = saved.captchaSecretSet
    ? 'Set (stored encrypted).'
    : saved.captchaSecretFromEnvironment
      ? 'Not set here: the server’s MERX_CAPTCHA_SECRET is used.'
      : 'Not set.';

  return (
    <Page title={title} crumbs={crumbs} subtitle="Who can become a member of your shop, and what they prove first.">
      <div className="settings-form">
        <Card title="Sign-up" id="sign-up">
          <ChoiceList
            legend="Who can become a member"
            choices={policies}
            value={value.signUpPolicy}
            disabled={!editable}
            onChange={(signUpPolicy) => form.set({ signUpPolicy })}
            error={errors.signUpPolicy}
          />
        </Card>
        <Card title="Checks" id="checks">
          <div className="stack">
            <CheckboxField
              label="Ask new members to confirm their email"
              checked={value.requireEmailVerification}
              disabled={!editable}
              onChange={(e) => form.set({ requireEmailVerification: e.target.checked })}
              hint="They get a 6-digit code by mail and enter it before their first sign-in."
            />
            <CheckboxField
              label="Ask for a captcha on sign-up and sign-in"
              checked={value.captchaEnabled}
              disabled={!editable}
              onChange={(e) => form.set({ captchaEnabled: e.target.checked })}
              hint="Stops scripted sign-ups and password guessing. An invisible check runs when the form is sent; members who don’t pass it solve a visible one."
            />
          </div>
        </Card>
        <Card title="Captcha" id="captcha">
          <div className="stack">
            <SelectField
              label="Provider"
              value={value.captchaProvider}
              disabled={!editable}
              options={providers}
              onChange={(e) => form.set({ captchaProvider: e.target.value as MemberSettings['captchaProvider'] })}
              error={errors.captchaProvider}
            />
            <TextField
              label="Invisible site key"
              value={value.captchaInvisibleSiteKey}
              disabled={!editable}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              onChange={(e) => form.set({ captchaInvisibleSiteKey: e.target.value })}
              error={errors.captchaInvisibleSiteKey}
              hint="Public. The check that runs without asking anything; leave empty to always show the visible one."
            />
            <TextField
              label="Visible site key"
              value={value.captchaVisibleSiteKey}
              disabled={!editable}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              onChange={(e) => form.set({ captchaVisibleSiteKey: e.target.value })}
              error={errors.captchaVisibleSiteKey}
              hint="Public. The challenge members solve when the invisible check is not enough; needed while captcha is on."
            />
            <TextField
              label="Secret key"
              type="password"
              value={secret}
              disabled={!editable}
              autoComplete="new-password"
              maxLength={500}
              placeholder={saved.captchaSecretSet ? 'Type a new secret to replace the stored one' : ''}
              onChange={(e) => {
                setSecret(e.target.value);
                setRemoveSecret(false);
              }}
              error={errors.captchaSecret}
              hint={`${secretState} Write-only: it is never shown again.`}
            />
            {saved.captchaSecretSet && editable ? (
              <CheckboxField
                label="Remove the stored secret"
                checked={removeSecret}
                onChange={(e) => {
                  setRemoveSecret(e.target.checked);
                  if (e.target.checked) setSecret('');
                }}
              />
            ) : null}
          </div>
        </Card>
        {editable ? null : (
          <p className="muted">You can see these settings; changing them needs the “members:manage” permission.</p>
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

/** Starts loading the member settings while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(memberSettingsQuery());
}
