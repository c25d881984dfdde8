import type { MemberSettings } from '@merx/sdk';
import { CheckboxField } from '../../components/field';
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

/** Settings → Member sign-up: who may become a member and what they prove first. A detail page. */
export function Component() {
  const can = useCan();
  const settings = useMemberSettings();
  const save = useUpdateMemberSettings();
  const form = useDraft(settings.data);
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

  const onSave = async () => {
    if (value.captchaEnabled && !saved.captchaEnabled) {
      const ok = await confirmAction({
        title: 'Ask members for a captcha?',
        message:
          'Members then sign up and sign in only from a storefront of your own that shows reCAPTCHA (and with MERX_RECAPTCHA_SECRET set on the server). The built-in shop and the hosted sign-in page cannot show one, so members could no longer sign in there.',
        confirmLabel: 'Turn captcha on',
        tone: 'danger',
      });
      if (!ok) return;
    }
    save.mutate(value, {
      onSuccess: () => {
        form.discard();
        toast('Member sign-up settings saved');
      },
    });
  };

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
              hint="Stops scripted sign-ups. Only for a storefront of your own that shows reCAPTCHA: the built-in shop and the hosted sign-in page cannot show one."
            />
            {value.captchaEnabled ? (
              <p className="warning">
                With captcha on, members cannot sign up or sign in through the built-in shop or the hosted sign-in page.
                The server also needs MERX_RECAPTCHA_SECRET.
              </p>
            ) : null}
          </div>
        </Card>
        {editable ? null : (
          <p className="muted">You can see these settings; changing them needs the “members:manage” permission.</p>
        )}
        <FormError error={Object.keys(errors).length ? undefined : save.error} />
      </div>
      <SaveBar
        dirty={form.dirty}
        saving={save.isPending}
        onSave={() => void onSave()}
        onDiscard={() => {
          save.reset();
          form.discard();
        }}
      />
    </Page>
  );
}

/** Starts loading the member settings while the page opens. */
export function warm() {
  void queryClient.prefetchQuery(memberSettingsQuery());
}
