import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeGetInput, textFieldsOf } from './query-envelope.js';

describe('plain GET parameters', () => {
  const schema = z.object({
    search: z.string().trim().max(200).optional(),
    status: z.enum(['ACTIVE', 'BLOCKED']).optional(),
    limit: z.number().int().optional(),
    paging: z.object({ cursor: z.string().optional(), offset: z.number().optional() }).optional(),
    flag: z.boolean().optional(),
    code: z.string().default('').pipe(z.string().max(10)),
  });
  const wants = textFieldsOf(schema);

  it('keeps text as typed where the schema takes text, digits and leading zeros included', () => {
    const input = decodeGetInput(
      { search: '007', 'paging.cursor': '123', code: '1.50', limit: '20', 'paging.offset': '40', flag: 'true' },
      wants,
    );
    expect(input).toEqual({
      search: '007',
      paging: { cursor: '123', offset: 40 },
      code: '1.50',
      limit: 20,
      flag: true,
    });
    expect(schema.parse(input)).toMatchObject({ search: '007', limit: 20, code: '1.50' });
  });

  it('reads numbers and booleans as before where no schema says otherwise', () => {
    expect(decodeGetInput({ a: '12', b: 'false', c: 'x' })).toEqual({ a: 12, b: false, c: 'x' });
    expect(decodeGetInput({ search: '12' }, textFieldsOf(undefined))).toEqual({ search: 12 });
  });
});
