/** Markup that is already safe to send: made only by `html`, `scriptJson` and `trusted`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated into `html`: text is escaped, `SafeHtml` is kept, lists are joined, nothing is dropped. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
}

/**
 * The only way pages are written: every interpolated value is escaped unless it is itself `SafeHtml`.
 * `false`, `null` and `undefined` render nothing, so `${cond && html`…`}` works.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * Attributes from a map of constant names: values are escaped, `true` gives a bare attribute, `false` and
 * `undefined` leave it out. Renders with a leading space, in the map's order.
 */
export function attributes(map: Record<string, string | number | boolean | undefined>): SafeHtml {
  let out = '';
  for (const [name, value] of Object.entries(map)) {
    if (value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`;
  }
  return new SafeHtml(out);
}

/** A constant piece of markup or script written in this module (never data from a request or the database). */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** JSON that is safe inside an inline `<script>`: no `</script>`, comment openers or line separators survive. */
export function scriptJson(value: unknown): SafeHtml {
  const json = JSON.stringify(value) ?? 'null';
  return new SafeHtml(
    json
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}
