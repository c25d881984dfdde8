import { type FilterNode, ValidationError } from '@merx/domain';
import { describe, expect, it } from 'vitest';
import { type CursorState, decodeCursor, encodeCursor } from './cursor.js';

const filter: FilterNode = {
  kind: 'and',
  nodes: [
    { kind: 'compare', field: 'price', op: '$gte', value: 10 },
    { kind: 'compare', field: 'name', op: '$eq', value: null },
    { kind: 'or', nodes: [{ kind: 'in', field: 'tags', op: '$hasAll', values: ['a', 'b'] }] },
    { kind: 'not', node: { kind: 'text', field: 'name', op: '$contains', value: 'x%' } },
    { kind: 'exists', field: 'sku', value: false },
    { kind: 'compare', field: 'visible', op: '$ne', value: true },
  ],
};
const state: CursorState = {
  filter,
  sort: [
    { field: 'price', order: 'DESC' },
    { field: 'id', order: 'ASC' },
  ],
  offset: 100,
  limit: 50,
};

function expectInvalid(fn: () => unknown, field = 'query.cursorPaging.cursor'): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).violations).toEqual([
      { field, description: 'invalid cursor', violatedRule: 'VALIDATION' },
    ]);
    return;
  }
  throw new Error('expected an invalid cursor');
}

describe('cursors', () => {
  it('round-trips filter, sort, offset and limit', () => {
    expect(decodeCursor(encodeCursor(state, 's'), 's')).toEqual(state);
    const empty = { filter: null, sort: [], offset: 0, limit: 1 };
    expect(decodeCursor(encodeCursor(empty, 's', 'items'), 's', undefined, 'items')).toEqual(empty);
  });

  it('is opaque base64url and compact', () => {
    const cursor = encodeCursor(state, 's');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('price');
    expect(cursor.length).toBeLessThan(300);
    expect(encodeCursor({ filter: null, sort: [], offset: 50, limit: 50 }, 's').length).toBeLessThan(50);
  });

  it('refuses every single-character change', () => {
    const cursor = encodeCursor(state, 's');
    for (let i = 0; i < cursor.length; i++) {
      const changed = cursor.slice(0, i) + (cursor[i] === 'x' ? 'y' : 'x') + cursor.slice(i + 1);
      // The last character may carry only padding bits, so changing it can leave the bytes as they were.
      if (Buffer.from(changed, 'base64url').equals(Buffer.from(cursor, 'base64url'))) continue;
      expectInvalid(() => decodeCursor(changed, 's'));
    }
  });

  it('refuses another secret, another scope, and garbage', () => {
    const cursor = encodeCursor(state, 's', 'products');
    expectInvalid(() => decodeCursor(cursor, 'other', undefined, 'products'));
    expectInvalid(() => decodeCursor(cursor, 's', undefined, 'collections'));
    expectInvalid(() => decodeCursor('', 's'));
    expectInvalid(() => decodeCursor('not a cursor!', 's'));
    expectInvalid(() => decodeCursor('abc', 's'));
    expectInvalid(() => decodeCursor(cursor.slice(0, 20), 's', 'body.cursor'), 'body.cursor');
  });
});

describe('cursors of a search', () => {
  it('carry the search words, and a cursor without words decodes as before', () => {
    const searching: CursorState = { ...state, search: ['linen', 'shirt'] };
    expect(decodeCursor(encodeCursor(searching, 's'), 's')).toEqual(searching);
    expect(decodeCursor(encodeCursor({ ...state, search: [] }, 's'), 's').search).toBeUndefined();
    expect(decodeCursor(encodeCursor(state, 's'), 's')).toEqual(state);
  });
});
