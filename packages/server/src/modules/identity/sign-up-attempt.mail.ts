import { escapeHtml, type MailContent } from '../mail/mail.templates.js';

/*
 * The mail the owner of an existing account gets when someone signs up on the hosted page with their address. The
 * page answers exactly as for a new address ("check your inbox"), so it never tells a stranger that the address has
 * an account; the owner learns it here, with a code that signs them in (it proves they read this mailbox) and the
 * way to a new password.
 */

const font = 'font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif';
const p = (text: string) =>
  `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#222">${escapeHtml(text)}</p>`;

/** "Someone tried to create an account with your address" with a sign-in code and the password reset page. */
export function signUpAttemptMail(input: {
  storeName: string;
  code: string;
  minutes: number;
  resetUrl: string;
}): MailContent {
  const subject = `Someone tried to create a ${input.storeName} account with your email`.replace(/\s+/g, ' ').trim();
  const intro = `Someone tried to create an account at ${input.storeName} with this email address. You already have an account, so no new one was made and nothing about yours changed.`;
  const ifYou = `If it was you, enter this code on the page to sign in to your account (valid for ${input.minutes} minutes):`;
  const reset = 'Forgot your password? Choose a new one here:';
  const notYou = 'If it was not you, you can ignore this email: without the code nobody gets into your account.';
  const href = escapeHtml(input.resetUrl);
  const html =
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f5f5;${font}">` +
    '<div style="max-width:480px;margin:0 auto;padding:32px;background:#fff;border-radius:8px">' +
    `<h1 style="margin:0 0 24px;font-size:20px;color:#111">${escapeHtml(input.storeName)}</h1>` +
    p(intro) +
    p(ifYou) +
    '<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;' +
    `font-family:Menlo,Consolas,monospace;color:#111">${escapeHtml(input.code)}</p>` +
    p(reset) +
    `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#111;` +
    `color:#fff;text-decoration:none;border-radius:6px;font-size:15px">Reset password</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#666;word-break:break-all">${href}</p>` +
    `<p style="margin:24px 0 0;font-size:13px;color:#888">${escapeHtml(notYou)}</p>` +
    '</div></body></html>';
  return {
    subject,
    text: `${[intro, '', ifYou, '', input.code, '', reset, input.resetUrl, '', notYou].join('\n')}\n`,
    html,
  };
}
