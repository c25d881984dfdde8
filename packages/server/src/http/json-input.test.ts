import { ValidationError } from '@merx/domain';
import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonInput } from './json-input.js';
import { textViolations } from './text-guard.js';

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}[1]${'}'.repeat(depth - 1)}`;

describe('JSON input', () => {
  it('measures nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth('{"a\\\\":[[]]}')).toBe(3);
    expect(jsonDepth(nested(10))).toBe(10);
  });

  it(`parses input nested ${MAX_JSON_DEPTH} deep and refuses one level more as a validation error`, () => {
    expect(parseJsonInput(nested(MAX_JSON_DEPTH), 'body')).toBeTypeOf('object');
    const tooDeep = () => parseJsonInput(nested(MAX_JSON_DEPTH + 1), 'body');
    expect(tooDeep).toThrow(ValidationError);
    expect(tooDeep).toThrow(`body must not nest objects or arrays more than ${MAX_JSON_DEPTH} deep`);
  });

  it('refuses 100,000 levels of arrays without parsing them', () => {
    expect(() => parseJsonInput(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, '.r')).toThrow(
      `.r must not nest objects or arrays more than ${MAX_JSON_DEPTH} deep`,
    );
  });

  it('names the field of malformed JSON and of prototype pollution', () => {
    expect(() => parseJsonInput('{"a":', 'body')).toThrow('body must be well-formed JSON');
    expect(() => parseJsonInput('{"__proto__":{"x":1}}', '.r', 'must be base64url-encoded JSON')).toThrow(
      '.r must be base64url-encoded JSON',
    );
  });

  it('finds NUL characters in keys and values at any depth without recursion', () => {
    let value: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) value = [value];
    const [violation] = textViolations(value, '');
    expect(violation?.description).toBe('must be text without NUL characters or unpaired surrogates');
    expect(textViolations({ a: [{ 'k\u0000': 1 }, 'ok'], b: 'y\u0000' }, 'input').map((v) => v.field)).toEqual([
      'input.a[0]',
      'input.b',
    ]);
  });

  it('finds unpaired surrogates, and lets paired ones (emoji) through', () => {
    expect(textViolations({ id: 'a\ud800b', k: 'z\udc00', ok: 'mug 🫖' }, '').map((v) => v.field)).toEqual(['id', 'k']);
  });
});
