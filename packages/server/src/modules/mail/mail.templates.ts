/** Every kind of mail Merx sends; stored in `mail_messages.kind`. */
export const mailKinds = [
  'verification-code',
  'recovery-link',
  'activation-link',
  'staff-invitation',
  'factor-code',
  'sign-in-link',
  'order-confirmation',
  'order-canceled',
  'order-shipped',
  'order-payment-reminder',
  'webhook-disabled',
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

/**
 * Sent when an account's sign-ins are paused after many wrong passwords from elsewhere: the link lets the browser
 * that opens it sign in again with the right password.
 */
export function signInLinkMail(input: { storeName: string; url: string; minutes: number }): MailContent {
  const url = webUrl(input.url);
  const subject = subjectLine(`Sign-in to your ${input.storeName} account was paused`);
  const intro = `Someone tried many wrong passwords on your ${input.storeName} account, so signing in to it is paused for a while. Their attempts did not get in.`;
  const ifYou =
    'If you are trying to sign in, open this link in the browser you use: that browser can then sign in with your password.';
  const valid = `The link is valid for ${input.minutes} minutes and works once. If you use this password anywhere else, change it there.`;
  const notYou = 'If it was not you, you do not need to do anything.';
  return {
    subject,
    text: lines(intro, '', ifYou, '', url, '', valid, '', notYou),
    html: layout(
      input.storeName,
      subject,
      [paragraph(intro), paragraph(ifYou), button('Sign in from this browser', url), paragraph(valid)],
      notYou,
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

/** To the owners: Merx stopped sending webhooks to an endpoint (a day of failures, or a 410 answer). */
export function webhookDisabledMail(input: {
  storeName: string;
  endpointUrl: string;
  reason: string;
  settingsUrl: string;
}): MailContent {
  const url = webUrl(input.settingsUrl);
  const subject = subjectLine(`Webhooks to ${input.endpointUrl} were stopped`);
  const intro = `${input.storeName} stopped sending events to ${input.endpointUrl}. ${input.reason}.`;
  const next =
    'Events for this endpoint are not queued while it is disabled. Fix the receiver, re-enable the endpoint in Settings → Webhooks, and replay the events it missed from there.';
  return {
    subject,
    text: lines(intro, '', next, '', url),
    html: layout(
      input.storeName,
      subject,
      [paragraph(intro), paragraph(next), button('Open webhook settings', url)],
      'You receive this mail as an owner of the store.',
    ),
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

/** An order as its mails show it: words and formatted amounts only (see orders/orders.mail.ts). */
export interface OrderMailView {
  storeName: string;
  /** The order's number, as the buyer knows it ("10001"). */
  number: string;
  lines: Array<{ name: string; options: string; quantity: number; amount: string }>;
  /** Subtotal, discount (negative), shipping, fees, tax, tip, total (`totalsRows`): the rows under the lines; the last one is the total. */
  totals: Array<{ label: string; amount: string }>;
  /** The delivery address, one line a part; empty when nothing is shipped. */
  shipTo: string[];
  /** Where the buyer picks the order up, one line a part; empty unless the order is for pickup. */
  pickupAt: string[];
  /** The delivery option chosen ("Standard"), when there is one. */
  delivery?: string;
  /** Where the buyer reads the order (a member's account page); none for a visitor. */
  url?: string;
  /** How to pay an order paid offline (the merchant's text), when it is still to be paid. */
  paymentInstructions?: string;
}

/** A shipment as its mail tells it. */
export interface ShipmentMailView {
  lines: OrderMailView['lines'];
  trackingNumber?: string;
  shippingProvider?: string;
  /** Only a web link is shown; anything else the merchant typed is left out. */
  trackingLink?: string;
}

const cell = 'padding:6px 0;font-size:14px;line-height:1.4;color:#222;vertical-align:top';

function lineRowsHtml(lines: OrderMailView['lines']): string {
  return lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${l.quantity} × <strong>${escapeHtml(l.name)}</strong>` +
        (l.options ? `<br><span style="font-size:13px;color:#666">${escapeHtml(l.options)}</span>` : '') +
        `</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('');
}

function linesText(lines: OrderMailView['lines']): string[] {
  return lines.map(
    (l) => `${l.quantity} × ${l.name}${l.options ? ` (${l.options})` : ''}${l.amount ? `: ${l.amount}` : ''}`,
  );
}

/** The lines and the totals (none: the lines alone) as one table; the total's row in bold above a rule. */
function orderTable(lines: OrderMailView['lines'], totals: OrderMailView['totals'] = []): string {
  const last = totals.length - 1;
  const totalRows = totals
    .map((t, i) => {
      const rule = i === 0 || i === last ? ';border-top:1px solid #ddd' : '';
      const style = i === last ? `${cell};font-weight:bold${rule}` : `${cell};color:#555${rule}`;
      return `<tr><td style="${style}">${escapeHtml(t.label)}</td><td style="${style};text-align:right;white-space:nowrap">${escapeHtml(t.amount)}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${lineRowsHtml(lines)}${totalRows}</table>`;
}

function addressBlock(title: string, shipTo: string[]): string {
  if (shipTo.length === 0) return '';
  return (
    `<p style="margin:0 0 4px;font-size:13px;color:#666">${escapeHtml(title)}</p>` +
    `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#222">${shipTo.map(escapeHtml).join('<br>')}</p>`
  );
}

/** The web link of `url`, or undefined when it is none (never thrown: merchants type tracking links). */
function webLinkOrNone(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return webUrl(url);
  } catch {
    return undefined;
  }
}

const orderFooter = 'You get this email because you placed an order with us.';

/** The text part's address blocks: where the order goes, or where it is picked up. */
function places(view: OrderMailView): string[] {
  return [
    ...(view.shipTo.length > 0 ? ['', 'Ship to:', ...view.shipTo] : []),
    ...(view.pickupAt.length > 0 ? ['', 'Pick up at:', ...view.pickupAt] : []),
  ];
}

/** The HTML part's address blocks (see `places`). */
function placesHtml(view: OrderMailView): string {
  return addressBlock('Ship to', view.shipTo) + addressBlock('Pick up at', view.pickupAt);
}

/** The buyer's confirmation once an order is approved (paid, or accepted for offline payment). */
export function orderConfirmationMail(view: OrderMailView): MailContent {
  const subject = subjectLine(`Your ${view.storeName} order #${view.number} is confirmed`);
  const when = view.pickupAt.length > 0 ? 'it is ready for pickup' : 'it ships';
  const intro = `Thank you for your order. Order #${view.number} is confirmed; we will write again when ${when}.`;
  const delivery = view.delivery ? `Delivery: ${view.delivery}` : '';
  const url = webLinkOrNone(view.url);
  const text = [
    intro,
    ...(view.paymentInstructions ? ['', 'How to pay:', view.paymentInstructions] : []),
    '',
    ...linesText(view.lines),
    '',
    ...view.totals.map((t) => `${t.label}: ${t.amount}`),
    ...places(view),
    ...(delivery ? [delivery] : []),
    ...(url ? ['', `Your order: ${url}`] : []),
    '',
    orderFooter,
  ];
  return {
    subject,
    text: lines(...text),
    html: layout(
      view.storeName,
      subject,
      [
        paragraph(intro),
        view.paymentInstructions ? instructionsHtml(view.paymentInstructions) : '',
        orderTable(view.lines, view.totals),
        placesHtml(view),
        delivery ? paragraph(delivery) : '',
        url ? button('View your order', url) : '',
      ],
      orderFooter,
    ),
  };
}

/** Tells the buyer their order was canceled (sent when staff cancel with `sendOrderCanceledEmail`). */
export function orderCanceledMail(view: OrderMailView, customMessage?: string): MailContent {
  const subject = subjectLine(`Your ${view.storeName} order #${view.number} was canceled`);
  const intro = `Order #${view.number} was canceled.`;
  const message = customMessage?.trim() ?? '';
  const questions = 'If you have questions about it, please contact us.';
  return {
    subject,
    text: lines(intro, ...(message ? ['', message] : []), '', ...linesText(view.lines), '', questions),
    html: layout(
      view.storeName,
      subject,
      [paragraph(intro), message ? paragraph(message) : '', orderTable(view.lines), paragraph(questions)],
      orderFooter,
    ),
  };
}

/** Tells the buyer that some or all of their order was shipped, with its tracking when the merchant gave it. */
export function orderShippedMail(view: OrderMailView, shipment: ShipmentMailView): MailContent {
  const pickup = view.pickupAt.length > 0;
  const subject = subjectLine(
    `Your ${view.storeName} order #${view.number} ${pickup ? 'is ready for pickup' : 'is on its way'}`,
  );
  const intro = pickup
    ? `Good news: items of order #${view.number} are ready for you to pick up.`
    : `Good news: items of order #${view.number} are on their way.`;
  const tracking = shipment.trackingNumber
    ? `Tracking number: ${shipment.trackingNumber}${shipment.shippingProvider ? ` (${shipment.shippingProvider})` : ''}`
    : '';
  const link = webLinkOrNone(shipment.trackingLink);
  return {
    subject,
    text: lines(
      intro,
      '',
      ...linesText(shipment.lines),
      ...(tracking ? ['', tracking] : []),
      ...(link ? [`Track it: ${link}`] : []),
      ...places(view),
      '',
      orderFooter,
    ),
    html: layout(
      view.storeName,
      subject,
      [
        paragraph(intro),
        orderTable(shipment.lines),
        tracking ? paragraph(tracking) : '',
        link ? button('Track your package', link) : '',
        placesHtml(view),
      ],
      orderFooter,
    ),
  };
}

/** The merchant's offline payment instructions as a block: a heading and their text, line breaks kept. */
function instructionsHtml(text: string): string {
  return (
    '<p style="margin:0 0 4px;font-size:13px;color:#666">How to pay</p>' +
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#222;white-space:pre-line">${escapeHtml(text)}</p>`
  );
}

/** What the payment reminder says besides the order: the pay link, whether a card was declined, the timeout. */
export interface PaymentReminderView {
  url: string;
  declined: boolean;
  /** How long the store keeps an unpaid order ("1 hour"); absent when it keeps it until staff act. */
  keptFor?: string;
}

/** Reminds the buyer that their order paid online is not paid yet, with a link to pay it (sent once). */
export function orderPaymentReminderMail(view: OrderMailView, reminder: PaymentReminderView): MailContent {
  const subject = subjectLine(`Your ${view.storeName} order #${view.number} is waiting for payment`);
  const intro = reminder.declined
    ? `The payment for order #${view.number} did not go through: the card was declined. You can pay it with another card.`
    : `We have not received the payment for order #${view.number} yet. You can pay it now.`;
  const deadline = reminder.keptFor
    ? `Unpaid orders are canceled ${reminder.keptFor} after they were placed, and the items are released.`
    : '';
  const url = webUrl(reminder.url);
  return {
    subject,
    text: lines(
      intro,
      '',
      `Pay your order: ${url}`,
      ...(deadline ? ['', deadline] : []),
      '',
      ...linesText(view.lines),
      '',
      orderFooter,
    ),
    html: layout(
      view.storeName,
      subject,
      [paragraph(intro), button('Pay now', url), deadline ? paragraph(deadline) : '', orderTable(view.lines)],
      orderFooter,
    ),
  };
}
