/** Every kind of mail Merx sends; stored in `mail_messages.kind`. */
export const mailKinds = [
  'verification-code',
  'recovery-link',
  'activation-link',
  'staff-invitation',
  'factor-code',
] as const;

export type MailKind = (typeof mailKinds)[number];

/** A rendered mail: a plain-text body is always present next to the HTML one. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => htmlEscapes[ch] ?? ch);
}

/** A subject is one header line: line breaks and runs of blanks become one space. */
function subjectLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Links in mail must be web links; anything else is a bug in the caller, not something to send. */
function webUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Not a web URL: ${url}`);
  return parsed.href;
}

const font = 'font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif';

function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#222">${escapeHtml(text)}</p>`;
}

function codeBlock(code: string): string {
  return (
    '<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;' +
    `font-family:Menlo,Consolas,monospace;color:#111">${escapeHtml(code)}</p>`
  );
}

function button(label: string, url: string): string {
  const href = escapeHtml(url);
  return (
    '<p style="margin:0 0 16px">' +
    `<a href="${href}" style="display:inline-block;padding:12px 20px;background:#111;color:#fff;` +
    `text-decoration:none;border-radius:6px;font-size:15px">${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#666;word-break:break-all">${href}</p>`
  );
}

/** The shared frame: store name as heading, the body, a muted footer. */
function layout(storeName: string, title: string, body: string[], footer: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f5f5;${font}">` +
    '<div style="max-width:480px;margin:0 auto;padding:32px;background:#fff;border-radius:8px">' +
    `<h1 style="margin:0 0 24px;font-size:20px;color:#111">${escapeHtml(storeName)}</h1>` +
    body.join('') +
    `<p style="margin:24px 0 0;font-size:13px;color:#888">${escapeHtml(footer)}</p>` +
    '</div></body></html>'
  );
}

function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}

const ignoreFooter = 'If you did not ask for this, you can ignore this email.';

/** The code that proves a member owns an email address. */
export function verificationCodeMail(input: { storeName: string; code: string; minutes: number }): MailContent {
  const subject = subjectLine(`Your ${input.storeName} verification code: ${input.code}`);
  const valid = `This code is valid for ${input.minutes} minutes.`;
  const intro = `Enter this code to verify your email address at ${input.storeName}:`;
  return {
    subject,
    text: lines(intro, '', input.code, '', valid, '', ignoreFooter),
    html: layout(input.storeName, subject, [paragraph(intro), codeBlock(input.code), paragraph(valid)], ignoreFooter),
  };
}

/** The link that lets a member or staff member choose a new password. */
export function recoveryLinkMail(input: { storeName: string; url: string; minutes: number }): MailContent {
  const url = webUrl(input.url);
  const subject = subjectLine(`Reset your ${input.storeName} password`);
  const intro = `Someone asked to reset the password of your ${input.storeName} account. Open this link to choose a new one:`;
  const valid = `This link is valid for ${input.minutes} minutes and works once.`;
  return {
    subject,
    text: lines(intro, '', url, '', valid, '', ignoreFooter),
    html: layout(
      input.storeName,
      subject,
      [paragraph(intro), button('Reset password', url), paragraph(valid)],
      ignoreFooter,
    ),
  };
}

/** The link that activates an account created for someone (set a password, confirm the address). */
export function activationLinkMail(input: { storeName: string; url: string }): MailContent {
  const url = webUrl(input.url);
  const subject = subjectLine(`Activate your ${input.storeName} account`);
  const intro = `An account was created for you at ${input.storeName}. Open this link to activate it:`;
  return {
    subject,
    text: lines(intro, '', url, '', ignoreFooter),
    html: layout(input.storeName, subject, [paragraph(intro), button('Activate account', url)], ignoreFooter),
  };
}

/** The invitation to join a store's staff with a role. */
export function staffInvitationMail(input: {
  storeName: string;
  inviterName: string;
  role: string;
  url: string;
}): MailContent {
  const url = webUrl(input.url);
  const subject = subjectLine(`${input.inviterName} invited you to ${input.storeName}`);
  const intro = `${input.inviterName} invited you to join the staff of ${input.storeName} as ${input.role}.`;
  const action = 'Open this link to accept the invitation and set up your account:';
  const footer = 'If you did not expect this invitation, you can ignore this email.';
  return {
    subject,
    text: lines(intro, action, '', url, '', footer),
    html: layout(
      input.storeName,
      subject,
      [paragraph(intro), paragraph(action), button('Accept invitation', url)],
      footer,
    ),
  };
}

/** The second-factor code sent during sign-in. */
export function factorCodeMail(input: { storeName: string; code: string }): MailContent {
  const subject = subjectLine(`Your ${input.storeName} sign-in code: ${input.code}`);
  const intro = `Enter this code to finish signing in to ${input.storeName}:`;
  const footer = 'If you are not signing in, someone may know your password: change it.';
  return {
    subject,
    text: lines(intro, '', input.code, '', footer),
    html: layout(input.storeName, subject, [paragraph(intro), codeBlock(input.code)], footer),
  };
}
