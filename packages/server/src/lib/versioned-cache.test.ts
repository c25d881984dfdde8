import { describe, expect, it } from 'vitest';
import { AnswerCache, VersionedCache } from './versioned-cache.js';

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

describe('AnswerCache', () => {
  const versioned = () => {
    let version = 1;
    return {
      bump: () => {
        version++;
      },
      read: async () => version,
    };
  };

  it('serves a kept answer while the version is unchanged and computes again after a bump', async () => {
    const v = versioned();
    const cache = new AnswerCache(v.read, 10_000);
    let computed = 0;
    const compute = async () => `answer ${++computed}`;
    expect(String(await cache.read('k', compute))).toBe('answer 1');
    expect(String(await cache.read('k', compute))).toBe('answer 1');
    v.bump();
    expect(String(await cache.read('k', compute))).toBe('answer 2');
    expect(computed).toBe(2);
  });

  it('computes once for requests that arrive together, and not for one that saw a newer version', async () => {
    const v = versioned();
    const cache = new AnswerCache(v.read, 10_000);
    let computed = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const compute = async () => {
      const n = ++computed;
      await gate;
      return `answer ${n}`;
    };
    const first = [cache.read('k', compute), cache.read('k', compute), cache.read('k', compute)];
    await new Promise((resolve) => setImmediate(resolve));
    v.bump();
    const later = cache.read('k', compute);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await Promise.all(first)).map(String)).toEqual(['answer 1', 'answer 1', 'answer 1']);
    expect(String(await later)).toBe('answer 2');
    expect(computed).toBe(2);
    // The newer answer is the one kept.
    expect(String(await cache.read('k', compute))).toBe('answer 2');
  });

  it('passes a failure to every waiter and keeps nothing', async () => {
    const v = versioned();
    const cache = new AnswerCache(v.read, 10_000);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('bad request');
    };
    await expect(Promise.all([cache.read('k', failing), cache.read('k', failing)])).rejects.toThrow('bad request');
    expect(calls).toBe(1);
    expect(cache.size).toBe(0);
    expect(String(await cache.read('k', async () => 'fine'))).toBe('fine');
  });

  it('does not keep answers to keys longer than allowed', async () => {
    const v = versioned();
    const cache = new AnswerCache(v.read, 10_000, 8);
    let computed = 0;
    const compute = async () => `answer ${++computed}`;
    await cache.read('a very long key', compute);
    await cache.read('a very long key', compute);
    expect(computed).toBe(2);
  });
});
