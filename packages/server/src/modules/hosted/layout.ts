import type { FastifyReply } from 'fastify';
import type { Assets } from './assets.js';
import { CSRF_FIELD } from './csrf.js';
import { attributes, html, type SafeHtml } from './html.js';
import { newNonce, type PagePolicy, pageHeaders } from './security.js';

/** One page to send: its title, the card's content, and what its policy allows beyond the default. */
export interface PageInput {
  status?: number;
  title: string;
  main: SafeHtml;
  policy?: PagePolicy;
  /** Script run inline with the page's nonce (web_message answers only). */
  inlineScript?: (nonce: string) => SafeHtml;
  /** A third-party script the page loads before the enhancement (the captcha widget; its origin is in the policy). */
  widgetScript?: string | undefined;
}

function document(
  input: PageInput & { storeName: string; logoUrl?: string | undefined; nonce: string; assets: Assets },
): SafeHtml {
  const enhanceUrl = input.assets.enhanceUrl();
  const initial = Array.from(input.storeName.trim())[0]?.toUpperCase() ?? 'M';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${input.title} · ${input.storeName}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${input.assets.cssUrl}">
</head>
<body>
<div class="page">
<header class="brand"><a class="brand-home" href="/">${
    input.logoUrl
      ? html`<img class="brand-logo" src="${input.logoUrl}" alt="" width="34" height="34">`
      : html`<span class="brand-mark" aria-hidden="true">${initial}</span>`
  }<span>${input.storeName}</span></a></header>
<main class="card" id="main">
${input.main}
</main>
<footer class="foot">Secure sign-in for ${input.storeName}</footer>
</div>
${input.widgetScript && html`<script src="${input.widgetScript}" nonce="${input.nonce}" defer data-captcha-script></script>`}
${enhanceUrl && html`<script src="${enhanceUrl}" nonce="${input.nonce}" defer></script>`}
${input.inlineScript?.(input.nonce)}
</body>
</html>
`;
}

/** Renders pages in the common frame, with a fresh nonce and the page's own Content-Security-Policy. */
export function createRenderer(deps: {
  brand: () => Promise<{ name: string; logoUrl?: string | undefined }>;
  assets: Assets;
}) {
  return {
    async send(reply: FastifyReply, input: PageInput): Promise<FastifyReply> {
      const nonce = newNonce();
      // The error page must render even when the settings cannot be read.
      const brand = await deps.brand().catch(() => ({ name: 'Store', logoUrl: undefined }));
      // Only a logo on the store's own origin: the pages' CSP allows images from 'self' and data: URLs alone.
      const logoUrl = brand.logoUrl?.startsWith('/') && !brand.logoUrl.startsWith('//') ? brand.logoUrl : undefined;
      pageHeaders(reply, nonce, input.policy ?? {});
      const body = document({ ...input, storeName: brand.name, logoUrl, nonce, assets: deps.assets });
      return reply
        .status(input.status ?? 200)
        .type('text/html; charset=utf-8')
        .send(body.value);
    },
  };
}

export type Renderer = ReturnType<typeof createRenderer>;

/** The error region every form page has; assistive technology reads out what is put into it. */
export function alertRegion(message: string | undefined): SafeHtml {
  return html`<div class="alert" id="form-alert" role="alert" aria-live="assertive" aria-atomic="true">${message}</div>`;
}

/** A success note (a code was sent again, a link was mailed). */
export function notice(message: string | undefined): SafeHtml {
  return html`<div class="notice" role="status">${message}</div>`;
}

export function csrfInput(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

export function hidden(name: string, value: string): SafeHtml {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}

export interface FieldInput {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string | undefined;
  error?: string | undefined;
  /** Marks the input invalid when the message is shown elsewhere (the page's alert). */
  invalid?: boolean;
  hint?: string | undefined;
  required?: boolean;
  autofocus?: boolean;
  minlength?: number;
  maxlength?: number;
  inputmode?: 'numeric' | 'email' | 'text';
  /** What the enhancement checks as the member types. */
  validate?: 'email' | 'new-password' | 'code';
  /** Markup beside the label (the "Forgot password?" link). */
  aside?: SafeHtml | undefined;
  className?: string;
}

/** A labelled input with its hint and error, tied together by ids and `aria-describedby`. */
export function field(f: FieldInput): SafeHtml {
  const type = f.type ?? 'text';
  const hintId = `${f.name}-hint`;
  const errorId = `${f.name}-error`;
  const describedBy = [f.hint ? hintId : '', errorId].filter(Boolean).join(' ');
  const input = html`<input${attributes({
    id: f.name,
    name: f.name,
    type,
    autocomplete: f.autocomplete,
    value: type === 'password' ? undefined : f.value,
    required: f.required !== false,
    autofocus: f.autofocus,
    minlength: f.minlength,
    maxlength: f.maxlength ?? 254,
    inputmode: f.inputmode,
    'data-validate': f.validate,
    class: f.className,
    spellcheck: type === 'email' || f.name === 'code' ? 'false' : undefined,
    autocapitalize: type === 'email' || f.name === 'code' ? 'none' : undefined,
    'aria-describedby': describedBy,
    'aria-invalid': f.error || f.invalid ? 'true' : undefined,
  })}>`;
  return html`<div class="field">
<div class="label-row"><label for="${f.name}">${f.label}</label>${f.aside}</div>
${type === 'password' ? html`<div class="input-group" data-password>${input}</div>` : input}
${f.hint && html`<p class="hint" id="${hintId}">${f.hint}</p>`}
<p class="field-error" id="${errorId}">${f.error}</p>
</div>`;
}

/** A form posting to one of the hosted pages, carrying the CSRF token. */
export function form(action: string, csrf: string, content: SafeHtml, className?: string): SafeHtml {
  return html`<form method="post" action="${action}"${className ? html` class="${className}"` : ''} data-enhance>
${csrfInput(csrf)}
${content}
</form>`;
}

export function submit(label: string, busyLabel: string, secondary = false): SafeHtml {
  return html`<button type="submit" class="button${secondary ? ' secondary' : ''}" data-busy-label="${busyLabel}">${label}</button>`;
}
