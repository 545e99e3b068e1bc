import { rendered, ResponseCache } from '../src/http/ResponseCache.js';

const body = (size: number, mark: string) => async () => rendered({ text: mark.repeat(size) });

describe('the result cache', () => {
  test('keeps answers within its byte budget, dropping the least recently used first', async () => {
    const cache = new ResponseCache(1000, 100_000, 60);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, body(20_000, key)); // ~40 kB each as UTF-16
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.kept(key) !== undefined)).toEqual([false, false, true, true]);
  });

  test('serves an answer larger than the whole budget without keeping it', async () => {
    const cache = new ResponseCache(1000, 10_000, 60);
    const answer = await cache.get('big', body(50_000, 'x'));
    expect(answer.body).toHaveLength(50_000 + '{"text":""}'.length);
    expect(cache.kept('big') !== undefined).toBe(false);
    expect(cache.bytes).toBe(0);
  });

  test('keeps at most its number of entries, however small they are', async () => {
    const cache = new ResponseCache(2, 10_000_000, 60);
    for (const key of ['a', 'b', 'c']) await cache.get(key, body(1, key));
    expect(['a', 'b', 'c'].map((key) => cache.kept(key) !== undefined)).toEqual([false, true, true]);
  });

  test('never cuts short an answer being rendered when others push it out: everyone waiting on it gets it', async () => {
    const cache = new ResponseCache(2, 10_000_000, 60);
    let finish: (() => void) | undefined;
    const slow = cache.get('slow', () => new Promise((resolve) => (finish = () => resolve(rendered({ text: 'slow' })))));
    const alsoWaiting = cache.get('slow', body(1, 'never called: shares the render under way'));
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, body(1, key)); // more than the cache holds
    finish?.();
    expect((await slow).body).toBe('{"text":"slow"}');
    expect((await alsoWaiting).body).toBe('{"text":"slow"}');
  });

  test('drops what it kept when the version changes, and tags each ETag with the version it was made under', async () => {
    let version = 'v1';
    const cache = new ResponseCache(1000, 10_000_000, 60, () => version);
    const first = await cache.get('a', body(1, 'old'));
    expect(first.etag).toMatch(/^"v1-/);
    expect(cache.kept('a')).toBe(first);
    version = 'v2';
    expect(cache.kept('a')).toBeUndefined();
    const second = await cache.get('a', body(1, 'new'));
    expect(second.body).toBe('{"text":"new"}');
    expect(second.etag).toMatch(/^"v2-/);
  });

  test('serves a render that began under an older version to those who asked, but does not keep it', async () => {
    let version = 'v1';
    const cache = new ResponseCache(1000, 10_000_000, 60, () => version);
    let finish: (() => void) | undefined;
    const old = cache.get('a', () => new Promise((resolve) => (finish = () => resolve(rendered({ text: 'old' })))));
    version = 'v2';
    const fresh = cache.get('a', body(1, 'new')); // does not join the old render
    finish?.();
    expect((await old).body).toBe('{"text":"old"}');
    expect((await fresh).body).toBe('{"text":"new"}');
    expect(cache.kept('a')?.body).toBe('{"text":"new"}');
  });
});
