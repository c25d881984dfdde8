import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local captcha provider for tests (the real ones are on the internet): a real HTTP server that answers the
 * providers' published verify protocol (form post of `secret`, `response`, `remoteip`, optional `sitekey`; JSON
 * `{ success, challenge_ts, hostname, "error-codes" }`) and serves a small stand-in of their widget script
 * (`render`, `execute`, `reset`, `ready` on a global). Tokens are bound to the site key they were issued for.
 *
 * Unlike the real providers it accepts a token more than once: the tests prove that Merx refuses a replay itself.
 */
export interface LocalCaptchaProvider {
  origin: string;
  verifyUrl: string;
  /** The widget stand-in (`?render=explicit` as the providers' scripts take it). */
  scriptUrl: string;
  /** The secret the verify endpoint expects. */
  secret: string;
  /** A token the verify endpoint accepts for `siteKey` (as a solved widget would give). */
  issue(siteKey: string): string;
  /** `down`: the verify endpoint answers 503; `slow`: it answers after 10 s. */
  mode: 'up' | 'down' | 'slow';
  /** Site keys whose widget hands out tokens the verify endpoint refuses (a failed check). */
  failingSiteKeys: Set<string>;
  /** Every verify request, as posted. */
  verifications: Array<Record<string, string>>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The widget stand-in: the subset of the providers' browser API the hosted pages use. */
function widgetScript(origin: string, global: string): string {
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  var widgets = [];
  function token(sitekey, done, failed) {
    fetch(origin + '/widget-token?sitekey=' + encodeURIComponent(sitekey))
      .then(function (r) { if (!r.ok) throw new Error('HTTP ' + r.status); return r.text(); })
      .then(done, failed);
  }
  function call(params, name, value) { if (typeof params[name] === 'function') params[name](value); }
  function solve(w) {
    token(w.params.sitekey, function (t) { w.response = t; call(w.params, 'callback', t); },
      function () { call(w.params, 'error-callback'); });
  }
  window[${JSON.stringify(global)}] = {
    render: function (container, params) {
      var w = { container: container, params: params, response: '' };
      widgets.push(w);
      if (params.size !== 'invisible' && params.execution !== 'execute') {
        var box = document.createElement('button');
        box.type = 'button';
        box.className = 'stand-in-challenge';
        box.textContent = 'I am a person (stand-in check)';
        box.addEventListener('click', function () {
          box.disabled = true;
          box.textContent = 'Checked';
          solve(w);
        });
        container.appendChild(box);
      }
      return widgets.length - 1;
    },
    execute: function (target) {
      var w = typeof target === 'number' ? widgets[target] : widgets.filter(function (x) { return x.container === target; })[0];
      if (!w) throw new Error('No such widget');
      solve(w);
    },
    reset: function (id) { var w = widgets[id === undefined ? 0 : id]; if (w) w.response = ''; },
    getResponse: function (id) { var w = widgets[id === undefined ? 0 : id]; return w ? w.response : ''; },
    ready: function (callback) { callback(); }
  };
})();
`;
}

/** Starts the stand-in on a random loopback port; `global` is the widget global the script defines. */
export async function startLocalCaptchaProvider(options: { global?: string } = {}): Promise<LocalCaptchaProvider> {
  const tokens = new Map<string, string>();
  const issue = (siteKey: string) => {
    const token = `tok_${randomBytes(18).toString('base64url')}`;
    tokens.set(token, siteKey);
    return token;
  };
  const waiting = new Set<ServerResponse>();
  const provider: LocalCaptchaProvider = {
    origin: '',
    verifyUrl: '',
    scriptUrl: '',
    secret: `secret_${randomBytes(12).toString('base64url')}`,
    issue,
    mode: 'up',
    failingSiteKeys: new Set(),
    verifications: [],
    close: async () => {},
  };
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', provider.origin);
    if (req.method === 'GET' && url.pathname === '/api.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(widgetScript(provider.origin, options.global ?? 'grecaptcha'));
    }
    if (req.method === 'GET' && url.pathname === '/widget-token') {
      const siteKey = url.searchParams.get('sitekey') ?? '';
      const token = provider.failingSiteKeys.has(siteKey) ? `failed_${randomBytes(8).toString('hex')}` : issue(siteKey);
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      return res.end(token);
    }
    if (req.method === 'POST' && url.pathname === '/siteverify') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      provider.verifications.push(form);
      if (provider.mode === 'down') return json(res, 503, { error: 'unavailable' });
      if (provider.mode === 'slow') {
        waiting.add(res);
        setTimeout(() => {
          waiting.delete(res);
          if (!res.writableEnded) json(res, 200, { success: true });
        }, 10_000).unref();
        return;
      }
      const errors: string[] = [];
      if (!form.secret) errors.push('missing-input-secret');
      else if (form.secret !== provider.secret) errors.push('invalid-input-secret');
      const siteKey = form.response ? tokens.get(form.response) : undefined;
      if (!form.response) errors.push('missing-input-response');
      else if (siteKey === undefined) errors.push('invalid-input-response');
      else if (form.sitekey && form.sitekey !== siteKey) errors.push('sitekey-secret-mismatch');
      if (errors.length) return json(res, 200, { success: false, 'error-codes': errors });
      return json(res, 200, {
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: '127.0.0.1',
        'error-codes': [],
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  provider.origin = `http://127.0.0.1:${port}`;
  provider.verifyUrl = `${provider.origin}/siteverify`;
  provider.scriptUrl = `${provider.origin}/api.js?render=explicit`;
  provider.close = async () => {
    for (const res of waiting) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return provider;
}
