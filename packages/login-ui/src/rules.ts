/** What a field is checked against while the member types (the server checks again; these only help). */
export type Rule = 'email' | 'new-password' | 'code';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 8;

/** The message for a value that breaks its rule, or null when it is fine. An empty value is left to `required`. */
export function problemOf(rule: Rule | undefined, value: string): string | null {
  if (value === '' || !rule) return null;
  switch (rule) {
    case 'email':
      return EMAIL.test(value.trim()) ? null : 'Enter a valid email address, like name@example.com.';
    case 'new-password':
      return value.length >= MIN_PASSWORD
        ? null
        : `Use at least ${MIN_PASSWORD} characters (${MIN_PASSWORD - value.length} more).`;
    case 'code':
      return /^\d{6}$/.test(value.replace(/\s+/g, '')) ? null : 'Enter the 6-digit code.';
  }
}

/** The message for an empty required field, from its label ("Email" becomes "Enter your email."). */
export function missingMessage(label: string): string {
  const name = label.trim().toLowerCase() || 'this field';
  return `Enter your ${name}.`;
}

/** A rule name from a `data-validate` attribute, or undefined for anything else. */
export function ruleOf(value: string | undefined): Rule | undefined {
  return value === 'email' || value === 'new-password' || value === 'code' ? value : undefined;
}
