/**
 * The one stylesheet of the hosted pages (served at `/auth/assets/auth.css`). Kept in code rather than a file so
 * the bundled server carries it. Colours keep 4.5:1 contrast for text and 3:1 for borders, in both schemes.
 */
export const authCss = `
:root {
  color-scheme: light dark;
  /* The shop's palette (apps/storefront/src/app/base.css): the member pages look like the store they belong to. */
  --bg: #f4f6f5;
  --card: #ffffff;
  --card-border: #dfe3e1;
  --text: #1c2321;
  --muted: #55605c;
  --border: #7d8783;
  --accent: #155e4b;
  --focus: #155e4b;
  --button: #155e4b;
  --button-hover: #0e4537;
  --button-text: #ffffff;
  --error: #b42318;
  --error-bg: #fdf0ef;
  --error-border: #f1c4bf;
  --ok: #1d5b2a;
  --ok-bg: #eef6ee;
  --ok-border: #bfdcc4;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #141517;
    --card: #1e1f22;
    --card-border: #2e3034;
    --text: #eceef1;
    --muted: #b2b6bd;
    --border: #8a8e96;
    --accent: #7fd1b4;
    --focus: #7fd1b4;
    --button: #7fd1b4;
    --button-hover: #a3e0ca;
    --button-text: #0e2a22;
    --error: #ffb4ab;
    --error-bg: #3a1f1c;
    --error-border: #6b2f29;
    --ok: #a6dcb0;
    --ok-bg: #1b2e1f;
    --ok-border: #2f5236;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--bg);
  color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
.page {
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 48px 16px 32px;
}
.brand {
  display: flex;
  align-items: center;
  gap: 10px;
  margin: 0 0 24px;
  font-size: 1.125rem;
  font-weight: 650;
  letter-spacing: 0.01em;
  max-width: 420px;
  overflow-wrap: anywhere;
}
.brand-home {
  display: flex;
  align-items: center;
  gap: 10px;
  color: inherit;
  text-decoration: none;
}
.brand-home:hover span { text-decoration: underline; }
.brand-logo {
  border-radius: 8px;
  display: block;
}
.brand-mark {
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 34px;
  height: 34px;
  border-radius: 9px;
  background: var(--button);
  color: var(--button-text);
  font-size: 1rem;
  font-weight: 700;
}
.card {
  width: 100%;
  max-width: 420px;
  background: var(--card);
  border: 1px solid var(--card-border);
  border-radius: 14px;
  box-shadow: 0 1px 2px rgb(0 0 0 / 5%), 0 10px 30px rgb(0 0 0 / 6%);
  padding: 32px;
}
h1 { margin: 0 0 8px; font-size: 1.5rem; line-height: 1.25; font-weight: 700; }
.lead { margin: 0 0 24px; color: var(--muted); }
.lead strong { display: inline-block; max-width: 100%; color: var(--text); font-weight: 600; overflow-wrap: anywhere; }
.card > :last-child { margin-bottom: 0; }
p { margin: 0 0 16px; }
form { margin: 0; }
.field { margin: 0 0 18px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 12px; }
.label-row { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
label { display: block; margin: 0 0 6px; font-weight: 600; font-size: 0.9375rem; }
.label-row a { font-size: 0.875rem; }
input[type="email"], input[type="password"], input[type="text"] {
  display: block;
  width: 100%;
  margin: 0;
  padding: 11px 12px;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--card);
  color: var(--text);
  font: inherit;
  min-height: 46px;
}
input:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; border-color: var(--focus); }
input[aria-invalid="true"] { border-color: var(--error); }
.code-input {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1.5rem !important;
  letter-spacing: 0.35em;
  text-align: center;
}
.hint, .field-error { margin: 6px 0 0; font-size: 0.875rem; }
.hint { color: var(--muted); }
.field-error { color: var(--error); font-weight: 500; }
.field-error:empty, .hint:empty { display: none; }
.captcha .hint { margin: 0 0 10px; }
.captcha-challenge:empty, .captcha [data-captcha-invisible]:empty { display: none; }
.captcha-challenge { margin: 0 0 12px; }
.captcha .field-error { margin: 0 0 12px; }
.input-group { position: relative; }
.input-group.has-toggle input { padding-right: 76px; }
.toggle {
  position: absolute;
  top: 50%;
  right: 6px;
  transform: translateY(-50%);
  min-width: 60px;
  padding: 6px 10px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: var(--accent);
  font: inherit;
  font-size: 0.875rem;
  font-weight: 600;
  cursor: pointer;
}
.toggle:hover { text-decoration: underline; }
.toggle:focus-visible { outline: 3px solid var(--focus); outline-offset: 0; }
.button {
  display: block;
  width: 100%;
  margin: 6px 0 0;
  padding: 12px 16px;
  border: 1px solid var(--button);
  border-radius: 10px;
  background: var(--button);
  color: var(--button-text);
  font: inherit;
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
}
.button:hover { background: var(--button-hover); }
.button:focus-visible, .link-button:focus-visible, a:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}
.button.secondary { background: transparent; color: var(--text); border-color: var(--border); }
.button.secondary:hover { background: var(--bg); }
.button[aria-busy="true"] { cursor: progress; opacity: 0.8; }
.button[aria-busy="true"]::after {
  content: "";
  display: inline-block;
  width: 0.9em;
  height: 0.9em;
  margin-left: 10px;
  vertical-align: -0.1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: spin 0.8s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .button[aria-busy="true"]::after { animation: none; } }
a { color: var(--accent); text-underline-offset: 2px; }
.link-button {
  padding: 4px 2px;
  border: 0;
  background: none;
  color: var(--accent);
  font: inherit;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
}
.alert, .notice {
  margin: 0 0 20px;
  padding: 12px 14px;
  border: 1px solid;
  border-radius: 8px;
  font-size: 0.9375rem;
}
.alert { background: var(--error-bg); border-color: var(--error-border); color: var(--error); }
.notice { background: var(--ok-bg); border-color: var(--ok-border); color: var(--ok); }
.alert:empty, .notice:empty { display: none; }
.alt {
  margin: 24px 0 0;
  padding-top: 20px;
  border-top: 1px solid var(--card-border);
  text-align: center;
  color: var(--muted);
}
.alt p, .alt form { margin: 0 0 10px; }
.alt > :last-child, .alt form:last-child p { margin-bottom: 0; }
.alt .link-button { padding: 2px 0; }
.request-id {
  margin: 16px 0 0;
  color: var(--muted);
  font-size: 0.8125rem;
  overflow-wrap: anywhere;
}
.request-id code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.foot { margin-top: 24px; color: var(--muted); font-size: 0.8125rem; text-align: center; }
.sr-only {
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
@media (max-width: 480px) {
  .page { padding: 24px 12px 24px; }
  .brand { margin-bottom: 18px; }
  .card { padding: 24px 20px; border-radius: 12px; }
  h1 { font-size: 1.375rem; }
  .row { grid-template-columns: 1fr; }
}
`;
