import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.js';

describe('VersionedCache', () => {
  it('keeps an answer with its version and replaces it', () => {
    const cache = new VersionedCache(1000);
    cache.set('a', 1, Buffer.from('one'));
    expect(cache.peek('a')).toEqual({ version: 1, body: Buffer.from('one') });
    cache.set('a', 2, Buffer.from('two'));
    expect(cache.peek('a')).toEqual({ version: 2, body: Buffer.from('two') });
    expect(cache.size).toBe(1);
    expect(cache.byteSize).toBe(4);
  });

  it('drops the least recently used answers once past its size', () => {
    const cache = new VersionedCache(25, 25);
    cache.set('a', 1, Buffer.from('x'.repeat(9)));
    cache.set('b', 1, Buffer.from('x'.repeat(9)));
    cache.peek('a');
    cache.set('c', 1, Buffer.from('x'.repeat(9)));
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('c')).toBeDefined();
    expect(cache.byteSize).toBeLessThanOrEqual(25);
  });

  it('does not keep an answer larger than an entry may be', () => {
    const cache = new VersionedCache(1000, 10);
    cache.set('a', 1, Buffer.from('small'));
    cache.set('a', 2, Buffer.from('x'.repeat(50)));
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.byteSize).toBe(0);
  });
});
