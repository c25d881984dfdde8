/*
 * The stand-in's 3-D Secure challenge page: what the card's bank shows the buyer, in Stripe.js's modal frame.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1a1a}button{font:inherit;padding:.6rem 1rem;margin:.25rem}</style>
</head><body>${body}</body></html>`;

/** The challenge: two buttons posting the buyer's answer back to the page. */
export function challengePage(paymentIntentId: string, amount: string): string {
  const id = escapeHtml(paymentIntentId);
  return page(
    '3D Secure authentication',
    `<main><h1>3D Secure test payment</h1>
<p>Stripe stand-in: authenticate the payment of ${escapeHtml(amount)} (${id}).</p>
<form method="post" action="/3ds/${id}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form></main>`,
  );
}

/** After the answer: says so, and tells the page that opened the challenge. */
export function donePage(paymentIntentId: string, ok: boolean): string {
  const message = JSON.stringify({ type: 'merx-3ds', paymentIntentId, ok }).replace(/</g, '\\u003c');
  return page(
    'Authentication done',
    `<main><h1>${ok ? 'Authentication complete' : 'Authentication failed'}</h1><p>You may close this window.</p></main>
<script>parent.postMessage(${message}, '*');</script>`,
  );
}
