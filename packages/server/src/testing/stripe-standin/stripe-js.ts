/**
 * The browser half of the Stripe stand-in: a script standing in for Stripe.js (the release train that
 * `@stripe/stripe-js` loads) for what Merx's storefront uses. `Stripe(publishableKey)` → `elements(options)` →
 * `create('payment' | 'card').mount(target)`, `elements.submit()`, `stripe.confirmPayment({ elements, clientSecret?,
 * confirmParams, redirect })`, `confirmCardPayment`, `retrievePaymentIntent`. As with Stripe Elements, the card fields
 * live in an iframe of another origin (an opaque-origin `data:` document), so the card number never enters the shop's
 * DOM or state: the frame creates the PaymentMethod itself with the publishable key and hands the page its id. A
 * 3-D Secure challenge opens the stand-in's `/3ds/:id` page in a modal iframe and waits for its `merx-3ds` message.
 * Tests only; it calls the stand-in's REST API, never Stripe.
 */

/** The card frame's own script: fields, validation with Stripe's messages, and PaymentMethod creation. */
const FRAME_SCRIPT = String.raw`
(function () {
  'use strict';
  var port = null, key = '', base = '', kind = 'payment', submitted = false, disabled = false;
  var touched = { number: false, expiry: false, cvc: false };
  var els = {
    number: document.getElementById('number'),
    expiry: document.getElementById('expiry'),
    cvc: document.getElementById('cvc'),
  };
  var errs = {
    number: document.getElementById('number-error'),
    expiry: document.getElementById('expiry-error'),
    cvc: document.getElementById('cvc-error'),
  };
  function digits(v) { return String(v || '').replace(/\D/g, ''); }
  function brandOf(d) {
    if (/^4/.test(d)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
    if (/^3[47]/.test(d)) return 'amex';
    if (/^6(011|5)/.test(d)) return 'discover';
    return d ? 'unknown' : 'unknown';
  }
  function luhn(d) {
    var sum = 0, alt = false;
    for (var i = d.length - 1; i >= 0; i--) {
      var n = +d.charAt(i);
      if (alt) { n *= 2; if (n > 9) n -= 9; }
      sum += n; alt = !alt;
    }
    return sum % 10 === 0;
  }
  function fail(code, message) { return { type: 'validation_error', code: code, message: message }; }
  function checkNumber() {
    var d = digits(els.number.value);
    if (!d) return fail('incomplete_number', 'Your card number is incomplete.');
    var want = brandOf(d) === 'amex' ? 15 : 16;
    if (d.length < want) return fail('incomplete_number', 'Your card number is incomplete.');
    if (!luhn(d)) return fail('invalid_number', 'Your card number is invalid.');
    return null;
  }
  function expiryParts() {
    var d = digits(els.expiry.value);
    return { month: +d.slice(0, 2), year: 2000 + +d.slice(2, 4), full: d.length === 4 };
  }
  function checkExpiry() {
    var e = expiryParts();
    if (!e.full) return fail('incomplete_expiry', "Your card's expiration date is incomplete.");
    if (e.month < 1 || e.month > 12) return fail('invalid_expiry_month', "Your card's expiration date is invalid.");
    var now = new Date();
    var y = now.getFullYear(), m = now.getMonth() + 1;
    if (e.year < y) return fail('invalid_expiry_year_past', "Your card's expiration year is in the past.");
    if (e.year === y && e.month < m) return fail('invalid_expiry_month_past', "Your card's expiration date is in the past.");
    return null;
  }
  function checkCvc() {
    var d = digits(els.cvc.value);
    var want = brandOf(digits(els.number.value)) === 'amex' ? 4 : 3;
    if (d.length < want) return fail('incomplete_cvc', "Your card's security code is incomplete.");
    return null;
  }
  function state() {
    var found = { number: checkNumber(), expiry: checkExpiry(), cvc: checkCvc() };
    var empty = !els.number.value && !els.expiry.value && !els.cvc.value;
    var first = found.number || found.expiry || found.cvc;
    return { found: found, empty: empty, complete: !first, error: first, brand: brandOf(digits(els.number.value)) };
  }
  function paint(s) {
    ['number', 'expiry', 'cvc'].forEach(function (f) {
      var show = (touched[f] || submitted) && s.found[f];
      errs[f].textContent = show ? s.found[f].message : '';
      els[f].setAttribute('aria-invalid', show ? 'true' : 'false');
    });
  }
  function send(msg) { if (port) port.postMessage(msg); }
  function report() {
    var s = state();
    paint(s);
    var shown = null;
    ['number', 'expiry', 'cvc'].forEach(function (f) { if (!shown && (touched[f] || submitted) && s.found[f]) shown = s.found[f]; });
    send({ op: 'change', empty: s.empty, complete: s.complete, error: shown || undefined, brand: s.brand });
  }
  els.number.addEventListener('input', function () {
    var d = digits(els.number.value).slice(0, 19);
    els.number.value = d.replace(/(\d{4})(?=\d)/g, '$1 ');
    report();
  });
  els.expiry.addEventListener('input', function () {
    var d = digits(els.expiry.value).slice(0, 4);
    els.expiry.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    report();
  });
  els.cvc.addEventListener('input', function () {
    els.cvc.value = digits(els.cvc.value).slice(0, 4);
    report();
  });
  ['number', 'expiry', 'cvc'].forEach(function (f) {
    els[f].addEventListener('blur', function () {
      if (els[f].value) touched[f] = true;
      report();
      send({ op: 'blur' });
    });
    els[f].addEventListener('focus', function () { send({ op: 'focus' }); });
  });
  document.getElementById('f').addEventListener('submit', function (e) { e.preventDefault(); });
  function encode(params) {
    return Object.keys(params).map(function (k) {
      return encodeURIComponent(k) + '=' + encodeURIComponent(params[k]);
    }).join('&');
  }
  function createPaymentMethod(billing) {
    submitted = true;
    var s = state();
    report();
    if (s.error) return Promise.resolve({ error: s.error });
    var e = expiryParts();
    var params = {
      type: 'card',
      'card[number]': digits(els.number.value),
      'card[exp_month]': String(e.month),
      'card[exp_year]': String(e.year),
      'card[cvc]': digits(els.cvc.value),
    };
    if (billing) Object.keys(billing).forEach(function (k) {
      var v = billing[k];
      if (v && typeof v === 'object') Object.keys(v).forEach(function (j) {
        if (v[j] != null) params['billing_details[' + k + '][' + j + ']'] = String(v[j]);
      });
      else if (v != null) params['billing_details[' + k + ']'] = String(v);
    });
    return fetch(base + '/v1/payment_methods', {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encode(params),
    }).then(function (res) {
      return res.json().then(function (body) {
        return res.ok ? { paymentMethod: body } : { error: body.error || { type: 'api_error', message: 'An unexpected error occurred.' } };
      });
    }, function () {
      return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Check your connection and try again.' } };
    });
  }
  function onCommand(e) {
    var m = e.data || {};
    if (m.op === 'submit') {
      submitted = true;
      report();
      var s = state();
      send({ op: 'reply', id: m.id, result: s.error ? { error: s.error } : {} });
    } else if (m.op === 'createPaymentMethod') {
      createPaymentMethod(m.billing).then(function (r) { send({ op: 'reply', id: m.id, result: r }); });
    } else if (m.op === 'clear') {
      els.number.value = els.expiry.value = els.cvc.value = '';
      touched = { number: false, expiry: false, cvc: false };
      submitted = false;
      report();
    } else if (m.op === 'focus') {
      els.number.focus();
    } else if (m.op === 'disabled') {
      disabled = !!m.value;
      ['number', 'expiry', 'cvc'].forEach(function (f) { els[f].disabled = disabled; });
    }
  }
  function style(a) {
    var v = (a && a.variables) || {};
    var map = { colorPrimary: '--primary', colorText: '--text', colorDanger: '--danger', colorBackground: '--bg',
      fontFamily: '--font', borderRadius: '--radius', fontSizeBase: '--size' };
    Object.keys(map).forEach(function (k) { if (v[k]) document.documentElement.style.setProperty(map[k], String(v[k])); });
  }
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (port || e.source !== parent || !d || d.type !== 'merx-stripe-init' || !e.ports[0]) return;
    port = e.ports[0];
    key = d.key; base = d.base; kind = d.kind || 'payment';
    document.body.className = kind;
    style(d.appearance);
    port.onmessage = onCommand;
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(function () { send({ op: 'height', value: document.documentElement.scrollHeight }); })
        .observe(document.body);
    }
    send({ op: 'ready' });
    send({ op: 'height', value: document.documentElement.scrollHeight });
  });
})();
`;

const FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Secure card payment input</title>
<style>
:root { --primary: #0570de; --text: #30313d; --danger: #df1b41; --bg: #fff; --font: system-ui, sans-serif;
  --radius: 6px; --size: 16px; }
* { box-sizing: border-box; }
html, body { margin: 0; background: transparent; color: var(--text); font: var(--size)/1.4 var(--font); }
form { margin: 0; padding: 2px; }
.tab { display: inline-flex; gap: .4em; align-items: center; border: 2px solid var(--primary); border-radius: var(--radius);
  padding: .35em .8em; margin-bottom: .8em; font-weight: 600; color: var(--primary); font-size: .9em; }
body.card .tab { display: none; }
label { display: block; font-size: .875em; margin-bottom: .25em; }
input { width: 100%; font: inherit; color: inherit; background: var(--bg); border: 1px solid #8a8d99; border-radius: var(--radius);
  padding: .6em .75em; }
input:focus { outline: 2px solid var(--primary); outline-offset: 1px; border-color: var(--primary); }
input[aria-invalid="true"] { border-color: var(--danger); }
.row { margin-bottom: .7em; }
.two { display: grid; grid-template-columns: 1fr 1fr; gap: .75em; }
.error { color: var(--danger); font-size: .875em; margin: .25em 0 0; min-height: 0; }
.error:empty { display: none; }
</style></head>
<body class="payment"><form id="f" novalidate>
<div class="tab" aria-hidden="true">Card</div>
<div class="row"><label for="number">Card number</label>
<input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-describedby="number-error">
<p class="error" id="number-error" role="alert"></p></div>
<div class="two">
<div><label for="expiry">Expiration date</label>
<input id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-describedby="expiry-error">
<p class="error" id="expiry-error" role="alert"></p></div>
<div><label for="cvc">Security code</label>
<input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-describedby="cvc-error">
<p class="error" id="cvc-error" role="alert"></p></div>
</div></form>
<script>${FRAME_SCRIPT}</script></body></html>`;

/** The page's side: `window.Stripe`, elements, confirmation and the 3-D Secure modal. */
const PAGE_SCRIPT = String.raw`
  if (window.Stripe) return;
  var FRAME_URL = 'data:text/html;charset=utf-8,' + encodeURIComponent(FRAME_HTML);
  var frames = 0;

  function integrationError(message) {
    var e = new Error(message);
    e.name = 'IntegrationError';
    return e;
  }
  function encode(params, prefix, out) {
    out = out || [];
    Object.keys(params).forEach(function (k) {
      var v = params[k];
      if (v === undefined || v === null) return;
      var name = prefix ? prefix + '[' + k + ']' : k;
      if (typeof v === 'object') encode(v, name, out);
      else out.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(v)));
    });
    return out.join('&');
  }
  function api(key, method, path, params) {
    var init = { method: method, headers: { Authorization: 'Bearer ' + key } };
    if (method !== 'GET') {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = encode(params || {});
    } else if (params) {
      path += '?' + encode(params);
    }
    return fetch(BASE + path, init).then(function (res) {
      return res.json().then(function (body) {
        return res.ok ? { ok: body } : { error: body.error || { type: 'api_error', message: 'An unexpected error occurred.' } };
      });
    }, function () {
      return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Check your connection and try again.' } };
    });
  }
  function intentIdOf(clientSecret) {
    var m = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret || ''));
    if (!m) throw integrationError('Invalid value for clientSecret: it should be a PaymentIntent client secret (pi_..._secret_...).');
    return m[1];
  }

  function Emitter() { this._handlers = {}; }
  Emitter.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  Emitter.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  Emitter.prototype.once = function (event, handler) {
    var self = this;
    function one(e) { self.off(event, one); handler(e); }
    return this.on(event, one);
  };
  Emitter.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (h) { h(payload); });
  };

  function Element(group, type, options) {
    Emitter.call(this);
    this._group = group;
    this._type = type;
    this._options = options || {};
    this._state = { empty: true, complete: false };
    this._pending = {};
    this._next = 0;
    this._port = null;
    this._wrap = null;
    this._destroyed = false;
  }
  Element.prototype = Object.create(Emitter.prototype);
  Element.prototype.mount = function (target) {
    if (this._destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host || !host.appendChild) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
    if (this._wrap) this.unmount();
    var self = this;
    var wrap = document.createElement('div');
    wrap.className = 'StripeElement StripeElement--empty';
    wrap.style.position = 'relative';
    var frame = document.createElement('iframe');
    frame.name = '__privateStripeFrame' + ++frames;
    frame.title = 'Secure payment input frame';
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'border:0;width:100%;height:' + (this._type === 'card' ? 150 : 190) + 'px;display:block;background:transparent;color-scheme:normal';
    frame.src = FRAME_URL;
    frame.addEventListener('load', function () {
      var channel = new MessageChannel();
      self._port = channel.port1;
      channel.port1.onmessage = function (e) { self._fromFrame(e.data || {}); };
      frame.contentWindow.postMessage({
        type: 'merx-stripe-init',
        key: self._group._stripe._key,
        base: BASE,
        kind: self._type,
        appearance: self._group._options.appearance,
      }, '*', [channel.port2]);
    }, { once: true });
    wrap.appendChild(frame);
    host.appendChild(wrap);
    this._wrap = wrap;
    this._frame = frame;
  };
  Element.prototype._fromFrame = function (m) {
    if (m.op === 'reply') {
      var resolve = this._pending[m.id];
      delete this._pending[m.id];
      if (resolve) resolve(m.result);
    } else if (m.op === 'ready') {
      if (this._options.disabled) this._port.postMessage({ op: 'disabled', value: true });
      this._emit('ready', { elementType: this._type });
    } else if (m.op === 'height') {
      if (this._frame) this._frame.style.height = Math.max(60, Number(m.value) || 0) + 'px';
    } else if (m.op === 'change') {
      this._state = { empty: !!m.empty, complete: !!m.complete };
      if (this._wrap) {
        this._wrap.className = 'StripeElement' + (m.empty ? ' StripeElement--empty' : '') +
          (m.complete ? ' StripeElement--complete' : '') + (m.error ? ' StripeElement--invalid' : '');
      }
      var event = { elementType: this._type, empty: !!m.empty, complete: !!m.complete };
      if (this._type === 'card') { event.brand = m.brand; event.error = m.error; }
      else { event.collapsed = false; event.value = { type: 'card' }; }
      this._emit('change', event);
    } else if (m.op === 'focus' || m.op === 'blur') {
      this._emit(m.op, { elementType: this._type });
    }
  };
  Element.prototype._ask = function (op, payload) {
    var self = this;
    if (!this._port) return Promise.reject(integrationError('The Element is not mounted yet: mount it and wait for its ready event.'));
    return new Promise(function (resolve) {
      var id = ++self._next;
      self._pending[id] = resolve;
      var msg = { op: op, id: id };
      Object.keys(payload || {}).forEach(function (k) { msg[k] = payload[k]; });
      self._port.postMessage(msg);
    });
  };
  Element.prototype.unmount = function () {
    if (this._wrap && this._wrap.parentNode) this._wrap.parentNode.removeChild(this._wrap);
    if (this._port) this._port.close();
    this._wrap = null;
    this._frame = null;
    this._port = null;
  };
  Element.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    var list = this._group._elements;
    var at = list.indexOf(this);
    if (at >= 0) list.splice(at, 1);
  };
  Element.prototype.focus = function () { if (this._port) this._port.postMessage({ op: 'focus' }); };
  Element.prototype.blur = function () { if (this._frame) this._frame.blur(); };
  Element.prototype.clear = function () { if (this._port) this._port.postMessage({ op: 'clear' }); };
  Element.prototype.update = function (options) {
    Object.keys(options || {}).forEach(function (k) { this._options[k] = options[k]; }, this);
    if (this._port && 'disabled' in (options || {})) this._port.postMessage({ op: 'disabled', value: !!options.disabled });
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._elements = [];
    this._submitted = false;
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'payment' && type !== 'card') throw integrationError('The stand-in of Stripe.js supports the payment and card Elements, not ' + type + '.');
    if (this.getElement(type)) throw integrationError('Can only create one Element of type ' + type + '.');
    var el = new Element(this, type, options);
    this._elements.push(el);
    return el;
  };
  Elements.prototype.getElement = function (type) {
    for (var i = 0; i < this._elements.length; i++) if (this._elements[i]._type === type) return this._elements[i];
    return null;
  };
  Elements.prototype.update = function (options) {
    Object.keys(options || {}).forEach(function (k) { this._options[k] = options[k]; }, this);
  };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype._card = function () { return this.getElement('payment') || this.getElement('card'); };
  Elements.prototype.submit = function () {
    var self = this;
    var el = this._card();
    if (!el) return Promise.reject(integrationError('elements.submit(): create and mount a payment Element first.'));
    return el._ask('submit').then(function (r) {
      self._submitted = !r.error;
      return r;
    });
  };

  function StripeClient(key, options) {
    this._key = key;
    this._options = options || {};
  }
  StripeClient.prototype._registerWrapper = function (wrapper) { this._wrapper = wrapper; };
  StripeClient.prototype.registerAppInfo = function () {};
  StripeClient.prototype.elements = function (options) {
    var o = options || {};
    if (o.clientSecret) intentIdOf(o.clientSecret);
    else if (o.mode && o.mode !== 'payment') throw integrationError('The stand-in of Stripe.js supports mode: payment only.');
    return new Elements(this, o);
  };
  StripeClient.prototype.retrievePaymentIntent = function (clientSecret) {
    var id = intentIdOf(clientSecret);
    return api(this._key, 'GET', '/v1/payment_intents/' + id, { client_secret: clientSecret }).then(function (r) {
      return r.error ? { error: r.error } : { paymentIntent: r.ok };
    });
  };
  /** The outcome of a PaymentIntent the way Stripe.js reports it once nothing more can happen in the browser. */
  StripeClient.prototype._settle = function (pi, clientSecret, redirect, returnUrl) {
    var self = this;
    if (pi.status === 'requires_action') {
      return challenge(pi).then(function () {
        return self.retrievePaymentIntent(clientSecret);
      }).then(function (r) {
        if (r.error) return r;
        var after = r.paymentIntent;
        if (after.status === 'requires_action' || (after.status === 'requires_payment_method' && !after.last_payment_error)) {
          return { error: {
            type: 'invalid_request_error',
            code: 'payment_intent_authentication_failure',
            message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            payment_intent: after,
          } };
        }
        return self._settle(after, clientSecret, redirect, returnUrl);
      });
    }
    if (pi.status === 'requires_payment_method' && pi.last_payment_error) {
      var err = {};
      Object.keys(pi.last_payment_error).forEach(function (k) { err[k] = pi.last_payment_error[k]; });
      err.payment_intent = pi;
      return Promise.resolve({ error: err });
    }
    if (redirect !== 'if_required' && returnUrl) {
      var sep = returnUrl.indexOf('?') >= 0 ? '&' : '?';
      var status = pi.status === 'succeeded' || pi.status === 'requires_capture' ? 'succeeded' : pi.status === 'processing' ? 'pending' : 'failed';
      location.assign(returnUrl + sep + 'payment_intent=' + encodeURIComponent(pi.id) +
        '&payment_intent_client_secret=' + encodeURIComponent(clientSecret) + '&redirect_status=' + status);
      return new Promise(function () {});
    }
    return Promise.resolve({ paymentIntent: pi });
  };
  StripeClient.prototype._confirmWith = function (element, clientSecret, params, redirect) {
    var self = this;
    var id = intentIdOf(clientSecret);
    var billing = params.payment_method_data && params.payment_method_data.billing_details;
    return element._ask('createPaymentMethod', { billing: billing || null }).then(function (made) {
      if (made.error) return { error: made.error };
      var body = { client_secret: clientSecret, payment_method: made.paymentMethod.id, use_stripe_sdk: 'true' };
      if (params.return_url) body.return_url = params.return_url;
      if (params.setup_future_usage) body.setup_future_usage = params.setup_future_usage;
      return api(self._key, 'POST', '/v1/payment_intents/' + id + '/confirm', body).then(function (r) {
        if (r.error) return { error: r.error };
        return self._settle(r.ok, clientSecret, redirect, params.return_url);
      });
    });
  };
  StripeClient.prototype.confirmPayment = function (options) {
    var o = options || {};
    var elements = o.elements;
    if (!elements || !(elements instanceof Elements)) return Promise.reject(integrationError('Invalid value for confirmPayment: elements should be an Elements group.'));
    var clientSecret = o.clientSecret || elements._options.clientSecret;
    if (!clientSecret) return Promise.reject(integrationError('Invalid value for confirmPayment: clientSecret is required when the Elements group was created without one.'));
    if (!elements._options.clientSecret && !elements._submitted) {
      return Promise.reject(integrationError('elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work.'));
    }
    var redirect = o.redirect || 'always';
    var params = o.confirmParams || {};
    if (redirect !== 'if_required' && !params.return_url) return Promise.reject(integrationError('stripe.confirmPayment(): the confirmParams.return_url argument is required unless passing redirect: \'if_required\'.'));
    var el = elements._card();
    if (!el) return Promise.reject(integrationError('stripe.confirmPayment(): the Elements group has no payment Element.'));
    elements._submitted = false;
    return this._confirmWith(el, clientSecret, params, redirect);
  };
  StripeClient.prototype.confirmCardPayment = function (clientSecret, data) {
    var d = data || {};
    var pm = d.payment_method || {};
    if (!pm.card || !(pm.card instanceof Element)) return Promise.reject(integrationError('confirmCardPayment: payment_method.card should be a card or payment Element.'));
    var params = { return_url: d.return_url, setup_future_usage: d.setup_future_usage };
    if (pm.billing_details) params.payment_method_data = { billing_details: pm.billing_details };
    return this._confirmWith(pm.card, clientSecret, params, 'if_required');
  };

  /** The issuer's challenge in a modal iframe over the page; settles when the stand-in's page reports the outcome. */
  function challenge(pi) {
    var na = pi.next_action || {};
    var url = (na.redirect_to_url && na.redirect_to_url.url) || (na.use_stripe_sdk && na.use_stripe_sdk.stripe_js) ||
      BASE + '/3ds/' + encodeURIComponent(pi.id);
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', '3D Secure authentication');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55)';
      var box = document.createElement('div');
      box.style.cssText = 'position:relative;background:#fff;border-radius:8px;box-shadow:0 10px 40px rgba(0,0,0,.4);width:min(480px,94vw);height:min(560px,90vh);overflow:hidden';
      var frame = document.createElement('iframe');
      frame.title = '3D Secure authentication';
      frame.name = '__privateStripeFrame' + ++frames;
      frame.style.cssText = 'border:0;width:100%;height:100%';
      frame.src = url;
      var close = document.createElement('button');
      close.type = 'button';
      close.textContent = '\u00d7';
      close.setAttribute('aria-label', 'Cancel authentication');
      close.style.cssText = 'position:absolute;top:6px;right:8px;border:0;background:transparent;font-size:24px;line-height:1;cursor:pointer;color:#444';
      var origin = new URL(url, location.href).origin;
      function done() {
        window.removeEventListener('message', onMessage);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        resolve();
      }
      function onMessage(e) {
        var d = e.data;
        if (e.source !== frame.contentWindow || e.origin !== origin || !d || d.type !== 'merx-3ds' || d.paymentIntentId !== pi.id) return;
        done();
      }
      window.addEventListener('message', onMessage);
      close.addEventListener('click', done);
      box.appendChild(frame);
      box.appendChild(close);
      overlay.appendChild(box);
      document.body.appendChild(overlay);
    });
  }

  function Stripe(key, options) {
    if (typeof key !== 'string' || !key) throw integrationError('Invalid value for Stripe(): apiKey should be a string. You specified: ' + (key === '' ? 'an empty string' : typeof key) + '.');
    if (/^(sk|rk)_/.test(key)) throw integrationError('You should not use your secret key with Stripe.js. Please pass a publishable key instead.');
    if (!/^pk_/.test(key)) throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_...).');
    return new StripeClient(key, options);
  }
  // The release train @stripe/stripe-js expects, so loadStripe does not warn about a mismatch.
  Stripe.version = 'endive';
  window.Stripe = Stripe;
`;

/**
 * The stand-in's Stripe.js for a stand-in at `standInUrl` (its origin, e.g. `http://127.0.0.1:4242`): served at `/v3`.
 * The URL is passed in rather than read from the script's `src`, since tests route https://js.stripe.com to it.
 */
export function stripeJs(standInUrl: string): string {
  const base = standInUrl.replace(/\/+$/, '');
  return `(function () {\n  'use strict';\n  var BASE = ${JSON.stringify(base)};\n  var FRAME_HTML = ${JSON.stringify(FRAME_HTML)};\n${PAGE_SCRIPT}})();\n`;
}
