/*
 * Stripe's request bodies: `application/x-www-form-urlencoded` with bracket nesting (`metadata[merxOrderId]=…`,
 * `card[number]=…`, `expand[0]=…`), as stripe-node and Stripe.js encode them.
 */

/** A decoded Stripe form: strings, nested objects and arrays. */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** Decodes `text` into nested objects; keys made only of indices (`[0]`, `[1]`, `[]`) become arrays. */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const head = rawKey.split('[', 1)[0] ?? rawKey;
    const path = [head, ...[...rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: FormObject = root;
    path.forEach((part, i) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as FormObject;
    });
  }
  return arraysOf(root) as FormObject;
}

/** Objects whose keys are 0..n-1 become arrays (Stripe's `expand[0]`, `payment_method_types[0]`). */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const out: FormObject = {};
  for (const k of keys) out[k] = arraysOf(value[k] as FormValue);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => out[k] as FormValue);
  return out;
}

/** A string parameter, or undefined. */
export const str = (form: FormObject, key: string): string | undefined => {
  const v = form[key];
  return typeof v === 'string' ? v : undefined;
};

/** A nested object parameter, or an empty one. */
export const obj = (form: FormObject, key: string): FormObject => {
  const v = form[key];
  return typeof v === 'object' && !Array.isArray(v) ? v : {};
};

/** Flat string metadata (Stripe keeps metadata as strings). */
export const metadataOf = (form: FormObject): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(form, 'metadata')).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
