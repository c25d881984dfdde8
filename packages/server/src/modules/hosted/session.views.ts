import { attributes, html, type SafeHtml, scriptJson } from './html.js';
import { alertRegion, field, form, hidden, notice, submit } from './layout.js';

/** How a sign-in can be abandoned: a posted cancel (OAuth: `error=access_denied`) or a plain link back. */
export type CancelOption = { action: string } | { href: string } | undefined;

export interface FieldErrors {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  code?: string;
}

function cancelBlock(cancel: CancelOption, csrf: string, label = 'Cancel and go back'): SafeHtml {
  if (!cancel) return html``;
  if ('href' in cancel) return html`<p><a href="${cancel.href}">${label}</a></p>`;
  return html`<form method="post" action="${cancel.action}">
<input type="hidden" name="csrf" value="${csrf}">
<button type="submit" class="link-button">${label}</button>
</form>`;
}

/** The captcha on a sign-in or sign-up form, when the store asks for one. */
export interface CaptchaBlock {
  /** The provider's global the widget script defines (`grecaptcha`, `hcaptcha`, `turnstile`). */
  global: string;
  provider: string;
  invisibleKey: string;
  visibleKey: string;
  /** Show the visible challenge now: the invisible check was missing or refused, or there is no invisible key. */
  challenge: boolean;
}

/**
 * Where the enhancement runs the captcha: the invisible check on submit, the visible challenge when the server asks
 * for it, and the two hidden inputs that carry their tokens. Without JavaScript (or when the enhancement cannot
 * load) the page says what is needed; the enhancement takes that line away.
 */
function captchaBlock(c: CaptchaBlock | undefined): SafeHtml {
  if (!c) return html``;
  const challenge = c.challenge || !c.invisibleKey;
  return html`<div class="captcha"${attributes({
    'data-captcha': c.provider,
    'data-global': c.global,
    'data-invisible-key': c.invisibleKey || undefined,
    'data-visible-key': c.visibleKey,
    'data-challenge': challenge ? 'true' : undefined,
  })}>
<div data-captcha-invisible></div>
${challenge && html`<p class="hint" id="captcha-hint">Confirm you’re a person: complete the check below, then send the form again.</p>`}
<div class="captcha-challenge" data-captcha-visible></div>
<input type="hidden" name="captchaInvisible" value="">
<input type="hidden" name="captchaVisible" value="">
<p class="field-error" id="captcha-error" role="alert"></p>
<p class="hint" data-captcha-needs-script>This store checks that you’re a person before you sign up or sign in, and that check needs JavaScript. Turn JavaScript on for this site and reload the page.</p>
</div>`;
}

export interface SignInView {
  action: string;
  csrf: string;
  staff: boolean;
  email?: string | undefined;
  error?: string | undefined;
  fieldErrors?: FieldErrors;
  notice?: string | undefined;
  signUpUrl?: string | undefined;
  forgotUrl?: string | undefined;
  cancel?: CancelOption;
  captcha?: CaptchaBlock | undefined;
  /** The store's enabled identity providers: "Continue with <name>" links that start single sign-on. */
  providers?: readonly SsoButton[] | undefined;
}

/** A "Continue with <name>" link to a single sign-on. */
export interface SsoButton {
  name: string;
  href: string;
}

/** Single sign-on choices under a member form (GET links: the provider's page takes over). */
function ssoBlock(providers: readonly SsoButton[] | undefined): SafeHtml {
  if (!providers?.length) return html``;
  return html`<div class="alt sso-providers" data-sso-providers>
<p>Or continue with an account you already have:</p>
${providers.map((p) => html`<p><a class="button" href="${p.href}" data-sso-provider>Continue with ${p.name}</a></p>`)}
</div>`;
}

/** The sign-in form: email and password, posted to the flow's own URL. */
export function signInView(v: SignInView): { title: string; main: SafeHtml } {
  const title = v.staff ? 'Sign in to the back office' : 'Sign in';
  const lead = v.staff
    ? 'Use your staff account to manage the store.'
    : 'Welcome back. Sign in with your email and password.';
  const fe = v.fieldErrors ?? {};
  const main = html`<h1>${title}</h1>
<p class="lead">${lead}</p>
${notice(v.notice)}
${alertRegion(v.error)}
${form(
  v.action,
  v.csrf,
  html`${field({
    name: 'email',
    label: 'Email',
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    value: v.email,
    error: fe.email,
    autofocus: !v.email,
    validate: 'email',
  })}
${field({
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'current-password',
  error: fe.password,
  autofocus: Boolean(v.email),
  maxlength: 1000,
  aside: v.forgotUrl ? html`<a href="${v.forgotUrl}">Forgot password?</a>` : undefined,
})}
${captchaBlock(v.captcha)}
${submit('Sign in', 'Signing in…')}`,
)}
${ssoBlock(v.providers)}
<div class="alt">
${v.signUpUrl && html`<p>New here? <a href="${v.signUpUrl}">Create an account</a></p>`}
${cancelBlock(v.cancel, v.csrf)}
</div>`;
  return { title, main };
}

export interface SignUpView {
  action: string;
  csrf: string;
  storeName: string;
  values: { email?: string; firstName?: string; lastName?: string };
  error?: string | undefined;
  fieldErrors?: FieldErrors;
  signInUrl: string;
  cancel?: CancelOption;
  captcha?: CaptchaBlock | undefined;
  providers?: readonly SsoButton[] | undefined;
}

/** The member sign-up form. */
export function signUpView(v: SignUpView): { title: string; main: SafeHtml } {
  const fe = v.fieldErrors ?? {};
  const main = html`<h1>Create an account</h1>
<p class="lead">Join ${v.storeName} to check out faster and keep track of your orders.</p>
${alertRegion(v.error)}
${form(
  v.action,
  v.csrf,
  html`<div class="row">
${field({ name: 'firstName', label: 'First name', autocomplete: 'given-name', value: v.values.firstName, error: fe.firstName, required: false, maxlength: 100, autofocus: true })}
${field({ name: 'lastName', label: 'Last name', autocomplete: 'family-name', value: v.values.lastName, error: fe.lastName, required: false, maxlength: 100 })}
</div>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', inputmode: 'email', value: v.values.email, error: fe.email, validate: 'email' })}
${field({
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  error: fe.password,
  hint: 'At least 8 characters.',
  minlength: 8,
  maxlength: 1000,
  validate: 'new-password',
})}
${captchaBlock(v.captcha)}
${submit('Create account', 'Creating your account…')}`,
)}
${ssoBlock(v.providers)}
<div class="alt">
<p>Already have an account? <a href="${v.signInUrl}">Sign in</a></p>
${cancelBlock(v.cancel, v.csrf)}
</div>`;
  return { title: 'Create an account', main };
}

export interface CodeView {
  /** `verify`: confirm the email after sign-up or sign-in; `TOTP` / `EMAIL`: the second factor. */
  mode: 'verify' | 'TOTP' | 'EMAIL';
  action: string;
  resendAction?: string | undefined;
  csrf: string;
  stateToken: string;
  email?: string | undefined;
  error?: string | undefined;
  notice?: string | undefined;
  restartUrl: string;
}

const codeCopy = {
  verify: { title: 'Check your email', button: 'Verify email' },
  EMAIL: { title: 'Check your email', button: 'Continue' },
  TOTP: { title: 'Two-step verification', button: 'Continue' },
} as const;

/** Where the member types the 6-digit code: email verification or a second factor. */
export function codeView(v: CodeView): { title: string; main: SafeHtml } {
  const copy = codeCopy[v.mode];
  const lead =
    v.mode === 'TOTP'
      ? html`Enter the 6-digit code from your authenticator app.`
      : v.mode === 'EMAIL'
        ? html`We sent a sign-in code to ${v.email ? html`<strong>${v.email}</strong>` : 'your email address'}.`
        : html`We sent a 6-digit code to ${v.email ? html`<strong>${v.email}</strong>` : 'your email address'}. Enter it to confirm your email address.`;
  const main = html`<h1>${copy.title}</h1>
<p class="lead">${lead}</p>
${notice(v.notice)}
${alertRegion(v.error)}
${form(
  v.action,
  v.csrf,
  html`${hidden('stateToken', v.stateToken)}
${v.mode !== 'verify' && hidden('factorType', v.mode)}
${v.email && hidden('email', v.email)}
${field({
  name: 'code',
  label: v.mode === 'TOTP' ? 'Authentication code' : 'Code',
  autocomplete: 'one-time-code',
  inputmode: 'numeric',
  maxlength: 12,
  autofocus: true,
  validate: 'code',
  className: 'code-input',
  invalid: Boolean(v.error),
})}
${submit(copy.button, 'Checking…')}`,
)}
<div class="alt">
${
  v.resendAction &&
  html`<form method="post" action="${v.resendAction}">
<input type="hidden" name="csrf" value="${v.csrf}">
${hidden('stateToken', v.stateToken)}
${v.email && hidden('email', v.email)}
<p>Didn’t get it? Check your spam folder, or <button type="submit" class="link-button">send a new code</button>.</p>
</form>`
}
<p><a href="${v.restartUrl}">Sign in with another account</a></p>
</div>`;
  return { title: copy.title, main };
}

/** A new member whose account waits for the store's approval. */
export function approvalView(v: { csrf: string; cancel?: CancelOption }): { title: string; main: SafeHtml } {
  const main = html`<h1>Almost there</h1>
<p class="lead">Your account is waiting for approval by the store. You can sign in as soon as it has been approved.</p>
<div class="alt">${cancelBlock(v.cancel, v.csrf, 'Back to the store')}</div>`;
  return { title: 'Waiting for approval', main };
}

/** The answer for `response_mode=web_message`: posts the result to the opener or parent, to one origin only. */
export function webMessageView(v: { targetOrigin: string; message: Record<string, string>; failed: boolean }) {
  const title = v.failed ? 'Sign-in not completed' : 'Signed in';
  const main = html`<h1>${title}</h1>
<p class="lead">${v.failed ? 'You can close this window and try again from the store.' : 'You can close this window now.'}</p>`;
  const inlineScript = (nonce: string) => html`<script nonce="${nonce}">
(function () {
  var target = window.opener || (window.parent !== window ? window.parent : null);
  if (!target) return;
  target.postMessage(${scriptJson(v.message)}, ${scriptJson(v.targetOrigin)});
  if (window.opener) window.close();
})();
</script>`;
  return { title, main, inlineScript };
}
