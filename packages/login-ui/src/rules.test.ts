import { describe, expect, it } from 'vitest';
import { missingMessage, problemOf, ruleOf } from './rules.js';

describe('live validation rules', () => {
  it('accepts a plausible email and explains a broken one', () => {
    expect(problemOf('email', 'ann@example.com')).toBeNull();
    expect(problemOf('email', 'ann@example')).toMatch(/valid email address/);
  });

  it('counts the characters a new password still needs', () => {
    expect(problemOf('new-password', 'abc')).toBe('Use at least 8 characters (5 more).');
    expect(problemOf('new-password', 'abcdefgh')).toBeNull();
  });

  it('wants six digits for a code, spaces allowed', () => {
    expect(problemOf('code', '123 456')).toBeNull();
    expect(problemOf('code', '12345')).toBe('Enter the 6-digit code.');
  });

  it('leaves empty values to the required check, worded from the label', () => {
    expect(problemOf('email', '')).toBeNull();
    expect(missingMessage('Email')).toBe('Enter your email.');
    expect(ruleOf('nonsense')).toBeUndefined();
  });
});
