import { describe, expect, it } from 'vitest';
import {
  constantCase,
  errorFromResponse,
  MerxApplicationError,
  MerxError,
  MerxHttpError,
  MerxSystemError,
  MerxValidationError,
} from './errors.js';

const request = { method: 'POST', path: '/ecom/v1/carts/current/add-to-cart', args: [{ lineItems: [] }] };
const answer = (status: number, body: unknown, statusText = '', requestId: string | null = 'r-42') =>
  errorFromResponse({ status, statusText, body, requestId: requestId ?? undefined, request });

describe('error mapping of the server envelopes', () => {
  it('turns a validation envelope into INVALID_ARGUMENT with each field, sorted by field', () => {
    const error = answer(400, {
      message: 'bad',
      details: {
        validationError: {
          fieldViolations: [
            { field: 'lineItems[0].quantity', description: 'must be at least 1', violatedRule: 'MIN' },
            { field: 'couponCode', description: 'is too long', violatedRule: 'MAX_LENGTH' },
          ],
        },
      },
    });
    expect(error).toBeInstanceOf(MerxValidationError);
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect((error as MerxValidationError).violations.map((v) => v.field)).toEqual([
      'couponCode',
      'lineItems[0].quantity',
    ]);
    expect(error.message).toBe(
      'INVALID_ARGUMENT: "couponCode" is too long, "lineItems[0].quantity" must be at least 1',
    );
    expect((error as MerxValidationError).errorCode).toBeUndefined();
    expect(error.status).toBe(400);
    expect(error.requestId).toBe('r-42');
  });

  it('maps a violation whose data type is EMAIL to invalidEmail', () => {
    const error = answer(400, {
      message: 'bad',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'loginId.email',
              description: 'must be a valid email address',
              violatedRule: 'FORMAT',
              data: { type: 'EMAIL' },
            },
          ],
        },
      },
    }) as MerxValidationError;
    expect(error.errorCode).toBe('invalidEmail');
  });

  it('keeps an application error’s code, description and data', () => {
    const error = answer(404, {
      message: 'Checkout not found',
      details: {
        applicationError: { code: 'CHECKOUT_NOT_FOUND', description: 'Checkout not found', data: { checkoutId: 'c1' } },
      },
    }) as MerxApplicationError;
    expect(error).toBeInstanceOf(MerxApplicationError);
    expect(error.code).toBe('CHECKOUT_NOT_FOUND');
    expect(error.description).toBe('Checkout not found');
    expect(error.data).toEqual({ checkoutId: 'c1' });
    expect(error.message).toBe('Checkout not found');
  });

  it('joins message and description when they differ, and gives empty data when none came', () => {
    const error = answer(409, {
      message: 'Conflict',
      details: { applicationError: { code: '-19995', description: 'Email already exists' } },
    }) as MerxApplicationError;
    expect(error.message).toBe('Conflict: Email already exists');
    expect(error.code).toBe('-19995');
    expect(error.data).toEqual({});
  });

  it('maps another 4xx to its status text as the code', () => {
    const nope = answer(403, { message: 'nope' }, 'Forbidden');
    expect(nope).toBeInstanceOf(MerxHttpError);
    expect(nope.code).toBe('FORBIDDEN');
    expect(nope.message).toBe('nope');
    const empty = answer(404, undefined, 'Not Found');
    expect(empty.code).toBe('NOT_FOUND');
    expect(empty.message).toBe('Not Found');
    // HTTP/2 answers have no status text: the standard phrase stands in.
    expect(answer(429, undefined, '').code).toBe('TOO_MANY_REQUESTS');
  });

  it('makes anything else "System error occurred" with the request id when known', () => {
    const withId = answer(500, {
      message: 'System error occurred',
      details: { applicationError: { code: 'SYSTEM_ERROR' } },
    });
    expect(withId).toBeInstanceOf(MerxSystemError);
    expect(withId.message).toBe('System error occurred, request-id: r-42');
    expect(withId.code).toBe('SYSTEM_ERROR');
    const withoutId = answer(502, undefined, 'Bad Gateway', null);
    expect(withoutId.message).toBe('System error occurred');
  });

  it('is one hierarchy of standard errors that carry the request and its arguments', () => {
    for (const e of [
      answer(400, { details: { validationError: { fieldViolations: [] } } }),
      answer(404, {}),
      answer(500, {}),
    ]) {
      expect(e).toBeInstanceOf(Error);
      expect(e).toBeInstanceOf(MerxError);
      expect(e.request).toEqual(request);
    }
  });

  it('writes status texts as constants', () => {
    expect(constantCase('Not Found')).toBe('NOT_FOUND');
    expect(constantCase('invalid_grant')).toBe('INVALID_GRANT');
    expect(constantCase('')).toBe('UNKNOWN');
  });
});
