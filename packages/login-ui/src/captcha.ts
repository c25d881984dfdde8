/**
 * The captcha of a hosted sign-in or sign-up form. reCAPTCHA, hCaptcha and Turnstile load one script that defines a
 * global with `render(container, params)`, `execute(…)` and `reset(id)`; the page renders both widgets itself
 * (`render=explicit`). On submit the invisible check runs and its token rides in `captchaInvisible`; when the
 * server asks for more (the token was missing or refused), the page comes back with the visible challenge, whose
 * token rides in `captchaVisible`.
 */

type WidgetId = string | number;

/** The part of the providers' browser API the pages use. */
interface CaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): WidgetId;
  execute(target?: WidgetId | HTMLElement): unknown;
  reset(id?: WidgetId): void;
  ready?(callback: () => void): void;
}

/** What a submit does with the captcha: go now, wait (the captcha sends the form itself), or stop (say why). */
export type CaptchaStep = 'submit' | 'wait' | 'stop';

export interface CaptchaController {
  beforeSubmit(): CaptchaStep;
}

/** How long the invisible check may take before the form goes without it (the server then asks for the visible one). */
const INVISIBLE_TIMEOUT_MS = 20_000;
const API_TIMEOUT_MS = 20_000;

function waitForApi(global: string): Promise<CaptchaApi | undefined> {
  const started = Date.now();
  return new Promise((resolve) => {
    const look = () => {
      const api = (window as unknown as Record<string, CaptchaApi | undefined>)[global];
      if (api && typeof api.render === 'function') {
        // reCAPTCHA may want its `ready`; Turnstile's throws when its script was deferred, as it is here.
        try {
          if (typeof api.ready === 'function') api.ready(() => resolve(api));
          else resolve(api);
        } catch {
          resolve(api);
        }
        return;
      }
      if (Date.now() - started > API_TIMEOUT_MS) resolve(undefined);
      else setTimeout(look, 50);
    };
    look();
  });
}

/** Takes over the captcha block of `form`, or returns undefined when the form has none. */
export function captchaFor(form: HTMLFormElement): CaptchaController | undefined {
  const block = form.querySelector<HTMLElement>('[data-captcha]');
  if (!block) return undefined;
  const provider = block.dataset.captcha ?? '';
  const global = block.dataset.global ?? '';
  const invisibleKey = block.dataset.invisibleKey ?? '';
  const visibleKey = block.dataset.visibleKey ?? '';
  const challenge = block.dataset.challenge === 'true';
  const invisibleSlot = block.querySelector<HTMLElement>('[data-captcha-invisible]');
  const visibleSlot = block.querySelector<HTMLElement>('[data-captcha-visible]');
  const invisibleInput = form.querySelector<HTMLInputElement>('input[name="captchaInvisible"]');
  const visibleInput = form.querySelector<HTMLInputElement>('input[name="captchaVisible"]');
  const error = block.querySelector<HTMLElement>('#captcha-error');
  if (!invisibleSlot || !visibleSlot || !invisibleInput || !visibleInput) return undefined;
  // The script runs: the line saying the check needs JavaScript goes.
  block.querySelector<HTMLElement>('[data-captcha-needs-script]')?.remove();
  const say = (message: string) => {
    if (error) error.textContent = message;
  };
  const api = waitForApi(global);

  if (challenge && visibleKey) {
    void api.then((found) => {
      if (!found) {
        say('The check could not load. Reload the page to try again.');
        return;
      }
      found.render(visibleSlot, {
        sitekey: visibleKey,
        callback: (token: string) => {
          visibleInput.value = token;
          say('');
        },
        'expired-callback': () => {
          visibleInput.value = '';
        },
        'error-callback': () => say('The check could not load. Reload the page to try again.'),
      });
    });
  }

  let invisibleWidget: WidgetId | undefined;
  const runInvisible = async () => {
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      form.submit();
    };
    // Whatever happens, the form goes: without a token the server asks for the visible challenge.
    setTimeout(send, INVISIBLE_TIMEOUT_MS);
    const found = await api;
    if (!found) return send();
    const params: Record<string, unknown> = {
      sitekey: invisibleKey,
      callback: (token: string) => {
        invisibleInput.value = token;
        send();
      },
      'error-callback': send,
    };
    if (provider === 'turnstile') Object.assign(params, { execution: 'execute', appearance: 'interaction-only' });
    else params.size = 'invisible';
    try {
      invisibleWidget ??= found.render(invisibleSlot, params);
      found.execute(provider === 'turnstile' ? invisibleSlot : invisibleWidget);
    } catch {
      send();
    }
  };

  return {
    beforeSubmit() {
      if (visibleInput.value || invisibleInput.value) return 'submit';
      if (challenge || !invisibleKey) {
        say('Complete the check above first.');
        visibleSlot.scrollIntoView({ block: 'center' });
        return 'stop';
      }
      void runInvisible();
      return 'wait';
    },
  };
}
