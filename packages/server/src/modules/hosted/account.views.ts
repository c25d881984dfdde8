import { html, type SafeHtml } from './html.js';
import { alertRegion, field, form, hidden, submit } from './layout.js';
import type { FieldErrors } from './session.views.js';

type View = { title: string; main: SafeHtml };

/** A link shown as a button, or a quieter text link. */
export interface PageLink {
  href: string;
  label: string;
  primary?: boolean;
}

function links(items: readonly PageLink[]): SafeHtml {
  return html`${items.map((l) =>
    l.primary
      ? html`<a class="button" href="${l.href}">${l.label}</a>`
      : html`<p class="alt"><a href="${l.href}">${l.label}</a></p>`,
  )}`;
}

/** Asks for the email of the account whose password is forgotten. */
export function forgotView(v: {
  action: string;
  csrf: string;
  email?: string | undefined;
  error?: string | undefined;
  fieldErrors?: FieldErrors;
  backUrl?: string | undefined;
}): View {
  const main = html`<h1>Reset your password</h1>
<p class="lead">Enter the email address of your account and we’ll send you a link to choose a new password.</p>
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
    error: v.fieldErrors?.email,
    autofocus: true,
    validate: 'email',
  })}
${submit('Send reset link', 'Sending…')}`,
)}
${v.backUrl && html`<div class="alt"><p><a href="${v.backUrl}">Back to sign in</a></p></div>`}`;
  return { title: 'Reset your password', main };
}

/** The same answer whether or not the email belongs to an account. */
export function forgotSentView(v: { email: string; backUrl?: string | undefined }): View {
  const main = html`<h1>Check your email</h1>
<p class="lead">If an account exists for <strong>${v.email}</strong>, we’ve sent it a link to choose a new password. The link works for one hour.</p>
<p>Didn’t get anything? Check your spam folder, or make sure you used the email address of your account.</p>
${v.backUrl && html`<div class="alt"><p><a href="${v.backUrl}">Back to sign in</a></p></div>`}`;
  return { title: 'Check your email', main };
}

/** Sets a new password from a recovery or activation link. */
export function resetView(v: {
  action: string;
  csrf: string;
  token: string;
  error?: string | undefined;
  fieldErrors?: FieldErrors;
}): View {
  const main = html`<h1>Choose a new password</h1>
<p class="lead">Your new password replaces the old one and signs you out on your other devices.</p>
${alertRegion(v.error)}
${form(
  v.action,
  v.csrf,
  html`${hidden('token', v.token)}
${field({
  name: 'password',
  label: 'New password',
  type: 'password',
  autocomplete: 'new-password',
  hint: 'At least 8 characters.',
  error: v.fieldErrors?.password,
  minlength: 8,
  maxlength: 1000,
  autofocus: true,
  validate: 'new-password',
})}
${submit('Save new password', 'Saving…')}`,
)}`;
  return { title: 'Choose a new password', main };
}

/** Sets the password of an invited staff member. */
export function invitationView(v: {
  action: string;
  csrf: string;
  token: string;
  storeName: string;
  values: { firstName?: string; lastName?: string };
  error?: string | undefined;
  fieldErrors?: FieldErrors;
}): View {
  const main = html`<h1>Join the team</h1>
<p class="lead">You’ve been invited to help run ${v.storeName}. Choose a password for your staff account.</p>
${alertRegion(v.error)}
${form(
  v.action,
  v.csrf,
  html`${hidden('token', v.token)}
<div class="row">
${field({ name: 'firstName', label: 'First name', autocomplete: 'given-name', value: v.values.firstName, required: false, maxlength: 100, autofocus: true })}
${field({ name: 'lastName', label: 'Last name', autocomplete: 'family-name', value: v.values.lastName, required: false, maxlength: 100 })}
</div>
${field({
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  hint: 'At least 8 characters.',
  error: v.fieldErrors?.password,
  minlength: 8,
  maxlength: 1000,
  validate: 'new-password',
})}
${submit('Create staff account', 'Creating…')}`,
)}`;
  return { title: 'Join the team', main };
}

/** Asks before a mailed sign-in link trusts this browser (a form, so that mail scanners opening links spend nothing). */
export function trustBrowserView(v: { action: string; csrf: string; token: string }): View {
  const main = html`<h1>Sign in from this browser</h1>
<p class="lead">Signing in to your account was paused after many wrong passwords from elsewhere. Confirm, and this browser can sign in with your password again.</p>
${form(
  v.action,
  v.csrf,
  html`${hidden('token', v.token)}
${submit('Trust this browser', 'Confirming…')}`,
)}`;
  return { title: 'Sign in from this browser', main };
}

/** A page that only says something: signed in, signed out, password changed, errors. */
export function messageView(v: {
  title: string;
  message: string;
  detail?: string | undefined;
  links?: readonly PageLink[];
  requestId?: string | undefined;
}): View {
  const main = html`<h1>${v.title}</h1>
<p class="lead">${v.message}</p>
${v.detail && html`<p>${v.detail}</p>`}
${links(v.links ?? [])}
${v.requestId && html`<p class="request-id">Reference: <code>${v.requestId}</code></p>`}`;
  return { title: v.title, main };
}
