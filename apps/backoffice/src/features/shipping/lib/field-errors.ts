/** The refusals below `prefix` (`pickupDetails.address.` → `{city: …}`), for a part of a form. */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) if (k.startsWith(prefix)) out[k.slice(prefix.length)] ??= v;
  return out;
}

/** The first refusal on `field` or anything inside it (`rates[0]` finds `rates[0].amount`). */
export function errorAt(errors: Record<string, string>, field: string): string | undefined {
  return Object.entries(errors).find(
    ([k]) => k === field || k.startsWith(`${field}.`) || k.startsWith(`${field}[`),
  )?.[1];
}

/** Refusals on fields the page does not show (so that none is ever lost). */
export function unshownErrors(errors: Record<string, string>, shown: readonly string[]): string {
  return Object.entries(errors)
    .filter(([k]) => !shown.some((s) => k === s || k.startsWith(`${s}.`) || k.startsWith(`${s}[`)))
    .map(([k, v]) => `${k}: ${v}`)
    .join('. ');
}
