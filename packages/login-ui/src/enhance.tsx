import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { type CaptchaController, captchaFor } from './captcha.js';
import { missingMessage, problemOf, ruleOf } from './rules.js';

/**
 * Enhances the server-rendered forms of the hosted pages; hydrates nothing. Every form works without this script:
 * it adds show/hide on password fields, messages while typing, and a busy state on submit.
 */

interface Field {
  input: HTMLInputElement;
  /** The server-rendered `#<id>-error` paragraph, which React takes over. */
  slot: HTMLElement;
  label: string;
}

interface FieldState {
  message: string | null;
  invalid: boolean;
}

function messageFor(field: Field, onSubmit: boolean): string | null {
  const value = field.input.value;
  if (value === '') return onSubmit && field.input.required ? missingMessage(field.label) : null;
  return problemOf(ruleOf(field.input.dataset.validate), value);
}

function PasswordToggle({ group, input, conceal }: { group: HTMLElement; input: HTMLInputElement; conceal: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    group.classList.add('has-toggle');
    return () => group.classList.remove('has-toggle');
  }, [group]);
  // The password goes back to dots before the form is sent, so password managers see a password field.
  useEffect(() => {
    if (conceal) setShown(false);
  }, [conceal]);
  useEffect(() => {
    input.type = shown ? 'text' : 'password';
  }, [input, shown]);
  return (
    <button
      type="button"
      className="toggle"
      aria-controls={input.id}
      aria-label={shown ? 'Hide password' : 'Show password'}
      onClick={() => setShown((s) => !s)}
    >
      {shown ? 'Hide' : 'Show'}
    </button>
  );
}

interface EnhancerProps {
  form: HTMLFormElement;
  fields: Field[];
  initial: Record<string, FieldState>;
  groups: HTMLElement[];
  button: { element: HTMLButtonElement; label: string; busyLabel: string } | undefined;
  /** The form's captcha: the invisible check runs once the fields are right, before the form goes. */
  captcha: CaptchaController | undefined;
}

function FormEnhancer({ form, fields, initial, groups, button, captcha }: EnhancerProps) {
  const [states, setStates] = useState(initial);
  const [busy, setBusy] = useState(false);
  const touched = useRef(new Set<string>());
  const busyRef = useRef(false);

  useEffect(() => {
    const fieldOf = (target: EventTarget | null) => fields.find((f) => f.input === target);
    const set = (f: Field, message: string | null) =>
      setStates((s) => ({ ...s, [f.input.id]: { message, invalid: message !== null } }));
    const onInput = (e: Event) => {
      const f = fieldOf(e.target);
      if (f) set(f, touched.current.has(f.input.id) ? messageFor(f, false) : null);
    };
    const onBlur = (e: Event) => {
      const f = fieldOf(e.target);
      if (!f || f.input.value === '') return;
      touched.current.add(f.input.id);
      set(f, messageFor(f, false));
    };
    const onSubmit = (e: SubmitEvent) => {
      if (busyRef.current) {
        e.preventDefault();
        return;
      }
      const problems = fields.map((f) => [f, messageFor(f, true)] as const);
      for (const [f, message] of problems) {
        touched.current.add(f.input.id);
        set(f, message);
      }
      const first = problems.find(([, message]) => message !== null);
      if (first) {
        e.preventDefault();
        first[0].input.focus();
        return;
      }
      const step = captcha?.beforeSubmit() ?? 'submit';
      if (step !== 'submit') e.preventDefault();
      if (step === 'stop') return;
      busyRef.current = true;
      setBusy(true);
    };
    // Coming back with the browser's back button shows the page as it was left: not busy any more.
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) {
        busyRef.current = false;
        setBusy(false);
      }
    };
    form.noValidate = true;
    form.addEventListener('input', onInput);
    form.addEventListener('focusout', onBlur);
    form.addEventListener('submit', onSubmit);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      form.removeEventListener('input', onInput);
      form.removeEventListener('focusout', onBlur);
      form.removeEventListener('submit', onSubmit);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [form, fields, captcha]);

  useEffect(() => {
    for (const f of fields) f.input.setAttribute('aria-invalid', String(states[f.input.id]?.invalid ?? false));
  }, [fields, states]);

  useEffect(() => {
    if (!button) return;
    button.element.setAttribute('aria-busy', String(busy));
    button.element.setAttribute('aria-disabled', String(busy));
  }, [button, busy]);

  return (
    <>
      {fields.map((f) => createPortal(states[f.input.id]?.message ?? '', f.slot, f.input.id))}
      {groups.map((group) => {
        const input = group.querySelector('input');
        return input
          ? createPortal(<PasswordToggle group={group} input={input} conceal={busy} />, group, input.id)
          : null;
      })}
      {button && createPortal(busy ? button.busyLabel : button.label, button.element)}
    </>
  );
}

/** Takes over one form: its error paragraphs, password groups and submit button become React's to render. */
function enhance(form: HTMLFormElement): void {
  const fields: Field[] = [];
  const initial: Record<string, FieldState> = {};
  for (const input of form.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])')) {
    const slot = input.id ? document.getElementById(`${input.id}-error`) : null;
    if (!slot) continue;
    const message = slot.textContent?.trim() || null;
    initial[input.id] = { message, invalid: input.getAttribute('aria-invalid') === 'true' };
    slot.textContent = '';
    slot.setAttribute('aria-live', 'polite');
    const label = form.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';
    fields.push({ input, slot, label });
  }
  const element = form.querySelector<HTMLButtonElement>('button[type="submit"][data-busy-label]');
  const button = element
    ? { element, label: element.textContent ?? '', busyLabel: element.dataset.busyLabel ?? '' }
    : undefined;
  if (element) element.textContent = '';
  const host = document.createElement('div');
  host.hidden = true;
  form.append(host);
  const groups = Array.from(form.querySelectorAll<HTMLElement>('[data-password]'));
  createRoot(host).render(
    <FormEnhancer
      form={form}
      fields={fields}
      initial={initial}
      groups={groups}
      button={button}
      captcha={captchaFor(form)}
    />,
  );
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-enhance]')) enhance(form);
